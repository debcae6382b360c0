/**
 * Task subscriptions by raw 2026-07-28 JSON-RPC over the stdio path (createServer().serve wraps the transport
 * as runMain does): what a hostile or careless client gets. The acknowledgement names only the ids honoured,
 * the requested ids and the open streams are bounded, a cancel ends a stream, a malformed filter is refused,
 * and a change this replica writes is announced without waiting for the feed's timer (set far out here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TASK_IDS, MAX_TASK_STREAMS } from '../../templates/runtime/mcp/taskFeed.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import type { RawMcp, RpcAnswer } from './rawMcp.js';
import { rawConnect, WITH_TASKS } from './rawMcp.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': WITH_TASKS,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
};
let upstream: FakeUpstream;
let mcp: RawMcp;
let nextListen = 1;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  mcp = await rawConnect(allJobsDefinition(), {
    env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000', JOB_WATCH_INTERVAL_MS: '600000', LOG_LEVEL: 'silent' },
  });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

async function startTask(file: string): Promise<string> {
  const created = await mcp.modern(
    'tools/call',
    { name: 'create_batch', arguments: { body: { input_file_id: file, endpoint: '/e', completion_window: '24h' } } },
    WITH_TASKS,
  );
  expect(created.result?.taskId, JSON.stringify(created)).toMatch(/^job_/);
  return created.result!.taskId as string;
}

/** Sends a listen; resolves with its acknowledgement or its error answer. */
async function listen(
  notifications: Record<string, unknown>,
  meta: Record<string, unknown> = ENVELOPE,
): Promise<{ id: string; ack?: Record<string, any>; answer?: RpcAnswer; closed: Promise<RpcAnswer> }> {
  const id = `t-${nextListen++}`;
  const answered = mcp.send({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications, _meta: meta } });
  const acked = mcp.nextNotification(
    (n) => n.method === 'notifications/subscriptions/acknowledged' && n.params._meta[SUBSCRIPTION_ID] === id,
  );
  const first = await Promise.race([answered.then((answer) => ({ answer })), acked.then((ack) => ({ ack }))]);
  return { id, ...first, closed: answered };
}

describe('task subscriptions', () => {
  it('announces a change this replica writes at once, and ends the stream gracefully when the task ends', async () => {
    const taskId = await startTask('file-feed');
    const opened = await listen({ taskIds: [taskId] });
    expect(opened.ack?.params.notifications).toEqual({ taskIds: [taskId] });
    await mcp.nextNotification((n) => n.method === 'notifications/tasks' && n.params.taskId === taskId);
    // Each tasks/get steps the fake upstream; the feed's timer is ten minutes out, so only the observer can
    // bring these notifications.
    for (let i = 0; i < 12; i++) {
      const got = await mcp.modern('tasks/get', { taskId }, WITH_TASKS);
      if (got.result?.status !== 'working') break;
    }
    const completed = await mcp.nextNotification((n) => n.method === 'notifications/tasks' && n.params.status === 'completed');
    expect(completed.params).toMatchObject({ taskId, status: 'completed', _meta: { [SUBSCRIPTION_ID]: opened.id } });
    expect(completed.params.result.content.length).toBeGreaterThan(0);
    const closed = await opened.closed;
    expect(closed.result).toMatchObject({ resultType: 'complete', _meta: { [SUBSCRIPTION_ID]: opened.id } });
  });

  it('acknowledges no task to a request that does not declare the extension', async () => {
    const taskId = await startTask('file-undeclared');
    const opened = await listen({ taskIds: [taskId] }, { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': {} });
    expect(opened.ack?.params.notifications).toEqual({ taskIds: [] });
    expect((await opened.closed).result?.resultType).toBe('complete');
  });

  it('refuses a malformed filter or envelope with -32602', async () => {
    expect((await listen({ taskIds: 'job_x' })).answer?.error?.code).toBe(-32602);
    expect((await listen({ taskIds: [42] })).answer?.error?.code).toBe(-32602);
    expect((await listen({ taskIds: ['x'.repeat(300)] })).answer?.error?.code).toBe(-32602);
    expect((await listen({ taskIds: ['job_x'] }, {})).answer?.error?.code).toBe(-32602);
    expect(
      (await listen({ taskIds: ['job_x'] }, { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' })).answer?.error?.code,
    ).toBe(-32602);
  });

  it(`looks at no more than ${MAX_TASK_IDS} distinct ids of one request`, async () => {
    const taskId = await startTask('file-many');
    const store = mcp.store;
    const get = store.get.bind(store);
    let reads = 0;
    store.get = (id: string) => {
      reads += 1;
      return get(id);
    };
    try {
      const requested = [taskId, taskId, ...Array.from({ length: 5000 }, (_, i) => `job_unknown_${i}`)];
      const opened = await listen({ taskIds: requested });
      expect(opened.ack?.params.notifications).toEqual({ taskIds: [taskId] });
      expect(reads).toBeLessThanOrEqual(MAX_TASK_IDS + 1);
      await mcp.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: opened.id } });
    } finally {
      store.get = get;
    }
  });

  it(`refuses stream ${MAX_TASK_STREAMS + 1} with -32603, and a cancelled stream frees its place`, async () => {
    const taskId = await startTask('file-streams');
    const ids: string[] = [];
    for (let i = 0; i < MAX_TASK_STREAMS; i++) {
      const opened = await listen({ taskIds: [taskId] });
      expect(opened.ack, `stream ${i}`).toBeDefined();
      ids.push(opened.id);
    }
    const refused = await listen({ taskIds: [taskId] });
    expect(refused.answer?.error).toEqual({ code: -32603, message: 'Subscription limit reached' });
    await mcp.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: ids[0] } });
    expect((await listen({ taskIds: [taskId] })).ack).toBeDefined();
  });

  it('leaves a listen without taskIds to the SDK', async () => {
    const opened = await listen({ toolsListChanged: true });
    // The SDK's own acknowledgement: this server advertises no tools.listChanged, so it honours nothing
    // (and its stdio router keeps the subscription until the client cancels it).
    expect(opened.ack?.params.notifications).toEqual({});
    await mcp.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: opened.id } });
  });
});
