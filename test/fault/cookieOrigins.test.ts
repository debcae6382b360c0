/**
 * Issue 23 item 4: a job's cookies belong to the origin that set them (RFC 6265: host-only by default). A start
 * answer sets `sid` and points Operation-Location at another origin the operator allowed: the poll there carries
 * no cookie; a poll on the start's own origin carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definition, family, op } from '../runtime/defs.js';
import { connect, structured } from '../runtime/harness.js';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';

let api: LocalUpstream;
let other: LocalUpstream;

beforeAll(async () => {
  api = await startLocalUpstream();
  other = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
  await other?.close();
});

const exportDefinition = (startPath: string) =>
  definition(
    [op({ tool: 'start_export', method: 'POST', path: startPath, role: 'start' })],
    [
      family({
        name: 'export',
        starts: [
          {
            operation: 'start_export',
            idFrom: null,
            pollUrlFrom: ['header:Operation-Location'],
            cancelUrlFrom: null,
            preferAsync: false,
            idempotency: null,
          },
        ],
        poll: { via: 'header:Operation-Location' },
        statusField: 'status',
        states: { done: 'succeeded', working: 'running' },
      }),
    ],
  );

const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('job cookies stay on the origin that set them', () => {
  it('a poll on another allowed origin carries none of the start answer cookies', async () => {
    api.route(
      'POST /export-away',
      (_req, res) => void res.writeHead(202, { 'set-cookie': 'sid=s3cr3t; Path=/', 'operation-location': `${other.url}/status/1` }).end(),
    );
    other.route('GET /status/1', json({ status: 'done' }));
    const mcp = await connect(exportDefinition('/export-away'), { env: { API_BASE_URL: api.url, JOB_ALLOWED_ORIGINS: other.url } });
    try {
      const { job_id } = structured<{ job_id: string }>(await mcp.call('start_export', {}));
      expect(structured<{ state: string }>(await mcp.call('export_status', { job_id })).state).toBe('succeeded');
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]!.headers.cookie).toBeUndefined();
    } finally {
      await mcp.close();
    }
  });

  it('a poll on the same origin carries them', async () => {
    api.route(
      'POST /export-home',
      (_req, res) => void res.writeHead(202, { 'set-cookie': 'sid=s3cr3t; Path=/', 'operation-location': `${api.url}/status/2` }).end(),
    );
    api.route('GET /status/2', json({ status: 'done' }));
    const mcp = await connect(exportDefinition('/export-home'), { env: { API_BASE_URL: api.url } });
    try {
      const { job_id } = structured<{ job_id: string }>(await mcp.call('start_export', {}));
      expect(structured<{ state: string }>(await mcp.call('export_status', { job_id })).state).toBe('succeeded');
      expect(api.requests.at(-1)!.url).toBe('/status/2');
      expect(api.requests.at(-1)!.headers.cookie).toBe('sid=s3cr3t');
    } finally {
      await mcp.close();
    }
  });
});
