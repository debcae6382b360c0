/**
 * Job tools against the fake upstream's five vendor lifecycles. The fake advances a job one step per status
 * poll, so these tests poll instead of sleeping. Every structuredContent is validated by the SDK client
 * against the tool's advertised outputSchema (harness.connect lists tools first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import type { Connected, Status } from './harness.js';
import { connect, pollToEnd, structured, textOf } from './harness.js';

let upstream: FakeUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  mcp = await connect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

const batchBody = { input_file_id: 'file-1', endpoint: '/v1/chat/completions', completion_window: '24h' };

describe('job tools metadata', () => {
  it('carries role, family and operation _meta and output schemas on every job tool', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('create_batch')?._meta).toEqual({
      'mcp-jobgen/role': 'start',
      'mcp-jobgen/job': 'batch',
      'mcp-jobgen/operation': 'create_batch',
    });
    expect(byName.get('batch_status')?._meta).toEqual({ 'mcp-jobgen/role': 'status', 'mcp-jobgen/job': 'batch' });
    expect(byName.get('batch_cancel')?._meta?.['mcp-jobgen/role']).toBe('cancel');
    expect(byName.get('translation_result')?._meta?.['mcp-jobgen/role']).toBe('result');
    expect(byName.get('list_jobs')?._meta?.['mcp-jobgen/role']).toBe('list');
    expect(byName.has('retrieve_batch')).toBe(false);
    expect(byName.get('create_batch')?.inputSchema.properties).toHaveProperty('idempotency_key');
    const states = (byName.get('batch_status')?.outputSchema?.properties?.state as { enum: string[] } | undefined)?.enum;
    expect(states).toEqual(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
    expect(byName.get('create_batch')?.description).toMatch(/handle[\s\S]*batch_status[\s\S]*succeeded, failed or cancelled[\s\S]*10 min/);
  });
});

describe('OpenAI-like batch: id resource with a status enum', () => {
  it('starts, returns a handle, forwards an Idempotency-Key and polls to completed', async () => {
    const start = structured<{ job_id: string; state: string; deduplicated: boolean; upstream_status: string }>(
      await mcp.call('create_batch', { body: batchBody }),
    );
    expect(start.job_id).toMatch(/^job_/);
    expect(start).toMatchObject({ state: 'queued', upstream_status: 'validating', deduplicated: false });
    expect(upstream.idempotencyKeys.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
    const seen = await pollToEnd(mcp, 'batch_status', start.job_id);
    expect(seen.map((s) => s.upstream_status)).toEqual(['in_progress', 'finalizing', 'completed']);
    expect(seen.map((s) => s.state)).toEqual(['running', 'running', 'succeeded']);
    expect(seen.at(-1)!.result).toMatchObject({ status: 'completed', output_file_id: expect.stringMatching(/^file-out-/) });
    expect(seen[0]!.progress).toBeNull();
    expect(seen[0]!.poll_after_ms).toBeGreaterThanOrEqual(1000);
    expect(seen.at(-1)!.poll_after_ms).toBe(0);
  });

  it('dedupes an identical start and rejects a reused key with other arguments', async () => {
    const body = { ...batchBody, input_file_id: 'file-dedupe' };
    const first = structured<{ job_id: string }>(await mcp.call('create_batch', { body }));
    const before = upstream.count('POST /batches');
    const again = structured<{ job_id: string; deduplicated: boolean }>(await mcp.call('create_batch', { body }));
    expect(again).toMatchObject({ job_id: first.job_id, deduplicated: true });
    expect(upstream.count('POST /batches')).toBe(before);

    const keyed = structured<{ job_id: string }>(await mcp.call('create_batch', { body, idempotency_key: 'k-1' }));
    expect(keyed.job_id).not.toBe(first.job_id);
    expect(upstream.idempotencyKeys.at(-1)).toBe('k-1');
    const conflict = await mcp.call('create_batch', { body: { ...body, completion_window: '1h' }, idempotency_key: 'k-1' });
    expect(conflict.isError).toBe(true);
    expect(textOf(conflict)).toMatch(/k-1[\s\S]*different arguments/);
  });

  it('cancel reports cancelling, then cancelled', async () => {
    upstream.plan('batch', { pollsPerStep: 0, cancelPolls: 2 });
    const start = structured<{ job_id: string }>(await mcp.call('create_batch', { body: { ...batchBody, input_file_id: 'file-cancel' } }));
    const cancel = structured<{ outcome: string; state: string }>(await mcp.call('batch_cancel', { job_id: start.job_id }));
    expect(cancel.outcome).toBe('cancelling');
    const seen = await pollToEnd(mcp, 'batch_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'cancelled', upstream_status: 'cancelled', terminal: true });
    const again = structured<{ outcome: string; state: string }>(await mcp.call('batch_cancel', { job_id: start.job_id }));
    expect(again).toMatchObject({ outcome: 'already_terminal', state: 'cancelled' });
  });

  it('completion racing cancel: completion wins and the result stays', async () => {
    upstream.plan('batch', { cancelRacesCompletion: true, pollsPerStep: 0 });
    const start = structured<{ job_id: string }>(await mcp.call('create_batch', { body: { ...batchBody, input_file_id: 'file-race' } }));
    const cancel = structured<{ outcome: string; state: string }>(await mcp.call('batch_cancel', { job_id: start.job_id }));
    expect(cancel).toMatchObject({ outcome: 'already_terminal', state: 'succeeded' });
    const status = structured<Status>(await mcp.call('batch_status', { job_id: start.job_id }));
    expect(status.state).toBe('succeeded');
  });

  it('a failed batch reports the upstream reason; a failed job is not a dedupe target', async () => {
    upstream.plan('batch', { outcome: 'failed' });
    const body = { ...batchBody, input_file_id: 'file-fail' };
    const start = structured<{ job_id: string }>(await mcp.call('create_batch', { body }));
    const seen = await pollToEnd(mcp, 'batch_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'failed', upstream_status: 'failed' });
    expect(JSON.stringify(seen.at(-1)!.error)).toContain('Line 3 is not valid JSON');
    const retry = structured<{ job_id: string; deduplicated: boolean }>(await mcp.call('create_batch', { body }));
    expect(retry.deduplicated).toBe(false);
    expect(retry.job_id).not.toBe(start.job_id);
  });

  it('a status monitor answering 4xx for a failed job is a failed state, not a tool error', async () => {
    upstream.plan('batch', { outcome: 'failed', failMode: 'http' });
    const start = structured<{ job_id: string }>(
      await mcp.call('create_batch', { body: { ...batchBody, input_file_id: 'file-http-fail' } }),
    );
    const seen = await pollToEnd(mcp, 'batch_status', start.job_id);
    expect(seen.at(-1)!.state).toBe('failed');
    expect(JSON.stringify(seen.at(-1)!.error)).toContain('invalid JSONL');
  });

  it('retries transient 5xx on polls and keeps the last known state when they persist', async () => {
    const start = structured<{ job_id: string }>(await mcp.call('create_batch', { body: { ...batchBody, input_file_id: 'file-500' } }));
    upstream.inject('GET /batches/{batch_id}', { status: 500, times: 2 });
    const recovered = structured<Status>(await mcp.call('batch_status', { job_id: start.job_id }));
    expect(recovered.upstream_status).toBe('in_progress');
    upstream.inject('GET /batches/{batch_id}', { status: 503, times: 3 });
    const degraded = await mcp.call('batch_status', { job_id: start.job_id });
    expect(degraded.isError).toBeFalsy();
    expect(degraded.structuredContent).toMatchObject({ state: 'running', upstream_status: 'in_progress' });
    expect(textOf(degraded)).toMatch(/HTTP 503[\s\S]*last known state/);
  });
});

describe('Replicate-like prediction: 201 with urls.get / urls.cancel', () => {
  it('polls the handed-out URL and returns the output as result', async () => {
    const start = structured<{ job_id: string; state: string }>(
      await mcp.call('create_prediction', { body: { version: 'v1', input: { text: 'hi' } } }),
    );
    expect(start.state).toBe('queued');
    expect(upstream.log.at(-1)?.headers.prefer).toBe('respond-async');
    const seen = await pollToEnd(mcp, 'prediction_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', result: { echo: { text: 'hi' } } });
  });

  it('cancels through urls.cancel', async () => {
    upstream.plan('prediction', { pollsPerStep: 0 });
    const start = structured<{ job_id: string }>(await mcp.call('create_prediction', { body: { version: 'v1', input: { n: 1 } } }));
    const cancel = structured<{ outcome: string; state: string; upstream_status: string }>(
      await mcp.call('prediction_cancel', { job_id: start.job_id }),
    );
    expect(cancel).toMatchObject({ outcome: 'cancelled', state: 'cancelled', upstream_status: 'canceled' });
  });
});
