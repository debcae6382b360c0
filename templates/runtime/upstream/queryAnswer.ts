/**
 * The answer of an AWS query-protocol operation (Smithy `aws.protocols#awsQuery`) read into JSON, so that the job
 * code reads it as it reads any JSON answer: `<XResponse><XResult>…</XResult><ResponseMetadata/></XResponse>`
 * becomes the Result's members, an error `<ErrorResponse><Error><Code>…</Code>…</Error></ErrorResponse>` its
 * `{ Error: { Type, Code, Message }, RequestId }`. What is a list, a map, a number or a boolean comes from the
 * generated shape (AwsQuerySpec.output): XML cannot tell a one-item list from a structure, nor `1` from `"1"`.
 */
import { scrubValue } from '../core/secrets.js';
import type { AwsQuerySpec, QueryShape } from '../definition.js';
import type { ParsedBody } from './body.js';
import { parseXml, type XmlElement, XmlRefused } from './xmlReader.js';

type Json = string | number | boolean | Json[] | { [key: string]: Json };

/** The body with `json` set from its XML; unchanged when it is not XML (or was not read whole). */
export function readQueryAnswer(body: ParsedBody, spec: Pick<AwsQuerySpec, 'action' | 'output'>, secrets: readonly string[]): ParsedBody {
  if (body.binary || body.truncated || body.problem || body.json !== undefined || !body.text.trimStart().startsWith('<')) return body;
  let root: XmlElement;
  try {
    root = parseXml(body.text);
  } catch (error) {
    if (!(error instanceof XmlRefused)) throw error;
    // A proxy's HTML error page is not a broken answer of the API: only a body that says it is XML is refused.
    const declared = /xml/i.test(body.contentType ?? '') || body.text.trimStart().startsWith('<?xml');
    return declared ? { ...body, problem: { kind: 'unparseable', reason: `XML refused: ${error.message}` } } : body;
  }
  // Scrubbed again after decoding: a credential can hide behind character references that only decoding reveals.
  return { ...body, json: scrubValue(answerJson(root, spec), secrets) };
}

/** The Result of a `<XResponse>`, else the document itself (an `<ErrorResponse>`, or any other root) read as it is. */
export function answerJson(root: XmlElement, spec: Pick<AwsQuerySpec, 'action' | 'output'>): Json {
  if (root.name === `${spec.action}Response`) {
    const result = root.children.find((child) => child.name === `${spec.action}Result`);
    // An operation without output answers only its ResponseMetadata.
    return result ? readElement(result, spec.output ?? { members: {} }) : {};
  }
  return { [root.name]: readElement(root, undefined) };
}

/** One element by its shape; without one, nested elements are a structure and a leaf is text. */
export function readElement(element: XmlElement, shape: QueryShape | undefined): Json {
  if (shape === 'number') return numberOf(element.text);
  if (shape === 'boolean') return element.text === 'true' ? true : element.text === 'false' ? false : element.text;
  if (typeof shape === 'object' && 'list' in shape) return element.children.map((child) => readElement(child, shape.list));
  if (typeof shape === 'object' && 'map' in shape) return mapOf(element.children, shape.map);
  if (typeof shape === 'object') return membersOf(element.children, shape.members);
  // Text, or (where the shape says nothing, or says text of an element that has children) what the elements hold.
  return element.children.length === 0 ? element.text : membersOf(element.children, {});
}

/** A structure: each member by its shape; a flattened list gathers its repeated elements; an unknown repeat is a list. */
function membersOf(children: XmlElement[], members: Record<string, QueryShape>): Json {
  const entries = new Map<string, Json>();
  // A flattened list's items are elements named by its member (`<Message>` items of SQS's `Messages`).
  const itemOf = new Map<string, string>();
  for (const [name, shape] of Object.entries(members)) {
    if (typeof shape === 'object' && 'list' in shape && shape.flat && shape.member !== undefined) itemOf.set(shape.member, name);
  }
  // Names read as lists here (flattened, or repeated without a shape), to which a further element is added.
  const gathered = new Map<string, Json[]>();
  for (const child of children) {
    const name = itemOf.get(child.name) ?? child.name;
    const shape = Object.hasOwn(members, name) ? members[name] : undefined;
    const flat = shape !== undefined && typeof shape === 'object' && 'list' in shape && shape.flat === true;
    const value = readElement(child, flat ? (shape as { list: QueryShape }).list : shape);
    const list = gathered.get(name);
    if (list) list.push(value);
    else if (flat || (shape === undefined && entries.has(name))) {
      const started = flat ? [value] : [entries.get(name)!, value];
      gathered.set(name, started);
      entries.set(name, started);
    } else entries.set(name, value);
  }
  // fromEntries defines own properties: a member named `__proto__` is data, never a prototype.
  return Object.fromEntries(entries);
}

/** `<entry><key>k</key><value>v</value></entry>` pairs (the names the protocol uses unless a model renames them). */
function mapOf(entries: XmlElement[], value: QueryShape): Json {
  const pairs: Array<[string, Json]> = [];
  for (const entry of entries) {
    const key = entry.children.find((c) => c.name === 'key');
    const val = entry.children.find((c) => c.name === 'value');
    if (key) pairs.push([key.text, val ? readElement(val, value) : '']);
  }
  return Object.fromEntries(pairs);
}

/** A number as JSON holds it; `NaN`, `Infinity` and anything not a number stay text (JSON has no place for them). */
function numberOf(text: string): Json {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : text;
}

export { XmlRefused };
