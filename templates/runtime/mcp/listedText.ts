/**
 * A tools/list entry's JSON text, written from the texts its schemas were shipped as (issue 25). A shipped schema
 * is JSON text already (OperationSpec.listed, written by `JSON.stringify` at generation time): a schema parsed from
 * such a text is written as that text, and a tool's input that nothing read as an object is not parsed at all, its
 * text the shipped one with the idempotency key spliced into `properties` where the tool adds one (OpenAI's static
 * cold start: about 4% less CPU and 1 MB less peak RSS; GitHub's, whose inputs are small, about the same). The
 * bytes are those of `JSON.stringify(tool)`: `JSON.stringify(JSON.parse(t)) === t` for any `t` JSON.stringify wrote.
 */
import { randomBytes } from 'node:crypto';
import type { ListedTool } from './toolRegistry.js';

/**
 * Objects whose JSON text is known without serializing them: `JSON.stringify(object)` is this text (a text they
 * were parsed from; schemas are never written to). No text made only for writing is kept: kept for every tool's
 * output and input, they raised GitHub's cold-start peak RSS by 3 MB.
 */
const knownTexts = new WeakMap<object, string>();
/** Tools whose input schema is built on its first read: the text of the input as listed, without building it. */
const inputTexts = new WeakMap<ListedTool, () => string>();
/** Tools this process listed: only their schemas are known to be unchanged since (an SDK copy is not in it). */
const listedTools = new WeakSet<object>();

/** Records that `JSON.stringify(object)` is `text`; returns `object`. */
export function withText<T extends object>(object: T, text: string): T {
  knownTexts.set(object, text);
  return object;
}

/** `JSON.stringify(value)`, from its known text where there is one. */
export function textOf(value: unknown): string {
  return (typeof value === 'object' && value !== null ? knownTexts.get(value) : undefined) ?? JSON.stringify(value);
}

/** Marks `tool` as listed by the registry; `inputText` when its input schema is read lazily (a getter). */
export function rememberListed(tool: ListedTool, inputText?: () => string): void {
  listedTools.add(tool);
  if (inputText) inputTexts.set(tool, inputText);
}

/** Stands in for a schema in a tool's skeleton; random per process, so no value of a tool can hold it. */
const MARK = `mcp-jobgen-schema-${randomBytes(8).toString('hex')}`;
const QUOTED_MARK = JSON.stringify(MARK);

/**
 * `JSON.stringify(tool)` of a tool the registry listed, its schemas from their known texts; undefined for any
 * other value (the transport serializes it itself). Keys are read without reading the input's getter.
 */
export function listedToolText(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null || !listedTools.has(tool)) return undefined;
  const listed = tool as ListedTool;
  const schemas: string[] = [];
  const skeleton: Record<string, unknown> = {};
  for (const key of Object.keys(listed)) {
    if (key === 'inputSchema') schemas.push(inputTexts.get(listed)?.() ?? textOf(listed.inputSchema));
    else if (key === 'outputSchema' && listed.outputSchema !== undefined) schemas.push(textOf(listed.outputSchema));
    else {
      skeleton[key] = listed[key as keyof ListedTool];
      continue;
    }
    skeleton[key] = MARK; // replaced below by the schema's text, in the key's own place
  }
  // One flat string, as JSON.stringify(tool) is: a chain of concatenations is flattened again when written.
  const parts = JSON.stringify(skeleton).split(QUOTED_MARK);
  return parts.flatMap((part, i) => (i < schemas.length ? [part, schemas[i]] : [part])).join('');
}

/**
 * The text of `{ ...json, properties: { ...json.properties, ...added } }` from the text of `json`, without parsing
 * it, for the shape of a tool's input as mcp-jobgen ships it (`objectJson`: type, properties, required,
 * additionalProperties false, in that order); undefined for any other text, or a key of `added` already in it: the caller serializes the object. Not
 * a scan of the whole text: run once per tool at a cold start, a loop over GitHub's 0.9 MB of inputs took as long
 * in V8's interpreter as JSON.parse.
 */
export function withAddedProperties(json: string, added: Record<string, unknown>): string | undefined {
  const members: string[] = [];
  for (const [key, value] of Object.entries(added)) {
    const name = JSON.stringify(key);
    // An array index would come first among the keys, not last; a key already there keeps its place.
    if (String(Number(key) >>> 0) === key || json.includes(`${name}:`)) return undefined;
    const text = textOf(value);
    if (text !== undefined) members.push(`${name}:${text}`); // JSON.stringify leaves out an undefined member
  }
  const member = members.join(',');
  if (json === NO_PROPERTIES_STRICT) return `${json.slice(0, -1)},"properties":{${member}}}`;
  const past = propertiesEnd(json);
  if (past === undefined) return undefined;
  const close = past - 1; // the `}` of properties; `{}` when it follows the head's `{`
  return `${json.slice(0, close)}${close === PROPERTIES_HEAD.length || !member ? '' : ','}${member}${json.slice(close)}`;
}

const PROPERTIES_HEAD = '{"type":"object","properties":{';
const STRICT_TAIL = ',"additionalProperties":false}';
const REQUIRED_HEAD = ',"required":[';
const NO_PROPERTIES_STRICT = '{"type":"object","additionalProperties":false}';

/**
 * The index just past the `}` that closes the top-level `properties` of `{"type":"object","properties":{…}`
 * followed by nothing but `,"required":[strings]` and then `,"additionalProperties":false}` (a tool's input:
 * objectJson puts additionalProperties last, and nothing else after properties); undefined for any other text. The
 * last `,"required":[` is the top-level one: inside a string each quote is escaped. A loose object (an output)
 * may end in an additionalProperties schema, which cannot be told from properties without reading the whole text.
 */
function propertiesEnd(json: string): number | undefined {
  if (!json.startsWith(PROPERTIES_HEAD) || !json.endsWith(STRICT_TAIL)) return undefined;
  // Just past the value of the member before the ones read so far.
  let past = json.length - STRICT_TAIL.length;
  if (json.charCodeAt(past - 1) === 93 /* ] */) {
    const required = json.lastIndexOf(REQUIRED_HEAD, past);
    if (required < 0 || !namesOnly(json.slice(required + REQUIRED_HEAD.length - 1, past))) return undefined;
    past = required;
  }
  return past > PROPERTIES_HEAD.length && json.charCodeAt(past - 1) === 125 /* } */ ? past : undefined;
}

/** Whether `text` is a JSON array of strings (a short list of required names; a nested one's tail does not parse). */
function namesOnly(text: string): boolean {
  try {
    const names: unknown = JSON.parse(text);
    return Array.isArray(names) && names.length > 0 && names.every((name) => typeof name === 'string');
  } catch {
    return false;
  }
}
