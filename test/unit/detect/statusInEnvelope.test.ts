/**
 * A poll's answer that carries the resource in an envelope (`{data: {...}, errors}`: JSON:API, Twitter; `{Job: {...}}`:
 * AWS's output members) is read whole inside it, as if it were the body: its status, and the result URL, progress,
 * inline result and outcome beside it, every path from the body. Before, only the status was looked for inside, so
 * Twitter's compliance job had no `download_url` result, MediaConvert's no `JobPercentComplete`, and a job whose
 * result URL sat beside its status one level down lost that evidence (Increase's exports, wrapped).
 */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { describedAsync } from '../../../src/detect/resource/describedAsync.js';
import { analyzeStatusSchemaUncached } from '../../../src/detect/status/analyzeStatusSchema.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const reader = new SchemaReader(createModel([]));
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  properties,
  ...(description ? { description } : {}),
});
const job = obj(
  {
    id: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'complete', 'failed'] },
    download_url: { type: 'string', format: 'uri' },
    percent_complete: { type: 'integer' },
    failure_reason: { type: 'string' },
  },
  'An export. Since they can take a while, they are generated asynchronously.',
);

describe('a resource in an envelope is read whole', () => {
  it('the status, result URL, progress and error beside it, each from the body', () => {
    const a = analyzeStatusSchemaUncached(reader, obj({ data: job, errors: { type: 'array', items: obj({}) } }));
    expect(a.field).toBe('data.status');
    expect(a.resultUrlField).toBe('data.download_url');
    expect(a.progress).toEqual({ field: 'data.percent_complete', scale: 100 });
    expect(a.errorField).toBe('data.failure_reason');
    expect(a.values).toEqual(['queued', 'running', 'complete', 'failed']);
  });
  it('the same resource unwrapped reads the same fields at the top', () => {
    const a = analyzeStatusSchemaUncached(reader, job);
    expect([a.field, a.resultUrlField, a.errorField]).toEqual(['status', 'download_url', 'failure_reason']);
  });
  it("the envelope's own error list when the resource has none", () => {
    const { failure_reason: _, ...rest } = (job as { properties: Record<string, JsonSchema> }).properties;
    const a = analyzeStatusSchemaUncached(reader, obj({ data: obj(rest), errors: { type: 'array', items: obj({}) } }));
    expect(a.errorField).toBe('errors');
  });
  it('no envelope where a scalar sits beside the object (`{id, owner: {...}}` is a record, not a wrapper)', () => {
    const a = analyzeStatusSchemaUncached(reader, obj({ id: { type: 'string' }, owner: job }));
    expect(a.resultUrlField).toBeNull();
  });
  it("the resource's own description says it is made asynchronously", () => {
    const body = obj({ data: job });
    expect(describedAsync(reader, body, 'data.status')).toBe('Since they can take a while, they are generated asynchronously.');
  });
});
