/**
 * Enums whose wire values are numbers and whose meaning is a name the contract gives each number: how .NET and
 * Java toolchains write a status enum (`Queued = 0, Running = 1, …`). The wire carries `1`; the contract says it is
 * `Running`. Detection reads the names (they are the vocabulary), the runtime translates each code it reads back
 * to its name (JobFamily `statusCodes`). The forms, each as its toolchain writes it:
 *
 * - NSwag: `x-enumNames`, a list parallel to `enum`.
 * - openapi-generator: `x-enum-varnames`, the same (`x-enum-descriptions` are prose, not names).
 * - AutoRest: `x-ms-enum.values`, objects `{value, name}`.
 * - JSON Schema: `oneOf`/`anyOf` of `{const: <number>, title: <name>}`.
 * - Prose: an integer's description naming every code it says (`1 Queued, 2 Starting, …`: model/describedCodes.ts).
 *
 * Only numeric codes are translated: a string enum's values are already what the wire carries and its names are
 * identifiers for code (`Group+Attachment` named `GroupWithAttachment`). Pure; reads one schema object, no refs.
 */
import { describedCodes } from './describedCodes.js';
import { isObject } from './jsonPointer.js';

type SchemaObject = { [key: string]: unknown };

/** Code → name; codes as the runtime reads them (`String(1)`), in the contract's order. */
export type EnumCodes = ReadonlyArray<readonly [code: string, name: string]>;

/** A name read as a status word: a short identifier or phrase, no markup. */
const NAME = /^[A-Za-z][A-Za-z0-9 _-]{0,63}$/;
/** More codes than any status lists; a hostile contract may list millions. */
const MAX_CODES = 256;

const isCode = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The codes of `values` named by the parallel `names`, or null when they do not pair up one to one. */
function paired(values: unknown, names: unknown): EnumCodes | null {
  if (!Array.isArray(values) || !Array.isArray(names) || values.length !== names.length) return null;
  if (values.length < 2 || values.length > MAX_CODES) return null;
  const out: Array<readonly [string, string]> = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const name = names[i];
    if (!isCode(value) || typeof name !== 'string' || !NAME.test(name)) return null;
    out.push([String(value), name]);
  }
  return distinct(out);
}

/** Codes and names each once: two names for one code (or one name for two codes) say nothing reliable. */
function distinct(pairs: Array<readonly [string, string]>): EnumCodes | null {
  const codes = new Set(pairs.map(([c]) => c));
  const names = new Set(pairs.map(([, n]) => n.toLowerCase()));
  return codes.size === pairs.length && names.size === pairs.length ? pairs : null;
}

/** AutoRest: `x-ms-enum: {values: [{value: 0, name: 'Queued'}]}`. */
function msEnumCodes(s: SchemaObject): EnumCodes | null {
  const ext = s['x-ms-enum'];
  // Bounded before it is read: the readers ask this of every status-like member, and one hostile list may be long.
  if (!isObject(ext) || !Array.isArray(ext['values']) || ext['values'].length > MAX_CODES) return null;
  const entries = ext['values'].filter(isObject);
  return paired(
    entries.map((e) => e['value']),
    entries.map((e) => e['name']),
  );
}

/** `oneOf`/`anyOf` of `{const: 0, title: 'Queued'}` (JSON Schema's named enum). */
function titledConsts(s: SchemaObject): EnumCodes | null {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length < 2 || branches.length > MAX_CODES) continue;
    const objects = branches.filter(isObject);
    if (objects.length !== branches.length) continue;
    const found = paired(
      objects.map((b) => (Array.isArray(b['enum']) && b['enum'].length === 1 ? b['enum'][0] : b['const'])),
      objects.map((b) => b['title']),
    );
    if (found) return found;
  }
  return null;
}

/** The description's codes, each code and name once, at most MAX_CODES (a description is bounded; its list is too). */
function describedOnce(s: SchemaObject): EnumCodes | null {
  const pairs = describedCodes(s);
  return pairs && pairs.length <= MAX_CODES ? distinct(pairs) : null;
}

/** The codes an enum schema names, by the first form it is written in; null for anything else. */
export function enumCodes(schema: unknown): EnumCodes | null {
  if (!isObject(schema)) return null;
  return (
    paired(schema['enum'], schema['x-enumNames']) ??
    paired(schema['enum'], schema['x-enum-varnames']) ??
    msEnumCodes(schema) ??
    titledConsts(schema) ??
    describedOnce(schema)
  );
}
