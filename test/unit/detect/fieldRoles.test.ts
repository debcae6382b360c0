/** Field roles by meaning: name tokens, type and range decide progress, error, result and result URL fields. */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { analyzeStatusSchema } from '../../../src/detect/status/analyzeStatusSchema.js';
import { errorRank, findErrorField, isResultUrlName, matchesRule, nameTokens, RESULT_RULE } from '../../../src/detect/status/fieldRoles.js';
import { findProgress } from '../../../src/detect/status/findProgress.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const reader = new SchemaReader(createModel([]));
const props = (p: Record<string, JsonSchema>) => new Map(Object.entries(p));

describe('nameTokens', () => {
  it.each([
    ['percentComplete', ['percent', 'complete']],
    ['percent_complete', ['percent', 'complete']],
    ['progressPercentage', ['progress', 'percentage']],
    ['error-message', ['error', 'message']],
    ['ETA_seconds', ['eta', 'seconds']],
    ['lastError', ['last', 'error']],
    ['HTTPStatusCode', ['http', 'status', 'code']],
    ['jobID', ['job', 'id']],
  ])('%s → %j', (name, tokens) => {
    expect(nameTokens(name)).toEqual(tokens);
  });
});

describe('progress', () => {
  const num = { type: 'number' };
  const int = { type: 'integer' };
  it.each<[string, JsonSchema, { field: string; scale: 1 | 100 } | null]>([
    ['percent', int, { field: 'percent', scale: 100 }],
    ['percent', num, { field: 'percent', scale: 100 }],
    ['progress', { type: 'number', maximum: 1 }, { field: 'progress', scale: 1 }],
    ['progress', num, { field: 'progress', scale: 1 }],
    ['progress', int, { field: 'progress', scale: 100 }],
    ['progress', { type: 'number', description: 'Progress, 0 to 100.' }, { field: 'progress', scale: 100 }],
    ['percent_complete', num, { field: 'percent_complete', scale: 100 }],
    ['percentCompleted', num, { field: 'percentCompleted', scale: 100 }],
    ['progressPercentage', num, { field: 'progressPercentage', scale: 100 }],
    ['percentDone', num, { field: 'percentDone', scale: 100 }],
    ['overall_progress', { type: 'number', maximum: 100 }, { field: 'overall_progress', scale: 100 }],
    ['completion', { type: 'number', maximum: 1 }, { field: 'completion', scale: 1 }],
    ['pct', int, { field: 'pct', scale: 100 }],
    // Not how far a job is.
    ['discount_percent', num, null],
    ['cpu_percent', num, null],
    ['percent_off', num, null],
    ['completion_time', num, null],
    ['completed', int, null],
    ['progress', { type: 'string' }, null],
    ['progress', { type: 'integer', maximum: 1000 }, null],
  ])('%s %j → %j', (name, schema, expected) => {
    expect(findProgress(reader, props({ [name]: schema }))).toEqual(expected);
  });

  it.each([
    ['progress', { progress: { type: 'object', properties: { percent: { type: 'integer' } } } }, 'progress.percent'],
    ['stats', { stats: { type: 'object', properties: { percent_done: { type: 'number' } } } }, 'stats.percent_done'],
    [
      'job_metadata',
      { job_metadata: { type: 'object', properties: { progress: { type: 'number', maximum: 1 } } } },
      'job_metadata.progress',
    ],
    ['an object not named for it', { invoice: { type: 'object', properties: { percent: { type: 'integer' } } } }, null],
  ])('one object down, in %s', (_label, schema, field) => {
    expect((findProgress(reader, props(schema as Record<string, JsonSchema>)) as { field?: string } | null)?.field ?? null).toBe(field);
  });
});

describe('error / failure reason', () => {
  const str = { type: 'string' };
  it.each<[string, JsonSchema, number | null]>([
    ['error', { type: 'object' }, 0],
    // A list of errors ranks below the one final error (BigQuery's `errors` may hold warnings beside `errorResult`).
    ['errors', { type: 'array' }, 0.5],
    ['errorResult', { type: 'object' }, 0],
    ['finalError', { type: 'object' }, 0],
    ['failure', str, 2],
    ['error', str, 2],
    ['last_error', { type: 'object' }, 0],
    ['last_error', str, 2],
    ['failureReason', str, 1],
    ['failure_reason', str, 1],
    ['error_message', str, 1],
    ['errorDetails', { type: 'array' }, 1],
    ['failedReason', str, 1],
    ['failureMsg', str, 1],
    ['failure_code', str, 3],
    ['errorCode', str, 3],
    // Not what went wrong.
    ['error_count', { type: 'integer' }, null],
    ['failed', { type: 'boolean' }, null],
    ['on_error', str, null],
    ['error_file_url', str, null],
    ['error_file_id', str, null],
    ['errorRate', { type: 'number' }, null],
    ['failed_at', str, null],
  ])('%s %j → rank %j', (name, schema, rank) => {
    expect(errorRank(reader, name, schema)).toBe(rank);
  });

  it.each([
    [{ failure_code: { type: 'string' }, failure_message: { type: 'string' } }, 'failure_message'],
    [{ error_message: { type: 'string' }, error: { type: 'object' } }, 'error'],
    [{ failure: { type: 'string' }, error_count: { type: 'integer' } }, 'failure'],
    [{ status: { type: 'string' } }, null],
  ])('the most telling of %j is %s', (schema, field) => {
    expect(findErrorField(reader, props(schema))).toBe(field);
  });
});

describe('result and result URL', () => {
  it.each([
    ['result', true],
    ['results', true],
    ['output', true],
    ['outputs', true],
    ['response', true],
    ['result_data', true],
    ['output_config', false],
    ['outputLocation', false],
    ['result_state', false],
  ])('%s is an inline result: %s', (name, yes) => {
    expect(matchesRule(RESULT_RULE, name)).toBe(yes);
  });

  it.each([
    ['result_url', true],
    ['resultsUrl', true],
    ['output_uri', true],
    ['download_url', true],
    ['downloadLink', true],
    ['result_file_url', true],
    ['download', false],
    ['output_file', false],
    ['url', false],
    ['callback_url', false],
  ])('%s is a result URL: %s', (name, yes) => {
    expect(isResultUrlName(name)).toBe(yes);
  });
});

describe('a job document read by meaning', () => {
  it('`percent` (0–100) and `failure` (string): progress in percent, the failure as the error', () => {
    const s = analyzeStatusSchema(reader, {
      type: 'object',
      properties: {
        id: { type: 'string' },
        status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
        percent: { type: 'integer', minimum: 0, maximum: 100 },
        failure: { type: 'string' },
      },
    });
    expect(s).toMatchObject({ field: 'status', progress: { field: 'percent', scale: 100 }, errorField: 'failure' });
  });

  it('an error beside a nested status is found at its level (`data.failure_reason` next to `data.status`)', () => {
    const s = analyzeStatusSchema(reader, {
      type: 'object',
      properties: {
        data: { type: 'object', properties: { status: { type: 'string' }, failure_reason: { type: 'string' } } },
        errors: { type: 'array' },
      },
    });
    expect(s).toMatchObject({ field: 'data.status', errorField: 'data.failure_reason' });
  });

  it('an outcome string named `result` is not the inline result', () => {
    const s = analyzeStatusSchema(reader, {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['running', 'completed'] },
        result: { type: 'string', enum: ['success', 'failure'] },
        result_url: { type: 'string' },
      },
    });
    expect(s).toMatchObject({ resultField: null, resultUrlField: 'result_url', outcome: { field: 'result' } });
  });
});
