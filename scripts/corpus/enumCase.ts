/**
 * The `enumCase` rewrite of the metamorphic test: every word-like string enum value respelled in another case
 * convention, the same way everywhere in the spec (one map per spec), with the places that quote it: `default`,
 * `example` and `const` beside the enum, `x-ms-enum` values, example documents, and the enum's own description.
 * UPPER_SNAKE values become `lower_snake` or `PascalCase` (by the caller's choice), any other case becomes
 * UPPER_SNAKE. A vendor could have spelled its states either way; a rule that reads states must not care.
 *
 * Prose is respelled only in the enum's own description, where a value is plainly a value: a compound (`IN_PROGRESS`,
 * `inProgress`), one with a capital anywhere, or a quoted one (`'running'`, `"running"`, `` `running` ``,
 * `<code>running</code>`), so that ordinary English is left alone. Other prose is left as written: a list there may
 * hold values no enum holds (ECS's cluster status), and respelling only some of them would mix two spellings. An enum whose respelled values would collide
 * (`Active` beside `ACTIVE`) keeps its spelling everywhere.
 */
import type { Json } from './metamorphicTransforms.js';

export type UpperTarget = 'lower_snake' | 'PascalCase';

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value spelled as words: letters first, then letters and digits, joined by `_`, `-` or a space. */
const WORDLIKE = /^[A-Za-z][A-Za-z0-9]*(?:[_\- ][A-Za-z0-9]+)*$/;

/** `IN_PROGRESS`, `inProgress`, `InProgress`, `in-progress` → `in`, `progress`. */
export function wordsOf(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_\- ]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** The value in the other convention: UPPER_SNAKE ↔ `target`; a value with a lower-case letter → UPPER_SNAKE. */
export function respell(value: string, target: UpperTarget): string {
  const words = wordsOf(value);
  if (/[a-z]/.test(value)) return words.map((w) => w.toUpperCase()).join('_');
  if (target === 'lower_snake') return words.join('_');
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Every string enum of the spec whose values are all word-like. */
function collectEnums(value: Json, out: string[][], key?: string): void {
  if (Array.isArray(value)) {
    if (key === 'enum' && value.length > 0 && value.every((v) => typeof v === 'string' && WORDLIKE.test(v))) out.push(value as string[]);
    for (const v of value) collectEnums(v, out);
    return;
  }
  if (!isObject(value)) return;
  for (const [k, v] of Object.entries(value)) collectEnums(v, out, k);
}

/** The spec's respelling map: each enum value to its new spelling, leaving out any value whose enum would collide. */
export function enumRespellings(spec: Json, target: UpperTarget): Map<string, string> {
  const enums: string[][] = [];
  collectEnums(spec, enums);
  const map = new Map<string, string>();
  for (const values of enums) for (const v of values) map.set(v, respell(v, target));
  for (const values of enums) {
    const respelled = values.map((v) => map.get(v) ?? v);
    if (new Set(respelled).size === new Set(values).size) continue;
    for (const v of values) map.delete(v);
  }
  return map;
}

const QUOTE_BEFORE = new Set(["'", '"', '`', '>']);
const QUOTE_AFTER = new Set(["'", '"', '`', '<']);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Prose with the map's values respelled where they read as values (see the module comment). */
export function respellProse(text: string, map: Map<string, string>, pattern: RegExp | null): string {
  if (pattern === null) return text;
  return text.replace(pattern, (match, offset: number) => {
    const quoted = QUOTE_BEFORE.has(text.charAt(offset - 1)) && QUOTE_AFTER.has(text.charAt(offset + match.length));
    if (/^[a-z][a-z0-9]*$/.test(match) && !quoted) return match;
    return map.get(match) ?? match;
  });
}

function prosePattern(map: Map<string, string>): RegExp | null {
  if (map.size === 0) return null;
  const alternatives = [...map.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeRegExp);
  return new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})(?![A-Za-z0-9_])`, 'g');
}

/** Keys whose whole subtree is an example document: a string there equal to an enum value is that value. */
const EXAMPLE_KEYS = new Set(['example', 'examples', 'x-example', 'x-examples']);
/** Keys whose value, when a string equal to an enum value, is that value. */
const VALUE_KEYS = new Set(['default', 'const']);
/** Maps whose keys are names, not keywords: `properties.default` is a property, `responses.default` a response. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'schemas', 'responses', 'parameters', 'headers', 'paths']);

export function respellEnums(spec: Json, target: UpperTarget): Json {
  const map = enumRespellings(spec, target);
  const pattern = prosePattern(map);
  const inExample = (value: Json): Json => {
    if (typeof value === 'string') return map.get(value) ?? value;
    if (Array.isArray(value)) return value.map(inExample);
    if (!isObject(value)) return value;
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = inExample(v);
    return out;
  };
  const walk = (value: Json, key?: string): Json => {
    if (Array.isArray(value)) return value.map((v) => (key === 'enum' && typeof v === 'string' ? (map.get(v) ?? v) : walk(v)));
    // Prose elsewhere is left as written: a list in another schema's description (ECS's cluster status, `<dt>ACTIVE</dt>
    // … <dt>PROVISIONING</dt>`, with no enum) may hold values no enum holds, and respelling some would mix spellings.
    if (!isObject(value)) return value;
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) {
      if (key !== undefined && NAME_MAPS.has(key)) out[k] = walk(v);
      // The enum's own description says what its values say: respelled with them.
      else if (k === 'description' && typeof v === 'string' && Array.isArray(value.enum)) out[k] = respellProse(v, map, pattern);
      else if (EXAMPLE_KEYS.has(k)) out[k] = inExample(v);
      else if (VALUE_KEYS.has(k) && typeof v === 'string') out[k] = map.get(v) ?? v;
      // x-ms-enum lists each value again as `{ value, name, description }` (AutoRest).
      else if (k === 'value' && key === undefined && typeof v === 'string') out[k] = map.get(v) ?? v;
      else out[k] = walk(v, k);
    }
    return out;
  };
  return walk(spec);
}
