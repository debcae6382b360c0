/** Connects an MCP SDK Client to a runtime server over an in-memory transport, as a real client would see it. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { CreateServerOptions, ServerDefinition } from '../../templates/runtime/index.js';
import { createServer } from '../../templates/runtime/index.js';
import type { StatusView } from '../../templates/runtime/jobs/schemas.js';
import type { JobStore } from '../../templates/runtime/store/types.js';
import { MemoryJobStore } from './memoryStore.js';

/**
 * The settings an in-process test server runs with unless its test says otherwise (harness.ts, rawMcp.ts).
 * These tests step the fake upstream one state per status call; the shared poll pace (which answers a call inside
 * the job's window from the store) is tested on its own (pace.test.ts) and by tests that turn it on. The watcher
 * polls on a timer of its own: tested with its ticks driven by the test (watcher.test.ts). And they assert what a
 * start answered (the upstream's job, its state), so a start tool waits for the upstream's answer: under load the
 * in-process round trip outlasted the default JOB_START_WAIT_MS (1 s), the tool answered the pending handle, and
 * the next status call, with nothing yet to poll, answered from the store. Only the tests of that wait itself set
 * it shorter (startIdempotency.test.ts, tasks.test.ts, startWork.test.ts).
 */
export const STEPPED_ENV = { JOB_POLL_PACE: 'off', JOB_WATCH: 'off', JOB_START_WAIT_MS: '30000' } as const;

/** `store`: the MemoryJobStore it made, or the one the test passed (any backend: openStore). */
export interface Connected<S extends JobStore = MemoryJobStore> {
  client: Client;
  store: S;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect<S extends JobStore = MemoryJobStore>(
  def: ServerDefinition,
  options: CreateServerOptions & { store?: S } = {},
): Promise<Connected<S>> {
  // Without a store of the test's, S is the default, MemoryJobStore.
  const store = options.store ?? (new MemoryJobStore() as JobStore as S);
  // The JSON log on stderr is tested on its own (observability.test.ts, e2e); here it would only be noise.
  const env = options.env ? { LOG_LEVEL: 'silent', ...STEPPED_ENV, ...options.env } : undefined;
  const { server, close } = await createServer(def, { ...options, ...(env ? { env } : {}), store });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'runtime-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  // listTools primes the client's outputSchema validators, so every structuredContent below is checked by the SDK.
  await client.listTools();
  return {
    client,
    store,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await close();
    },
  };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}

/** What a job family's status tool returns: the runtime's own type, inferred from the output schema. */
export type Status = StatusView;

/** The structuredContent of a result that must not be an error (the error text is the failure message). */
export function structured<T>(result: CallToolResult): T {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as T;
}

/** Polls a status tool until it reports terminal; the fake upstream advances one step per poll, so no sleeps. */
export async function pollToEnd(mcp: Connected, tool: string, jobId: string, maxPolls = 12): Promise<Status[]> {
  const seen: Status[] = [];
  for (let i = 0; i < maxPolls; i++) {
    const status = structured<Status>(await mcp.call(tool, { job_id: jobId }));
    seen.push(status);
    if (status.terminal) return seen;
  }
  throw new Error(`job ${jobId} not terminal after ${maxPolls} polls: ${JSON.stringify(seen.at(-1))}`);
}
