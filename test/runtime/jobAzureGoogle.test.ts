/**
 * URL-polled and Google-style job families against the fake upstream: Operation-Location with Retry-After and
 * the result via Location; Azure-AsyncOperation with a relative URL, an affinity cookie and no Content-Type;
 * Google Operation done/error/response with `:cancel` and a slash-holding `{name}`; long-poll with progress.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition, backupFamily, backupOps, definition, translationFamily, translationOps } from './defs.js';
import type { Connected, Status } from './harness.js';
import { connect, pollToEnd, structured, textOf } from './harness.js';

let upstream: FakeUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  mcp = await connect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000', JOB_WAIT_MAX_MS: '8000' } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

describe('Azure Operation-Location (translation)', () => {
  it('polls the status monitor, honours Retry-After, and fetches the final result via Location', async () => {
    const start = structured<{ job_id: string; state: string; poll_after_ms: number }>(
      await mcp.call('start_translation', { body: { inputs: [{ source: 'a' }] } }),
    );
    expect(start.state).toBe('queued');
    // Retry-After: 1, plus at most 15 % jitter (never sooner than the upstream asked).
    expect(start.poll_after_ms).toBeGreaterThanOrEqual(1000);
    expect(start.poll_after_ms).toBeLessThanOrEqual(1150);
    const early = await mcp.call('translation_result', { job_id: start.job_id });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toMatch(/no result: it is (queued|running)/);
    const seen = await pollToEnd(mcp, 'translation_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', upstream_status: 'Succeeded' });
    expect(seen.at(-1)!.result_location).toMatch(/\/translator\/batches\/[^/]+\/documents$/);
    const result = structured<{ result: { value: unknown[] }; truncated: boolean; content_type: string }>(
      await mcp.call('translation_result', { job_id: start.job_id }),
    );
    expect(result.result.value).toHaveLength(4);
    expect(result.truncated).toBe(false);
  });

  it('learns the job id from the first status document so a linked cancel works', async () => {
    upstream.plan('translation', { pollsPerStep: 0, cancelPolls: 0 });
    const start = structured<{ job_id: string }>(await mcp.call('start_translation', { body: { inputs: [{ source: 'b' }] } }));
    const cancel = structured<{ outcome: string; upstream_status: string }>(await mcp.call('translation_cancel', { job_id: start.job_id }));
    expect(cancel).toMatchObject({ outcome: 'cancelled', upstream_status: 'Cancelled' });
    expect(upstream.count('DELETE /translator/batches/{id}')).toBe(1);
  });
});

describe('Azure-AsyncOperation (backup) with cookies, relative URLs and no Content-Type', () => {
  it('sends the affinity cookie back on every poll and parses JSON without a Content-Type', async () => {
    const start = structured<{ job_id: string }>(
      await mcp.call('full_backup', { body: { storageResourceUri: 'https://store.example/c' } }),
    );
    const seen = await pollToEnd(mcp, 'backup_status', start.job_id);
    expect(upstream.cookieRejections()).toBe(0);
    expect(seen.map((s) => s.upstream_status)).toContain('InProgress');
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', upstream_status: 'Succeeded' });
    // Retry-After is an HTTP-date about a second ahead: the hint is clamped to the floor, not negative.
    expect(seen[0]!.poll_after_ms).toBeGreaterThanOrEqual(1000);
    const result = structured<{ result: { azureStorageBlobContainerUri: string } }>(
      await mcp.call('backup_result', { job_id: start.job_id }),
    );
    expect(result.result.azureStorageBlobContainerUri).toContain('https://store.example/c/mhsm-backup-');
  });

  it('reports a failed backup with the upstream error', async () => {
    upstream.plan('backup', { outcome: 'failed' });
    const start = structured<{ job_id: string }>(
      await mcp.call('full_backup', { body: { storageResourceUri: 'https://store.example/f' } }),
    );
    const seen = await pollToEnd(mcp, 'backup_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'failed', error: { code: 'StorageAccessDenied' } });
  });
});

describe('Google Operation', () => {
  const parent = 'projects/p1/locations/global';
  const body = { input: { text: 'hello' }, outputGcsUri: 'gs://bucket/out.wav' };

  it('keeps slashes of {name} as path separators, reads done/response and real progress', async () => {
    const start = structured<{ job_id: string }>(await mcp.call('synthesize_long_audio', { parent, body }));
    const seen = await pollToEnd(mcp, 'operation_status', start.job_id);
    expect(seen[0]!.progress).toBeCloseTo(0.33, 5);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', progress: 1, result: { outputGcsUri: 'gs://bucket/out.wav' } });
    expect(upstream.log.some((r) => r.method === 'GET' && r.path.startsWith('/v1/projects/p1/locations/global/operations/'))).toBe(true);
  });

  it('cancel via :cancel ends as cancelled (error.code 1)', async () => {
    upstream.plan('operation', { pollsPerStep: 0, cancelPolls: 1 });
    // Other arguments than the test above: an identical start would be deduplicated onto its finished job.
    const start = structured<{ job_id: string }>(
      await mcp.call('synthesize_long_audio', { parent, body: { ...body, outputGcsUri: 'gs://bucket/c.wav' } }),
    );
    const cancelResult = await mcp.call('operation_cancel', { job_id: start.job_id });
    const cancel = structured<{ outcome: string; state: string }>(cancelResult);
    expect(
      ['cancelled', 'cancelling'],
      textOf(cancelResult) + JSON.stringify(upstream.log.slice(-4).map((l) => [l.method, l.path, l.status])),
    ).toContain(cancel.outcome);
    const seen = await pollToEnd(mcp, 'operation_status', start.job_id);
    expect(seen.at(-1)).toMatchObject({ state: 'cancelled', error: { code: 1 } });
  });

  it('wait_ms long-polls to the terminal state and sends progress notifications', async () => {
    upstream.plan('operation', { pollsPerStep: 1 });
    const start = structured<{ job_id: string }>(
      await mcp.call('synthesize_long_audio', { parent, body: { ...body, outputGcsUri: 'gs://bucket/w.wav' } }),
    );
    const progress: number[] = [];
    const result = await mcp.client.callTool(
      { name: 'operation_status', arguments: { job_id: start.job_id, wait_ms: 60_000 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress), timeout: 20_000 },
    );
    expect((result as CallToolResult).structuredContent).toMatchObject({ state: 'succeeded', terminal: true });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // It ended at the terminal state, not at wait_ms: the client's own 20 s timeout, far under the 60 s asked
    // for, fails the call otherwise. No stopwatch in the test.
  });
});

describe('families as the generator describes real Azure contracts', () => {
  it('an id named by a URL header (Operation-Location) polls through the linked operation', async () => {
    const get = {
      tool: 'get_translation',
      method: 'GET' as const,
      path: '/translator/batches/{id}',
      role: 'internal' as const,
      operationId: 'get_translation',
      description: '',
      input: z.object({ id: z.string() }),
      annotations: {},
      params: [{ arg: 'id', name: 'id', in: 'path' as const, required: true }],
      security: [],
      toolsets: [],
    };
    const fam = {
      ...translationFamily,
      starts: [{ ...translationFamily.starts[0]!, idFrom: 'header:Operation-Location' as const }],
      poll: { operation: 'get_translation', idParam: 'id', carry: [] },
    };
    const local = await connect(definition([...translationOps, get], [fam]), { env: { API_BASE_URL: upstream.url } });
    try {
      const start = structured<{ job_id: string }>(await local.call('start_translation', { body: { inputs: [{ source: 'url-id' }] } }));
      const before = upstream.count('GET /translator/batches/{id}');
      const status = structured<Status>(await local.call('translation_status', { job_id: start.job_id }));
      expect(status.state).toBe('running');
      expect(upstream.count('GET /translator/batches/{id}')).toBe(before + 1);
      const record = local.store.records.get(start.job_id)!;
      expect(record.pathParams.id).not.toContain('/');
    } finally {
      await local.close();
    }
  });

  it('a status monitor without a state map still ends failed or succeeded', async () => {
    const fam = { ...backupFamily, statusField: null, errorField: null, states: {} };
    const local = await connect(definition(backupOps, [fam]), { env: { API_BASE_URL: upstream.url } });
    try {
      upstream.plan('backup', { outcome: 'failed' });
      const failed = structured<{ job_id: string }>(
        await local.call('full_backup', { body: { storageResourceUri: 'https://store.example/nomap-f' } }),
      );
      let last: Status | undefined;
      for (let i = 0; i < 8 && !last?.terminal; i++)
        last = structured<Status>(await local.call('backup_status', { job_id: failed.job_id }));
      expect(last).toMatchObject({ state: 'failed', upstream_status: 'Failed', error: { code: 'StorageAccessDenied' } });
    } finally {
      await local.close();
    }
  });
});

describe('list_jobs', () => {
  it("lists this server's jobs newest first, filtered and paginated", async () => {
    const page1 = structured<{ jobs: Array<{ job_id: string; family: string; created_at: string }>; next_cursor: string | null }>(
      await mcp.call('list_jobs', { limit: 2 }),
    );
    expect(page1.jobs).toHaveLength(2);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = structured<{ jobs: Array<{ job_id: string }> }>(await mcp.call('list_jobs', { limit: 2, cursor: page1.next_cursor! }));
    expect(page2.jobs.map((j) => j.job_id)).not.toContain(page1.jobs[0]!.job_id);
    const backups = structured<{ jobs: Array<{ family: string; state: string }> }>(
      await mcp.call('list_jobs', { family: 'backup', state: 'failed' }),
    );
    expect(backups.jobs.length).toBe(1);
    expect(backups.jobs[0]).toMatchObject({ family: 'backup', state: 'failed' });
  });
});
