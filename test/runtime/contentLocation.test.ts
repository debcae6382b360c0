/**
 * JSON:API's asynchronous processing (jsonapi.org, "Asynchronous Processing"): a start answers 202 Accepted with a
 * `Content-Location` to its job; the job answers 200 while pending and 303 See Other to the resource it made when
 * done. The table the generator writes for it (detect: a 202's Content-Location is its monitor, read in no
 * vocabulary of its own) run against a fake upstream.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definition, family, op } from './defs.js';
import { connect, type Status, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
beforeAll(async () => {
  api = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
});

const JSON_API = { 'content-type': 'application/vnd.api+json' };
const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { ...JSON_API, ...headers }).end(JSON.stringify(body));

describe("a 202 with Content-Location (JSON:API's asynchronous processing)", () => {
  it('polls the job it names while it is pending, and ends at the resource its 303 points to', async () => {
    const job = { data: { type: 'queue-jobs', id: '5234', attributes: { status: 'Pending request, waiting other process' } } };
    api.route('POST /photos', (_q, res) => send(res, 202, job, { 'content-location': '/photos/queue-jobs/5234' }));
    let polls = 0;
    api.route('GET /photos/queue-jobs/5234', (_q, res) =>
      polls++ === 0 ? send(res, 200, job, { 'retry-after': '1' }) : void res.writeHead(303, { location: '/photos/4577' }).end(),
    );
    api.route('GET /photos/4577', (_q, res) =>
      send(res, 200, { data: { type: 'photos', id: '4577', attributes: { title: 'Ember Hamster' } } }),
    );
    const via = 'header:Content-Location' as const;
    const mcp = await connect(
      definition(
        [op({ tool: 'create_photo', method: 'POST', path: '/photos', role: 'start' })],
        [
          family({
            name: 'photo',
            starts: [
              { operation: 'create_photo', idFrom: null, pollUrlFrom: [via], cancelUrlFrom: null, preferAsync: false, idempotency: null },
            ],
            poll: { via },
            statusField: null,
            states: {},
          }),
        ],
      ),
      { env: { API_BASE_URL: api.url } },
    );
    try {
      const start = structured<{ job_id: string; state: string }>(await mcp.call('create_photo', {}));
      expect(start.state).toBe('queued');
      const status = async () =>
        structured<Status & { upstream_document?: unknown }>(await mcp.call('photo_status', { job_id: start.job_id }));
      expect(await status()).toMatchObject({ state: 'running', terminal: false });
      const done = await status();
      expect(done).toMatchObject({ state: 'succeeded', terminal: true });
      // What the job made is where its 303 pointed.
      expect(JSON.stringify(done)).toContain(`${api.url}/photos/4577`);
      expect(api.requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
        '/photos/queue-jobs/5234',
        '/photos/queue-jobs/5234',
        '/photos/4577',
      ]);
    } finally {
      await mcp.close();
    }
  });
});
