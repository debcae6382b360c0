/**
 * Numeric status codes named in the schema's own prose, the form vendors without a toolchain extension write
 * (model/enumCodes.ts has the extensions): `1 Queued, 2 Starting, 3 Running, 10 Success` (dbt Cloud's runs),
 * `0: not finished, 1: successful, 2: failed` (Bitrise's builds), `0=running, 1=calibrating`, `Queued = 0, Running = 1`.
 *
 * Prose says numbers for other reasons too ("pass 1 to block the user", "HTTP 404"), so the description is read as a
 * code list only when every number it says is a code it names, each in one of the forms above, and, where the schema
 * also lists an enum, the named codes are exactly the listed ones. Pure; reads one schema object, no refs; bounded
 * (a hostile description may be long), linear in its length.
 */
import { isObject } from './jsonPointer.js';

/** Code → name, as enumCodes.ts returns them (duplicated type: that module imports this one). */
type Pairs = Array<readonly [string, string]>;

/** Longer prose than a code list's is no code list; also the bound on the work one description costs. */
const MAX_TEXT = 2000;
/** An item longer than a lead-in sentence and one code is not one code. */
const MAX_ITEM = 160;
/** A gloss in parentheses after a name (`not finished (on hold or running)`): no number inside, else it is the list. */
const GLOSS = /\([^()\d]*\)/g;
/** Markup around names (`` `404 NOT FOUND` ``, `**Queued**`, quotes). */
const MARKUP = /[`*"“”]/g;
/** Where one named code ends: a comma, semicolon, bar, line break, sentence end, or `and`/`or` before the last. */
const ITEM_BREAK = /[,;|\n]|\.\s|\s(?:and|or)\s/;
/** `1 Queued`, `1: Queued`, `1 = Queued`, `1 - Queued`, `1) Queued`, `0 for Unactivated`, after any lead-in words. */
const CODE_FIRST = /(?:^|[\s(:])(\d{1,6})(?:\s*[:=)\u2013-]\s*|\s+(?:for|is|means)\s+|\s+)([A-Za-z][A-Za-z0-9 _-]{0,63})$/;
/** `Queued = 0`, `Queued (0)`: the .NET way of saying a member's value. */
const NAME_FIRST = /^([A-Za-z][A-Za-z0-9 _-]{0,63}?)\s*(?:=\s*(\d{1,6})|\(\s*(\d{1,6})\s*\))$/;

const isNumeric = (s: Record<string, unknown>): boolean => {
  const types = Array.isArray(s['type']) ? s['type'] : [s['type']];
  return types.includes('integer') || types.includes('number');
};

/** One item's code and name, or null when it names none. */
function namedCode(item: string): readonly [string, string] | null {
  const text = item
    .trim()
    .replace(/[.)]+$/, '')
    .trim();
  if (text === '' || text.length > MAX_ITEM) return null;
  const first = CODE_FIRST.exec(text);
  if (first) return [String(Number(first[1])), first[2]!.trim().replace(/\s+/g, ' ')];
  const named = NAME_FIRST.exec(text);
  if (named) return [String(Number(named[2] ?? named[3])), named[1]!.trim().replace(/\s+/g, ' ')];
  return null;
}

/** The codes a numeric schema's description names, or null when it names none, or not all it says. */
export function describedCodes(schema: unknown): Pairs | null {
  if (!isObject(schema) || !isNumeric(schema)) return null;
  const text = schema['description'];
  if (typeof text !== 'string' || text.length > MAX_TEXT) return null;
  const plain = text.replace(GLOSS, ' ').replace(MARKUP, '');
  const numbers = plain.match(/\d+/g)?.length ?? 0;
  if (numbers < 2) return null;
  const pairs: Pairs = [];
  for (const item of plain.split(ITEM_BREAK)) {
    if (!/\d/.test(item)) continue;
    const code = namedCode(item);
    if (!code) return null;
    pairs.push(code);
  }
  // Each number said is one code named: a number left over is prose that says something else.
  if (pairs.length !== numbers) return null;
  const listed = schema['enum'];
  if (Array.isArray(listed)) {
    const codes = new Set(pairs.map(([c]) => c));
    if (listed.length !== codes.size || !listed.every((v) => typeof v === 'number' && codes.has(String(v)))) return null;
  }
  return pairs;
}
