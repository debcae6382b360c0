/**
 * The promotion rules that read field names (promotionRules.ts): metered usage and inline media in the 2xx JSON
 * answers, one level into objects (`usage.total_tokens`, `data.b64_json`); generation inputs and files in the
 * request body. GitHub's 1,223 operations answer a few hundred schemas (`full-repository` has 100 properties, many
 * of them objects), so each scan runs once per resolved schema and run, not once per operation.
 *
 * The answer rules are defined over one map per operation (`answerProperties`): top-level names, each followed
 * by its `name.inner` names one level down, later answers overwriting values in place. For the usual operation,
 * one JSON answer (or several of one schema) whose property names have no dot, that map is exactly the properties
 * and their inner properties in order, without collisions, so the scans walk those instead of building
 * `name.inner` strings for every field; any other operation is scanned over the map itself. Tests compare both
 * ways on real contracts.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { successResponses } from '../read/operationIndex.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** What a rule found: the field and the weight it carries (the rule turns it into its evidence). */
export interface FieldHit {
  name: string;
  /** Which kind of evidence: `meter` (usage.*) or `cost`, `base64`, `generation` or `companion`, `file`. */
  kind: 'meter' | 'cost' | 'base64' | 'generation' | 'companion' | 'file';
}

const METER_WORDS = new Set(['tokens', 'credits', 'credit', 'units', 'characters', 'cost', 'billed', 'billable']);
const COST_FIELDS = new Set(['cost', 'costs', 'credits', 'billed', 'billing']);
const GENERATION_INPUTS = new Set(['prompt', 'prompts', 'messages']);
const MODEL_COMPANIONS = new Set(['input', 'text', 'file', 'audio', 'image', 'instructions', 'query']);
const BASE64_NAME = /^b64_|base64/i;

/** Resolved schemas of the 2xx JSON answers, in order (an unresolvable one has no properties). */
function jsonAnswers(op: Operation, reader: SchemaReader): Array<JsonSchema | undefined> {
  const roots: Array<JsonSchema | undefined> = [];
  for (const r of successResponses(op)) for (const c of r.content) if (/json/i.test(c.mediaType)) roots.push(reader.resolve(c.schema));
  return roots;
}

/** The answer properties one level into objects, the map the answer rules are defined over. */
export function answerProperties(op: Operation, reader: SchemaReader): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const root of jsonAnswers(op, reader)) {
    const built = new Map<string, JsonSchema>();
    for (const [name, s] of reader.properties(root)) {
      built.set(name, s);
      for (const [inner, innerSchema] of reader.properties(s)) built.set(`${name}.${inner}`, innerSchema);
    }
    // Later answers overwrite earlier ones' values in place, as setting them one by one did.
    for (const [name, s] of built) out.set(name, s);
  }
  return out;
}

/** metered-usage over the map: a `usage.*` meter (`usage.total_tokens`) or a top-level cost figure, first in map order. */
export function meteredIn(props: Map<string, JsonSchema>, reader: SchemaReader): FieldHit | null {
  for (const [name, schema] of props) {
    const dot = name.indexOf('.');
    if (dot < 0) {
      if (COST_FIELDS.has(name.toLowerCase()) && reader.typeOf(schema) !== 'string') return { name, kind: 'cost' };
      continue;
    }
    const next = name.indexOf('.', dot + 1);
    const inner = name.slice(dot + 1, next < 0 ? undefined : next);
    if (name.slice(0, dot) === 'usage' && nameTokens(inner).some((w) => METER_WORDS.has(w))) return { name, kind: 'meter' };
  }
  return null;
}

/** media-output over the map: a base64 field (`format: byte`, nullable 3.1 forms too: formatOf; `b64_json`), first in map order. */
export function inlineMediaIn(props: Map<string, JsonSchema>, reader: SchemaReader): FieldHit | null {
  for (const [name, schema] of props) {
    if (reader.formatOf(schema) === 'byte' || BASE64_NAME.test(name.slice(name.lastIndexOf('.') + 1))) {
      return { name, kind: 'base64' };
    }
  }
  return null;
}

/** meteredIn over one answer's properties and their inner ones, without building the map. */
function meteredDirect(props: Map<string, JsonSchema>, reader: SchemaReader): FieldHit | null {
  for (const [name, schema] of props) {
    if (COST_FIELDS.has(name.toLowerCase()) && reader.typeOf(schema) !== 'string') return { name, kind: 'cost' };
    if (name !== 'usage') continue;
    for (const inner of reader.properties(schema).keys()) {
      const dot = inner.indexOf('.');
      const word = dot < 0 ? inner : inner.slice(0, dot);
      if (nameTokens(word).some((w) => METER_WORDS.has(w))) return { name: `usage.${inner}`, kind: 'meter' };
    }
  }
  return null;
}

/** inlineMediaIn over one answer's properties and their inner ones, without building the map. */
function inlineMediaDirect(props: Map<string, JsonSchema>, reader: SchemaReader): FieldHit | null {
  for (const [name, schema] of props) {
    if (reader.formatOf(schema) === 'byte' || BASE64_NAME.test(name)) return { name, kind: 'base64' };
    for (const [inner, innerSchema] of reader.properties(schema)) {
      if (reader.formatOf(innerSchema) === 'byte' || BASE64_NAME.test(inner.slice(inner.lastIndexOf('.') + 1))) {
        return { name: `${name}.${inner}`, kind: 'base64' };
      }
    }
  }
  return null;
}

type Scan = (props: Map<string, JsonSchema>, reader: SchemaReader) => FieldHit | null;

const METERED = new ReaderMemo<JsonSchema | undefined, FieldHit | null>();
const INLINE_MEDIA = new ReaderMemo<JsonSchema | undefined, FieldHit | null>();

/** `overMap` on the answer map, or `direct` once per resolved schema where the two agree (see the top). */
function scanAnswer(
  op: Operation,
  reader: SchemaReader,
  memo: ReaderMemo<JsonSchema | undefined, FieldHit | null>,
  overMap: Scan,
  direct: Scan,
): FieldHit | null {
  const roots = jsonAnswers(op, reader);
  // Several answers of one schema (`200` and `201` both a `repository`) make the map of one.
  if (roots.length === 0 || roots.some((r) => r !== roots[0])) return overMap(answerProperties(op, reader), reader);
  return memo.get(reader, roots[0], (root) => {
    const props = reader.properties(root);
    for (const name of props.keys()) if (name.includes('.')) return overMap(answerProperties(op, reader), reader);
    return direct(props, reader);
  });
}

export function meteredAnswerField(op: Operation, reader: SchemaReader): FieldHit | null {
  return scanAnswer(op, reader, METERED, meteredIn, meteredDirect);
}

export function inlineMediaAnswerField(op: Operation, reader: SchemaReader): FieldHit | null {
  return scanAnswer(op, reader, INLINE_MEDIA, inlineMediaIn, inlineMediaDirect);
}

/** Request body properties (later media types overwrite values in place); one body's map as it is. */
export function bodyProperties(op: Operation, reader: SchemaReader): Map<string, JsonSchema> {
  const content = op.requestBody?.content ?? [];
  if (content.length === 1) return reader.properties(content[0]!.schema);
  const out = new Map<string, JsonSchema>();
  for (const c of content) for (const [name, schema] of reader.properties(c.schema)) out.set(name, schema);
  return out;
}

/** generation-inputs over a body: a prompt, or a model with its input. */
export function generationInputIn(props: Map<string, JsonSchema>): FieldHit | null {
  const names = [...props.keys()].map((n) => n.toLowerCase());
  const generation = names.find((n) => GENERATION_INPUTS.has(n));
  if (generation) return { name: generation, kind: 'generation' };
  const companion = names.includes('model') ? names.find((n) => MODEL_COMPANIONS.has(n)) : undefined;
  return companion ? { name: companion, kind: 'companion' } : null;
}

/** media-upload over a body: a binary field. */
export function fileFieldIn(props: Map<string, JsonSchema>, reader: SchemaReader): FieldHit | null {
  for (const [name, schema] of props) if (reader.formatOf(schema) === 'binary') return { name, kind: 'file' };
  return null;
}

const GENERATION = new ReaderMemo<JsonSchema | undefined, FieldHit | null>();
const FILE = new ReaderMemo<JsonSchema | undefined, FieldHit | null>();

/** A body scan once per resolved body schema (one media type), else over the merged body map. */
function scanBody(
  op: Operation,
  reader: SchemaReader,
  memo: ReaderMemo<JsonSchema | undefined, FieldHit | null>,
  scan: Scan,
): FieldHit | null {
  const content = op.requestBody?.content ?? [];
  if (content.length !== 1) return scan(bodyProperties(op, reader), reader);
  return memo.get(reader, reader.resolve(content[0]!.schema), (root) => scan(reader.properties(root), reader));
}

export function generationBodyField(op: Operation, reader: SchemaReader): FieldHit | null {
  return scanBody(op, reader, GENERATION, generationInputIn);
}

export function fileBodyField(op: Operation, reader: SchemaReader): FieldHit | null {
  return scanBody(op, reader, FILE, fileFieldIn);
}
