/**
 * The runtime's answers are types, not habits: the builders (jobs/view.ts, startResult.ts, cancel.ts, …) and the
 * readers (mcp/tasks.ts) use `z.infer` of the output schemas in jobs/schemas.ts and jobs/callSchemas.ts. Each row
 * renames one field of one output schema (in memory, on a copy of its text) and type-checks the runtime: the
 * compile must fail in the files named, where the field is built or read. The first row renames nothing and
 * must compile clean, so a harness that always fails cannot pass the others.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RUNTIME = path.join(ROOT, 'templates/runtime');
const ENTRY = path.join(RUNTIME, 'index.ts');

/**
 * The first `field:` inside the declaration of `owner` (`export const owner =` or `export function owner(`,
 * which ends at the first line that starts with `}`) becomes `field_renamed:`.
 */
function renameField(text: string, owner: string, field: string): string {
  const open = [`export const ${owner} =`, `export function ${owner}(`].map((head) => text.indexOf(head)).find((i) => i >= 0);
  if (open === undefined) throw new Error(`no declaration of ${owner}`);
  const close = text.indexOf('\n}', open);
  const body = text.slice(open, close);
  const renamed = body.replace(new RegExp(`\\n(\\s+)${field}:`), `\n$1${field}_renamed:`);
  if (renamed === body) throw new Error(`no field ${owner}.${field}`);
  return text.slice(0, open) + renamed + text.slice(close);
}

const options: ts.CompilerOptions = (() => {
  const read = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT).options, noEmit: true };
})();

let previous: ts.Program | undefined;

/**
 * Diagnostics in `files` (paths under templates/runtime) of the runtime with one file's text replaced, as
 * `relative/path: message` lines. Only those files are checked, which keeps each row to a few seconds.
 */
function runtimeErrors(file: string, text: string, files: readonly string[]): string[] {
  const replaced = path.join(RUNTIME, file);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === replaced ? text : readFile(name));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) =>
    path.resolve(name) === replaced ? ts.createSourceFile(name, text, language) : getSourceFile(name, language, onError, create);
  const program = ts.createProgram([ENTRY], options, host, previous);
  previous = program;
  return files.flatMap((name) => {
    const source = program.getSourceFile(path.join(RUNTIME, name));
    if (!source) throw new Error(`${name} is not part of the runtime's program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${name}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
  });
}

const ROWS = [
  ['jobs/schemas.ts', 'statusOutput', 'poll_after_ms', ['jobs/view.ts', 'mcp/tasks.ts']],
  ['jobs/schemas.ts', 'statusOutput', 'message', ['jobs/view.ts', 'mcp/tasks.ts']],
  ['jobs/schemas.ts', 'statusOutput', 'stalled', ['jobs/view.ts']],
  ['jobs/schemas.ts', 'startOutput', 'job_id', ['jobs/startResult.ts', 'mcp/tasks.ts']],
  ['jobs/schemas.ts', 'startOutput', 'deduplicated', ['jobs/startResult.ts']],
  ['jobs/schemas.ts', 'cancelOutput', 'outcome', ['jobs/cancel.ts']],
  ['jobs/schemas.ts', 'resultOutput', 'truncated', ['jobs/result.ts']],
  ['jobs/schemas.ts', 'listOutput', 'next_cursor', ['jobs/list.ts']],
  ['jobs/schemas.ts', 'listOutput', 'status_tool', ['jobs/list.ts']],
  ['jobs/callSchemas.ts', 'callStatusOutput', 'http_status', ['jobs/callStatus.ts']],
] as const;

describe("the runtime's answers are typed: renaming an output field fails where it is built and read", () => {
  it('the schemas as they are compile clean', () => {
    const checked = [...new Set(ROWS.flatMap(([file, , , where]) => [file, ...where]))];
    expect(runtimeErrors('jobs/schemas.ts', ts.sys.readFile(path.join(RUNTIME, 'jobs/schemas.ts'))!, checked)).toEqual([]);
  }, 120_000);

  it.each(ROWS)(
    '%s %s.%s renamed: %j no longer compile',
    (file, owner, field, where) => {
      const errors = runtimeErrors(file, renameField(ts.sys.readFile(path.join(RUNTIME, file))!, owner, field), where);
      for (const place of where) {
        expect(errors.filter((e) => e.startsWith(`${place}:`)).join('\n'), errors.join('\n')).toMatch(new RegExp(`\\b${field}\\b`));
      }
    },
    120_000,
  );
});
