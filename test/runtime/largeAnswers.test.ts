/**
 * Large answers that are not promoted, on every store: a plain call with promotion off (JOB_PROMOTE_AFTER_MS=0)
 * or an operation opted out answers a body over JOB_RESULT_INLINE_MAX_BYTES by reference (a kept blob in the
 * caller's partition, result_ref + resource_link, a bounded preview), checked by the SDK client against the
 * tool's output schema; a start answered with an already finished job whose document is over the record's
 * 64 KiB keeps it whole by reference, as the status path does. A server with no store says it cut the answer.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer } from '../../templates/runtime/index.js';
import { openStore } from '../../templates/runtime/store/index.js';
import type { JobStore } from '../../templates/runtime/store/types.js';
import { definition, family, op } from './defs.js';
import { structured, textOf } from './harness.js';
import { BACKENDS, missingServerMessage } from './store/backends.js';

const PAGE_BYTES = 16 * 1024;
/** About 200 KB of JSON with multi-byte characters, so pages are cut inside characters too. */
const rows = Array.from({ length: 3000 }, (_, n) => ({ n, label: `row ${n} — größe ✓ 日本語 ${'x'.repeat(n % 30)}` }));
const rowsText = JSON.stringify({ rows });

const rowsOutput = z.object({ rows: z.array(z.object({ n: z.number().int(), label: z.string() })) });
const dumpOp = op({ tool: 'dump_rows', method: 'POST', path: '/dumps', output: rowsOutput, promote: {} });
const optedOutOp = op({ tool: 'read_rows', method: 'GET', path: '/rows', output: rowsOutput });
const exportOps = [
  op({ tool: 'create_export', method: 'POST', path: '/exports', role: 'start' }),
  op({
    tool: 'get_export',
    method: 'GET',
    path: '/exports/{export_id}',
    role: 'internal',
    input: z.object({ export_id: z.string() }),
    params: [{ arg: 'export_id', name: 'export_id', in: 'path', required: true }],
  }),
];
const exportFamily = family({
  name: 'export',
  starts: [{ operation: 'create_export', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_export', idParam: 'export_id', carry: [] },
  states: { running: 'running', succeeded: 'succeeded' },
});

/** The upstream: dumps and rows answer the rows; an export is finished in its start's own answer, rows and all. */
const fetchImpl: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  const json = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/exports') return json(JSON.stringify({ id: 'exp_1', status: 'succeeded', rows }));
  if (url.pathname === '/exports/exp_1') return json(JSON.stringify({ id: 'exp_1', status: 'succeeded', rows }));
  return json(rowsText);
};

interface Connected {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

async function connect(
  def: ReturnType<typeof definition>,
  store: JobStore | undefined,
  env: Record<string, string> = {},
): Promise<Connected> {
  const { server, close } = await createServer(def, {
    ...(store ? { store } : {}),
    fetch: fetchImpl,
    env: {
      API_BASE_URL: 'http://upstream.test',
      LOG_LEVEL: 'silent',
      JOB_WATCH: 'off',
      JOB_RESULT_INLINE_MAX_BYTES: String(PAGE_BYTES),
      ...env,
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'large-answers-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  // Primes the client's output schema validators: every structuredContent below is checked by the SDK.
  await client.listTools();
  return {
    client,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await close();
    },
  };
}

/** Every page of `uri` through resources/read, joined. */
async function readPages(conn: Connected, uri: string): Promise<string> {
  let text = '';
  for (let next: string | undefined = uri, pages = 0; next !== undefined; pages++) {
    expect(pages).toBeLessThan(100);
    const read = await conn.client.readResource({ uri: next });
    const content = read.contents[0] as { text: string; _meta: Record<string, unknown> };
    expect(Buffer.byteLength(content.text)).toBeLessThanOrEqual(PAGE_BYTES);
    text += content.text;
    next = content._meta['mcp-jobgen/next_uri'] as string | undefined;
  }
  return text;
}

type LargeAnswer = { size_bytes: number; truncated: boolean; result_ref?: { uri: string; size_bytes: number; page_bytes: number } };

function largeAnswerOf(result: CallToolResult): LargeAnswer {
  const answer = structured<{ mcp_answer?: LargeAnswer }>(result).mcp_answer;
  if (!answer) throw new Error(`expected mcp_answer, got: ${textOf(result).slice(0, 500)}`);
  return answer;
}

describe.each(BACKENDS)('large answers that are not promoted: $name', (backend) => {
  if (backend.freshUrl() === null) {
    if (process.env.CI) {
      it(`has ${backend.env} (required in CI)`, () => {
        throw new Error(missingServerMessage(backend));
      });
    } else it.skip(missingServerMessage(backend), () => undefined);
    return;
  }
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close().catch(() => undefined);
  });
  afterAll(async () => {
    await backend.cleanup();
  });

  it.each([
    ['promotion off', 'dump_rows', { JOB_PROMOTE_AFTER_MS: '0' }],
    ['an operation opted out of promotion', 'read_rows', {}],
  ])('%s: answered by reference, read whole from the store, never inline', async (_case, tool, env) => {
    const store = await openStore(backend.freshUrl() as string);
    open.push(store);
    const def = { ...definition([dumpOp, optedOutOp, ...exportOps], [exportFamily]), callStatusTool: 'call_status' };
    const mcp = await connect(def, store, env);
    open.push(mcp);
    const result = await mcp.call(tool);
    const answer = largeAnswerOf(result);
    expect(answer).toMatchObject({ size_bytes: Buffer.byteLength(rowsText), truncated: false });
    expect(answer.result_ref).toMatchObject({ size_bytes: Buffer.byteLength(rowsText), page_bytes: PAGE_BYTES });
    // Nothing of the answer rides in structuredContent, and the whole result stays small.
    expect(result.structuredContent).not.toHaveProperty('rows');
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
    const uri = answer.result_ref!.uri;
    expect(result.content.some((c) => c.type === 'resource_link' && c.uri === uri)).toBe(true);
    expect(await readPages(mcp, uri)).toBe(rowsText);
    // Kept beside a finished call record of this server's partition: the resource is read under its rule.
    const jobId = /^mcp-jobgen:\/\/jobs\/([^/]+)\/answer$/.exec(uri)?.[1];
    const record = await store.get(jobId!);
    expect(record).toMatchObject({ state: 'succeeded', family: `call:${tool}`, dedupeKey: null });
    expect(record?.refs?.answer?.size).toBe(Buffer.byteLength(rowsText));
    // list_jobs names no status tool the server does not offer: with promotion off there is no call_status.
    const listed = structured<{ jobs: Array<{ job_id: string; status_tool: string | null }> }>(await mcp.call('list_jobs'));
    const row = listed.jobs.find((j) => j.job_id === jobId);
    const tools = (await mcp.client.listTools()).tools.map((t) => t.name);
    // Opted out, the operation's call is still read by the call_status the promotable dump_rows brings.
    expect(row?.status_tool).toBe(tool === 'dump_rows' ? null : 'call_status');
    if (row?.status_tool) {
      expect(tools).toContain(row.status_tool);
      const status = structured<{ state: string; result_ref?: { uri: string } }>(await mcp.call(row.status_tool, { job_id: jobId }));
      expect(status).toMatchObject({ state: 'succeeded', result_ref: { uri } });
    }
  });

  it('a start answered with a finished job over 64 KiB keeps its document whole by reference', async () => {
    const store = await openStore(backend.freshUrl() as string);
    open.push(store);
    const mcp = await connect(definition([dumpOp, ...exportOps], [exportFamily]), store);
    open.push(mcp);
    const start = structured<{ job_id: string; terminal: boolean; result_location?: string }>(await mcp.call('create_export'));
    expect(start.terminal).toBe(true);
    const uri = `mcp-jobgen://jobs/${start.job_id}/document`;
    expect(start.result_location).toBe(uri);
    const document = JSON.parse(await readPages(mcp, uri)) as { rows: unknown[] };
    expect(document.rows).toEqual(rows);
  });
});

describe('large answers on a server with no store', () => {
  it('returns a bounded preview and says the answer was truncated', async () => {
    // No family and no promotable operation: the server opens no store.
    const mcp = await connect(definition([optedOutOp]), undefined);
    try {
      const result = await mcp.call('read_rows');
      const answer = largeAnswerOf(result);
      expect(answer).toEqual({ size_bytes: Buffer.byteLength(rowsText), content_type: 'application/json', truncated: true });
      expect(JSON.stringify(result).length).toBeLessThan(10_000);
      expect(textOf(result)).toContain('truncated');
      expect(textOf(result)).toContain(rowsText.slice(0, 200));
    } finally {
      await mcp.close();
    }
  });
});
