/** SchemaReader.formatOf: a schema's `format`, through refs and into the first non-null branch that has one. */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { componentSchemas, createModel, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const reader = new SchemaReader(
  createModel([], { schemas: componentSchemas({ Stamp: { type: 'integer', format: 'unixtime' }, Plain: { type: 'string' } }) }),
);

describe('SchemaReader.formatOf', () => {
  it.each<[string, JsonSchema | undefined, string | undefined]>([
    ['its own format, lower-cased', { type: 'string', format: 'Date-Time' }, 'date-time'],
    ['through a $ref', createSchemaRef('Stamp'), 'unixtime'],
    ['the non-null branch of a nullable anyOf', { anyOf: [{ type: 'null' }, { type: 'integer', format: 'unixtime' }] }, 'unixtime'],
    ['a oneOf branch behind a $ref', { oneOf: [createSchemaRef('Stamp')] }, 'unixtime'],
    ['a null branch with a format does not count', { anyOf: [{ type: 'null', format: 'x' }, { type: 'string' }] }, undefined],
    ['no format anywhere', createSchemaRef('Plain'), undefined],
    ['no schema', undefined, undefined],
  ])('%s', (_, schema, format) => {
    expect(reader.formatOf(schema)).toBe(format);
  });
});
