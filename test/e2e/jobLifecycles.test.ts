// Every vendor lifecycle through a generated server over stdio, driven by role (`_meta`), never by tool name.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectStdio, fitArgs, jobTools, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';
import { fixtureCredentials, LIFECYCLES, type LifecycleCase } from './lifecycleCases.js';

describe.each(LIFECYCLES)('$name', (c: LifecycleCase) => {
  let fake: FakeUpstream;
  let conn: Connected;
  let tools: ReturnType<typeof jobTools>;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const server = await generateServer(c.fixture, `lifecycle-${c.name}`);
    const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-e2e-')), 'jobs.sqlite');
    conn = await connectStdio(server, {
      API_BASE_URL: fake.url,
      JOB_STORE_URL: store,
      ...fixtureCredentials(await credentialEnvNames(server)),
    });
    tools = jobTools(conn.tools);
  });
  afterAll(async () => {
    await conn?.close();
    await fake?.close();
  });

  const start = async (): Promise<{ jobId: string; sc: Record<string, any> }> => {
    const tool = tools.start[0]!;
    const res = await callChecked(conn, tool.name, fitArgs(tool, c.startArgs()));
    if (res.isError) throw new Error(`${tool.name} failed: ${textOf(res)}\n${conn.stderr()}`);
    return { jobId: res.structuredContent!.job_id as string, sc: res.structuredContent! };
  };

  it('lists one job family with start, status, list and the expected cancel/result tools', () => {
    const families = new Set(conn.tools.map((t) => metaOf(t)['mcp-jobgen/job']).filter(Boolean));
    expect([...families]).toHaveLength(1);
    expect(tools.start.length).toBeGreaterThanOrEqual(1);
    expect(tools.start.map((s) => metaOf(s)['mcp-jobgen/operation'])).toContain(c.startOperationId);
    expect(tools.list).toBeDefined();
    expect(Boolean(tools.cancel)).toBe(c.cancelOutcome !== null);
    if (c.resultTool) expect(tools.result).toBeDefined();
    for (const t of conn.tools) expect(t.inputSchema.type).toBe('object');
  });

  it('start returns a handle at once; status with wait_ms reaches succeeded', async () => {
    const before = fake.count(c.startRoute);
    const { jobId, sc } = await start();
    expect(fake.count(c.startRoute)).toBe(before + 1);
    expect(sc).toMatchObject({ terminal: false, deduplicated: false });
    expect(['queued', 'running']).toContain(sc.state);
    expect(sc.poll_after_ms).toBeGreaterThan(0);
    const seen = await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 });
    const last = seen.at(-1)!;
    expect(last.state).toBe('succeeded');
    expect(last.upstream_status === null || typeof last.upstream_status === 'string').toBe(true);
    for (const s of seen) if (s.progress !== null && s.progress !== undefined) expect(s.progress).toBeGreaterThanOrEqual(0);
    if (c.resultTool) {
      const result = await callChecked(conn, tools.result!.name, { job_id: jobId });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(JSON.stringify(result)).toContain(c.resultMarker);
    } else {
      expect(JSON.stringify(last.result ?? last.result_location ?? null)).toContain(c.resultMarker);
    }
  });

  it('a failed job ends failed with the upstream reason, or its last answer where it gives none', async () => {
    fake.plan(c.kind, { outcome: 'failed' });
    const { jobId } = await start();
    const last = (await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 })).at(-1)!;
    expect(last.state).toBe('failed');
    if (c.failureReason === false) {
      // No reason invented: the upstream's last answer is handed over as it is.
      expect(last.error).toBeUndefined();
      expect(last.message).toContain('See upstream_document');
      expect(JSON.stringify(last.upstream_document)).toContain('FAILED');
    } else expect(last.error).toBeTruthy();
  });

  it('transient 500s during polling are retried, not reported', async () => {
    const { jobId } = await start();
    fake.inject(c.pollRoute, { status: 500, times: 2 });
    const last = (await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 })).at(-1)!;
    fake.clearInjections();
    expect(last.state).toBe('succeeded');
  });

  it.runIf(c.cancelOutcome !== null)('cancel of a running job reports what happened, then the job ends cancelled', async () => {
    // The upstream stays in its cancelling state for a few polls, so a server that re-polls after the cancel
    // call still sees the in-between state its vendor reports (or `cancelled` where the vendor has none).
    fake.plan(c.kind, { cancelPolls: c.cancelOutcome === 'cancelling' ? 3 : 0 });
    const { jobId } = await start();
    const res = await callChecked(conn, tools.cancel!.name, { job_id: jobId });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent!.outcome).toBe(c.cancelOutcome);
    const last = (await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 })).at(-1)!;
    expect(last.state).toBe('cancelled');
  });

  it.runIf(c.cancelOutcome !== null)('cancel of a finished job is already_terminal and keeps its result', async () => {
    const { jobId } = await start();
    fake.jobs(c.kind).at(-1)!.finish();
    expect((await pollUntilTerminal(conn, tools.status.name, jobId)).at(-1)!.state).toBe('succeeded');
    const res = await callChecked(conn, tools.cancel!.name, { job_id: jobId });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent!.outcome).toBe('already_terminal');
    expect((await pollUntilTerminal(conn, tools.status.name, jobId)).at(-1)!.state).toBe('succeeded');
  });

  it.runIf(c.cancelOutcome !== null)('cancellation racing completion: completion wins', async () => {
    fake.plan(c.kind, { cancelRacesCompletion: true });
    const { jobId } = await start();
    const res = await callChecked(conn, tools.cancel!.name, { job_id: jobId });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent!.outcome).toBe('already_terminal');
    expect((await pollUntilTerminal(conn, tools.status.name, jobId)).at(-1)!.state).toBe('succeeded');
  });

  it.runIf(c.kind === 'batch')('an expired batch is terminal with the upstream status kept', async () => {
    fake.plan('batch', { outcome: 'expired' });
    const { jobId } = await start();
    const last = (await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 })).at(-1)!;
    expect(last.terminal).toBe(true);
    expect(last.state).not.toBe('succeeded');
    expect(last.upstream_status).toBe('expired');
  });

  it.runIf(c.kind === 'batch')(
    'idempotency_key: forwarded upstream, a retry returns the same handle, reuse with other arguments is an error',
    async () => {
      const tool = tools.start[0]!;
      const key = `key-${Math.random().toString(36).slice(2)}`;
      const args = c.startArgs();
      const before = fake.count(c.startRoute);
      const first = await callChecked(conn, tool.name, { ...fitArgs(tool, args), idempotency_key: key });
      const again = await callChecked(conn, tool.name, { ...fitArgs(tool, args), idempotency_key: key });
      expect(first.isError, textOf(first)).toBeFalsy();
      expect(again.structuredContent).toMatchObject({ job_id: first.structuredContent!.job_id, deduplicated: true });
      expect(fake.count(c.startRoute) - before).toBe(1);
      expect(fake.idempotencyKeys.length).toBeGreaterThan(0);
      const conflict = await callChecked(conn, tool.name, { ...fitArgs(tool, c.startArgs()), idempotency_key: key });
      expect(conflict.isError).toBe(true);
      expect(fake.count(c.startRoute) - before).toBe(1);
    },
  );

  it.runIf(c.kind === 'batch')('a failed job is no dedupe target: the same start afterwards is new work', async () => {
    const tool = tools.start[0]!;
    const args = c.startArgs();
    fake.plan(c.kind, { outcome: 'failed' });
    const first = await callChecked(conn, tool.name, fitArgs(tool, args));
    expect((await pollUntilTerminal(conn, tools.status.name, first.structuredContent!.job_id, { waitMs: 5000 })).at(-1)!.state).toBe(
      'failed',
    );
    const second = await callChecked(conn, tool.name, fitArgs(tool, args));
    expect(second.structuredContent).toMatchObject({ deduplicated: false });
    expect(second.structuredContent!.job_id).not.toBe(first.structuredContent!.job_id);
  });

  it.runIf(c.progressSteps)('status reports the fraction the upstream counts, step by step', async () => {
    const { jobId } = await start();
    // One upstream poll a step, one status call a poll: each step's fraction in turn, never one invented between.
    const seen = await pollUntilTerminal(conn, tools.status.name, jobId);
    expect(seen.map((s) => s.progress)).toEqual(c.progressSteps);
    expect(seen.at(-1)!.state).toBe('succeeded');
  });

  it.runIf(c.kind === 'batch')('status with wait_ms sends progress notifications when the client asks for them', async () => {
    fake.plan(c.kind, { pollsPerStep: 2 });
    const { jobId } = await start();
    const notes: unknown[] = [];
    const res = await conn.client.callTool({ name: tools.status.name, arguments: { job_id: jobId, wait_ms: 8000 } }, undefined, {
      onprogress: (p) => {
        notes.push(p);
      },
      timeout: 30_000,
    });
    expect(res.isError, textOf(res as never)).toBeFalsy();
    expect(notes.length).toBeGreaterThan(0);
  });

  it.runIf(c.kind === 'translation')('a status monitor answering 4xx for a failed job ends the job failed', async () => {
    fake.plan('translation', { outcome: 'failed', failMode: 'http' });
    const { jobId } = await start();
    const last = (await pollUntilTerminal(conn, tools.status.name, jobId, { waitMs: 5000 })).at(-1)!;
    expect(last.state).toBe('failed');
    expect(JSON.stringify(last.error)).toContain('InvalidDocumentAccessLevel');
  });

  it.runIf(c.kind === 'backup')('a poll URL on another origin is refused, never fetched (no SSRF through a hostile header)', async () => {
    const elsewhere = await startFakeUpstream();
    try {
      fake.inject(c.startRoute, {
        status: 202,
        body: '',
        headers: { 'Azure-AsyncOperation': `${elsewhere.url}/ops/stolen`, 'Retry-After': '1' },
      });
      const tool = tools.start[0]!;
      const res = await callChecked(conn, tool.name, fitArgs(tool, c.startArgs()));
      if (!res.isError) {
        const status = await callChecked(conn, tools.status.name, { job_id: res.structuredContent!.job_id, wait_ms: 2000 });
        expect(status.isError || status.structuredContent!.state === 'failed', textOf(status)).toBe(true);
      }
      expect(elsewhere.totalCalls()).toBe(0);
    } finally {
      fake.clearInjections();
      await elsewhere.close();
    }
  });

  it.runIf(c.kind === 'backup')('the affinity cookie and relative URLs were followed', () => {
    expect(fake.cookieRejections()).toBe(0);
    expect(fake.count('GET /ops/{id}')).toBeGreaterThan(0);
  });

  it('list_jobs finds the jobs this server started, newest first, filtered by state, page by page', async () => {
    const list = tools.list!.name;
    const all = await callChecked(conn, list, { limit: 100 });
    expect(all.isError, textOf(all)).toBeFalsy();
    const jobs = all.structuredContent!.jobs as Array<{ job_id: string; state: string; created_at: string; family: string }>;
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.every((j) => j.family === tools.family)).toBe(true);
    const created = jobs.map((j) => Date.parse(j.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const failed = await callChecked(conn, list, { state: 'failed' });
    const failedJobs = failed.structuredContent!.jobs as Array<{ state: string }>;
    expect(failedJobs.length).toBeGreaterThanOrEqual(1);
    expect(failedJobs.every((j) => j.state === 'failed')).toBe(true);
    const page1 = await callChecked(conn, list, { limit: 1 });
    expect(page1.structuredContent!.next_cursor).toEqual(expect.any(String));
    const page2 = await callChecked(conn, list, { limit: 1, cursor: page1.structuredContent!.next_cursor });
    expect(page2.structuredContent!.jobs[0].job_id).not.toBe(page1.structuredContent!.jobs[0].job_id);
    expect(page2.structuredContent!.jobs[0].job_id).toBe(jobs[1]!.job_id);
  });
});
