/**
 * SchemaReader.fingerprint: a shape's identity for "the start answers what the poll reads". A `data` envelope
 * (`{data, errors}`, Twitter's and JSON:API's style) is told apart by the record it carries: before, every answer of
 * such an API shared one fingerprint, and a 201 that created a DM conversation was paired with the compliance job read.
 */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { componentSchemas, createModel, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const reader = new SchemaReader(
  createModel([], {
    schemas: componentSchemas({
      Job: obj({ id: { type: 'string' }, status: { type: 'string' } }),
      Conversation: obj({ dm_conversation_id: { type: 'string' } }),
    }),
  }),
);
const envelope = (record: JsonSchema) => obj({ data: record, errors: { type: 'array', items: { type: 'object' } } });

describe('SchemaReader.fingerprint', () => {
  it('two envelopes of different records differ', () => {
    expect(reader.fingerprint(envelope(createSchemaRef('Job')))).not.toBe(reader.fingerprint(envelope(createSchemaRef('Conversation'))));
  });
  it('two envelopes of one record, by ref and written out, agree', () => {
    expect(reader.fingerprint(envelope(createSchemaRef('Job')))).toBe(
      reader.fingerprint(envelope(obj({ status: { type: 'string' }, id: { type: 'string' } }))),
    );
  });
  it('a body without a `data` record is its names, as before', () => {
    expect(reader.fingerprint(createSchemaRef('Job'))).toBe('id,status');
    expect(reader.fingerprint(obj({ data: { type: 'array', items: createSchemaRef('Job') }, next: { type: 'string' } }))).toBe('data,next');
  });
});
