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
