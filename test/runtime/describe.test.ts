import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../../templates/runtime/core/config.js';
import {
  describeCancel,
  describeResult,
  describeStart,
  describeStatus,
  serverInstructions,
} from '../../templates/runtime/jobs/describe.js';
import { batchFamily, batchOps, definition, widgetOps } from './defs.js';

const def = definition([...widgetOps, ...batchOps], [batchFamily]);
const start = { ...batchOps[0]!, description: 'Creates and executes a batch from an uploaded file of requests.' };

describe('job tool descriptions', () => {
  it('put the workflow first, then the upstream description', () => {
    const text = describeStart(batchFamily, start, readRuntimeConfig(def, {}));
    expect(text.startsWith('Starts a long-running Batch job and returns a job handle (job_id) at once, not the result.')).toBe(true);
    expect(text.endsWith('\n\nCreates and executes a batch from an uploaded file of requests.')).toBe(true);
    expect(text).toContain('Then call batch_status with the job_id');
  });

  it('quote the limits in force, not the defaults', () => {
    const config = readRuntimeConfig(def, { JOB_WAIT_MAX_MS: '40000', JOB_DEDUPE_WINDOW_MS: '120000' });
    expect(describeStart(batchFamily, start, config)).toContain('pass wait_ms (up to 40 s)');
    expect(describeStart(batchFamily, start, config)).toContain('Identical starts within 2 min');
    expect(describeStatus(batchFamily, config)).toContain('capped at 40 s');
    expect(describeStart(batchFamily, start, readRuntimeConfig(def, { JOB_DEDUPE_WINDOW_MS: '0' }))).toContain(
      'Pass idempotency_key to make a retry safe',
    );
  });

  it('name the start tool whose job_id the status, cancel and result tools take', () => {
    const config = readRuntimeConfig(def, {});
    for (const text of [describeStatus(batchFamily, config), describeCancel(batchFamily), describeResult(batchFamily)]) {
      expect(text.split('\n')[0]).toContain('started by create_batch: pass the job_id it returned');
    }
  });
});

describe('a job whose output lives behind another tool', () => {
  it('says which field names it and which tool fetches it', () => {
    const withOutputs = { ...batchFamily, outputs: [{ field: 'output_file_id', tool: 'download_file', arg: 'file_id' }] };
    expect(describeStatus(withOutputs, readRuntimeConfig(def, {}))).toContain(
      'The output is not in the job itself: once succeeded, result.output_file_id is the file_id to pass to download_file.',
    );
  });
});

describe('server instructions', () => {
  it('append the job workflow with the effective wait cap and dedupe window', () => {
    const text = serverInstructions(def, readRuntimeConfig(def, { JOB_WAIT_MAX_MS: '40000' }));
    expect(text.startsWith('Test server.\n\n')).toBe(true);
    expect(text).toContain('pass wait_ms (at most 40 s)');
    expect(text).not.toContain('25 s');
    expect(text).toContain('within 10 min return the existing job');
    expect(text).toContain('Batch: start with create_batch; status: batch_status; cancel: batch_cancel.');
    expect(text).toContain('list_jobs lists jobs this server started');
  });

  it('are the generated text alone for a server without jobs', () => {
    const plain = definition(widgetOps);
    expect(serverInstructions(plain, readRuntimeConfig(plain, {}))).toBe('Test server.');
  });
});
