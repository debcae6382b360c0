/**
 * Which answer field fills a path parameter whose name says nothing (`{id}`, as Rails' and Laravel's resource
 * routes call every item), read from what the contract states about the parameter itself. A path parameter is an
 * input member bound to the path (Smithy's `@httpLabel`, OpenAPI's `in: path`); renamed `{id}`, it keeps the member's
 * schema and documentation, and so does the answer field that hands the same value out: Polly's
 * `GET /v1/synthesisTasks/{id}` takes `^[a-zA-Z0-9_-]{1,100}$`, "The Amazon Polly generated identifier for a speech
 * synthesis task.", as the start's `SynthesisTask.TaskId` is. A field is taken only when it is the answer's one
 * identifier-named field (top level or one object down) stating both the same value constraints (a pattern, a length
 * bound or a format: a bare `string` says nothing) and the same description, else the one stating the same
 * constraints, else the one stating the same description. A parameter whose description is only a name (Einstein's
 * `{id}`: "Model Id") names the field it takes when no documentation says more: the one field so called (`modelId`).
 * A field named for another of the poll's path parameters is that parameter's value, not the item's.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { nameTokens } from '../read/nameTokens.js';
import { pathParams, successSchema } from '../read/operationIndex.js';
import { isIdName } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

const CONSTRAINTS = ['pattern', 'minLength', 'maxLength', 'format'] as const;

/** The value constraints a string schema states, through the `allOf` AWS puts beside a `$ref`; '' for none. */
export function constraintsKey(schema: JsonSchema | undefined, reader: SchemaReader): string {
  const found = new Map<string, unknown>();
  const walk = (s: JsonSchema | undefined, depth: number) => {
    const r = reader.resolve(s);
    if (!r || depth > 3) return;
    for (const k of CONSTRAINTS) if (r[k] !== undefined && !found.has(k)) found.set(k, r[k]);
    for (const b of Array.isArray(r['allOf']) ? (r['allOf'] as JsonSchema[]) : []) walk(b, depth + 1);
  };
  walk(schema, 0);
  return found.size === 0 ? '' : JSON.stringify(CONSTRAINTS.map((k) => found.get(k) ?? null));
}

/**
 * Text without its markup tags (`<p>`, `</code>`), by one scan: each `<` looks for its `>` once, and an unclosed
 * one ends the search, so a hostile description of many `<` stays linear (a `/<[^>]*>/g` would rescan the rest
 * from each of them).
 */
function withoutTags(text: string): string {
  let out = '';
  let at = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', at)) {
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    out += text.slice(at, open);
    at = close + 1;
  }
  return out + text.slice(at);
}

/** Documentation compared as prose: markup, case, spacing and a closing period aside. */
const prose = (text: string) => withoutTags(text).replace(/\s+/g, ' ').trim().replace(/\.$/, '').toLowerCase();

/** A field's own description and those beside its `$ref` (`allOf: [{$ref: TaskId}, {description}]`). */
function descriptions(schema: JsonSchema, reader: SchemaReader): string[] {
  const branches = isObject(schema) && Array.isArray(schema['allOf']) ? (schema['allOf'] as JsonSchema[]) : [];
  return [schema, ...branches].flatMap((b) => {
    const text = reader.resolve(b)?.['description'];
    return typeof text === 'string' ? [text] : [];
  });
}

/** The identifier-named scalar fields of an answer, top level and one object down, with their schemas. */
function answerIdFields(start: Operation, reader: SchemaReader): Array<[string, JsonSchema]> {
  const out: Array<[string, JsonSchema]> = [];
  for (const [name, p] of reader.properties(successSchema(start))) {
    if (reader.typeOf(p) !== 'object') {
      if (isIdName(name)) out.push([name, p]);
      continue;
    }
    for (const [inner, q] of reader.properties(p)) if (reader.typeOf(q) !== 'object' && isIdName(inner)) out.push([`${name}.${inner}`, q]);
  }
  return out;
}

/** The answer field the poll's path parameter `param` is stated to take (see above), or null. */
export function boundAnswerField(start: Operation, poll: Operation, param: string, reader: SchemaReader): string | null {
  const declared = poll.parameters.find((p) => p.in === 'path' && p.name === param);
  if (!declared) return null;
  const constraints = constraintsKey(declared.schema, reader);
  const texts = new Set([...(declared.description ? [declared.description] : []), ...descriptions(declared.schema, reader)].map(prose));
  texts.delete('');
  // A description of a few words and no sentence (`Model Id`) is a name: its tokens, to compare with a field's.
  const spelled = new Set([...texts].filter((t) => t.length <= 40 && /^[a-z0-9 _-]+$/.test(t)).map((t) => nameTokens(t).join(' ')));
  // A field named for another of the poll's path parameters fills that one: the parent the item sits under
  // (`applicationId` of `/applications/{applicationId}/jobruns/{id}`), whose id may share the item's schema.
  const parents = new Set(
    pathParams(poll.path)
      .filter((p) => p !== param)
      .map((p) => p.toLowerCase()),
  );
  const own = answerIdFields(start, reader).filter(([field]) => !parents.has(field.split('.').at(-1)!.toLowerCase()));
  const fields = own.map(([field, schema]) => ({
    field,
    sameSchema: constraints !== '' && constraintsKey(schema, reader) === constraints,
    sameText: descriptions(schema, reader).some((d) => texts.has(prose(d))),
    namedBy: spelled.has(nameTokens(field.split('.').at(-1)!).join(' ')),
  }));
  // Both said alike first, then either alone: each must single out one field.
  for (const keep of [
    (f: (typeof fields)[number]) => f.sameSchema && f.sameText,
    (f: (typeof fields)[number]) => f.sameSchema,
    (f: (typeof fields)[number]) => f.sameText,
    (f: (typeof fields)[number]) => f.namedBy,
  ]) {
    const hits = fields.filter(keep);
    if (hits.length === 1) return hits[0]!.field;
    if (hits.length > 1) return null;
  }
  return null;
}
