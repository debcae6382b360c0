/**
 * Tasks status notifications end to end: runMain over the compiled runtime (dist/templates/runtime), three
 * replicas on one SQLite store, driven by the v2 client SDK (`@modelcontextprotocol/client`) with the Tasks
 * extension v2 client helpers (`@modelcontextprotocol/ext-tasks/core/v2`: `contributeTaskFilterV2` builds the
 * listen filter, `readAcceptedTaskIdsV2` reads the acknowledgement, `isTaskStatusNotificationV2` checks each
 * notification). The SDK client's own schema strips `taskIds` from the acknowledgement it hands back, so the
 * test reads the wire messages its transport received.
 *
 * - replica A (credentials alpha, watcher on) starts the jobs and is the only one that polls the upstream;
 * - replica B (credentials alpha, JOB_WATCH=off) serves the HTTP listener: every change it announces was made
 *   by A, and reached B through the store;
 * - replica C (credentials beta) is another partition: it acknowledges none of alpha's tasks and sends nothing.
 *
 * No timed assertion: each step waits for the message it expects (or for the process to exit).
 */

import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { contributeTaskFilterV2, isTaskStatusNotificationV2, readAcceptedTaskIdsV2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';
import type { RuntimeProcess } from './runtimeProcess.js';
import { batchMainSource, prepareRuntimeDir, startRuntimeProcess } from './runtimeProcess.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const root = process.cwd();
const dir = join(root, '.tmp', `runtime-task-notifications-${process.pid}`);
const storeUrl = `sqlite:${join(dir, 'jobs.sqlite')}`;
let upstream: LocalUpstream;
const processes: ChildProcess[] = [];
/** Upstream state of each batch, moved by the test. */
const batches = new Map<string, string>();
let nextBatch = 1;

type Wire = Record<string, any>;

/** A v2 client whose transport's received messages the test can wait on. */
interface WireClient {
  client: Client;
  received: Wire[];
  next(match: (message: Wire) => boolean): Promise<Wire>;
  close(): Promise<void>;
}

async function connect(transport: StreamableHTTPClientTransport | StdioClientTransport, tasks: boolean): Promise<WireClient> {
  const client = new Client(
    { name: 'task-notifications-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: tasks ? { extensions: { [TASKS]: {} } } : {} },
  );
  await client.connect(transport);
  const received: Wire[] = [];
  const waiters: Array<{ match: (m: Wire) => boolean; resolve: (m: Wire) => void }> = [];
  // The client installed its handler on connect; the test sees each message first, then hands it on.
  const deliver = transport.onmessage as (message: unknown, extra?: unknown) => void;
  const observe = (message: unknown, extra?: unknown) => {
    received.push(message as Wire);
    for (const waiter of [...waiters]) {
      if (waiter.match(message as Wire)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message as Wire);
      }
    }
    deliver(message, extra);
  };
  transport.onmessage = observe as never;
  return {
    client,
    received,
    next: (match) => {
      const seen = received.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => client.close(),
  };
}

const ackOf = (id: string) => (m: Wire) =>
  m.method === 'notifications/subscriptions/acknowledged' && m.params?._meta?.[SUBSCRIPTION_ID] === id;
const taskNote = (taskId: string, status: string) => (m: Wire) =>
  m.method === 'notifications/tasks' && m.params?.taskId === taskId && m.params?.status === status;

/** Opens a task subscription the way the ext-tasks v2 client builds it; resolves with the raw acknowledgement. */
async function listenForTasks(wire: WireClient, taskIds: string[], listenId: string) {
  // The helpers work on the listen params and the acknowledgement's params ({ notifications: filter }).
  const params = contributeTaskFilterV2({}, taskIds);
  const subscription = await wire.client.listen(params.notifications as never);
  const ack = await wire.next(ackOf(listenId));
  return { subscription, accepted: readAcceptedTaskIdsV2(ack.params) };
}

async function startJob(wire: WireClient): Promise<string> {
  const started = await wire.client.callTool({ name: 'create_batch', arguments: {} });
  expect(started.isError, JSON.stringify(started)).toBeFalsy();
  return (started.structuredContent as { job_id: string }).job_id;
}

function replica(env: Record<string, string>): Promise<RuntimeProcess> {
  return startRuntimeProcess(dir, {
    API_BASE_URL: upstream.url,
    JOB_STORE_URL: storeUrl,
    JOB_WATCH_INTERVAL_MS: '100',
    LOG_LEVEL: 'silent',
    ...env,
  }).then((running) => {
    processes.push(running.child);
    return running;
  });
}

let a: RuntimeProcess;
let b: RuntimeProcess;
let c: RuntimeProcess;

beforeAll(async () => {
  // A bearer credential: its value picks the partition.
  await prepareRuntimeDir(
    dir,
    batchMainSource({
      name: 'task-notifications-test',
      bearerEnv: 'UPSTREAM_TOKEN',
      resultField: 'output',
      retryAfter: true,
      dedupeWindowMs: 0,
    }),
  );
  upstream = await startLocalUpstream();
  upstream.route('POST /batches', (_req, res) => {
    const id = `b${nextBatch++}`;
    batches.set(id, 'validating');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: 'validating' }));
  });
  for (let n = 1; n <= 8; n++) {
    upstream.route(`GET /batches/b${n}`, (_req, res) => {
      const status = batches.get(`b${n}`) ?? 'validating';
      const body = { id: `b${n}`, status, ...(status === 'completed' ? { output: { lines: 3 } } : {}) };
      // Retry-After 0: the shared pace lets the next watcher tick poll again (the test waits for changes, not time).
      res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '0' }).end(JSON.stringify(body));
    });
  }
  [a, b, c] = await Promise.all([
    replica({ UPSTREAM_TOKEN: 'alpha' }),
    // Its own base path: any upstream request B made would show under /via-b.
    replica({ UPSTREAM_TOKEN: 'alpha', JOB_WATCH: 'off', API_BASE_URL: `${upstream.url}/via-b` }),
    replica({ UPSTREAM_TOKEN: 'beta' }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('notifications/tasks over Streamable HTTP', () => {
  it('sends a task its state changes, made by another replica, until it completes with its result', async () => {
    const starter = await connect(new StreamableHTTPClientTransport(new URL(a.url)), false);
    const listener = await connect(new StreamableHTTPClientTransport(new URL(b.url)), true);
    try {
      const taskId = await startJob(starter);
      const { subscription, accepted } = await listenForTasks(listener, [taskId], 'listen:0');
      expect(accepted).toEqual([taskId]);
      // The current state first (queued is a working task), then each change A's watcher polls in.
      await listener.next(taskNote(taskId, 'working'));
      batches.set('b1', 'in_progress');
      const running = await listener.next((m) => taskNote(taskId, 'working')(m) && /running|in_progress/.test(m.params.statusMessage));
      batches.set('b1', 'completed');
      const completed = await listener.next(taskNote(taskId, 'completed'));
      for (const note of [running, completed]) {
        expect(isTaskStatusNotificationV2(note), JSON.stringify(note)).toBe(true);
        expect(note.params._meta[SUBSCRIPTION_ID]).toBe('listen:0');
      }
      expect(JSON.stringify(completed.params.result)).toContain('lines');
      // Every followed task ended: the server closes the subscription gracefully.
      expect(await subscription.closed).toBe('graceful');
      // B never asked the upstream: what it announced, A's watcher polled in and B read from the store.
      expect(upstream.requests.filter((r) => r.url.startsWith('/via-b'))).toEqual([]);
    } finally {
      await starter.close();
      await listener.close();
    }
  });

  it("acknowledges none of another partition's tasks and sends it nothing", async () => {
    const starter = await connect(new StreamableHTTPClientTransport(new URL(a.url)), false);
    const outsider = await connect(new StreamableHTTPClientTransport(new URL(c.url)), true);
    try {
      const taskId = await startJob(starter);
      const { subscription, accepted } = await listenForTasks(outsider, [taskId], 'listen:0');
      expect(accepted).toEqual([]);
      // Nothing honoured: the stream ends at once, gracefully, with no notification.
      expect(await subscription.closed).toBe('graceful');
      expect(outsider.received.filter((m) => m.method === 'notifications/tasks')).toEqual([]);
    } finally {
      await starter.close();
      await outsider.close();
    }
  });

  it("leaves the SDK's own list-changed listen to the SDK", async () => {
    const wire = await connect(new StreamableHTTPClientTransport(new URL(b.url)), true);
    try {
      const subscription = await wire.client.listen({ toolsListChanged: true });
      // Answered by the SDK's listen router: this server advertises no tools.listChanged, so nothing is honoured.
      expect(subscription.honoredFilter).toEqual({});
      expect(await subscription.closed).toBe('graceful');
    } finally {
      await wire.close();
    }
  });
});

describe('notifications/tasks over stdio', () => {
  it('sends a task its changes over a stdio connection until it completes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(dir, 'main.mjs')],
      env: {
        ...(process.env as Record<string, string>),
        API_BASE_URL: upstream.url,
        JOB_STORE_URL: storeUrl,
        JOB_WATCH_INTERVAL_MS: '100',
        LOG_LEVEL: 'silent',
        UPSTREAM_TOKEN: 'alpha',
      },
      stderr: 'ignore',
    });
    // The job is started through replica A (the v2 client cannot read a CreateTaskResult from tools/call yet:
    // "Unsupported result type 'task'"); the stdio server holds the same credentials, so it is its task too.
    const starter = await connect(new StreamableHTTPClientTransport(new URL(a.url)), false);
    const wire = await connect(transport, true);
    try {
      const taskId = await startJob(starter);
      const batch = [...batches.keys()].at(-1)!;
      const { subscription, accepted } = await listenForTasks(wire, [taskId, 'job_unknown'], 'listen:0');
      expect(accepted).toEqual([taskId]);
      await wire.next(taskNote(taskId, 'working'));
      batches.set(batch, 'completed');
      const completed = await wire.next(taskNote(taskId, 'completed'));
      expect(isTaskStatusNotificationV2(completed), JSON.stringify(completed)).toBe(true);
      expect(completed.params._meta[SUBSCRIPTION_ID]).toBe('listen:0');
      expect(await subscription.closed).toBe('graceful');
      // The SDK still serves everything else on the connection.
      expect((await wire.client.listTools()).tools.map((t) => t.name)).toContain('create_batch');
    } finally {
      await starter.close();
      await wire.close();
    }
  });
});

describe('shutdown', () => {
  it('exits promptly on SIGTERM with a task listen stream open, closing it gracefully', async () => {
    const starter = await connect(new StreamableHTTPClientTransport(new URL(a.url)), false);
    const listener = await connect(new StreamableHTTPClientTransport(new URL(b.url)), true);
    const taskId = await startJob(starter);
    await starter.close();
    const { subscription, accepted } = await listenForTasks(listener, [taskId], 'listen:0');
    expect(accepted).toEqual([taskId]);
    b.child.kill('SIGTERM');
    expect(await subscription.closed).toBe('graceful');
    // Promptly: the drain has nothing to wait for, and the process exits 0 (the test's own timeout is the bound).
    expect(await b.exited).toBe(0);
    await listener.close();
  });
});
