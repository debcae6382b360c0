/**
 * The schema rules two model providers publish, as checks over the schema a framework sends them. Pure: the
 * frameworks' own converters produce the input (the OpenAI Agents SDK's strict conversion, @ai-sdk/google's
 * OpenAPI conversion); these functions only read it.
 *
 * OpenAI strict mode (Structured Outputs, "Supported schemas"): the root is an object; every object lists all its
 * properties in `required` and has `additionalProperties: false`; besides the structural keywords only these
 * constraints are accepted: strings `pattern` and `format` (date-time, time, date, duration, email, hostname,
 * ipv4, ipv6, uuid), numbers `multipleOf`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, arrays
 * `minItems`, `maxItems`. An object with no properties is counted too: strict mode lets the model send only `{}`.
 *
 * Gemini function declarations (the OpenAPI 3.0 subset of its `Schema` type): the fields listed in
 * GEMINI_KEYS; `format` only `enum`/`date-time` for strings, `float`/`double` for numbers, `int32`/`int64` for
 * integers; an OBJECT needs non-empty `properties`; an ARRAY needs `items`.
 */
import type { Json } from './schemaPaths.js';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const STRUCTURAL = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'properties',
  'required',
  'additionalProperties',
  'items',
]);
const OPENAI_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['pattern', 'format'],
  number: ['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  integer: ['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  array: ['minItems', 'maxItems'],
};
const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const typesOf = (node: Json): string[] =>
  Array.isArray(node.type) ? node.type.map(String) : typeof node.type === 'string' ? [node.type] : [];

function eachSubschema(node: Json, visit: (sub: unknown, where: string) => void): void {
  if (isObject(node.properties)) for (const [name, sub] of Object.entries(node.properties)) visit(sub, `.${name}`);
  if (Array.isArray(node.items))
    node.items.forEach((sub, i) => {
      visit(sub, `[${i}]`);
    });
  else if (node.items !== undefined) visit(node.items, '[]');
  if (isObject(node.additionalProperties)) visit(node.additionalProperties, '{}');
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(node[key]))
      (node[key] as unknown[]).forEach((sub, i) => {
        visit(sub, `.${key}[${i}]`);
      });
  for (const key of ['$defs', 'definitions'])
    if (isObject(node[key])) for (const [name, sub] of Object.entries(node[key] as Json)) visit(sub, `.${key}.${name}`);
}

/** OpenAI strict-mode problems of one tool's parameters, each as `path: rule`. */
export function openAiStrictProblems(schema: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(schema) || schema.type !== 'object') return ['(root): not an object schema'];
  const visit = (node: unknown, path: string): void => {
    if (!isObject(node)) {
      problems.push(`${path}: boolean or missing schema`);
      return;
    }
    const types = typesOf(node);
    for (const key of Object.keys(node)) {
      if (STRUCTURAL.has(key)) continue;
      if (!types.some((t) => OPENAI_BY_TYPE[t]?.includes(key))) problems.push(`${path}: keyword ${key}`);
    }
    if (typeof node.format === 'string' && !OPENAI_FORMATS.has(node.format)) problems.push(`${path}: format ${node.format}`);
    if (types.includes('object') || isObject(node.properties)) {
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
      const keys = isObject(node.properties) ? Object.keys(node.properties) : [];
      if (keys.length === 0) problems.push(`${path}: object with no properties`);
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const key of keys) if (!required.has(key)) problems.push(`${path}.${key}: not required`);
    }
    if (types.length === 0 && node.enum === undefined && node.const === undefined && node.anyOf === undefined && node.$ref === undefined)
      problems.push(`${path}: no type`);
    eachSubschema(node, (sub, where) => visit(sub, `${path}${where}`));
  };
  visit(schema, '');
  return problems;
}

const GEMINI_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

/** Gemini function-declaration problems of one tool's converted `parameters` (undefined: a tool with none). */
export function geminiProblems(parameters: unknown): string[] {
  if (parameters === undefined) return [];
  const problems: string[] = [];
  const visit = (node: unknown, path: string): void => {
    if (!isObject(node)) {
      problems.push(`${path}: not a schema`);
      return;
    }
    for (const key of Object.keys(node)) if (!GEMINI_KEYS.has(key)) problems.push(`${path}: keyword ${key}`);
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
    if (node.type !== undefined && (type === undefined || !GEMINI_TYPES.has(type)))
      problems.push(`${path}: type ${JSON.stringify(node.type)}`);
    if (typeof node.format === 'string' && !(type && GEMINI_FORMATS[type]?.includes(node.format)))
      problems.push(`${path}: format ${node.format}`);
    if (type === 'object' && !(isObject(node.properties) && Object.keys(node.properties).length > 0))
      problems.push(`${path}: object with no properties`);
    if (type === 'array' && node.items === undefined) problems.push(`${path}: array with no items`);
    eachSubschema(node, (sub, where) => visit(sub, `${path}${where}`));
  };
  visit(parameters, '');
  return problems;
}
