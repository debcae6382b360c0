/**
 * The shape of one resolved schema node as zod: objects, arrays, unions, `allOf`, and the scalar dispatch.
 * Nullability is decided here for unions (a `null` member makes the rest nullable) and applied by the caller.
 */
import { LIST_KEYWORD } from '../../../templates/runtime/wireSchema.js';
import { enumCodes } from '../../model/enumCodes.js';
import type { JsonSchema } from '../../model/ir.js';
import { call, chain, clipText, propertyKey } from '../code.js';
import type { ZodContext } from './context.js';
import { cutToZod } from './cuts.js';
import { DESCRIPTION_LIMIT, MAX_UNION_VARIANTS, SHAPE_TYPE, UNKNOWN } from './limits.js';
import { listFormKey, mergedListPlaces } from './listForm.js';
import { askedAbout, type Converted } from './memo.js';
import { EMPTY_OBJECT_PRINTED, type JsonNode, NULL_PRINTED, type Printed, UNKNOWN_PRINTED, unionJson, withKeys } from './printed.js';
import { anyJsonInput, describe, itemsToZod, propertyToZod, schemaToZod } from './properties.js';
import { isAnnotationOnly, isNullSchema, isObject, mergeAllOf, mergeScalarAllOf, type Resolved, type SchemaObject } from './resolve.js';
import { constToZod, enumToZod, listedValuesNote, numberToZod, stringToZod } from './scalars.js';

/** A shape with more to say than its code: a lifted description note, or a `null` member seen in a union. */
export type Core = Printed | (Converted & { nullable?: boolean });

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

export function isScalar(s: SchemaObject): boolean {
  if (Array.isArray(s.enum) || s.const !== undefined) return true;
  const type = s.type;
  if (typeof type === 'string') return SCALAR_TYPES.has(type);
  return Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && SCALAR_TYPES.has(t));
}

export function isNullable(s: SchemaObject): boolean {
  return (
    s.nullable === true ||
    s['x-nullable'] === true ||
    (Array.isArray(s.type) && s.type.includes('null')) ||
    (Array.isArray(s.enum) && s.enum.includes(null))
  );
}

export function coreToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: readonly string[]): Core {
  if (Array.isArray(s.allOf)) {
    // `allOf: [{$ref: X}, {nullable: true}]`: one part carries the type, the others only annotate it.
    const typed = s.allOf.filter((part) => !isAnnotationOnly(part));
    if (typed.length === 1 && s.allOf.length > 1) {
      const nullable = s.allOf.some((part) => isObject(part) && (part.nullable === true || part['x-nullable'] === true));
      return { ...ctx.convert(typed[0] as JsonSchema, ctx, depth, stack), nullable };
    }
    const asked = (resolved: Resolved) => askedAbout(ctx.frame, resolved.refs, resolved.cycle ?? resolved.missing);
    const merged = mergeAllOf(s, ctx.schemas, stack, 0, asked);
    if (merged) return objectToZod(merged, ctx, depth, stack);
    const scalar = mergeScalarAllOf(s, ctx.schemas, stack, asked);
    if (scalar) return coreToZod(scalar, ctx, depth, stack);
    if (s.allOf.length === 1) return ctx.convert(s.allOf[0] as JsonSchema, ctx, depth, stack);
    return UNKNOWN_PRINTED;
  }
  const variants = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (variants) {
    const union = withCodeNames(s, unionToZod(variants as JsonSchema[], ctx, depth, stack), ctx);
    // Constraint-only variants (`oneOf: [{required: [a]}, {required: [b]}]`) say nothing about shape; the
    // schema's own type and properties still do.
    if (union.code !== UNKNOWN || (s.type === undefined && !isObject(s.properties))) return union;
    return coreToZod({ ...s, oneOf: undefined, anyOf: undefined }, ctx, depth, stack);
  }
  if (Array.isArray(s.enum)) {
    const printed = enumToZod(s.enum, ctx.mode);
    // Codes the contract names are listed with their names; any other enum by its values.
    const note = ctx.mode === 'output' ? (codeNamesNote(s) ?? listedValuesNote(s.enum)) : null;
    return note === null ? printed : describe(printed, note);
  }
  if (s.const !== undefined) return constToZod(s.const, ctx.mode);
  // The common case, one type named as a string, without the array the general case builds.
  if (typeof s.type === 'string' && s.type !== 'null') return typeToZod(s.type, s, ctx, depth, stack);
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (types.length > 1) {
    const parts = [...new Set(types)].map((t) => typeToZod(t, s, ctx, depth, stack));
    return parts.some((p) => p.code === UNKNOWN) ? UNKNOWN_PRINTED : unionOf(parts);
  }
  if (types.length === 0 && (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')))) return NULL_PRINTED;
  return typeToZod(types[0] ?? inferType(s), s, ctx, depth, stack);
}

/**
 * Numeric codes the contract names (model/enumCodes.ts): `0` means nothing to an agent, `0 = Queued` does, so an
 * output's codes are described with their names (an input's are a note beside its description: schemaToZod.ts).
 */
function withCodeNames(s: SchemaObject, printed: Printed, ctx: ZodContext): Printed {
  const note = ctx.mode === 'output' ? codeNamesNote(s) : null;
  return note === null ? printed : describe(printed, note);
}

/** `Codes: 0 = Queued, 1 = Running.` for an enum of numeric codes the contract names, else null. */
export function codeNamesNote(s: SchemaObject): string | null {
  const codes = enumCodes(s);
  return codes === null ? null : clipText(`Codes: ${codes.map(([code, name]) => `${code} = ${name}`).join(', ')}.`, DESCRIPTION_LIMIT);
}

/** A schema without `type` still says what it is through the keywords it carries. */
function inferType(s: SchemaObject): string {
  if (isObject(s.properties) || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  if (['format', 'pattern', 'minLength', 'maxLength'].some((k) => s[k] !== undefined)) return 'string';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => typeof s[k] === 'number')) return 'number';
  return 'any';
}

function typeToZod(type: string, s: SchemaObject, ctx: ZodContext, depth: number, stack: readonly string[]): Printed {
  switch (type) {
    case 'string':
      return stringToZod(s, ctx.mode, ctx.frame);
    case 'integer':
      return numberToZod(s, true, ctx.mode);
    case 'number':
      return numberToZod(s, false, ctx.mode);
    case 'boolean':
      return BOOLEAN;
    case 'null':
      return NULL_PRINTED;
    case 'file':
      // Swagger 2 form uploads: the tool takes the file content as a (base64) string.
      return ctx.mode === 'input' ? FILE_INPUT : UNKNOWN_PRINTED;
    case 'array':
      return arrayToZod(s, ctx, depth, stack);
    case 'object':
      return objectToZod(s, ctx, depth, stack);
    default:
      return UNKNOWN_PRINTED;
  }
}

const BOOLEAN: Printed = { code: 'z.boolean()', json: { type: 'boolean' } };
const FILE_INPUT: Printed = {
  code: "z.string().describe('File content, base64-encoded.')",
  json: { type: 'string', description: 'File content, base64-encoded.' },
};

/** `z.union([...])` of printed members. */
function unionOf(parts: readonly Printed[]): Printed {
  return { code: call('z.union', `[${parts.map((p) => p.code).join(', ')}]`), json: unionJson(parts.map((p) => p.json)) };
}

/**
 * `anyOf`/`oneOf`. A `null` member makes the rest nullable (the 3.1 spelling of `nullable: true`); a single
 * remaining member is that member, description included. Past the variant cap the union keeps the type its
 * members share, and says so.
 */
function unionToZod(variants: JsonSchema[], ctx: ZodContext, depth: number, stack: readonly string[]): Core {
  if (variants.length === 0) return UNKNOWN_PRINTED;
  const members = variants.filter((v) => !isNullSchema(v, ctx.schemas));
  const nullable = members.length < variants.length;
  if (members.length === 0) return NULL_PRINTED;
  if (members.length === 1) return { ...ctx.convert(members[0], ctx, depth, stack), nullable };
  if (members.length > MAX_UNION_VARIANTS) return { ...cutToZod({ anyOf: members }, ctx, 'variants'), nullable };
  const parts = uniqueByCode(members.map((v) => schemaToZod(v, ctx, depth, stack)));
  // One member the contract leaves untyped makes the whole union accept anything; say so plainly.
  if (parts.some((p) => p.code.startsWith(UNKNOWN))) return UNKNOWN_PRINTED;
  const union = parts.length === 1 ? parts[0]! : unionOf(parts);
  // zod lists a union as accepting undefined when a member does (a member with a default, a map read from pairs):
  // the property is then listed as optional.
  const optional = parts.some((p) => p.optional || p.pairs !== undefined);
  // A list beside objects is also read from its list form (listForm.ts): finish wraps the union in that reader.
  const list = ctx.mode === 'input' && parts.length > 1 ? listFormKey(parts.map((p) => p.json)) : undefined;
  // A list the wire merge of its members puts beside an object below it is read there in its list form too.
  const places =
    ctx.mode === 'input' && parts.length > 1
      ? mergedListPlaces(list ? withKeys(union.json, { [LIST_KEYWORD]: list }) : union.json)
      : undefined;
  if (list !== undefined || places !== undefined) ctx.frame.readers.use('lists');
  return {
    code: union.code,
    json: union.json,
    hasDefault: false,
    nullable,
    ...(optional ? { optional } : {}),
    ...(list ? { list } : {}),
    ...(places ? { places } : {}),
  };
}

/** Members printed the same are one member (the first one's JSON: the same code lists the same). */
function uniqueByCode(parts: readonly Printed[]): Printed[] {
  const seen = new Map<string, Printed>();
  for (const part of parts) if (!seen.has(part.code)) seen.set(part.code, part);
  return [...seen.values()];
}

function arrayToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: readonly string[]): Printed {
  // A tuple's items are not spelled out (any value each): untyped too.
  const items = Array.isArray(s.items)
    ? anyJsonInput(UNKNOWN_PRINTED, ctx)
    : itemsToZod(s.items as JsonSchema | undefined, ctx, depth + 1, stack);
  let out = `z.array(${items.code})`;
  const json: JsonNode = { type: 'array', items: items.json };
  if (ctx.mode === 'input') {
    if (typeof s.minItems === 'number' && s.minItems > 0) {
      out = chain(out, 'min', String(s.minItems));
      json.minItems = s.minItems;
    }
    if (typeof s.maxItems === 'number') {
      out = chain(out, 'max', String(s.maxItems));
      json.maxItems = s.maxItems;
    }
  }
  return { code: out, json };
}

const NONE_REQUIRED: ReadonlySet<unknown> = new Set();

function objectToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: readonly string[]): Printed {
  const properties = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) && s.required.length > 0 ? new Set(s.required) : NONE_REQUIRED;
  const skip = ctx.mode === 'input' ? 'readOnly' : 'writeOnly';
  const entries: string[] = [];
  // No prototype: a property may be named `__proto__`.
  const props: JsonNode = Object.create(null) as JsonNode;
  const requiredNames: string[] = [];
  for (const name of Object.keys(properties)) {
    const prop = properties[name];
    if (isObject(prop) && prop[skip] === true) continue;
    const printed = propertyToZod(prop as JsonSchema, required.has(name), ctx, depth + 1, stack);
    entries.push(`${propertyKey(name)}: ${printed.code}`);
    props[name] = printed.json;
    if (printed.required) requiredNames.push(name);
  }
  const additional = s.additionalProperties;
  if (entries.length === 0) {
    if (additional === false)
      return ctx.mode === 'input' ? { code: `z.object${SHAPE_TYPE}({})`, json: { type: 'object' } } : EMPTY_OBJECT_PRINTED;
    const values = isObject(additional) ? schemaToZod(additional, ctx, depth + 1, stack) : UNKNOWN_PRINTED;
    const record: Printed = { code: call('z.record', 'z.string()', values.code), json: objectJson(undefined, [], values.json) };
    return ctx.mode === 'input' ? mapFromPairs(record, values, ctx) : record;
  }
  const shape = `{ ${entries.join(', ')} }`;
  if (ctx.mode === 'output') return { code: `z.looseObject${SHAPE_TYPE}(${shape})`, json: objectJson(props, requiredNames) };
  if (isObject(additional) && Object.keys(additional).length > 0) {
    const values = schemaToZod(additional, ctx, depth + 1, stack);
    return {
      code: chain(call(`z.object${SHAPE_TYPE}`, shape), 'catchall', values.code),
      json: objectJson(props, requiredNames, values.json),
    };
  }
  // The contract allows unknown keys unless it says otherwise; passing them on is what the API expects.
  // (zod lists a plain z.object's input with unknown keys allowed: the keyword appears only on strict objects.)
  return {
    code: additional === false ? `z.object${SHAPE_TYPE}(${shape})` : `z.looseObject${SHAPE_TYPE}(${shape})`,
    json: objectJson(props, requiredNames),
  };
}

/** An input map, marked to be read from `{key, value}` pairs too (finish wraps it: schemaToZod.ts pairsReader). */
function mapFromPairs(record: Printed, values: Printed, ctx: ZodContext): Printed {
  ctx.frame.readers.use('pairs');
  return { ...record, pairs: values.code === UNKNOWN ? 'json' : 'value' };
}

/** An object's JSON Schema; `additional` `{}` (anything) restates the default and is left out. */
export function objectJson(properties: JsonNode | undefined, required: readonly string[], additional?: JsonNode | false): JsonNode {
  const json: JsonNode = { type: 'object' };
  if (properties && Object.keys(properties).length > 0) json.properties = properties;
  if (required.length > 0) json.required = [...required];
  if (additional === false || (additional !== undefined && Object.keys(additional).length > 0)) json.additionalProperties = additional;
  return json;
}
