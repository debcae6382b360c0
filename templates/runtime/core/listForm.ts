/**
 * A union's list member sent in its list form, `{list: […]}`, back into the list the union takes. A list (or a map
 * listed as pairs) beside object members of a union is listed as one more object member holding it under one key
 * (wireSchema.ts LIST_KEYWORD): LangChain's simplifier keeps only a union's object members, so the list was lost
 * to every model behind it. The list itself is still accepted, as it is.
 *
 * An object holding the key and other properties beside it is ambiguous (the list form, or an object member with
 * one property too many): refused by name, rather than guessed. Anything else is left for the union to judge.
 */
import type { z } from 'zod';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reader for one union (`key` is the name its listing gives the list: `list`, or one no member uses). */
export function listForm(key: string): (value: unknown, ctx: z.core.$RefinementCtx) => unknown {
  return (value, ctx) => {
    if (!isRecord(value) || !Object.hasOwn(value, key) || !Array.isArray(value[key])) return value;
    const others = Object.keys(value).filter((name) => name !== key);
    if (others.length === 0) return value[key];
    ctx.addIssue({
      code: 'custom',
      input: value,
      message:
        `\`${key}\` is this value's list form and takes nothing beside it (${others.map((n) => `\`${n}\``).join(', ')}): ` +
        `send the list alone as {${key}: […]}, or an object without \`${key}\`.`,
    });
    return value;
  };
}
