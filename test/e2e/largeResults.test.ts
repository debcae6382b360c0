// Results by reference through a generated server on every store: a 3 MB job result and a 3 MB answer of a
// plain call (promoted, or with promotion off) come back as result_ref (never as megabytes of
// structuredContent), read page by page through resources/read and through the tools' offset, by the replica
// that kept them and by another one; the upstream is asked for the result once. Redis and PostgreSQL run when TEST_REDIS_URL / TEST_POSTGRES_URL are set.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_RESULT_BYTES } from '../support/fake/bigExports.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectHttp, connectStdio, jobTools, pollUntilTerminal, textOf } from '../support/mcpHarness.js';
import { requireBackendInCi, storeBackends } from '../support/storeBackends.js';

const BACKENDS = storeBackends('mcp-jobgen-large', 'large_results');
const PAGE_BYTES = 256 * 1024;

let fake: FakeUpstream;
let server: GeneratedServer;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer('fixtures/e2e/big-results.yaml', 'large-results');
});
afterAll(async () => {
  await fake?.close();
});

type Ref = { uri: string; size_bytes: number; page_bytes: number; content_type: string | null };

function refOf(result: CallToolResult): Ref {
  const ref = (result.structuredContent as { result_ref?: Ref } | undefined)?.result_ref;
  if (!ref) throw new Error(`expected a result_ref, got: ${textOf(result).slice(0, 2000)}`);
  return ref;
}

/** Every page from `uri` on through resources/read, joined; each page at most one page of bytes. */
async function readPages(conn: Connected, uri: string): Promise<{ text: string; pages: number }> {
  let text = '';
  let pages = 0;
  for (let next: string | undefined = uri; next !== undefined; pages++) {
    expect(pages).toBeLessThan(64);
    const read = await conn.client.readResource({ uri: next });
    const content = read.contents[0] as { text: string; _meta: Record<string, unknown> };
    expect(Buffer.byteLength(content.text)).toBeLessThanOrEqual(PAGE_BYTES);
    text += content.text;
    next = content._meta['mcp-jobgen/next_uri'] as string | undefined;
  }
  return { text, pages };
}

/** The same through a tool's offset argument. */
async function readByOffset(conn: Connected, tool: string, jobId: string): Promise<string> {
  let text = '';
  let offset: number | null = 0;
  for (let calls = 0; offset !== null; calls++) {
    expect(calls).toBeLessThan(64);
    const answer = await callChecked(conn, tool, { job_id: jobId, offset });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const page = (answer.structuredContent as { page: { next_offset: number | null; text: string } }).page;
    text += page.text;
    offset = page.next_offset;
  }
  return text;
}

function toolByOperation(conn: Connected, operationId: string): Tool {
  const tool = conn.tools.find((t) => (t._meta as Record<string, unknown> | undefined)?.['mcp-jobgen/operation'] === operationId);
  if (!tool) throw new Error(`no tool for ${operationId}`);
  return tool;
}

for (const backend of BACKENDS) {
  const storeUrl = backend.url();
  describe(`store: ${backend.name}`, () => {
    requireBackendInCi(backend, storeUrl);
    if (!storeUrl) return;

    const open: Connected[] = [];
    const env = () => ({ API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '300', LOG_LEVEL: 'silent' });
    afterAll(async () => {
      await Promise.all(open.map((c) => c.close()));
    });

    it('serves a 3 MB job result by reference, page by page, from either replica, fetched from the upstream once', async () => {
      const a = await connectStdio(server, env());
      const b = await connectHttp(server, env());
      open.push(a, b);
      const tools = jobTools(a.tools);
      const start = await callChecked(a, tools.start[0]!.name, { body: { table: 'orders' } });
      expect(start.isError, textOf(start)).toBeFalsy();
      const jobId = String(start.structuredContent!.job_id);
      expect((await pollUntilTerminal(a, tools.status.name, jobId)).at(-1)?.state).toBe('succeeded');

      const fetchesBefore = fake.count('GET /exports/{export_id}/result');
      const result = await callChecked(a, tools.result!.name, { job_id: jobId });
      expect(result.isError, textOf(result)).toBeFalsy();
      const ref = refOf(result);
      const whole = JSON.stringify(fake.big.rows);
      expect(ref).toMatchObject({ uri: `mcp-jobgen://jobs/${jobId}/result`, size_bytes: Buffer.byteLength(whole), page_bytes: PAGE_BYTES });
      expect(ref.size_bytes).toBeGreaterThan(BIG_RESULT_BYTES);
      // Nothing near the result's size travels in the answer: no inline result, a link and a short preview.
      expect(result.structuredContent).not.toHaveProperty('result');
      expect(JSON.stringify(result).length).toBeLessThan(30_000);
      expect(result.content.some((c) => c.type === 'resource_link' && c.uri === ref.uri)).toBe(true);

      const onA = await readPages(a, ref.uri);
      expect(onA.pages).toBe(Math.ceil(ref.size_bytes / PAGE_BYTES));
      expect(JSON.parse(onA.text)).toEqual(fake.big.rows);
      // The other replica reads the same value from the shared store.
      expect((await readPages(b, ref.uri)).text).toBe(onA.text);
      expect(await readByOffset(b, jobTools(b.tools).result!.name, jobId)).toBe(onA.text);

      // Status answers point at it without carrying it; a second result call reads the store, not the upstream.
      const status = await callChecked(b, jobTools(b.tools).status!.name, { job_id: jobId });
      expect(status.structuredContent).toMatchObject({ state: 'succeeded', result_ref: { uri: ref.uri } });
      expect(JSON.stringify(status).length).toBeLessThan(30_000);
      await callChecked(b, jobTools(b.tools).result!.name, { job_id: jobId });
      expect(fake.count('GET /exports/{export_id}/result') - fetchesBefore).toBe(1);
    });

    it('keeps the 3 MB answer of a promoted plain call by reference, and serves it by call status and resources/read', async () => {
      const a = await connectStdio(server, env());
      open.push(a);
      fake.big.setDumpHoldMs(1_500);
      const dump = toolByOperation(a, 'createDump');
      const handleAnswer = await callChecked(a, dump.name, { body: { table: 'orders' } });
      const handle = (handleAnswer.structuredContent as { mcp_job?: { job_id: string; status_tool: string } }).mcp_job;
      if (!handle) throw new Error(`expected a handle: ${textOf(handleAnswer)}`);
      let status: CallToolResult | undefined;
      for (let i = 0; i < 10; i++) {
        status = await callChecked(a, handle.status_tool, { job_id: handle.job_id, wait_ms: 20_000 });
        if ((status.structuredContent as { terminal: boolean }).terminal) break;
      }
      expect(status!.structuredContent, textOf(status!)).toMatchObject({ state: 'succeeded', http_status: 200 });
      expect(status!.structuredContent).not.toHaveProperty('result');
      expect(JSON.stringify(status).length).toBeLessThan(30_000);
      const ref = refOf(status!);
      expect(ref.uri).toBe(`mcp-jobgen://jobs/${handle.job_id}/answer`);
      expect(JSON.parse((await readPages(a, ref.uri)).text)).toEqual(fake.big.rows);
      expect(JSON.parse(await readByOffset(a, handle.status_tool, handle.job_id))).toEqual(fake.big.rows);

      // Answered before promotion (a server that waits a minute first), a large answer is not inline either: a
      // finished handle and the reference.
      fake.big.setDumpHoldMs(0);
      const patient = await connectStdio(server, { ...env(), JOB_PROMOTE_AFTER_MS: '60000' });
      open.push(patient);
      const quick = await callChecked(patient, dump.name, { body: { table: 'customers' } });
      const finished = (quick.structuredContent as { mcp_job?: { job_id: string; state: string } }).mcp_job;
      expect(finished?.state, textOf(quick)).toBe('succeeded');
      expect(JSON.stringify(quick).length).toBeLessThan(30_000);
      const link = quick.content.find((c) => c.type === 'resource_link') as { uri: string } | undefined;
      expect(JSON.parse((await readPages(patient, link!.uri)).text)).toEqual(fake.big.rows);
    });

    it('with promotion off, answers the 3 MB answer of a plain call by reference too, in its output schema', async () => {
      // JOB_PROMOTE_AFTER_MS=0: createDump is a plain tool; the client checks structuredContent against its schema.
      const plain = await connectHttp(server, { ...env(), JOB_PROMOTE_AFTER_MS: '0' });
      open.push(plain);
      fake.big.setDumpHoldMs(0);
      const dump = toolByOperation(plain, 'createDump');
      expect(Object.keys((dump.outputSchema as { properties: object }).properties)).toContain('mcp_answer');
      const answer = await callChecked(plain, dump.name, { body: { table: 'orders' } });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      expect(answer.structuredContent).not.toHaveProperty('rows');
      expect(JSON.stringify(answer).length).toBeLessThan(30_000);
      const kept = (answer.structuredContent as { mcp_answer?: { truncated: boolean; result_ref: Ref } }).mcp_answer;
      expect(kept?.truncated, textOf(answer)).toBe(false);
      expect(answer.content.some((c) => c.type === 'resource_link' && c.uri === kept!.result_ref.uri)).toBe(true);
      expect(JSON.parse((await readPages(plain, kept!.result_ref.uri)).text)).toEqual(fake.big.rows);
    });
  });
}
