/**
 * Where `$ref`s are followed. Vendor extensions (`x-*`, but AutoRest's `x-ms-paths` of path items) and literal values (`example`, `enum`, `const`,
 * `default`, an Example Object's `value`, array `examples`) are data, not references: Azure specs point
 * `x-ms-examples` at example files that are often not shipped, and an example payload may legitimately
 * contain a `$ref` key.
 * Inside maps of names (`properties`, `definitions`, ...) every key is a name, so none of this applies.
 */
import { pointerOf } from '../model/jsonPointer.js';

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
  'x-ms-paths',
  'webhooks',
  'pathItems',
  'securitySchemes',
  'variables',
  'encoding',
]);
/** `value` is the payload of an Example Object (GitHub's spec holds megabytes of them). */
const LITERAL_KEYS = new Set(['example', 'enum', 'const', 'default', 'value']);

/**
 * Keys whose value OpenAPI never lets be a Reference Object or a Schema: prose and identifiers (strings) and the
 * objects that cannot be referenced (Info, Contact, License, External Documentation, Tag, Server, security
 * requirements, Discriminator, XML). A `$ref` under one of them is never read: a `description: {$ref:
 * ../../.npmrc}` would otherwise copy a local file into the server's instructions, tool descriptions and README.
 */
const NO_REF_KEYS = new Set([
  'description',
  'summary',
  'title',
  'operationId',
  'name',
  'in',
  'url',
  'version',
  'pattern',
  'format',
  'termsOfService',
  'info',
  'contact',
  'license',
  'externalDocs',
  'tags',
  'servers',
  'security',
  'discriminator',
  'xml',
]);

/** True when the value under `key` (inside an object reached through `parentKey`) may hold followable refs. */
export function isFollowableKey(key: string, value: unknown, parentKey: string | undefined): boolean {
  if (parentKey !== undefined && NAME_MAPS.has(parentKey)) return true;
  // AutoRest's `x-ms-paths` holds path items as `paths` does (normalize/toOperations.ts reads both).
  if (key === 'x-ms-paths') return true;
  if (key.startsWith('x-')) return false;
  if (LITERAL_KEYS.has(key) || NO_REF_KEYS.has(key)) return false;
  if (key === 'examples' && Array.isArray(value)) return false;
  return true;
}

/** A place where OpenAPI allows no `$ref` (see NO_REF_KEYS): one found there is reported and not read. */
export function isRefFreeKey(key: string, parentKey: string | undefined): boolean {
  return NO_REF_KEYS.has(key) && (parentKey === undefined || !NAME_MAPS.has(parentKey));
}

/** Every `$ref` that leaves the document inside a value that is never followed, with its pointer. */
export function externalRefsIn(
  node: unknown,
  pointer: string,
  found: { ref: string; pointer: string }[] = [],
): { ref: string; pointer: string }[] {
  if (node === null || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) externalRefsIn(node[i], pointerOf(pointer, i), found);
    return found;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) found.push({ ref: value, pointer: pointerOf(pointer, key) });
    else externalRefsIn(value, pointerOf(pointer, key), found);
  }
  return found;
}

export function isRemoteRef(ref: string): boolean {
  // A URI scheme (`https:`, `urn:`), but not a Windows drive letter (`C:`).
  return /^[a-z][a-z0-9+.-]+:/i.test(ref);
}

/**
 * Cheap pre-check for the fast path: does any followable `$ref` leave the document, or one sit where OpenAPI allows
 * none (the bundler reports those)? Recursive: no allocation per node.
 */
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
    if (value === null || typeof value !== 'object') continue;
    if (isFollowableKey(key, value, parentKey) ? scan(value, key) : isRefFreeKey(key, parentKey) && hasAnyExternalRef(value)) return true;
  }
  return false;
}

function hasAnyExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some((item) => item !== null && typeof item === 'object' && hasAnyExternalRef(item));
  const record = node as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true;
    if (value !== null && typeof value === 'object' && hasAnyExternalRef(value)) return true;
  }
  return false;
}
