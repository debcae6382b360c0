/**
 * Text → value for one spec file. JSON or YAML is decided by content, not extension: a file whose first
 * significant character is `{` or `[` is tried as JSON first (fast, and GitHub's 13 MB spec is JSON),
 * everything else goes to js-yaml. Syntax errors become MJG102 with 1-based line and column.
 */
import yaml from 'js-yaml';
import type { Diagnostic } from '../model/diagnostics.js';
import { loadDiagnostic } from './codes.js';

/**
 * YAML 1.2 core types plus merge keys (`<<`). Not the js-yaml default schema: it turns `2024-11-15` into a
 * Date and `!!binary` into a Buffer, which are not JSON and would corrupt versions, enums and examples.
 */
const yamlTypes = (yaml as unknown as { types: { merge: yaml.Type } }).types; // present at runtime, missing from @types
const SPEC_YAML_SCHEMA = yaml.CORE_SCHEMA.extend({ implicit: [yamlTypes.merge] });

export interface ParsedText {
  /** `undefined` when the text could not be parsed (an MJG102 is in diagnostics). */
  value: unknown;
  diagnostics: Diagnostic[];
  /** True when JSON.parse read it (strict JSON: every key is a quoted string, as refScan's text check needs). */
  json?: boolean;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseSpecText(rawText: string, file: string): ParsedText {
  const text = stripBom(rawText);
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') {
    try {
      return { value: JSON.parse(text), diagnostics: [], json: true };
    } catch (error) {
      // JSON is (nearly) a subset of YAML flow style: a lenient YAML read rescues trailing commas and
      // comments; if that fails too, the JSON parser's position is the more precise report.
      const rescued = parseYaml(text, file);
      if (rescued.value !== undefined) return rescued;
      return { value: undefined, diagnostics: [jsonSyntaxDiagnostic(text, file, error)] };
    }
  }
  return parseYaml(text, file);
}

function parseYaml(text: string, file: string): ParsedText {
  try {
    return { value: yaml.load(text, { schema: SPEC_YAML_SCHEMA, filename: file }), diagnostics: [] };
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    if (/duplicated mapping key/.test(error.reason)) return parseYamlAllowingDuplicates(text, file, error);
    return { value: undefined, diagnostics: [yamlSyntaxDiagnostic(error, file)] };
  }
}

/** `json: true` makes js-yaml keep the last of duplicate keys, as JSON.parse does; we still warn once. */
function parseYamlAllowingDuplicates(text: string, file: string, first: yaml.YAMLException): ParsedText {
  const where = first.mark ? ` at line ${first.mark.line + 1}, column ${first.mark.column + 1}` : '';
  const warning = loadDiagnostic('MJG109', `duplicate YAML key${where} in ${file}; the last value wins`, { file });
  try {
    const value = yaml.load(text, { schema: SPEC_YAML_SCHEMA, filename: file, json: true });
    return { value, diagnostics: [warning] };
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    return { value: undefined, diagnostics: [warning, yamlSyntaxDiagnostic(error, file)] };
  }
}

function yamlSyntaxDiagnostic(error: yaml.YAMLException, file: string): Diagnostic {
  const mark = error.mark;
  const where = mark ? `line ${mark.line + 1}, column ${mark.column + 1}` : 'unknown position';
  return loadDiagnostic('MJG102', `invalid YAML in ${file} at ${where}: ${error.reason}`, { file });
}

function jsonSyntaxDiagnostic(text: string, file: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(message);
  const offset = match ? Number(match[1]) : text.length;
  const { line, column } = lineAndColumn(text, offset);
  const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
  return loadDiagnostic('MJG102', `invalid JSON in ${file} at line ${line}, column ${column}: ${reason}`, { file });
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}
