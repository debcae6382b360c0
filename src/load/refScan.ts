/**
 * Where `$ref`s are followed. Vendor extensions (`x-*`) and literal values (`example`, `enum`, `const`,
 * `default`, an Example Object's `value`, array `examples`) are data, not references: Azure specs point
 * `x-ms-examples` at example files that are often not shipped, and an example payload may legitimately
 * contain a `$ref` key.
 * Inside maps of names (`properties`, `definitions`, ...) every key is a name, so none of this applies.
 */

/** Objects whose keys are names or status codes (a response may be called `default`, a property `example`). */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'schemas',
  'dependentSchemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'content',
  'links',
  'callbacks',
  'paths',
  'webhooks',
  'pathItems',
  'securitySchemes',
  'variables',
  'encoding',
]);
/** `value` is the payload of an Example Object (GitHub's spec holds megabytes of them). */
const LITERAL_KEYS = new Set(['example', 'enum', 'const', 'default', 'value']);

/** True when the value under `key` (inside an object reached through `parentKey`) may hold followable refs. */
export function isFollowableKey(key: string, value: unknown, parentKey: string | undefined): boolean {
  if (parentKey !== undefined && NAME_MAPS.has(parentKey)) return true;
  if (key.startsWith('x-')) return false;
  if (LITERAL_KEYS.has(key)) return false;
  if (key === 'examples' && Array.isArray(value)) return false;
  return true;
}

export function isRemoteRef(ref: string): boolean {
  // A URI scheme (`https:`, `urn:`), but not a Windows drive letter (`C:`).
  return /^[a-z][a-z0-9+.-]+:/i.test(ref);
}

/** Cheap pre-check for the fast path: does any followable `$ref` leave the document? (Recursive: no allocation per node.) */
export function hasExternalRefs(document: unknown): boolean {
  return scan(document, undefined);
}

function scan(node: unknown, parentKey: string | undefined): boolean {
  if (Array.isArray(node)) {
    for (const item of node) if (item !== null && typeof item === 'object' && scan(item, undefined)) return true;
    return false;
  }
  const record = node as Record<string, unknown>;
  const ref = record.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return true;
  for (const key in record) {
    const value = record[key];
    if (value !== null && typeof value === 'object' && isFollowableKey(key, value, parentKey) && scan(value, key)) return true;
  }
  return false;
}
