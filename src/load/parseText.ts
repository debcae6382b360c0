/**
 * Text → value for one spec file. JSON or YAML is decided by content, not extension: a file whose first
 * significant character is `{` or `[` is tried as JSON first (fast, and GitHub's 13 MB spec is JSON),
 * everything else goes to js-yaml. Syntax errors become MJG102 with 1-based line and column.
 *
 * js-yaml is imported on first need (`loadYamlParser`): a JSON spec never pays for loading it.
 */
import type * as JsYaml from 'js-yaml';
import type { Diagnostic } from '../model/diagnostics.js';
import { aliasExpansionLimit, expandedSize } from './aliasBomb.js';
import { loadDiagnostic } from './codes.js';

interface YamlParser {
  yaml: typeof JsYaml;
  /**
   * YAML 1.2 core types plus merge keys (`<<`). Not the js-yaml default schema: it turns `2024-11-15` into a
   * Date and `!!binary` into a Buffer, which are not JSON and would corrupt versions, enums and examples.
   */
  schema: JsYaml.Schema;
}

let yamlParser: YamlParser | undefined;

/** Makes js-yaml available to `parseSpecText` (idempotent). `readSpecText` calls it only when YAML is met. */
export async function loadYamlParser(): Promise<void> {
  if (yamlParser !== undefined) return;
  const yaml: typeof JsYaml = await import('js-yaml');
  const yamlTypes = (yaml as unknown as { types: { merge: JsYaml.Type } }).types; // present at runtime, missing from @types
  yamlParser ??= { yaml, schema: yaml.CORE_SCHEMA.extend({ implicit: [yamlTypes.merge] }) };
}

function requireYamlParser(): YamlParser {
  if (yamlParser === undefined) throw new Error('internal: parseSpecText met YAML before loadYamlParser() was awaited');
  return yamlParser;
}

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

/** `parseSpecText` that loads js-yaml first when (and only when) the text turns out not to be JSON. */
export async function readSpecText(rawText: string, file: string): Promise<ParsedText> {
  const text = stripBom(rawText);
  if (!looksLikeJson(text)) {
    await loadYamlParser();
    return parseYaml(text, file);
  }
  const json = parseJson(text);
  if (json.value !== undefined) return json;
  await loadYamlParser();
  return rescueJson(text, file, json.error);
}

/** Synchronous: YAML (or a JSON text that JSON.parse rejects) needs `await loadYamlParser()` beforehand. */
export function parseSpecText(rawText: string, file: string): ParsedText {
  const text = stripBom(rawText);
  if (!looksLikeJson(text)) return parseYaml(text, file);
  const json = parseJson(text);
  return json.value !== undefined ? json : rescueJson(text, file, json.error);
}

function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[';
}

function parseJson(text: string): ParsedText & { error?: unknown } {
  try {
    return { value: JSON.parse(text), diagnostics: [], json: true };
  } catch (error) {
    return { value: undefined, diagnostics: [], error };
  }
}

/**
 * JSON is (nearly) a subset of YAML flow style: a lenient YAML read rescues trailing commas and comments;
 * if that fails too, the JSON parser's position is the more precise report.
 */
function rescueJson(text: string, file: string, error: unknown): ParsedText {
  const rescued = parseYaml(text, file);
  if (rescued.value !== undefined) return rescued;
  return { value: undefined, diagnostics: [jsonSyntaxDiagnostic(text, file, error)] };
}

function parseYaml(text: string, file: string): ParsedText {
  const { yaml, schema } = requireYamlParser();
  try {
    return refuseAliasBomb({ value: yaml.load(text, { schema, filename: file }), diagnostics: [] }, text, file);
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    if (/duplicated mapping key/.test(error.reason)) return parseYamlAllowingDuplicates(text, file, error);
    return { value: undefined, diagnostics: [yamlSyntaxDiagnostic(error, file)] };
  }
}

/** `json: true` makes js-yaml keep the last of duplicate keys, as JSON.parse does; we still warn once. */
function parseYamlAllowingDuplicates(text: string, file: string, first: JsYaml.YAMLException): ParsedText {
  const { yaml, schema } = requireYamlParser();
  const where = first.mark ? ` at line ${first.mark.line + 1}, column ${first.mark.column + 1}` : '';
  const warning = loadDiagnostic('MJG109', `duplicate YAML key${where} in ${file}; the last value wins`, { file });
  try {
    const value = yaml.load(text, { schema, filename: file, json: true });
    return refuseAliasBomb({ value, diagnostics: [warning] }, text, file);
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    return { value: undefined, diagnostics: [warning, yamlSyntaxDiagnostic(error, file)] };
  }
}

/** Only a text with an alias (`*name`) can share nodes; the count walks each distinct node once. */
function refuseAliasBomb(parsed: ParsedText, text: string, file: string): ParsedText {
  if (!text.includes('*') || !text.includes('&')) return parsed;
  const limit = aliasExpansionLimit(text.length);
  if (expandedSize(parsed.value, limit) <= limit) return parsed;
  const message = `YAML aliases in ${file} expand the document past ${limit.toLocaleString('en-US')} nodes (an alias bomb); not read`;
  return { value: undefined, diagnostics: [...parsed.diagnostics, loadDiagnostic('MJG117', message, { file })] };
}

function yamlSyntaxDiagnostic(error: JsYaml.YAMLException, file: string): Diagnostic {
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
