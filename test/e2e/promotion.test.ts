// Async promotion and recovery through real generated servers against the fake upstream's synchronous
// renders: a 45 s call answers with a handle and its status later holds the real result from one upstream
// request; /metrics parses with a Prometheus parser and moves; kill -9 mid-call on one replica and the
// others resolve every handle (re-sent once when repeatable, honestly interrupted when not), on every store.
// No timing assertions: the fake records what ran, and the tests count it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectHttp, connectStdio, textOf } from '../support/mcpHarness.js';
import { parsePrometheus, sampleValue } from '../support/prometheusText.js';
import { requireBackendInCi, storeBackends } from '../support/storeBackends.js';

const BACKENDS = storeBackends('mcp-jobgen-promote');

let fake: FakeUpstream;
let server: GeneratedServer;
const open: Connected[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer('fixtures/e2e/slow-renders.yaml', 'promotion-renders');
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await fake?.close();
});

function toolFor(conn: Connected, operationId: string): Tool {
  const tool = conn.tools.find((t) => (t._meta as Record<string, unknown> | undefined)?.['mcp-jobgen/operation'] === operationId);
  if (!tool) throw new Error(`no tool for ${operationId}`);
  return tool;
}

function statusTool(conn: Connected): string {
  return String((toolFor(conn, 'createRender')._meta as Record<string, unknown>)['mcp-jobgen/status']);
}

type Handle = { job_id: string; state: string; status_tool: string; deduplicated: boolean };

function handleOf(result: CallToolResult): Handle {
  const handle = (result.structuredContent as { mcp_job?: Handle } | undefined)?.mcp_job;
  if (!handle) throw new Error(`expected a job handle, got: ${textOf(result)}`);
  return handle;
}

/** Long-polls the call status until terminal (each call waits server-side; bounded in count, not in time). */
async function settle(conn: Connected, jobId: string, tool = statusTool(conn), maxCalls = 12): Promise<Record<string, unknown>> {
  for (let i = 0; i < maxCalls; i++) {
    const status = await callChecked(conn, tool, { job_id: jobId, wait_ms: 20_000 });
    expect(status.isError, textOf(status)).toBeFalsy();
    const s = status.structuredContent as Record<string, unknown>;
    if (s.terminal) return s;
  }
  throw new Error(`call ${jobId} not terminal after ${maxCalls} status calls`);
}

async function scrape(port: number): Promise<ReturnType<typeof parsePrometheus>> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parsePrometheus(await response.text());
}

describe('a 45 s synchronous call', () => {
  it('returns a handle within the threshold; status later holds the real result; the upstream saw one request', async () => {
    const storeUrl = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-promote-')), 'jobs.sqlite');
    const conn = await connectHttp(server, { API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '2000' });
    open.push(conn);
    fake.slow.setHoldMs(45_000);
    const before = parsePrometheus(await (await fetch(`http://127.0.0.1:${conn.port}/metrics`)).text());
    expect(sampleValue(before, 'mcp_job_promotions_total')).toBe(0);
    const requestsBefore = fake.slow.requests();
    const rendersBefore = fake.slow.renders.length;

    const tool = toolFor(conn, 'createRender');
    expect(tool.description).toContain('or a job_id (structuredContent.mcp_job) if it takes longer than 2 s');
    const first = await callChecked(conn, tool.name, { body: { prompt: 'a lighthouse at dusk' } });
    const handle = handleOf(first);
    expect(handle).toMatchObject({ state: 'running', status_tool: statusTool(conn), deduplicated: false });
    // The handle came back while the upstream was still rendering.
    expect(fake.slow.renders.length).toBe(rendersBefore);
    expect(fake.slow.requests() - requestsBefore).toBe(1);

    const listed = await callChecked(conn, 'list_jobs', {});
    const entry = (listed.structuredContent as { jobs: Array<Record<string, unknown>> }).jobs.find((j) => j.job_id === handle.job_id);
    expect(entry).toMatchObject({ kind: 'call', operation: tool.name, state: 'running', status_tool: statusTool(conn), attempts: 1 });
    const during = await scrape(conn.port);
    expect(sampleValue(during, 'mcp_job_promotions_total', { operation: tool.name })).toBe(1);
    expect(sampleValue(during, 'mcp_jobs', { family: `call:${tool.name}`, state: 'running' })).toBe(1);

    const done = await settle(conn, handle.job_id);
    expect(done).toMatchObject({ state: 'succeeded', http_status: 200, attempts: 1 });
    expect((done.result as { prompt: string }).prompt).toBe('a lighthouse at dusk');
    expect(fake.slow.requests() - requestsBefore).toBe(1);
    expect(fake.slow.renders.length - rendersBefore).toBe(1);
    const after = await scrape(conn.port);
    expect(sampleValue(after, 'mcp_jobs', { family: `call:${tool.name}`, state: 'succeeded' })).toBe(1);
    expect(sampleValue(after, 'mcp_jobs', { family: `call:${tool.name}`, state: 'running' })).toBe(0);
    expect(sampleValue(after, 'mcp_job_transitions_total', { family: `call:${tool.name}`, state: 'succeeded' })).toBe(1);
    // Every transition was one JSON line on stderr.
    const lines = conn
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.job_id === handle.job_id);
    expect(lines.map((l) => l.to)).toEqual(['pending/running', 'accepted/succeeded']);
  });
});

describe('a slow call of an operation whose contract says nothing of slowness', () => {
  it('is promoted all the same; a retry after a client timeout reuses it; the upstream saw one request', async () => {
    const storeUrl = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-promote-')), 'jobs.sqlite');
    const conn = await connectHttp(server, { API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '300' });
    open.push(conn);
    fake.slow.setHoldMs(2_000);
    const tool = toolFor(conn, 'createPicture');
    // No evidence: the description stays the contract's, but the output schema holds both answers.
    expect(tool.description).not.toContain('job_id');
    expect(Object.keys((tool.outputSchema as { properties: Record<string, unknown> }).properties)).toEqual(['id', 'caption', 'mcp_job']);
    const caption = `quiet ${Math.random().toString(36).slice(2)}`;
    const requestsBefore = fake.slow.requests();

    const first = await callChecked(conn, tool.name, { body: { caption } });
    const handle = handleOf(first);
    expect(handle).toMatchObject({ state: 'running', status_tool: 'call_status', deduplicated: false });
    // The handle explains itself: what to call next, with what, and not to call again.
    expect(textOf(first)).toContain(`Call call_status with {"job_id":"${handle.job_id}"} in about`);
    expect(textOf(first)).toContain(`Do not call ${tool.name} again for this`);
    // An agent whose own timeout fired retries the same call: it gets the same job, and nothing is re-sent.
    const retry = await callChecked(conn, tool.name, { body: { caption } });
    expect(handleOf(retry)).toMatchObject({ job_id: handle.job_id, deduplicated: true });

    const done = await settle(conn, handle.job_id);
    expect(done).toMatchObject({ state: 'succeeded', http_status: 200, attempts: 1, result: { caption } });
    expect(fake.slow.requests() - requestsBefore).toBe(1);
    expect(fake.slow.renders.filter((r) => r.prompt === caption)).toHaveLength(1);
  });

  it('is not promoted when JOB_PROMOTE_AFTER_MS=0: the plain call and its plain output', async () => {
    const storeUrl = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-promote-')), 'jobs.sqlite');
    const conn = await connectHttp(server, { API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '0' });
    open.push(conn);
    fake.slow.setHoldMs(600);
    const tool = toolFor(conn, 'createPicture');
    // Its own output, and mcp_answer for an answer too large to return inline (jobs/largeAnswer.ts); no job handle.
    expect(Object.keys((tool.outputSchema as { properties: Record<string, unknown> }).properties)).toEqual(['id', 'caption', 'mcp_answer']);
    const result = await callChecked(conn, tool.name, { body: { caption: 'off' } });
    expect(result.structuredContent).toMatchObject({ caption: 'off' });
  });
});

describe('dynamic mode (MCP_TOOL_MODE=dynamic)', () => {
  it("lists the promoted calls' status tool beside list_jobs, so a handle from call_operation is pollable", async () => {
    const storeUrl = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-promote-')), 'jobs.sqlite');
    const env = { API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '300', MCP_TOOL_MODE: 'dynamic' };
    const conn = await connectHttp(server, env);
    open.push(conn);
    fake.slow.setHoldMs(1_500);
    const listed = conn.tools.map((t) => t.name);
    expect(listed).toEqual(
      expect.arrayContaining(['search_operations', 'describe_operation', 'call_operation', 'list_jobs', 'call_status']),
    );
    // The operations themselves are reached through the meta-tools, not listed.
    expect(listed).not.toContain('create_render');
    const callStatus = conn.tools.find((t) => t.name === 'call_status')!;
    expect((callStatus._meta as Record<string, unknown>)['mcp-jobgen/role']).toBe('call-status');

    const requestsBefore = fake.slow.requests();
    const prompt = `dynamic ${Math.random().toString(36).slice(2)}`;
    const first = await callChecked(conn, 'call_operation', { name: 'create_render', arguments: { body: { prompt } } });
    const handle = handleOf(first);
    expect(handle.status_tool).toBe('call_status');
    const done = await settle(conn, handle.job_id, 'call_status');
    expect(done).toMatchObject({ state: 'succeeded', http_status: 200, attempts: 1 });
    expect((done.result as { prompt: string }).prompt).toBe(prompt);
    expect(fake.slow.requests() - requestsBefore).toBe(1);
  });
});

for (const backend of BACKENDS) {
  const storeUrl = backend.url();
  describe(`kill -9 mid-call, two surviving replicas (${backend.name})`, () => {
    requireBackendInCi(backend, storeUrl);
    if (!storeUrl) return;
    // Short lease so the survivors recover within seconds (not shorter: a loaded machine can stall a live
    // replica's heartbeat for a second or two, and its lapsed lease would rightly be recovered once more).
    // The fake holds each render 4 s.
    const env = () => ({ API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '300', JOB_LEASE_MS: '4000' });

    it('re-sends a repeatable call once, ends the other interrupted, and a blind retry is told', async () => {
      fake.slow.setHoldMs(4_000);
      const doomed = await connectStdio(server, env());
      open.push(doomed);
      const put = toolFor(doomed, 'putRender');
      const post = toolFor(doomed, 'createRender');
      const renderId = `k${Math.random().toString(36).slice(2)}`;
      const prompt = `prompt ${renderId}`;
      const putHandle = handleOf(await callChecked(doomed, put.name, { render_id: renderId, body: { prompt } }));
      const postHandle = handleOf(await callChecked(doomed, post.name, { body: { prompt } }));
      doomed.kill();

      const b = await connectHttp(server, env());
      const c = await connectHttp(server, env());
      open.push(b, c);
      const resent = await settle(b, putHandle.job_id);
      expect(resent).toMatchObject({ state: 'succeeded', attempts: 2 });
      const interrupted = await settle(c, postHandle.job_id);
      expect(interrupted).toMatchObject({ state: 'failed', attempts: 1 });
      expect(String(interrupted.last_error)).toMatch(/^interrupted: may have run upstream/);

      // The dead replica's requests still ran upstream; only the repeatable one was sent again, by one replica.
      const mine = (method: string) => fake.slow.renders.filter((r) => r.prompt === prompt && r.method === method);
      await expect.poll(() => mine('PUT').length, { timeout: 15_000 }).toBe(2);
      expect(mine('POST')).toHaveLength(1);
      const recoveries = (await Promise.all([scrape(b.port), scrape(c.port)])).map((m) => ({
        resent: sampleValue(m, 'mcp_job_recoveries_total', { action: 'resend' }),
        interrupted: sampleValue(m, 'mcp_job_recoveries_total', { action: 'interrupt' }),
      }));
      expect(recoveries.reduce((n, r) => n + r.resent, 0)).toBe(1);
      expect(recoveries.reduce((n, r) => n + r.interrupted, 0)).toBe(1);

      const retry = await callChecked(b, post.name, { body: { prompt } });
      expect(retry.isError).toBe(true);
      expect(textOf(retry)).toContain('interrupted: may have run upstream');
      expect(mine('POST')).toHaveLength(1);
    });
  });
}
