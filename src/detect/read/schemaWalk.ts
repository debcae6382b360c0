/**
 * Read-only walks over IR schemas: follow `$ref`s through `ApiModel.schemas` (model/schemaRefs.ts), merge `allOf`/`anyOf`/`oneOf`
 * properties, find enums, and fingerprint a schema so that two refs to the same shape compare equal.
 * Every walk is depth-bounded and cycle-safe (Stripe and Argo schemas are cyclic).
 */

import { type EnumCodes, enumCodes } from '../../model/enumCodes.js';
import type { ApiModel, JsonSchema } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { followRefs, modelLookup, type RefLookup } from '../../model/schemaRefs.js';
import { singleValue } from '../../model/singleValue.js';

type SchemaObject = { [key: string]: unknown };

const MAX_DEPTH = 6;
const BRANCHES = ['allOf', 'anyOf', 'oneOf'] as const;
const ENUM_BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const;
/** The alternatives of one `anyOf`/`oneOf` read for their members: a hostile contract may list thousands. */
const MAX_ALTERNATIVES = 64;
/** The most schemas one `requiredNames` reads (alternatives each on their own path). */
const REQUIRED_BUDGET = 2048;

export class SchemaReader {
  private readonly propsCache = new Map<SchemaObject, Map<string, JsonSchema>>();
  private readonly fingerprintCache = new Map<SchemaObject, string>();
  private readonly documentCache = new Map<SchemaObject, string | undefined>();
  /**
   * What each `$ref` string resolves to: detection resolves the same few hundred refs tens of thousands of times.
   * A chain depends on its first ref only (the lookup is fixed for the run), so the string is the key.
   */
  private readonly resolved = new Map<string, SchemaObject | undefined>();

  private readonly lookup: RefLookup;

  /** Every schema the document names, by its ref (`#/components/schemas/pipeline_state`): subtypes are found there. */
  readonly namedSchemas: Readonly<Record<string, JsonSchema>>;

  /** The schemas operations reach, as emit reads parameters in them. */
  private readonly schemas: Record<string, JsonSchema>;

  constructor(model: ApiModel) {
    // Detection may read schemas no operation reaches (AIP-151 metadata types): named ones too.
    this.lookup = modelLookup(model, true);
    this.namedSchemas = model.namedSchemas ?? model.schemas;
    this.schemas = model.schemas;
  }

  /** The one value a parameter's schema admits, read as emit reads it (model/singleValue.ts), which sends it as a constant. */
  singleValue(schema: JsonSchema): string | undefined {
    return singleValue(schema, this.schemas);
  }

  /**
   * The object a schema stands for after following `$ref`s and seeing through wrappers (`wrappedSchema`: a use of a
   * schema described or made nullable, `allOf: [{$ref: Job}]`, `anyOf: [{$ref: Job}, {type: 'null'}]`); undefined
   * for booleans and dangling refs.
   */
  resolve(schema: JsonSchema | undefined, depth = 0): SchemaObject | undefined {
    if (!isObject(schema)) return undefined;
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return this.unwrapped(schema, depth);
    const known = this.resolved.get(ref);
    if (known !== undefined || this.resolved.has(ref)) return known;
    const { value } = followRefs(schema, this.lookup);
    const target = isObject(value) ? this.unwrapped(value, depth) : undefined;
    this.resolved.set(ref, target);
    return target;
  }

  private unwrapped(schema: SchemaObject, depth: number): SchemaObject {
    const inner = depth < MAX_DEPTH ? wrappedSchema(schema) : undefined;
    return inner === undefined ? schema : (this.resolve(inner, depth + 1) ?? schema);
  }

  /** Last `$ref` written on the way to the schema (`#/components/schemas/Batch`), through wrappers; if any. */
  refName(schema: JsonSchema | undefined, depth = 0): string | undefined {
    if (!isObject(schema)) return undefined;
    if (typeof schema['$ref'] === 'string') {
      const chain = followRefs(schema, this.lookup);
      // A dangling ref still names the schema the contract meant.
      return chain.stop === 'missing' ? chain.stoppedAt : chain.refs.at(-1);
    }
    // `allOf: [{$ref}]`, `anyOf: [{$ref}, {type: 'null'}]`: how generators write a nullable or described ref.
    const inner = depth < MAX_DEPTH ? wrappedSchema(schema) : undefined;
    return inner === undefined ? undefined : this.refName(inner, depth + 1);
  }

  /** Properties including those from `allOf` / `anyOf` / `oneOf` branches (first definition wins). */
  properties(schema: JsonSchema | undefined): Map<string, JsonSchema> {
    const root = this.resolve(schema);
    if (!root) return new Map();
    const cached = this.propsCache.get(root);
    if (cached) return cached;
    const out = new Map<string, JsonSchema>();
    this.collect(root, out, new Set(), 0);
    this.propsCache.set(root, out);
    return out;
  }

  private collect(s: SchemaObject, out: Map<string, JsonSchema>, seen: Set<SchemaObject>, depth: number): void {
    if (seen.has(s) || depth > MAX_DEPTH) return;
    seen.add(s);
    const props = s['properties'];
    if (isObject(props)) for (const k of Object.keys(props)) if (!out.has(k)) out.set(k, props[k] as JsonSchema);
    for (const key of BRANCHES) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      if (key === 'allOf') {
        for (const b of branches) {
          const r = this.resolve(b as JsonSchema);
          if (r) this.collect(r, out, seen, depth + 1);
        }
      } else this.collectAlternatives(branches, out, seen, depth + 1);
    }
    this.discriminatorValues(s, out);
  }

  /**
   * A discriminator's mapping names the values of its member (OpenAPI 3 Discriminator Object: each key is a value the
   * property takes): a union of states whose alternatives each declare `status: {type: string}` and leave the value to
   * the mapping (`mapping: {queued: QueuedRender, running: RunningRender, …}`) has those values. Read only where the
   * member declares none of its own, and only from an explicit mapping: implicit values are schema names.
   */
  private discriminatorValues(s: SchemaObject, out: Map<string, JsonSchema>): void {
    const d = s['discriminator'];
    if (!isObject(d) || typeof d['propertyName'] !== 'string' || !isObject(d['mapping'])) return;
    const values = Object.keys(d['mapping']).slice(0, MAX_ALTERNATIVES);
    const member = out.get(d['propertyName']);
    if (values.length < 2 || (member !== undefined && this.enumValues(member) !== null)) return;
    const description = member === undefined ? '' : this.description(member);
    out.set(d['propertyName'], { type: 'string', enum: values, ...(description === '' ? {} : { description }) });
  }

  /**
   * Properties of `anyOf`/`oneOf` alternatives. A value is one of them, so a member several alternatives declare
   * differently is any of their declarations: a job written as a discriminated union of its states (`oneOf:
   * [QueuedRender, RunningRender, DoneRender]`, each fixing `status` to its own value, OpenAPI 3's polymorphism and
   * TypeSpec's unions) has a `status` whose values are all of theirs, not the first alternative's alone.
   */
  private collectAlternatives(branches: unknown[], out: Map<string, JsonSchema>, seen: Set<SchemaObject>, depth: number): void {
    const declared = new Map<string, JsonSchema[]>();
    for (const b of branches.slice(0, MAX_ALTERNATIVES)) {
      const r = this.resolve(b as JsonSchema);
      if (!r) continue;
      const own = new Map<string, JsonSchema>();
      // `seen` stays shared, so that the walk stays linear in the contract: a base two alternatives compose
      // (`allOf: [{$ref: Job}, …]`) is read once, and its members, the same in both, are taken from the first.
      this.collect(r, own, seen, depth);
      for (const [name, schema] of own) {
        const list = declared.get(name);
        if (list === undefined) declared.set(name, [schema]);
        else if (!list.includes(schema)) list.push(schema);
      }
    }
    for (const [name, schemas] of declared) {
      if (out.has(name)) continue;
      const distinct = new Map<string, JsonSchema>();
      if (schemas.length > 1) for (const schema of schemas) distinct.set(contentText(schema, 0, { count: 0 }), schema);
      out.set(name, distinct.size > 1 ? { anyOf: [...distinct.values()] } : schemas[0]!);
    }
  }

  /**
   * The member names a schema requires: its own `required` and those of its `allOf` branches, each of which the value
   * must satisfy (a body written `allOf: [{$ref: StartJobRunRequest}]`, to describe or make nullable a ref, requires
   * what the ref requires). Of `anyOf`/`oneOf` alternatives the value satisfies one, so it must have what every one
   * of them requires: a request written as a union of its forms (one per `DesiredState`, each requiring `Name`)
   * requires `Name`; a name only some alternatives require is required of no value.
   */
  requiredNames(schema: JsonSchema | undefined): ReadonlySet<string> {
    // Alternatives are walked each on its own path, so nested unions could multiply: a budget of schemas read bounds
    // the walk on a hostile contract (a real request body reads a handful).
    let budget = REQUIRED_BUDGET;
    const walk = (s: JsonSchema | undefined, depth: number, seen: Set<SchemaObject>, out: Set<string>) => {
      const r = this.resolve(s);
      if (!r || depth > MAX_DEPTH || seen.has(r) || budget-- <= 0) return;
      seen.add(r);
      if (Array.isArray(r['required'])) for (const name of r['required']) if (typeof name === 'string') out.add(name);
      if (Array.isArray(r['allOf'])) for (const b of r['allOf'] as JsonSchema[]) walk(b, depth + 1, seen, out);
      for (const key of ['anyOf', 'oneOf'] as const) {
        const branches = r[key];
        if (!Array.isArray(branches) || branches.length === 0) continue;
        let common: Set<string> | undefined;
        for (const b of branches.slice(0, MAX_ALTERNATIVES)) {
          // Each alternative on its own path: a base two of them compose is required by both.
          const own = new Set<string>();
          walk(b as JsonSchema, depth + 1, new Set(seen), own);
          common = common === undefined ? own : new Set([...common].filter((n) => own.has(n)));
          if (common.size === 0) break;
        }
        for (const name of common ?? []) out.add(name);
      }
    };
    const out = new Set<string>();
    walk(schema, 0, new Set(), out);
    return out;
  }

  /** The item schema of an array, through `allOf` wrappers (`allOf: [{$ref: CacheClusterList}, {description}]`). */
  itemsOf(s: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
    const r = this.resolve(s);
    if (!r || depth > 4) return undefined;
    if (r['items'] !== undefined) return r['items'] as JsonSchema;
    for (const b of Array.isArray(r['allOf']) ? (r['allOf'] as JsonSchema[]) : []) {
      const found = this.itemsOf(b, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Schema at a dotted path of properties (`status.phase`). */
  propertyAt(schema: JsonSchema | undefined, dotted: string): JsonSchema | undefined {
    let cur: JsonSchema | undefined = schema;
    for (const part of dotted.split('.')) {
      cur = this.properties(cur).get(part);
      if (cur === undefined) return undefined;
    }
    return cur;
  }

  /**
   * String enum values of a schema (`enum`, `const`, or enum branches of `anyOf`/`oneOf`/`allOf`); for numeric codes
   * the contract names (model/enumCodes.ts), the names.
   */
  enumValues(schema: JsonSchema | undefined, depth = 0, seen = new Set<SchemaObject>()): string[] | null {
    const s = this.resolve(schema);
    if (!s || depth > MAX_DEPTH || seen.has(s)) return null;
    seen.add(s);
    const coded = enumCodes(s);
    if (coded) return coded.map(([, name]) => name);
    const values: string[] = [];
    if (Array.isArray(s['enum'])) for (const v of s['enum']) if (typeof v === 'string') values.push(v);
    if (typeof s['const'] === 'string') values.push(s['const']);
    for (const key of ENUM_BRANCHES) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches) for (const v of this.enumValues(b as JsonSchema, depth + 1, seen) ?? []) values.push(v);
    }
    const unique = [...new Set(values)];
    return unique.length > 0 ? unique : null;
  }

  /**
   * The numeric codes a schema's enum names (model/enumCodes.ts), through refs, wrappers and branches as enumValues reads
   * them (AWS specs describe every member as `allOf: [{$ref: JobStatus}, {description}]`); null for any other schema.
   */
  enumCodes(schema: JsonSchema | undefined, depth = 0, seen = new Set<SchemaObject>()): EnumCodes | null {
    const s = this.resolve(schema);
    if (!s || depth > MAX_DEPTH || seen.has(s)) return null;
    seen.add(s);
    const own = enumCodes(s);
    if (own) return own;
    for (const key of ENUM_BRANCHES) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches) {
        const found = this.enumCodes(b as JsonSchema, depth + 1, seen);
        if (found) return found;
      }
    }
    return null;
  }

  /** `type` of a schema (first non-null entry of a type array), following refs. */
  typeOf(schema: JsonSchema | undefined, depth = 0): string | undefined {
    const s = this.resolve(schema);
    if (!s || depth > MAX_DEPTH) return undefined;
    const t = s['type'];
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
    for (const key of ENUM_BRANCHES) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches) {
        const bt = this.typeOf(b as JsonSchema, depth + 1);
        if (bt && bt !== 'null') return bt;
      }
    }
    // No `type`, but keywords that only an object or an array has: what the schema describes, as code generators read
    // it (Azure's `JobProperties` lists its members and omits `type: object`; its `status` was never reached).
    if (isObject(s['properties']) || isObject(s['additionalProperties'])) return 'object';
    if (isObject(s['items'])) return 'array';
    return undefined;
  }

  /**
   * `format` of a schema (lower-cased), following refs and, as typeOf does, into the first non-null branch that has
   * one (`{anyOf: [{type: integer, format: unixtime}, {type: null}]}`).
   */
  formatOf(schema: JsonSchema | undefined, depth = 0): string | undefined {
    const s = this.resolve(schema);
    if (!s || depth > MAX_DEPTH) return undefined;
    if (typeof s['format'] === 'string') return s['format'].toLowerCase();
    for (const key of ENUM_BRANCHES) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches) {
        if (this.typeOf(b as JsonSchema, depth + 1) === 'null') continue;
        const found = this.formatOf(b as JsonSchema, depth + 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  /** The description written on the schema and on what it stands for (its `$ref`'s target, a wrapper's schema). */
  description(schema: JsonSchema | undefined): string {
    const direct = isObject(schema) && typeof schema['description'] === 'string' ? (schema['description'] as string) : '';
    const s = this.resolve(schema);
    const resolved = s !== schema && s && typeof s['description'] === 'string' ? (s['description'] as string) : '';
    return direct && resolved ? `${direct} ${resolved}` : direct || resolved;
  }

  /**
   * The description, and those of the `allOf` branches beside a `$ref` (`allOf: [{$ref: String}, {description}]`,
   * how AWS specs describe a field whose type is shared): a field's values are often stated only there.
   */
  descriptionWithBranches(schema: JsonSchema | undefined): string {
    const own = this.description(schema);
    const branches = isObject(schema) && Array.isArray(schema['allOf']) ? (schema['allOf'] as JsonSchema[]) : [];
    return [own, ...branches.slice(0, 8).map((b) => this.description(b))].filter((d) => d !== '').join(' ');
  }

  /**
   * Shape identity: the sorted property names. Two refs (or a ref and an inline copy, as bundlers make)
   * to the same job schema get the same fingerprint; an empty object gets ''. A body that carries its record in a
   * `data` member (JSON:API's primary data, and the house style of many vendors: `{data, errors}`) is told apart by
   * that record's names too: every answer of such an API has the envelope's names, whatever it holds.
   */
  fingerprint(schema: JsonSchema | undefined): string {
    const root = this.resolve(schema);
    if (!root) return '';
    const cached = this.fingerprintCache.get(root);
    if (cached !== undefined) return cached;
    const props = this.properties(root);
    const names = [...props.keys()].sort().join(',');
    const data = props.get('data');
    const record = data !== undefined && this.typeOf(data) === 'object' ? [...this.properties(data).keys()].sort().join(',') : '';
    const fp = record === '' ? names : `${names}|data:${record}`;
    this.fingerprintCache.set(root, fp);
    return fp;
  }

  /**
   * Which declared document a schema is: its name (refName) when it has one, else, for an inline document of at
   * least MIN_DOCUMENT_FIELDS fields, its whole content without prose. A ref means its target (OpenAPI 3.0 Reference
   * Object), so a contract that writes one document out at every use (code-first generators inline each class)
   * declares the same document as one that names it; a small inline shape (`{id}`, `{id, status}`) is what unrelated
   * answers share, and is no document. Names and contents never compare equal (`#/…` against `{…}`).
   */
  /**
   * The named documents a schema extends: `allOf` branches that are refs, beside a branch that adds members of its own
   * (OpenAPI's composition: `JobLaunchResult: allOf: [{$ref: Job}, {properties: {job, ignored_fields}}]` is a Job and
   * more). A lone ref branch is a wrapper (`refName` reads it as the document itself), not an extension.
   */
  extendedDocuments(schema: JsonSchema | undefined): string[] {
    const root = this.resolve(schema);
    const branches = root !== undefined && Array.isArray(root['allOf']) ? (root['allOf'] as JsonSchema[]) : [];
    const refs = branches.filter((b) => isObject(b) && typeof b['$ref'] === 'string');
    if (refs.length === 0 || refs.length === branches.length) return [];
    return refs.map((b) => this.refName(b)).filter((n): n is string => n !== undefined);
  }

  documentKey(schema: JsonSchema | undefined): string | undefined {
    const name = this.refName(schema);
    if (name !== undefined || !isObject(schema)) return name;
    if (this.documentCache.has(schema)) return this.documentCache.get(schema);
    const fields = { count: 0 };
    const text = contentText(schema, 0, fields);
    const key = fields.count >= MIN_DOCUMENT_FIELDS ? text : undefined;
    this.documentCache.set(schema, key);
    return key;
  }
}

/** The fewest fields (properties over the whole tree) an inline schema declares to be read as a document. */
export const MIN_DOCUMENT_FIELDS = 3;

/** Keywords that describe a schema to a reader and do not change which document it is. */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'title', 'externalDocs']);

/** A schema's content as canonical text: keys sorted, prose dropped, refs as written, depth-bounded; counts fields. */
function contentText(node: unknown, depth: number, fields: { count: number }): string {
  // Arrays are bounded too: a `default` of arrays nested thousands deep overflowed the stack here (a hostile contract).
  if (depth > MAX_DEPTH * 2) return '…';
  if (!isObject(node))
    return Array.isArray(node) ? `[${node.map((n) => contentText(n, depth + 1, fields)).join(',')}]` : JSON.stringify(node ?? null);
  const parts: string[] = [];
  for (const key of Object.keys(node).sort()) {
    if (PROSE.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' && isObject(node[key])) fields.count += Object.keys(node[key]).length;
    parts.push(`${JSON.stringify(key)}:${contentText(node[key], depth + 1, fields)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Status values that a description lists in quotes or backticks (`Will be "Pending", "Running" ...`).
 * Only words, only when at least two are listed, so that prose does not turn into states.
 */
export function valuesFromDescription(text: string): string[] {
  const found: string[] = [];
  const re = /["'`“]([A-Za-z][A-Za-z0-9_\- ]{1,30})["'`”]/g;
  for (const m of text.matchAll(re)) {
    const v = m[1]!.trim();
    if (v.includes(' ')) continue;
    if (!found.includes(v)) found.push(v);
  }
  return found.length >= 2 ? found : [];
}

/**
 * The schema at a dotted path of a status field, whose `0` segments step into array items
 * (`ReplicationTasks.0.Status`, statusByMeaning.ts's paths): the objects a status sits in, for evidence.
 */
export function schemaAtPath(reader: SchemaReader, schema: JsonSchema | undefined, dotted: string): JsonSchema | undefined {
  let cur = schema;
  for (const part of dotted.split('.')) {
    cur = part === '0' ? reader.itemsOf(cur) : reader.properties(cur).get(part);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Keywords that describe a use of a schema and constrain no value (annotations, and OpenAPI 3.0's `nullable`). */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'example',
  'examples',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'externalDocs',
  '$comment',
]);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

function onlyAnnotations(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  for (const key in schema) if (!isAnnotation(key)) return false;
  return true;
}

/** `{type: 'null'}` (OpenAPI 3.1, JSON Schema), with annotations at most. */
function isNullType(schema: unknown): boolean {
  if (!isObject(schema) || schema['type'] !== 'null') return false;
  for (const key in schema) if (key !== 'type' && !isAnnotation(key)) return false;
  return true;
}

/**
 * The one schema a wrapper stands for, or undefined when `schema` is no wrapper: besides annotations it holds only
 * `allOf` with one branch that is more than annotations (`allOf: [{$ref: Job}]`, AWS's `allOf: [{$ref: Status},
 * {description}]`), or `anyOf`/`oneOf` with one branch that is not the null type (`anyOf: [{$ref: Job}, {type:
 * 'null'}]`, pydantic's `Optional`). Each says "this schema, described" or "this schema, or null": a reader of the
 * value reads the schema.
 */
export function wrappedSchema(schema: SchemaObject): JsonSchema | undefined {
  let inner: JsonSchema | undefined;
  for (const key in schema) {
    if (isAnnotation(key)) continue;
    const branches = schema[key];
    if (inner !== undefined || !(key === 'allOf' || key === 'anyOf' || key === 'oneOf') || !Array.isArray(branches)) return undefined;
    const kept = branches.filter((b) => !(key === 'allOf' ? onlyAnnotations(b) : isNullType(b)));
    if (kept.length !== 1) return undefined;
    inner = kept[0] as JsonSchema;
  }
  return inner;
}
