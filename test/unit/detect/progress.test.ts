/**
 * Progress detection: a fraction/percent field (top level or in `metadata`), else a counts object whose
 * finished keys over its total are the fraction. Anything else (usage totals, strings, outcome tallies
 * without a success count, counts without a total) stays null: progress is never invented.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { findProgress } from '../../../src/detect/status/findProgress.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { jobSchema, OPENAI_BATCH_STATES } from './statusSchemas.js';

const int = (extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'integer', ...extra });
const num = (extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'number', ...extra });
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  properties,
  ...(description !== undefined ? { description } : {}),
});

function progressOf(properties: Record<string, JsonSchema>, schemas: Record<string, JsonSchema> = {}) {
  const reader = new SchemaReader(createModel([], { schemas: componentSchemas(schemas) }));
  return findProgress(reader, reader.properties(obj(properties)));
}

describe('findProgress: fraction and percent fields', () => {
  it.each([
    ['integer percent by maximum', { progress: int({ minimum: 0, maximum: 100 }) }, { field: 'progress', scale: 100 }],
    ['number fraction by maximum', { progress: num({ minimum: 0, maximum: 1 }) }, { field: 'progress', scale: 1 }],
    ['number without hints is a fraction', { progress: num() }, { field: 'progress', scale: 1 }],
    [
      'integer without hints is a percent',
      { progress: int({ description: 'Approximate completion.' }) },
      { field: 'progress', scale: 100 },
    ],
    ['percent in the name', { percent_complete: num() }, { field: 'percent_complete', scale: 100 }],
    ['percent in the description', { completion: num({ description: 'Done so far, 0 to 100.' }) }, { field: 'completion', scale: 100 }],
    ['camelCase percentage name', { progressPercentage: num() }, { field: 'progressPercentage', scale: 100 }],
    [
      'in a metadata object',
      { done: { type: 'boolean' }, metadata: obj({ progressPercentage: int() }) },
      { field: 'metadata.progressPercentage', scale: 100 },
    ],
    // A generated int32 range (Microsoft Graph) bounds the type, not the work.
    [
      'a maximum that is the type bound',
      { percentageComplete: int({ maximum: 2147483647, minimum: -2147483648 }) },
      { field: 'percentageComplete', scale: 100 },
    ],
    // What progresses, named before it.
    ['qualified progress percent', { FullLoadProgressPercent: int() }, { field: 'FullLoadProgressPercent', scale: 100 }],
    ['qualified progress', { EstimatedProgress: int() }, { field: 'EstimatedProgress', scale: 100 }],
    ['qualified number progress percent', { DataTransferProgressPercent: num() }, { field: 'DataTransferProgressPercent', scale: 100 }],
    // A percentage in a string (AWS Backup, OneNote): the runtime reads "45.5" and "45.5%".
    ['a percent string', { PercentDone: { type: 'string' } }, { field: 'PercentDone', scale: 100 }],
    [
      'a progress string described as a percentage',
      { progress: { type: 'string', description: 'Percent of the copy done.' } },
      { field: 'progress', scale: 100 },
    ],
  ] as const)('%s', (_label, properties, expected) => {
    expect(progressOf(properties as Record<string, JsonSchema>)).toEqual(expected);
  });

  it('follows a $ref to the field schema', () => {
    expect(progressOf({ progress: createSchemaRef('Pct') }, { Pct: int({ maximum: 100 }) })).toEqual({ field: 'progress', scale: 100 });
  });

  it('a fraction field wins over a counts object beside it', () => {
    expect(progressOf({ progress: num(), counts: obj({ total: int(), completed: int() }) })).toEqual({ field: 'progress', scale: 1 });
  });
});

describe('findProgress: counts objects', () => {
  it.each([
    [
      'request counts',
      { request_counts: obj({ total: int(), completed: int(), failed: int() }) },
      { counts: 'request_counts', done: ['completed', 'failed'], total: 'total' },
    ],
    [
      'file counts with in-flight keys left out',
      { file_counts: obj({ in_progress: int(), completed: int(), failed: int(), cancelled: int(), total: int() }) },
      { counts: 'file_counts', done: ['completed', 'failed', 'cancelled'], total: 'total' },
    ],
    [
      'camelCase summary',
      {
        summary: obj({
          total: int(),
          failed: int(),
          success: int(),
          inProgress: int(),
          notYetStarted: int(),
          cancelled: int(),
          totalCharacterCharged: int(),
        }),
      },
      { counts: 'summary', done: ['failed', 'success', 'cancelled'], total: 'total' },
    ],
    [
      'total_count + succeeded + canceled',
      { stats: obj({ total_count: int(), succeeded: int(), canceled: int() }) },
      { counts: 'stats', done: ['succeeded', 'canceled'], total: 'total_count' },
    ],
    // The total's name with one end word more: the counts of what the words name (SSM, Glue, DigitalOcean).
    [
      'step counters',
      {
        ProgressCounters: obj({ TotalSteps: int(), SuccessSteps: int(), FailedSteps: int(), TimedOutSteps: int(), InProgressSteps: int() }),
      },
      { counts: 'ProgressCounters', done: ['SuccessSteps', 'FailedSteps', 'TimedOutSteps'], total: 'TotalSteps' },
    ],
    [
      'snake_case steps, a pending count left out',
      { progress: obj({ pending_steps: int(), running_steps: int(), success_steps: int(), error_steps: int(), total_steps: int() }) },
      { counts: 'progress', done: ['success_steps', 'error_steps'], total: 'total_steps' },
    ],
    [
      'the total word last',
      { migration: obj({ files_total: int(), files_completed: int(), files_queued: int() }) },
      { counts: 'migration', done: ['files_completed'], total: 'files_total' },
    ],
    [
      "int64 counts written as strings, the work's own participle in an object described as progress (Google Vault)",
      {
        stats: obj(
          {
            exportedArtifactCount: { type: 'string', format: 'int64' },
            sizeInBytes: { type: 'string', format: 'int64' },
            totalArtifactCount: { type: 'string', format: 'int64' },
          },
          'Progress information for an export.',
        ),
      },
      { counts: 'stats', done: ['exportedArtifactCount'], total: 'totalArtifactCount' },
    ],
    [
      'an object named for progress',
      { DataTransferProgress: obj({ TotalDataInMegaBytes: int(), DataTransferredInMegaBytes: int() }) },
      { counts: 'DataTransferProgress', done: ['DataTransferredInMegaBytes'], total: 'TotalDataInMegaBytes' },
    ],
    [
      'beside the status itself (Device Farm)',
      { status: { type: 'string' }, totalJobs: int(), completedJobs: int(), counters: obj({ total: int(), passed: int() }) },
      { counts: '', done: ['completedJobs'], total: 'totalJobs' },
    ],
  ] as const)('%s', (_label, properties, expected) => {
    expect(progressOf(properties as unknown as Record<string, JsonSchema>)).toEqual(expected);
  });

  it('reads a counts object behind a $ref', () => {
    expect(
      progressOf({ request_counts: createSchemaRef('Counts') }, { Counts: obj({ total: int(), completed: int(), failed: int() }) }),
    ).toEqual({
      counts: 'request_counts',
      done: ['completed', 'failed'],
      total: 'total',
    });
  });
});

describe('findProgress: traps stay null', () => {
  it.each([
    ['a progress string ("3/7")', { progress: { type: 'string' } }],
    ['a percent string that enumerates words', { PercentDone: { type: 'string', enum: ['low', 'high'] } }],
    ['a percent string that is a time', { percentComplete: { type: 'string', format: 'date-time' } }],
    ['a count of things in progress', { reboot_in_progress: int() }],
    ['progress in a unit', { backupProgressInMegaBytes: num(), ProgressInMegaBytes: int() }],
    ['a maximum that is neither a fraction nor the type bound', { percentDone: int({ maximum: 1000 }) }],
    ['a progress object', { progress: obj({ message: { type: 'string' } }) }],
    ['token usage (total_tokens)', { usage: obj({ input_tokens: int(), output_tokens: int(), total_tokens: int() }) }],
    ['outcome tally without a success count', { result_counts: obj({ total: int(), errored: int(), failed: int(), passed: int() }) }],
    ['counts without a total', { request_counts: obj({ processing: int(), succeeded: int(), errored: int(), canceled: int() }) }],
    ['counts whose values are strings', { counts: obj({ total: { type: 'string' }, completed: { type: 'string' } }) }],
    ['token usage beside a completion count', { usage: obj({ prompt_tokens: int(), completion_tokens: int(), total_tokens: int() }) }],
    ["a dataset's stats", { ImageStats: obj({ Total: int(), Labeled: int(), Normal: int(), Anomaly: int() }) }],
    ['ends that are not successes', { BatchStats: obj({ TotalRecordCount: int(), InvalidRecordCount: int(), SkippedRecordCount: int() }) }],
    ['a word that only ends like a participle, in a progress object', { progress: obj({ total: int(), speed: int(), feed: int() }) }],
    // App Center's test run stats: `total` counts tests, `devicesFailed` devices; tests end passed, not a state word.
    [
      "another thing's ends beside a total",
      { stats: obj({ total: int(), passed: int(), failed: int(), skipped: int(), devicesFinished: int(), devicesFailed: int() }) },
    ],
    [
      'a participle in an object that does not say it is progress',
      { stats: obj({ totalArtifactCount: int(), exportedArtifactCount: int() }) },
    ],
    [
      'a participle where the text says "in progress", a state',
      {
        DriftDetails: obj(
          { TotalStackInstancesCount: int(), DriftedStackInstancesCount: int(), FailedStackInstancesCount: int() },
          'Drift operations in-progress are not included.',
        ),
      },
    ],
    ['a total and a done count of different things', { summary: obj({ totalSteps: int(), completedJobs: int() }) }],
    ['a numeric field with an unrelated name', { retries: int({ maximum: 100 }), percent_off: num() }],
    ['nothing', { id: { type: 'string' } }],
  ] as const)('%s', (_label, properties) => {
    expect(progressOf(properties as unknown as Record<string, JsonSchema>)).toBeNull();
  });
});

describe('detectJobs: a family carries the progress of its poll response', () => {
  it('a batch with request counts gets counts progress; the same batch without them gets null', () => {
    const detect = (extra: Record<string, JsonSchema>) =>
      detectJobs(
        createModel(
          [
            createOperation('POST', '/batches', {
              operationId: 'createBatch',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
            }),
            createOperation('GET', '/batches/{batch_id}', {
              operationId: 'getBatch',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
            }),
            createOperation('POST', '/batches/{batch_id}/cancel', {
              operationId: 'cancelBatch',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
            }),
          ],
          { schemas: componentSchemas({ Batch: jobSchema(OPENAI_BATCH_STATES, extra) }) },
        ),
      ).families;
    const withCounts = detect({ request_counts: obj({ total: int(), completed: int(), failed: int() }) });
    expect(withCounts).toHaveLength(1);
    expect(withCounts[0]!.progress).toEqual({ counts: 'request_counts', done: ['completed', 'failed'], total: 'total' });
    expect(withCounts[0]!.evidence.join('\n')).toContain('progress counts `request_counts`');
    const without = detect({ usage: obj({ total_tokens: int() }) });
    expect(without).toHaveLength(1);
    expect(without[0]!.progress).toBeNull();
  });
});
