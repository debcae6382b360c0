/**
 * A map argument as a list of `{key, value}` pairs, back into the object the upstream takes. Free-form maps are
 * listed that way (wireSchema.ts): OpenAI's strict mode and Gemini accept no object without named properties,
 * and a list of pairs names them. The object itself is still accepted, as it is; anything else is left for the
 * map's own schema to refuse. A repeated key keeps its last value, as in JSON text.
 */

const isPair = (item: unknown): item is { key: string; value?: unknown } =>
  typeof item === 'object' && item !== null && typeof (item as { key?: unknown }).key === 'string';

/** `[{key, value}]` → `{key: value}`; values as sent. */
export function fromPairs(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every(isPair)) return value;
  // Object.fromEntries defines own properties: a key named `__proto__` is a key, never the prototype.
  return Object.fromEntries(value.map((pair) => [pair.key, pair.value]));
}

/**
 * `[{key, value}]` → `{key: value}` for a map whose values are any JSON: each value was listed as JSON text
 * (the providers' schema subsets have no "any value"), so a text that parses is its value; one that does not is
 * taken as the string it is.
 */
export function fromJsonPairs(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every(isPair)) return value;
  return Object.fromEntries(value.map((pair) => [pair.key, typeof pair.value === 'string' ? parsedOrText(pair.value) : pair.value]));
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The two readers by the kind of map values, as generated tool files name them (`pairs.values`, `pairs.json`). */
export const pairs = { values: fromPairs, json: fromJsonPairs } as const;
