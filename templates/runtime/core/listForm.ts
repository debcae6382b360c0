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
import type { ListPlace } from '../wireUnion.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type Reader = (value: unknown, ctx: z.core.$RefinementCtx) => unknown;

/**
 * The reader for one union: `key` is the name its listing gives its own list (`list`, or one no member uses);
 * `places`, the places below it where its wire merge lifts lists (listForms).
 */
export function listForm(keyOrPlaces: string | readonly ListPlace[]): Reader {
  return typeof keyOrPlaces === 'string' ? readOwn(keyOrPlaces) : listForms(keyOrPlaces);
}

function readOwn(key: string): Reader {
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

/**
 * The reader for a union whose wire spelling lifts lists into their list form below it (wireSchema.ts
 * LISTS_KEYWORD): merging its members put one member's list beside another member's object (OpenAI's eval data
 * sources, whose message `content` is `string | array` in one and `string | part | …` in another), and LangChain's
 * simplifier drops a list beside objects. At each place (property names, `null` for every item of an array), a
 * value that is `{[key]: […]}` alone is the list; deeper places first, so a shallower one never hides them. The key
 * is one no object at that place has, so no object member takes that value; a map member there would (a map with
 * one key), and is read as the list, as listForm does. Everything else is left for the union to judge.
 */
function listForms(places: readonly ListPlace[]): Reader {
  return (value, ctx) => places.reduce((out, [path, key]) => readAt(out, path, 0, key, ctx), value);
}

function readAt(value: unknown, path: readonly (string | null)[], at: number, key: string, ctx: z.core.$RefinementCtx): unknown {
  if (at === path.length) return readOwn(key)(value, ctx);
  const step = path[at];
  if (step === null || step === undefined) {
    if (!Array.isArray(value)) return value;
    const read = value.map((item) => readAt(item, path, at + 1, key, ctx));
    return read.some((item, i) => item !== value[i]) ? read : value;
  }
  if (!isRecord(value) || !Object.hasOwn(value, step)) return value;
  const inner = value[step];
  const read = readAt(inner, path, at + 1, key, ctx);
  if (read === inner) return value;
  // A copy (the caller's arguments stay as sent), the property defined, so a `__proto__` step stays a property.
  const copy = { ...value };
  Object.defineProperty(copy, step, { value: read, enumerable: true, writable: true, configurable: true });
  return copy;
}
