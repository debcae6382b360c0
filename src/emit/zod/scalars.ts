/**
 * Leaf schemas (string, number, integer, boolean, enum, const) as zod code. Input schemas keep the
 * contract's constraints so bad arguments are refused before they reach the upstream; output schemas keep
 * only the base type, because live APIs drift from their contracts (ARCHITECTURE "Contracts drift").
 */
import { call, chain, literal, quote } from '../code.js';
import { ENUM_TYPE, literalType } from './limits.js';
import type { MemoFrame } from './memo.js';
import { patternVerdict } from './patterns.js';
import type { SchemaObject } from './resolve.js';

export type ZodMode = 'input' | 'output';

/** String formats zod checks natively; anything else stays a plain string (the format is advisory). */
const STRING_FORMATS: Readonly<Record<string, string>> = {
  'date-time': 'z.iso.datetime({ offset: true })',
  date: 'z.iso.date()',
  email: 'z.email()',
  uuid: 'z.guid()',
  uri: 'z.url()',
  url: 'z.url()',
  ipv4: 'z.ipv4()',
  ipv6: 'z.ipv6()',
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
  frame.usesPattern = true;
  const text = quote(pattern);
  return { code: chain(code, 'refine', call('matchesPattern', text), quote(`Invalid string: must match pattern ${pattern}`)), pattern };
}

export function stringToZod(s: SchemaObject, mode: ZodMode, frame: MemoFrame): string {
  if (mode === 'output') return 'z.string()';
  const checked = typeof s.format === 'string' ? STRING_FORMATS[s.format] : undefined;
  let out = checked ?? 'z.string()';
  const min = num(s.minLength);
  const max = num(s.maxLength);
  if (min !== null && min !== '0') out = chain(out, 'min', min);
  if (max !== null) out = chain(out, 'max', max);
  const { code, pattern } = patternCheck(out, s.pattern, frame);
  return withMeta(code, checked ? undefined : s.format, pattern);
}

/**
 * What zod does not print itself reaches the JSON Schema the agent reads through `meta`: a format zod does not
 * check (`byte`, `int64`, `password`), and the pattern a `refine` checks.
 */
function withMeta(code: string, format: unknown, pattern?: string): string {
  const fields: string[] = [];
  if (typeof format === 'string' && format.trim() !== '') fields.push(`format: ${quote(format)}`);
  if (pattern !== undefined) fields.push(`pattern: ${quote(pattern)}`);
  return fields.length > 0 ? chain(code, 'meta', `{ ${fields.join(', ')} }`) : code;
}

export function numberToZod(s: SchemaObject, integer: boolean, mode: ZodMode): string {
  if (mode === 'output') return 'z.number()';
  let out = integer ? 'z.int()' : 'z.number()';
  const minimum = num(s.minimum);
  const maximum = num(s.maximum);
  // 3.0 writes exclusiveMinimum as a boolean beside minimum; 3.1 as the bound itself.
  const exMin = s.exclusiveMinimum === true ? minimum : num(s.exclusiveMinimum);
  const exMax = s.exclusiveMaximum === true ? maximum : num(s.exclusiveMaximum);
  if (exMin !== null) out = chain(out, 'gt', exMin);
  else if (minimum !== null) out = chain(out, 'gte', minimum);
  if (exMax !== null) out = chain(out, 'lt', exMax);
  else if (maximum !== null) out = chain(out, 'lte', maximum);
  const multipleOf = num(s.multipleOf);
  if (multipleOf !== null && Number(multipleOf) > 0) out = chain(out, 'multipleOf', multipleOf);
  return withMeta(out, s.format);
}

const MAX_ENUM_VALUES = 500;

/** `enum` (null members removed: the caller makes the result nullable). */
export function enumToZod(values: unknown[], mode: ZodMode): string {
  const members = values.filter((v) => v !== null && ['string', 'number', 'boolean'].includes(typeof v));
  if (members.length === 0) return 'z.unknown()';
  if (mode === 'output' || members.length > MAX_ENUM_VALUES) return baseTypeOf(members);
  if (members.every((v) => typeof v === 'string')) {
    const unique = [...new Set(members as string[])];
    return call(`z.enum${ENUM_TYPE}`, `[${unique.map(quote).join(', ')}]`);
  }
  const literals = [...new Set(members)].map(literalToZod);
  return literals.length === 1 ? literals[0]! : call('z.union', `[${literals.join(', ')}]`);
}

export function constToZod(value: unknown, mode: ZodMode): string {
  if (value === null) return 'z.null()';
  if (!['string', 'number', 'boolean'].includes(typeof value)) return 'z.unknown()';
  return mode === 'output' ? baseTypeOf([value]) : literalToZod(value);
}

function literalToZod(value: unknown): string {
  return call(`z.literal${literalType(value)}`, literal(value));
}

function baseTypeOf(values: unknown[]): string {
  const types = new Set(values.map((v) => typeof v));
  if (types.size > 1) return 'z.unknown()';
  const only = [...types][0];
  return only === 'string' ? 'z.string()' : only === 'number' ? 'z.number()' : 'z.boolean()';
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
