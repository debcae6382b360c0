/**
 * A JSON value that fits a JSON Schema as contracts write them (OpenAPI 3.x / Swagger 2 flavour: `$ref`, `allOf`
 * parts folded, `oneOf`/`anyOf` first branch, `nullable`, enums, formats, patterns via regexSample.ts, bounds).
 * The contract fake (contractFake.ts) answers with it, and the corpus run sweep fills a start tool's input with it.
 * `all: false` fills only required members (a request the server accepts); `all: true` fills every member to a
 * depth (an answer with every field a reader may look for). `echo` gives a string member the value a request sent
 * under the same name, so that an answer names the job it was asked about.
 */
import { samplePattern } from './regexSample.js';

export type Schema = { [key: string]: unknown } | boolean;

export interface SampleOptions {
  /** The target of a `$ref`, or undefined when it cannot be resolved. */
  resolve: (ref: string) => Schema | undefined;
  /** Fill optional members too (up to `maxDepth`). */
  all?: boolean;
  /** A value the request sent under this member name. */
  echo?: (name: string) => unknown;
  maxDepth?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A resolver of local `#/…` pointers inside one document (a tool's input schema, a whole spec). */
export function pointerResolver(root: unknown): (ref: string) => Schema | undefined {
  return (ref) => {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      if (raw === '') continue;
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    }
    return isObject(node) || typeof node === 'boolean' ? (node as Schema) : undefined;
  };
}

/** `$ref` followed and `allOf` folded into one node (properties and required merged), with the refs seen. */
export function flattenSchema(
  schema: Schema,
  opts: Pick<SampleOptions, 'resolve'>,
  seen: string[] = [],
): Record<string, unknown> | undefined {
  if (!isObject(schema)) return schema ? {} : undefined;
  let node = schema;
  const refs = [...seen];
  while (typeof node.$ref === 'string') {
    if (refs.includes(node.$ref) || refs.length > 40) return undefined;
    refs.push(node.$ref);
    const target = opts.resolve(node.$ref);
    if (!isObject(target)) return {};
    const { $ref: _ref, ...rest } = node;
    node = { ...target, ...rest };
  }
  // A `oneOf`/`anyOf` of `const`s is an enum said another way (pydantic's Literal, the `enumOneOf` rewrite).
  const consts = constValues(node.oneOf ?? node.anyOf);
  if (consts !== undefined && node.enum === undefined) node = { ...node, enum: consts };
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...own } = node;
  let merged: Record<string, unknown> = { ...own };
  const properties: Record<string, unknown> = isObject(own.properties) ? { ...own.properties } : {};
  const required = new Set<string>(Array.isArray(own.required) ? (own.required as string[]) : []);
  for (const part of allOf as Schema[]) {
    const flat = flattenSchema(part, opts, refs);
    if (!flat) continue;
    Object.assign(properties, isObject(flat.properties) ? flat.properties : {});
    for (const r of Array.isArray(flat.required) ? (flat.required as string[]) : []) required.add(r);
    merged = { ...flat, ...merged };
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/** The values of a list of `{const}` branches (annotations beside each), or undefined when it is anything else. */
function constValues(branches: unknown): unknown[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const values: unknown[] = [];
  for (const b of branches) {
    if (!isObject(b) || !('const' in b)) return undefined;
    values.push(b.const);
  }
  return values;
}

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05',
  uri: 'https://example.com/item',
  url: 'https://example.com/item',
  'uri-reference': 'https://example.com/item',
  email: 'someone@example.com',
  uuid: '00000000-0000-4000-8000-000000000001',
  byte: 'YQ==',
  ipv4: '10.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
  int64: '1',
  int32: '1',
};

function typeOf(node: Record<string, unknown>): string | undefined {
  const t = node.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (isObject(node.properties) || node.additionalProperties !== undefined) return 'object';
  if (node.items !== undefined) return 'array';
  return undefined;
}

/**
 * A tool's wire schema says some keywords in words (templates/runtime/wireSchema.ts `sayInWords`: lengths,
 * formats; a pattern the server does not check): read them back, as a model reading the tool would.
 */
function fromWords(node: Record<string, unknown>): Record<string, unknown> {
  const text = typeof node.description === 'string' ? node.description : '';
  if (!text) return node;
  const out = { ...node };
  const range = /(\d+) to (\d+) characters\./.exec(text);
  const exact = /Exactly (\d+) characters\./.exec(text);
  const least = /At least (\d+) characters\./.exec(text);
  const most = /At most (\d+) characters\./.exec(text);
  if (out.minLength === undefined) out.minLength = Number(range?.[1] ?? exact?.[1] ?? least?.[1] ?? 0);
  if (out.maxLength === undefined && (range || exact || most)) out.maxLength = Number(range?.[2] ?? exact?.[1] ?? most?.[1]);
  const format = /Format: ([\w-]+)\./.exec(text);
  if (out.format === undefined && format) out.format = format[1];
  const pattern = /Should match the pattern (.+?) \((?:not )?checked by this server\)/.exec(text);
  if (out.pattern === undefined && pattern) out.pattern = pattern[1];
  return out;
}

/**
 * A union of objects is listed as one object (templates/runtime/wireUnion.ts): its `required` is only what every
 * member requires, and its description ends with what each member needs (`One of: (repository_id: integer) |
 * (pull_request: object).`, `One of: type=text (text: string) | …`). The server validates the exact union, so a
 * call must give one member's needs: read the first member's from the note, as a model reading the tool would
 * (the tag's merged enum lists the first member's value first). A member with neither tag nor need is said by
 * its property names without types (`(a, b)`), which name no need.
 */
function firstMemberNeeds(node: Record<string, unknown>): string[] {
  const text = typeof node.description === 'string' ? node.description : '';
  const note = /^.*One of: (.*)$/s.exec(text)?.[1];
  if (!note) return [];
  const first = note.split(' | ')[0]!.replace(/\.$/, '');
  const needs = /\((.*)\)$/.exec(first)?.[1];
  if (!needs) return [];
  return needs.split(', ').flatMap((need) => /^([^:\s]+): /.exec(need)?.[1] ?? []);
}

function sampleString(raw: Record<string, unknown>): string {
  const node = fromWords(raw);
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Number.POSITIVE_INFINITY;
  if (typeof node.pattern === 'string') {
    const s = samplePattern(node.pattern, min, max);
    if (s !== undefined) return s;
  }
  const format = typeof node.format === 'string' ? FORMATS[node.format] : undefined;
  let s = format ?? 'sample';
  if (s.length < min) s = s + 'x'.repeat(min - s.length);
  return s.length > max ? s.slice(0, Math.max(1, max)) : s;
}

function sampleNumber(node: Record<string, unknown>, integer: boolean): number {
  const lo =
    typeof node.minimum === 'number' ? node.minimum : typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum + 1 : undefined;
  const hi =
    typeof node.maximum === 'number' ? node.maximum : typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum - 1 : undefined;
  let n = lo !== undefined ? Math.max(lo, 1) : 1;
  if (hi !== undefined && n > hi) n = hi;
  if (lo !== undefined && n < lo) n = lo;
  if (typeof node.multipleOf === 'number' && node.multipleOf > 0) n = Math.ceil(n / node.multipleOf) * node.multipleOf;
  return integer ? Math.ceil(n) : n;
}

/** A value fitting `schema`; undefined where nothing fits (a cycle, `false`). */
export function sampleSchema(schema: Schema, opts: SampleOptions, depth = 0, refs: string[] = []): unknown {
  const node = flattenSchema(schema, opts, refs);
  if (!node) return undefined;
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum)) {
    const value = node.enum.find((v) => v !== null);
    return value === undefined ? null : value;
  }
  const branch = (Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined) as Schema[] | undefined;
  if (branch && branch.length > 0) {
    const pick = branch.find((b) => !(isObject(b) && b.type === 'null')) ?? branch[0]!;
    const chosen = sampleSchema(pick, opts, depth, refs);
    // A union beside its own members (a wire schema says the members' shared type and properties at its level too):
    // the branch decides, on top of what the node itself requires.
    if (!isObject(node.properties) || !isObject(chosen)) return chosen;
    const { oneOf: _one, anyOf: _any, ...own } = node;
    const base = sampleSchema(own, opts, depth, refs);
    return isObject(base) ? { ...base, ...chosen } : chosen;
  }
  if (node.default !== undefined && node.default !== null && !opts.all) return node.default;
  const maxDepth = opts.maxDepth ?? 6;
  switch (typeOf(node)) {
    case 'string':
      return sampleString(node);
    case 'integer':
      return sampleNumber(node, true);
    case 'number':
      return sampleNumber(node, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const minItems = typeof node.minItems === 'number' ? node.minItems : 0;
      if (depth >= maxDepth && minItems === 0) return [];
      const item = node.items === undefined ? undefined : sampleSchema(node.items as Schema, opts, depth + 1, refs);
      if (item === undefined) return [];
      return Array.from({ length: Math.max(1, minItems) }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = isObject(node.properties) ? node.properties : {};
      const required = new Set([
        ...(Array.isArray(node.required) ? (node.required as string[]) : []),
        ...firstMemberNeeds(node).filter((name) => name in properties),
      ]);
      for (const [name, member] of Object.entries(properties)) {
        const wanted = required.has(name) || (opts.all === true && depth < maxDepth);
        if (!wanted) continue;
        const echoed = opts.echo?.(name);
        const flat = echoed !== undefined ? flattenSchema(member as Schema, opts, refs) : undefined;
        if (echoed !== undefined && flat && (typeOf(flat) === 'string' || typeOf(flat) === undefined) && !Array.isArray(flat.enum)) {
          out[name] = echoed;
          continue;
        }
        const value = sampleSchema(member as Schema, opts, depth + 1, refs);
        if (value !== undefined) out[name] = value;
        else if (required.has(name)) out[name] = {};
      }
      return out;
    }
    default:
      return opts.all ? 'sample' : {};
  }
}
