/**
 * The one value a parameter's schema admits: read by emit, which sends such a parameter as a constant instead of
 * asking the agent for it (emit/operationParts.ts), and by detect, which therefore counts it as supplied when it
 * weighs whether a linked operation needs anything the job does not carry (detect/read/operationInputs.ts). One
 * reading for both, so detect never links an operation on a value emit would not send.
 */
import type { JsonSchema } from './ir.js';
import { isObject } from './jsonPointer.js';
import { followRefs, schemasLookup } from './schemaRefs.js';

/**
 * The one value a required parameter's schema admits (`enum: [x]` or `const: x`, a string, number or boolean
 * without control characters), else undefined. A schema behind a `$ref` is read through it, and so is a
 * composition of one branch (`oneOf: [{const: x}]`, `allOf: [{$ref: Version}]`): by JSON Schema, that branch.
 */
export function singleValue(schema: JsonSchema, schemas: Record<string, JsonSchema> = {}): string | undefined {
  const resolved = unwrappedSchema(schema, schemas);
  if (!isObject(resolved)) return undefined;
  const values = 'const' in resolved ? [resolved.const] : Array.isArray(resolved.enum) ? resolved.enum : [];
  if (values.length !== 1) return undefined;
  const value = values[0];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const text = String(value);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  return /[\u0000-\u001f\u007f]/.test(text) ? undefined : text;
}

/**
 * A parameter's schema as a value reader sees it: behind its `$ref`s, and through each composition of one branch
 * (a few steps: a cycle ends), unless it states its own values. A ref that is missing or loops reads as `{}`.
 */
export function unwrappedSchema(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  let resolved = behindRefs(schema, schemas);
  for (let depth = 0; depth < 8 && isObject(resolved) && !('const' in resolved) && resolved.enum === undefined; depth++) {
    const branch = soleBranch(resolved);
    if (branch === undefined) break;
    resolved = behindRefs(branch, schemas);
  }
  return resolved;
}

function behindRefs(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  const chain = followRefs(schema, schemasLookup(schemas), { keepSiblings: true });
  return chain.stop === undefined ? (chain.value as JsonSchema) : {};
}

/** The one branch of a schema that is nothing but `oneOf`, `anyOf` or `allOf` of one (annotations beside it). */
function soleBranch(schema: Record<string, unknown>): JsonSchema | undefined {
  const compositions = ['oneOf', 'anyOf', 'allOf'].filter((k) => schema[k] !== undefined);
  if (compositions.length !== 1) return undefined;
  const branches = schema[compositions[0]!];
  return Array.isArray(branches) && branches.length === 1 ? (branches[0] as JsonSchema) : undefined;
}
