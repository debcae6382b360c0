/**
 * Progress at run time: a fraction field as is, a percent field / 100, a counts object's finished keys over
 * its total (clamped 0..1); a zero, missing or non-numeric total, or no finished count, gives null (never a
 * guess). Then the status tool of an OpenAI-like batch whose family declares `request_counts` progress.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { readProgress } from '../../templates/runtime/jobs/interpret.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { batchFamily, batchOps, definition, family } from './defs.js';
import { type Connected, connect, textOf } from './harness.js';

const poll = { operation: 'get', idParam: 'id', carry: [] };
const withProgress = (progress: JobFamilySpec['progress']) => family({ name: 'p', starts: [], poll, progress });
const counts = withProgress({ counts: 'request_counts', done: ['completed', 'failed', 'cancelled'], total: 'total' });

describe('readProgress', () => {
  it.each([
    ['fraction field as is', withProgress({ field: 'progress', scale: 1 }), { progress: 0.25 }, 0.25],
    ['percent field / 100', withProgress({ field: 'progress', scale: 100 }), { progress: 40 }, 0.4],
    [
      'nested percent, numeric string',
      withProgress({ field: 'metadata.progressPercentage', scale: 100 }),
      { metadata: { progressPercentage: '70.5' } },
      0.705,
    ],
    ['percent above 100 is clamped', withProgress({ field: 'progress', scale: 100 }), { progress: 130 }, 1],
    ['counts: finished over total', counts, { request_counts: { total: 8, completed: 3, failed: 1, cancelled: 0, in_progress: 4 } }, 0.5],
    ['counts: a missing finished key counts none', counts, { request_counts: { total: 4, completed: 1 } }, 0.25],
    ['counts: all finished', counts, { request_counts: { total: 3, completed: 2, failed: 1 } }, 1],
    ['counts: more finished than total is clamped', counts, { request_counts: { total: 2, completed: 5 } }, 1],
    ['percent string with its sign', withProgress({ field: 'PercentDone', scale: 100 }), { PercentDone: ' 45.5% ' }, 0.455],
    [
      'counts beside the status itself',
      withProgress({ counts: '', done: ['completedJobs'], total: 'totalJobs' }),
      { status: 'RUNNING', totalJobs: 4, completedJobs: 1 },
      0.25,
    ],
    [
      'int64 counts written as strings',
      withProgress({ counts: 'stats', done: ['exportedArtifactCount'], total: 'totalArtifactCount' }),
      { stats: { exportedArtifactCount: '300', totalArtifactCount: '1200' } },
      0.25,
    ],
  ] as const)('%s', (_label, spec, body, expected) => {
    expect(readProgress(spec, body)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['no progress in the family', withProgress(null), { progress: 50 }],
    ['field missing', withProgress({ field: 'progress', scale: 100 }), {}],
    ['field not a number', withProgress({ field: 'progress', scale: 1 }), { progress: 'three of seven' }],
    ['a sign alone', withProgress({ field: 'progress', scale: 100 }), { progress: '%' }],
    ['a sign not at the end', withProgress({ field: 'progress', scale: 100 }), { progress: '%45' }],
    ['counts: total 0', counts, { request_counts: { total: 0, completed: 0, failed: 0 } }],
    ['counts: total missing', counts, { request_counts: { completed: 3 } }],
    ['counts: total not a number', counts, { request_counts: { total: null, completed: 3 } }],
    ['counts: no finished key', counts, { request_counts: { total: 10, in_progress: 4 } }],
    ['counts object missing', counts, { status: 'in_progress' }],
    ['counts object is null', counts, { request_counts: null }],
  ] as const)('null when %s', (_label, spec, body) => {
    expect(readProgress(spec, body)).toBeNull();
  });
});

describe('status tool reports the counts fraction of an OpenAI-like batch', () => {
  let upstream: FakeUpstream;
  let mcp: Connected;
  const progressFamily = { ...batchFamily, progress: { counts: 'request_counts', done: ['completed', 'failed'], total: 'total' } };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    mcp = await connect(definition(batchOps, [progressFamily]), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await mcp?.close();
    await upstream?.close();
  });

  const structured = (r: CallToolResult) => {
    expect(r.isError, textOf(r)).toBeFalsy();
    return r.structuredContent as { job_id: string; state: string; terminal: boolean; progress: number | null };
  };

  it('each poll carries request_counts completed/total (tenths of the fake 10 requests), rising to 1', async () => {
    const start = structured(
      await mcp.call('create_batch', { body: { input_file_id: 'file-1', endpoint: '/v1/chat/completions', completion_window: '24h' } }),
    );
    const seen: Array<ReturnType<typeof structured>> = [];
    for (let i = 0; i < 12 && !seen.at(-1)?.terminal; i++) seen.push(structured(await mcp.call('batch_status', { job_id: start.job_id })));
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', progress: 1 });
    const running = seen.filter((s) => s.state === 'running').map((s) => s.progress);
    expect(running.length).toBeGreaterThan(0);
    for (const p of running) {
      expect(p).not.toBeNull();
      expect(p! * 10).toBeCloseTo(Math.round(p! * 10), 10); // a real count over 10, not an invented guess
      expect(p!).toBeGreaterThanOrEqual(0);
      expect(p!).toBeLessThan(1);
    }
    expect(running).toEqual([...running].sort((a, b) => a! - b!));
    expect(new Set(running).size).toBeGreaterThan(1); // it moves with the upstream's counts
  });

  it('long-poll progress notifications carry the fraction as percent of total 100, always increasing', async () => {
    const start = structured(
      await mcp.call('create_batch', { body: { input_file_id: 'file-2', endpoint: '/v1/chat/completions', completion_window: '24h' } }),
    );
    const notes: Array<{ progress: number; total?: number }> = [];
    const final = await mcp.client.callTool({ name: 'batch_status', arguments: { job_id: start.job_id, wait_ms: 20_000 } }, undefined, {
      onprogress: (p) => notes.push({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}) }),
      timeout: 30_000,
    });
    expect(structured(final as CallToolResult)).toMatchObject({ state: 'succeeded', terminal: true });
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) {
      expect(n.total).toBe(100);
      expect(n.progress).toBeGreaterThanOrEqual(0);
      expect(n.progress).toBeLessThanOrEqual(100);
    }
    const values = notes.map((n) => n.progress);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  }, 40_000);
});
