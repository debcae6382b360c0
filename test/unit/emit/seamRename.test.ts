/**
 * The generator↔runtime seam is a type, not a habit: the generator builds every value it prints into
 * `src/definition.ts`, the tool files and `src/jobs.ts` as typed values of `templates/runtime/definition.ts`.
 * Each row renames one field of that contract (in memory, on a copy of its text) and type-checks the generator:
 * the compile must fail inside `src/emit/`, where the value is built. The first row renames nothing and must
 * compile clean, so a harness that always fails cannot pass the others.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONTRACT = path.join(ROOT, 'templates/runtime/definition.ts');
const ENTRY = path.join(ROOT, 'src/emit/index.ts');

/** `name` inside `export interface <owner> {…}` becomes `name_renamed`. */
function renameField(text: string, owner: string, field: string): string {
  const open = text.indexOf(`export interface ${owner} {`);
  if (open < 0) throw new Error(`no interface ${owner} in the contract`);
  const close = text.indexOf('\n}', open);
  const body = text.slice(open, close);
  const renamed = body.replace(new RegExp(`\\n  ${field}(\\??):`), `\n  ${field}_renamed$1:`);
  if (renamed === body) throw new Error(`no field ${owner}.${field} in the contract`);
  return text.slice(0, open) + renamed + text.slice(close);
}

const options: ts.CompilerOptions = (() => {
  const read = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT).options, noEmit: true };
})();

let previous: ts.Program | undefined;

/** Diagnostics of the generator (files under src/) with the contract's text replaced by `contract`. */
function generatorErrors(contract: string): string[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === CONTRACT ? contract : readFile(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) =>
    path.resolve(file) === CONTRACT ? ts.createSourceFile(file, contract, language) : getSourceFile(file, language, onError, create);
  const program = ts.createProgram([ENTRY], options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && path.relative(ROOT, d.file.fileName).startsWith('src/'))
    .map((d) => `${path.relative(ROOT, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('the seam is typed: renaming a contract field fails the generator', () => {
  const original = ts.sys.readFile(CONTRACT)!;

  it('the contract as it is compiles clean', () => {
    expect(generatorErrors(original)).toEqual([]);
  }, 120_000);

  it.each([
    ['OperationSpec', 'role', 'src/emit/emitTools.ts'],
    ['OperationSpec', 'description', 'src/emit/emitTools.ts'],
    ['ParamSpec', 'arg', 'src/emit/operationParts.ts'],
    ['BodySpec', 'mediaType', 'src/emit/operationParts.ts'],
    ['ToolAnnotationsSpec', 'readOnlyHint', 'src/emit/operationParts.ts'],
    ['ServerDefinition', 'toolMode', 'src/emit/emitDefinition.ts'],
    ['ServerDefinition', 'listJobsTool', 'src/emit/emitDefinition.ts'],
    ['JobFamilySpec', 'confidence', 'src/emit/emitJobs.ts'],
  ])(
    '%s.%s renamed: %s no longer compiles',
    (owner, field, where) => {
      const errors = generatorErrors(renameField(original, owner, field));
      expect(errors.filter((e) => e.startsWith(`${where}:`)).join('\n')).toMatch(new RegExp(`\\b${field}\\b`));
    },
    120_000,
  );
});
