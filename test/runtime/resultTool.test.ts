/**
 * The result tool and final-state-via variants: a result behind a redirect to a blob host (allowed or not),
 * a binary result (resource link + preview), original-uri (the PUT target, api-version kept, API key
 * dropped), and azure-async-operation (the monitor document is the result).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { connect, textOf } from './harness.js';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
let blob: LocalUpstream;

beforeAll(async () => {
  api = await startLocalUpstream();
  blob = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
  await blob?.close();
});

const KEY = 'key-0123456789';
const schemes = [{ key: 'k', type: 'apiKey' as const, in: 'query' as const, name: 'api_key', env: { value: 'API_KEY' } }];

function lro(
  path: string,
  method: 'POST' | 'PUT',
  via: NonNullable<JobFamilySpec['starts'][0]['finalStateVia']>,
  pollFrom: 'header:Operation-Location' | 'header:Azure-AsyncOperation',
) {
  const start = op({
    tool: 'start',
    method,
    path,
    role: 'start',
    security: [['k']],
    input: z.object({ 'api-version': z.string().default('2024-01-01') }),
    params: [{ arg: 'api-version', name: 'api-version', in: 'query', required: true }],
  });
  const def = definition(
    [start],
    [
      family({
        name: 'lro',
        tools: { status: 'lro_status', cancel: null, result: 'lro_result' },
        starts: [
          {
            operation: 'start',
            idFrom: null,
            pollUrlFrom: [pollFrom],
            cancelUrlFrom: null,
            finalStateVia: via,
            preferAsync: false,
            idempotency: null,
          },
        ],
        poll: { via: pollFrom },
        result: { finalStateVia: via },
        states: { Succeeded: 'succeeded', Running: 'running' },
      }),
    ],
  );
  def.securitySchemes = schemes;
  return def;
}

async function runToSuccess(mcp: Awaited<ReturnType<typeof connect>>): Promise<string> {
  const start = await mcp.call('start', {});
  expect(start.isError, textOf(start)).toBeFalsy();
  const jobId = (start.structuredContent as { job_id: string }).job_id;
  const status = await mcp.call('lro_status', { job_id: jobId });
  expect(status.structuredContent, textOf(status)).toMatchObject({ state: 'succeeded' });
  return jobId;
}

const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('final-state-via location with a redirect to a blob host', () => {
  it('refuses the foreign hop unless allowed, and never sends the API key there', async () => {
    // Operation-Location is the status monitor; Location (final-state-via) redirects to the blob host.
    api.route(
      'POST /export',
      (_req, res) => void res.writeHead(202, { location: '/export/result', 'operation-location': '/export/status' }).end(),
    );
    api.route('GET /export/status', json({ status: 'Succeeded' }));
    api.route('GET /export/result', (_req, res) => void res.writeHead(302, { location: `${blob.url}/blob/1` }).end());
    blob.route('GET /blob/1', json({ rows: 3 }));
    const def = lro('/export', 'POST', 'location', 'header:Operation-Location');

    const denied = await connect(def, { env: { API_BASE_URL: api.url, API_KEY: KEY } });
    try {
      const jobId = await runToSuccess(denied);
      const result = await denied.call('lro_result', { job_id: jobId });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/redirect to http:\/\/127\.0\.0\.1:\d+: it is not an allowed origin[\s\S]*JOB_ALLOWED_ORIGINS/);
      expect(blob.requests).toHaveLength(0);
    } finally {
      await denied.close();
    }

    const allowed = await connect(def, { env: { API_BASE_URL: api.url, API_KEY: KEY, JOB_ALLOWED_ORIGINS: blob.url } });
    try {
      const jobId = await runToSuccess(allowed);
      const result = await allowed.call('lro_result', { job_id: jobId });
      expect(result.structuredContent, textOf(result)).toMatchObject({ result: { rows: 3 }, result_location: `${blob.url}/blob/1` });
      expect(blob.requests.at(-1)!.url).toBe('/blob/1');
      expect(api.requests.find((r) => r.url.startsWith('/export/status'))!.url).toContain(`api_key=${KEY}`);
    } finally {
      await allowed.close();
    }
  });
});

describe('binary results', () => {
  it('come back as a resource link with a size and a preview line', async () => {
    api.route('PUT /images/1', (_req, res) => void res.writeHead(201, { 'azure-asyncoperation': '/ops/img' }).end());
    api.route('GET /ops/img', json({ status: 'Succeeded' }));
    api.route('GET /images/1', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(50_000, 1)));
    const mcp = await connect(lro('/images/1', 'PUT', 'original-uri', 'header:Azure-AsyncOperation'), {
      env: { API_BASE_URL: api.url, API_KEY: KEY },
    });
    try {
      const jobId = await runToSuccess(mcp);
      const result = await mcp.call('lro_result', { job_id: jobId });
      expect(result.structuredContent).toMatchObject({ truncated: true, size_bytes: 50_000, content_type: 'image/png' });
      const link = result.content.find((c) => c.type === 'resource_link') as { uri: string } | undefined;
      // original-uri: the PUT target with its api-version; the key is not stored or shown.
      expect(link?.uri).toBe(`${api.url}/images/1?api-version=2024-01-01`);
      expect(JSON.stringify([...mcp.store.records.values()])).not.toContain(KEY);
      expect(textOf(result)).toMatch(/binary body: 50000 bytes/);
    } finally {
      await mcp.close();
    }
  });
});

describe('final-state-via azure-async-operation', () => {
  it('uses the monitor document as the result', async () => {
    api.route('POST /restore', (_req, res) => void res.writeHead(202, { 'azure-asyncoperation': '/ops/restore' }).end());
    api.route('GET /ops/restore', json({ status: 'Succeeded', properties: { restored: 12 } }));
    const mcp = await connect(lro('/restore', 'POST', 'azure-async-operation', 'header:Azure-AsyncOperation'), {
      env: { API_BASE_URL: api.url, API_KEY: KEY },
    });
    try {
      const jobId = await runToSuccess(mcp);
      const result = await mcp.call('lro_result', { job_id: jobId });
      expect(result.structuredContent).toMatchObject({ result: { status: 'Succeeded', properties: { restored: 12 } } });
    } finally {
      await mcp.close();
    }
  });
});

/** A JSON document of about `bytes` bytes with multi-byte characters, so page cuts fall inside characters too. */
function bigDocument(bytes: number): { rows: Array<{ n: number; label: string }> } {
  const rows: Array<{ n: number; label: string }> = [];
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const label = `row ${n} — größe ✓ 日本語 ${'x'.repeat(n % 40)}`;
    rows.push({ n, label });
    size += Buffer.byteLength(JSON.stringify({ n, label })) + 1;
  }
  return { rows };
}

type Mcp = Awaited<ReturnType<typeof connect>>;
type RefView = { uri: string; size_bytes: number; page_bytes: number };

/** Every page of a value kept by reference, read with resources/read from its URI on, joined. */
async function readAllPages(mcp: Mcp, uri: string): Promise<{ text: string; pages: number; largest: number }> {
  let text = '';
  let pages = 0;
  let largest = 0;
  let next: string | undefined = uri;
  while (next) {
    const read = await mcp.client.readResource({ uri: next });
    const content = read.contents[0] as { text: string; _meta: Record<string, unknown> };
    text += content.text;
    pages += 1;
    largest = Math.max(largest, Buffer.byteLength(content.text));
    next = content._meta['mcp-jobgen/next_uri'] as string | undefined;
    expect(pages).toBeLessThan(100);
  }
  return { text, pages, largest };
}

/** The same through the result tool's offset. */
async function readAllByOffset(mcp: Mcp, tool: string, jobId: string): Promise<string> {
  let text = '';
  let offset: number | null = 0;
  for (let calls = 0; offset !== null; calls++) {
    const answer = await mcp.call(tool, { job_id: jobId, offset });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const page = (answer.structuredContent as { page: { offset: number; next_offset: number | null; text: string } }).page;
    expect(page.offset).toBe(offset);
    text += page.text;
    offset = page.next_offset;
    expect(calls).toBeLessThan(100);
  }
  return text;
}

describe('results larger than JOB_RESULT_INLINE_MAX_BYTES', () => {
  it('keeps a 3 MB result by reference: pages read back exactly, through resources/read and the result tool, fetched once', async () => {
    const doc = bigDocument(3 * 1024 * 1024);
    const body = JSON.stringify(doc);
    api.route('POST /big', (_req, res) => void res.writeHead(202, { location: '/big/result', 'operation-location': '/big/status' }).end());
    api.route('GET /big/status', json({ status: 'Succeeded' }));
    api.route('GET /big/result', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const mcp = await connect(lro('/big', 'POST', 'location', 'header:Operation-Location'), {
      env: { API_BASE_URL: api.url, API_KEY: KEY },
    });
    try {
      const jobId = await runToSuccess(mcp);
      const result = await mcp.call('lro_result', { job_id: jobId });
      expect(result.isError, textOf(result)).toBeFalsy();
      const ref = (result.structuredContent as { result_ref: RefView }).result_ref;
      expect(ref).toMatchObject({ uri: `mcp-jobgen://jobs/${jobId}/result`, size_bytes: Buffer.byteLength(body), page_bytes: 256 * 1024 });
      expect(result.structuredContent).not.toHaveProperty('result');
      // The whole answer, text included, stays small.
      expect(JSON.stringify(result).length).toBeLessThan(30_000);
      expect(result.content.find((c) => c.type === 'resource_link')).toMatchObject({ uri: ref.uri });
      expect(textOf(result)).toMatch(/kept by reference[\s\S]*resources\/read/);

      const viaResources = await readAllPages(mcp, ref.uri);
      expect(viaResources.text).toBe(body);
      expect(viaResources.pages).toBe(Math.ceil(Buffer.byteLength(body) / ref.page_bytes));
      expect(viaResources.largest).toBeLessThanOrEqual(ref.page_bytes);
      expect(JSON.parse(viaResources.text)).toEqual(doc);
      expect(await readAllByOffset(mcp, 'lro_result', jobId)).toBe(body);

      // Fetched from the upstream once; the record the status tool reads never holds it.
      expect(api.requests.filter((r) => r.url.startsWith('/big/result'))).toHaveLength(1);
      const again = await mcp.call('lro_result', { job_id: jobId });
      expect(again.structuredContent).toMatchObject({ result_ref: ref });
      expect(api.requests.filter((r) => r.url.startsWith('/big/result'))).toHaveLength(1);
      expect(JSON.stringify(mcp.store.records.get(jobId)).length).toBeLessThan(10_000);
      const status = await mcp.call('lro_status', { job_id: jobId });
      expect(status.structuredContent).toMatchObject({
        state: 'succeeded',
        result_ref: ref,
        result_location: `call lro_result with this job_id`,
      });
    } finally {
      await mcp.close();
    }
  });

  it('keeps a finished job document too large for its record whole, so its result is not lost', async () => {
    const doc = { status: 'Succeeded', properties: bigDocument(600 * 1024) };
    api.route('POST /restore-big', (_req, res) => void res.writeHead(202, { 'azure-asyncoperation': '/ops/restore-big' }).end());
    api.route('GET /ops/restore-big', json(doc));
    const mcp = await connect(lro('/restore-big', 'POST', 'azure-async-operation', 'header:Azure-AsyncOperation'), {
      env: { API_BASE_URL: api.url, API_KEY: KEY },
    });
    try {
      const jobId = await runToSuccess(mcp);
      const status = await mcp.call('lro_status', { job_id: jobId });
      expect(status.structuredContent).toMatchObject({ state: 'succeeded', result_location: 'call lro_result with this job_id' });
      expect(status.structuredContent).not.toHaveProperty('result');
      const result = await mcp.call('lro_result', { job_id: jobId });
      const ref = (result.structuredContent as { result_ref: RefView }).result_ref;
      expect(JSON.parse((await readAllPages(mcp, ref.uri)).text)).toEqual(doc);
    } finally {
      await mcp.close();
    }
  });

  it('follows the operator: JOB_RESULT_INLINE_MAX_BYTES sets the limit and the page', async () => {
    const small = { rows: [1, 2, 3] };
    const large = bigDocument(5_000);
    api.route('POST /sized', (req, res) => {
      const which = req.url?.includes('large') ? 'large' : 'small';
      void res.writeHead(202, { location: `/sized/${which}`, 'operation-location': '/sized/status' }).end();
    });
    api.route('GET /sized/status', json({ status: 'Succeeded' }));
    api.route('GET /sized/small', json(small));
    api.route('GET /sized/large', json(large));
    const def = lro('/sized', 'POST', 'location', 'header:Operation-Location');
    const mcp = await connect(def, { env: { API_BASE_URL: api.url, API_KEY: KEY, JOB_RESULT_INLINE_MAX_BYTES: '1024' } });
    try {
      const smallJob = await runToSuccess(mcp);
      expect((await mcp.call('lro_result', { job_id: smallJob })).structuredContent).toMatchObject({ result: small });
      const start = await mcp.call('start', { 'api-version': 'large' });
      const largeJob = (start.structuredContent as { job_id: string }).job_id;
      await mcp.call('lro_status', { job_id: largeJob });
      const result = await mcp.call('lro_result', { job_id: largeJob });
      const ref = (result.structuredContent as { result_ref: RefView }).result_ref;
      expect(ref.page_bytes).toBe(1024);
      const pages = await readAllPages(mcp, ref.uri);
      expect(pages.largest).toBeLessThanOrEqual(1024);
      expect(JSON.parse(pages.text)).toEqual(large);
    } finally {
      await mcp.close();
    }
  });

  it("reads another credential's kept result as not found, and refuses URIs it did not hand out", async () => {
    const body = JSON.stringify(bigDocument(400 * 1024));
    api.route(
      'POST /mine',
      (_req, res) => void res.writeHead(202, { location: '/mine/result', 'operation-location': '/mine/status' }).end(),
    );
    api.route('GET /mine/status', json({ status: 'Succeeded' }));
    api.route('GET /mine/result', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const def = lro('/mine', 'POST', 'location', 'header:Operation-Location');
    const owner = await connect(def, { env: { API_BASE_URL: api.url, API_KEY: KEY } });
    const other = await connect(def, { env: { API_BASE_URL: api.url, API_KEY: 'another-key-987654' }, store: owner.store });
    try {
      const jobId = await runToSuccess(owner);
      const ref = ((await owner.call('lro_result', { job_id: jobId })).structuredContent as { result_ref: RefView }).result_ref;
      await expect(other.client.readResource({ uri: ref.uri })).rejects.toThrow(/No result of job/);
      for (const uri of ['file:///etc/passwd', `mcp-jobgen://jobs/${jobId}/../secret`, `mcp-jobgen://jobs/${jobId}/result?offset=-1`]) {
        await expect(owner.client.readResource({ uri })).rejects.toThrow(/No resource/);
      }
      expect((await owner.client.listResourceTemplates()).resourceTemplates[0]?.uriTemplate).toBe(
        'mcp-jobgen://jobs/{job_id}/{name}{?offset}',
      );
    } finally {
      await other.close();
      await owner.close();
    }
  });
});
