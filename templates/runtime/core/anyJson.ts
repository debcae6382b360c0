/**
 * A value the contract leaves untyped (any JSON), back from the spelling its listing offers. OpenAI's strict mode
 * refuses a schema with a subschema of no `type` (and with it every call of the agent that holds the tool), and
 * has no "any JSON"; so such a value is listed as a string, a number, a boolean, null, or `{json: "<JSON text>"}`
 * (wireSchema.ts ANY_KEYWORD). A scalar travels as itself, and a string is never parsed: `"123"` stays the string,
 * and only an object or array needs the wrapper. This reader opens it.
 *
 * Its one edge: a real object whose only own key is `json` holding a string is read as JSON text too (send it as
 * `{json: "{\"json\": \"…\"}"}`). Text that does not parse is refused with the reason, never guessed into a
 * string: the agent meant a value, and sending its text instead would send something else. Anything else passes
 * as it is (the raw object or array too), for the value's own schema, which takes anything.
 */
import type { z } from 'zod';

/** The wrapper's one key. */
export const JSON_KEY = 'json';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reader generated tool files put before an untyped input value: `z.preprocess(anyJson, z.unknown())`. */
export function anyJson(value: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  const text = value[JSON_KEY];
  if (keys.length !== 1 || keys[0] !== JSON_KEY || typeof text !== 'string') return value;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.addIssue({
      code: 'custom',
      input: value,
      message:
        `\`${JSON_KEY}\` must be JSON text (${reason}): send an object or array as {"${JSON_KEY}": "<its JSON text>"}, ` +
        'and a string, number, boolean or null as itself.',
    });
    return value;
  }
}
