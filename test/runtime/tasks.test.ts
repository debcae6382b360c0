/**
 * The Tasks extension (SEP-2663) over the job store, by raw 2026-07-28 JSON-RPC: only a request declaring
 * the extension gets a task; the task is the job (same id, same record, same partition); tasks/get refreshes
 * it like the status tool and maps its state; tasks/cancel runs the honest cancel; errors follow the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutput } from '../../templates/runtime/jobs/schemas.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';
import type { RawMcp } from './rawMcp.js';
import { pollTask, rawConnect, TASKS, WITH_TASKS } from './rawMcp.js';

let upstream: FakeUpstream;
let mcp: RawMcp;
const batch = (file: string) => ({
  name: 'create_batch',
  arguments: { body: { input_file_id: file, endpoint: '/e', completion_window: '24h' } },
});

beforeAll(async () => {
  upstream = await startFakeUpstream();
  mcp = await rawConnect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

function textOf(result: { content?: Array<{ type: string; text?: string }> }): string {
  return (result.content ?? []).map((c) => c.text ?? '').join('\n');
}

describe('capability and gating', () => {
  it('advertises the extension in server/discover', async () => {
    const discover = await mcp.modern('server/discover');
    expect(discover.result?.capabilities.extensions).toEqual({ [TASKS]: {} });
    expect(discover.result?.capabilities.tasks).toBeUndefined();
  });

  it('answers a start with the plain handle when the request does not declare the extension', async () => {
    const started = await mcp.modern('tools/call', batch('file-plain'));
    expect(started.result?.resultType).toBe('complete');
    expect(started.result?.taskId).toBeUndefined();
    expect(started.result?.structuredContent.job_id).toMatch(/^job_/);
  });

  it('refuses tasks/* from a request that did not declare it with -32021 naming the extension', async () => {
    const started = await mcp.modern('tools/call', batch('file-gated'), WITH_TASKS);
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const answer = await mcp.modern(method, { taskId: started.result?.taskId, inputResponses: {} });
      expect(answer.error?.code, method).toBe(-32021);
      expect(answer.error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
    }
  });

  it('keeps tasks/list and tasks/result unknown (removed from the extension)', async () => {
    expect((await mcp.modern('tasks/list', {}, WITH_TASKS)).error?.code).toBe(-32601);
    expect((await mcp.modern('tasks/result', { taskId: 'job_x' }, WITH_TASKS)).error?.code).toBe(-32601);
  });

  it('answers an unknown or malformed task id with -32602', async () => {
    expect((await mcp.modern('tasks/get', { taskId: 'job_nope' }, WITH_TASKS)).error?.code).toBe(-32602);
    expect((await mcp.modern('tasks/cancel', { taskId: 'job_nope' }, WITH_TASKS)).error?.code).toBe(-32602);
    expect((await mcp.modern('tasks/update', { taskId: 'job_nope', inputResponses: {} }, WITH_TASKS)).error?.code).toBe(-32602);
    expect((await mcp.modern('tasks/get', {}, WITH_TASKS)).error?.code).toBe(-32602);
  });
});

describe('a task is the job', () => {
  it('creates a task for a declaring request and drives it to completed through tasks/get', async () => {
    const created = await mcp.modern('tools/call', batch('file-task'), WITH_TASKS);
    const task = created.result!;
    expect(task).toMatchObject({ resultType: 'task', status: 'working' });
    expect(task.taskId).toMatch(/^job_/);
    expect(Number.isInteger(task.ttlMs) && Number.isInteger(task.pollIntervalMs) && task.pollIntervalMs > 0).toBe(true);
    expect(Date.parse(task.createdAt)).not.toBeNaN();
    for (const key of ['result', 'error', 'requestState', 'ttl', 'pollInterval', 'task']) expect(task, key).not.toHaveProperty(key);
    // Never a second store: the task id is the job record's id, and the job tools see it too.
    const record = mcp.store.records.get(task.taskId)!;
    expect(record.family).toBe('batch');
    expect(task.ttlMs).toBe(record.expiresAt - record.createdAt);
    const status = await mcp.modern('tools/call', { name: 'batch_status', arguments: { job_id: task.taskId } });
    expect(status.result?.structuredContent.job_id).toBe(task.taskId);

    const seen = await pollTask(mcp, task.taskId);
    expect(seen.slice(0, -1).every((t) => t.status === 'working' && t.resultType === 'complete')).toBe(true);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'completed', resultType: 'complete', taskId: task.taskId });
    expect(done).not.toHaveProperty('pollIntervalMs');
    expect(done.result.isError).toBeUndefined();
    // The start tool's eventual result: checked by clients against the start tool's output schema.
    expect(startOutput.safeParse(done.result.structuredContent).success).toBe(true);
    expect(done.result.structuredContent).toMatchObject({ job_id: task.taskId, state: 'succeeded', terminal: true });
    expect(textOf(done.result)).toMatch(/succeeded[\s\S]*output_file_id/);
  });

  it('inlines the result fetched through the family result tool', async () => {
    const created = await mcp.modern(
      'tools/call',
      { name: 'start_translation', arguments: { body: { inputs: [{ source: 'a' }] } } },
      WITH_TASKS,
    );
    const done = (await pollTask(mcp, created.result!.taskId)).at(-1)!;
    expect(done.status).toBe('completed');
    expect(textOf(done.result)).toMatch(/"value"/);
  });

  it('reports an upstream failure as a completed task whose result is a tool error', async () => {
    upstream.plan('batch', { outcome: 'failed' });
    const created = await mcp.modern('tools/call', batch('file-task-fail'), WITH_TASKS);
    const done = (await pollTask(mcp, created.result!.taskId)).at(-1)!;
    expect(done).toMatchObject({ status: 'completed', result: { isError: true } });
    expect(done.statusMessage).toMatch(/failed/);
    expect(textOf(done.result)).toMatch(/failed[\s\S]*Error/);
    expect(done).not.toHaveProperty('error');
  });

  it('cancels through the honest cancel: an empty ack, then cancelled', async () => {
    upstream.plan('batch', { pollsPerStep: 0, cancelPolls: 1 });
    const created = await mcp.modern('tools/call', batch('file-task-cancel'), WITH_TASKS);
    const ack = await mcp.modern('tasks/cancel', { taskId: created.result!.taskId }, WITH_TASKS);
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(Object.keys(ack.result!).filter((k) => k !== '_meta' && k !== 'resultType')).toEqual([]);
    expect(upstream.count('POST /batches/{batch_id}/cancel')).toBeGreaterThan(0);
    const end = (await pollTask(mcp, created.result!.taskId)).at(-1)!;
    expect(end.status).toBe('cancelled');
    // Cancelling a finished task is the same empty ack.
    expect((await mcp.modern('tasks/cancel', { taskId: created.result!.taskId }, WITH_TASKS)).result?.resultType).toBe('complete');
  });

  it('acknowledges tasks/update and ignores responses nobody asked for', async () => {
    const created = await mcp.modern('tools/call', batch('file-task-update'), WITH_TASKS);
    const ack = await mcp.modern(
      'tasks/update',
      { taskId: created.result!.taskId, inputResponses: { k: { action: 'accept' } } },
      WITH_TASKS,
    );
    expect(ack.result?.resultType).toBe('complete');
    expect((await mcp.modern('tasks/get', { taskId: created.result!.taskId }, WITH_TASKS)).result?.status).toBe('working');
  });
});

describe('partitions, expiry and lost starts', () => {
  it("never shows another credential partition's job", async () => {
    const store = new MemoryJobStore();
    const env = (key: string) => ({ API_BASE_URL: upstream.url, OPENAI_API_KEY: key, JOB_PARTITION_SECRET: 's' });
    // One credential env var makes the partition: the hash of whoever's credential the server holds.
    const def = { ...allJobsDefinition(), securitySchemes: [{ key: 'token', type: 'bearer' as const, env: { token: 'OPENAI_API_KEY' } }] };
    const alice = await rawConnect(def, { env: env('alice-key-0001'), store });
    const bob = await rawConnect(def, { env: env('bob-key-000002'), store });
    try {
      const created = await alice.modern('tools/call', batch('file-alice'), WITH_TASKS);
      const taskId = created.result!.taskId as string;
      expect(store.records.get(taskId)).toBeDefined();
      expect((await bob.modern('tasks/get', { taskId }, WITH_TASKS)).error?.code).toBe(-32602);
      expect((await bob.modern('tasks/cancel', { taskId }, WITH_TASKS)).error?.code).toBe(-32602);
      expect((await alice.modern('tasks/get', { taskId }, WITH_TASKS)).result?.taskId).toBe(taskId);
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it('answers an expired task with -32602', async () => {
    let now = Date.now();
    const local = await rawConnect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url }, now: () => now });
    try {
      const created = await local.modern('tools/call', batch('file-expiring'), WITH_TASKS);
      now += created.result!.ttlMs + 1;
      const answer = await local.modern('tasks/get', { taskId: created.result!.taskId }, WITH_TASKS);
      expect(answer.error).toMatchObject({ code: -32602, message: expect.stringMatching(/expired/) });
    } finally {
      await local.close();
    }
  });

  it('ends a start that never got its answer as failed with a JSON-RPC error', async () => {
    const local = await rawConnect(allJobsDefinition(), {
      env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '300', JOB_BACKGROUND_TIMEOUT_MS: '300', JOB_START_WAIT_MS: '0' },
    });
    try {
      upstream.inject('POST /batches', { delayMs: 1_500, times: 1 });
      const created = await local.modern('tools/call', batch('file-lost'), WITH_TASKS);
      expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
      let task = (await local.modern('tasks/get', { taskId: created.result!.taskId }, WITH_TASKS)).result!;
      for (let i = 0; i < 40 && task.status === 'working'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        task = (await local.modern('tasks/get', { taskId: created.result!.taskId }, WITH_TASKS)).result!;
      }
      expect(task).toMatchObject({ status: 'failed', error: { code: -32603 } });
      expect(task.error.message).toMatch(/no answer|unknown/);
      expect(task).not.toHaveProperty('result');
    } finally {
      await local.close();
    }
  });
});

describe('switches and eras', () => {
  it('MCP_TASKS=off: not advertised, tasks/* unknown, starts answer plainly', async () => {
    const off = await rawConnect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, MCP_TASKS: 'off' } });
    try {
      expect((await off.modern('server/discover')).result?.capabilities.extensions).toBeUndefined();
      expect((await off.modern('tasks/get', { taskId: 'job_x' }, WITH_TASKS)).error?.code).toBe(-32601);
      const started = await off.modern('tools/call', batch('file-off'), WITH_TASKS);
      expect(started.result?.structuredContent.job_id).toMatch(/^job_/);
    } finally {
      await off.close();
    }
  });

  it('refuses a malformed MCP_TASKS at start-up', async () => {
    await expect(rawConnect(allJobsDefinition(), { env: { MCP_TASKS: 'maybe' } })).rejects.toThrow(/MCP_TASKS=maybe/);
  });

  it('never answers a 2025-era request with a task', async () => {
    const legacy = await rawConnect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url } });
    try {
      const init = await legacy.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: WITH_TASKS, clientInfo: { name: 'old', version: '1' } },
      });
      expect(init.result?.capabilities.extensions).toEqual({ [TASKS]: {} });
      await legacy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const started = await legacy.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: batch('file-legacy') });
      expect(started.result?.structuredContent.job_id).toMatch(/^job_/);
      expect(started.result?.taskId).toBeUndefined();
    } finally {
      await legacy.close();
    }
  });
});
