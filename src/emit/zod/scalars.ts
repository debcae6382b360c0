/**
 * Leaf schemas (string, number, integer, boolean, enum, const) as zod code. Input schemas keep the
 * contract's constraints so bad arguments are refused before they reach the upstream; output schemas keep
 * only the base type, because live APIs drift from their contracts (ARCHITECTURE "Contracts drift").
 */
import { call, chain, clipText, literal, quote } from '../code.js';
import { DESCRIPTION_LIMIT, ENUM_TYPE, literalType } from './limits.js';
import type { MemoFrame } from './memo.js';
import type { ZodMode } from './mode.js';
import { patternVerdict } from './patterns.js';
import { type JsonNode, type Printed, UNKNOWN_PRINTED } from './printed.js';
import type { SchemaObject } from './resolve.js';

/** String formats zod checks natively, and the JSON Schema format zod lists for each. */
const STRING_FORMATS: Readonly<Record<string, readonly [string, string]>> = {
  'date-time': ['z.iso.datetime({ offset: true })', 'date-time'],
  date: ['z.iso.date()', 'date'],
  email: ['z.email()', 'email'],
  uuid: ['z.guid()', 'uuid'],
  uri: ['z.url()', 'uri'],
  url: ['z.url()', 'uri'],
  ipv4: ['z.ipv4()', 'ipv4'],
  ipv6: ['z.ipv6()', 'ipv6'],
};

function num(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

/**
 * The contract's pattern as a linear-time check (the runtime's matchesPattern, RE2), with the pattern itself in
 * the JSON Schema the agent reads. A pattern RE2 or ECMA-262 cannot run is left out here (convertResolved says
 * it in the description; emitPatternDiagnostics reports it).
 */
function patternCheck(code: string, pattern: unknown, frame: MemoFrame): { code: string; pattern?: string } {
  if (typeof pattern !== 'string' || patternVerdict(pattern) !== 'linear') return { code };
  frame.readers.use('pattern');
  const text = quote(pattern);
  return { code: chain(code, 'refine', call('matchesPattern', text), quote(`Invalid string: must match pattern ${pattern}`)), pattern };
}

export function stringToZod(s: SchemaObject, mode: ZodMode, frame: MemoFrame): Printed {
  if (mode === 'output') return { code: 'z.string()', json: { type: 'string' } };
  const checked = typeof s.format === 'string' ? STRING_FORMATS[s.format] : undefined;
  let out = checked?.[0] ?? 'z.string()';
  const json: JsonNode = { type: 'string' };
  const min = num(s.minLength);
  const max = num(s.maxLength);
  if (min !== null && min !== '0') {
    out = chain(out, 'min', min);
    json.minLength = Number(min);
  }
  if (max !== null) {
    out = chain(out, 'max', max);
    json.maxLength = Number(max);
  }
  const { code, pattern } = patternCheck(out, s.pattern, frame);
  const printed = withMeta({ code, json }, checked ? undefined : s.format, pattern);
  // A format zod checks itself is listed by zod (`z.url()` as `uri`); the pattern rides beside it in the meta.
  return checked ? { code: printed.code, json: { ...printed.json, format: checked[1] } } : printed;
}

/**
 * What zod does not print itself reaches the JSON Schema the agent reads through `meta`: a format zod does not
 * check (`byte`, `int64`, `password`), and the pattern a `refine` checks.
 */
function withMeta(printed: Printed, format: unknown, pattern?: string): Printed {
  const fields: string[] = [];
  const json: JsonNode = { ...printed.json };
  if (typeof format === 'string' && format.trim() !== '') {
    fields.push(`format: ${quote(format)}`);
    json.format = format;
  }
  if (pattern !== undefined) {
    fields.push(`pattern: ${quote(pattern)}`);
    json.pattern = pattern;
  }
  return fields.length > 0 ? { code: chain(printed.code, 'meta', `{ ${fields.join(', ')} }`), json } : printed;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export function numberToZod(s: SchemaObject, integer: boolean, mode: ZodMode): Printed {
  const type = integer ? 'integer' : 'number';
  if (mode === 'output') return { code: 'z.number()', json: { type: 'number' } };
  let out = integer ? 'z.int()' : 'z.number()';
  const json: JsonNode = { type };
  const minimum = num(s.minimum);
  const maximum = num(s.maximum);
  // 3.0 writes exclusiveMinimum as a boolean beside minimum; 3.1 as the bound itself.
  const exMin = s.exclusiveMinimum === true ? minimum : num(s.exclusiveMinimum);
  const exMax = s.exclusiveMaximum === true ? maximum : num(s.exclusiveMaximum);
  // z.int() keeps to the safe integers: a bound outside them is listed as the safe bound, which is not listed.
  const lower = (bound: string, key: string) => {
    if (!integer || Number(bound) > -MAX_SAFE) json[key] = Number(bound);
  };
  const upper = (bound: string, key: string) => {
    if (!integer || Number(bound) < MAX_SAFE) json[key] = Number(bound);
  };
  if (exMin !== null) {
    out = chain(out, 'gt', exMin);
    lower(exMin, 'exclusiveMinimum');
  } else if (minimum !== null) {
    out = chain(out, 'gte', minimum);
    lower(minimum, 'minimum');
  }
  if (exMax !== null) {
    out = chain(out, 'lt', exMax);
    upper(exMax, 'exclusiveMaximum');
  } else if (maximum !== null) {
    out = chain(out, 'lte', maximum);
    upper(maximum, 'maximum');
  }
  const multipleOf = num(s.multipleOf);
  if (multipleOf !== null && Number(multipleOf) > 0) {
    out = chain(out, 'multipleOf', multipleOf);
    json.multipleOf = Number(multipleOf);
  }
  return withMeta({ code: out, json }, s.format);
}

const MAX_ENUM_VALUES = 500;

/** `enum` (null members removed: the caller makes the result nullable). */
export function enumToZod(values: unknown[], mode: ZodMode): Printed {
  const members = values.filter((v) => v !== null && ['string', 'number', 'boolean'].includes(typeof v));
  if (members.length === 0) return UNKNOWN_PRINTED;
  if (mode === 'output' || members.length > MAX_ENUM_VALUES) return baseTypeOf(members);
  if (members.every((v) => typeof v === 'string')) {
    const unique = [...new Set(members as string[])];
    // zod keeps an enum's values as the keys of an object, and lists them in JavaScript's key order: integer-like
    // keys ('100644') first, ascending, then the rest as written.
    const listed = Object.keys(Object.fromEntries(unique.map((v) => [v, v])));
    return { code: call(`z.enum${ENUM_TYPE}`, `[${unique.map(quote).join(', ')}]`), json: { type: 'string', enum: listed } };
  }
  const literals = [...new Set(members)].map(literalToZod);
  if (literals.length === 1) return literals[0]!;
  return { code: call('z.union', `[${literals.map((l) => l.code).join(', ')}]`), json: { anyOf: literals.map((l) => l.json) } };
}

/**
 * An output enum prints as its base type, so a value the upstream adds later does not fail the call; the values
 * the contract lists are kept as the field's description, for the agent reading the output schema. Null when
 * nothing is listed (no string, number or boolean member).
 */
export function listedValuesNote(values: unknown[]): string | null {
  const members = [...new Set(values.filter((v) => v !== null && ['string', 'number', 'boolean'].includes(typeof v)))];
  if (members.length === 0) return null;
  return clipText(`The contract lists: ${members.map((v) => JSON.stringify(v)).join(', ')}.`, DESCRIPTION_LIMIT);
}

export function constToZod(value: unknown, mode: ZodMode): Printed {
  if (value === null) return { code: 'z.null()', json: { type: 'null' } };
  if (!['string', 'number', 'boolean'].includes(typeof value)) return UNKNOWN_PRINTED;
  return mode === 'output' ? baseTypeOf([value]) : literalToZod(value);
}

/** zod lists a literal as its JavaScript type with `const`, which the portable form spells as a one-value enum. */
function literalToZod(value: unknown): Printed {
  return { code: call(`z.literal${literalType(value)}`, literal(value)), json: { type: typeof value, enum: [value] } };
}

function baseTypeOf(values: unknown[]): Printed {
  const types = new Set(values.map((v) => typeof v));
  if (types.size > 1) return UNKNOWN_PRINTED;
  const only = [...types][0];
  const type = only === 'string' ? 'string' : only === 'number' ? 'number' : 'boolean';
  return { code: `z.${type}()`, json: { type } };
}

/** A `default` that fits the zod type printed for `s`, else null (a mismatched default would not compile). */
export function defaultFor(s: SchemaObject, printed: string): string | null {
  const value = s.default;
  if (value === undefined || value === null) return null;
  if (printed.startsWith(`z.enum${ENUM_TYPE}(`) || printed.startsWith('z.literal') || printed.startsWith('z.union([z.literal')) {
    return Array.isArray(s.enum) && s.enum.includes(value) && typeof value !== 'object' ? literal(value) : null;
  }
  if (typeof value === 'string' && /^z\.(string|iso|email|guid|url|ipv)/.test(printed)) return literal(value);
  if (typeof value === 'number' && /^z\.(number|int)\(/.test(printed)) {
    return printed.startsWith('z.int(') && !Number.isInteger(value) ? null : literal(value);
  }
  if (typeof value === 'boolean' && printed.startsWith('z.boolean(')) return literal(value);
  return null;
}
