/**
 * Swagger 2.0 → OpenAPI 3 shapes: non-body parameters and response headers carry their schema inline
 * (type, format, items, enum, limits); `in: body` / `in: formData` become a request body with the
 * operation's `consumes` media types; `collectionFormat` becomes style/explode.
 */

import type { JsonSchema, MediaContent, ParameterLocation } from '../model/ir.js';
import { isObject } from '../model/jsonPointer.js';
import { mediaEssence } from '../model/mediaTypes.js';
import { DEFAULT_PARAM_STYLE } from '../model/paramStyle.js';

/** Keys of a Swagger 2 parameter / header / items object that are JSON Schema keywords. */
export const SCHEMA_KEYS: readonly string[] = [
  'type',
  'format',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
  'x-nullable',
];

/** The JSON Schema a Swagger 2 non-body parameter, header or `items` object describes. */
export function swagger2InlineSchema(item: Record<string, unknown>): JsonSchema {
  if (item.type === 'file') return { type: 'string', format: 'binary' };
  const schema: Record<string, unknown> = {};
  for (const key of SCHEMA_KEYS) if (item[key] !== undefined) schema[key] = item[key];
  if (isObject(item.items)) schema.items = swagger2InlineSchema(item.items);
  return schema;
}

export interface StyleExplode {
  style: string;
  explode: boolean;
  /** tsv has no OpenAPI 3 equivalent. */
  unsupported?: string;
}

export function collectionFormatStyle(format: unknown, location: ParameterLocation): StyleExplode {
  const plain = DEFAULT_PARAM_STYLE[location];
  switch (format) {
    case 'multi':
      return { style: 'form', explode: true };
    case 'ssv':
      return { style: 'spaceDelimited', explode: false };
    case 'pipes':
      return { style: 'pipeDelimited', explode: false };
    case 'tsv':
      return { style: plain, explode: false, unsupported: 'tsv' };
    default: // csv is the Swagger 2 default
      return { style: plain, explode: false };
  }
}

/** `consumes` / `produces` of the operation, else of the document, else JSON; lower-cased as the IR wants. */
export function mediaTypesOf(
  operation: Record<string, unknown>,
  document: Record<string, unknown>,
  key: 'consumes' | 'produces',
): string[] {
  const own = operation[key];
  const list = Array.isArray(own) ? own : Array.isArray(document[key]) ? (document[key] as unknown[]) : ['application/json'];
  const types = list.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase());
  return types.length > 0 ? types : ['application/json'];
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export interface FormField {
  name: string;
  required: boolean;
  description?: string;
  raw: Record<string, unknown>;
}

/** formData parameters → one object schema, under each form media type the operation consumes. */
export function formDataContent(fields: FormField[], consumes: string[]): MediaContent[] {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of fields) {
    const schema = swagger2InlineSchema(field.raw) as Record<string, unknown>;
    if (field.description !== undefined) schema.description = field.description;
    properties[field.name] = schema;
    if (field.required) required.push(field.name);
  }
  const schema: Record<string, unknown> = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  let types = consumes.filter((t) => FORM_TYPES.includes(mediaEssence(t)));
  if (types.length === 0) types = [fields.some((f) => f.raw.type === 'file') ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
  return types.map((mediaType) => ({ mediaType, schema }));
}
