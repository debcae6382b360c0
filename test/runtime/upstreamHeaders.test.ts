/**
 * UPSTREAM_HEADERS: the parsing rules row by row (pure), then what a running server sends with them: on every
 * request to the API's origin (start, poll, plain call), never to a foreign origin (a handed-out cancel URL, a
 * redirect), scrubbed where the upstream echoes a value, and a start-up error for a malformed value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUpstreamHeaders } from '../../templates/runtime/core/upstreamHeaders.js';
import { createServer } from '../../templates/runtime/index.js';
import { batchFamily, batchOps, definition, op, predictionFamily, predictionOps } from './defs.js';
import { connect, type Status, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const SECRET = 'tenant-secret-7f3a9c';

describe('readUpstreamHeaders', () => {
  const def = {
    ...definition(batchOps, [batchFamily]),
    securitySchemes: [{ key: 'apiKey', type: 'apiKey' as const, in: 'header' as const, name: 'X-API-Key', env: { value: 'API_KEY' } }],
  };

  it.each<[string, string | undefined, Record<string, string>]>([
    ['unset', undefined, {}],
    ['blank', '  ', {}],
    ['one header, name lower-cased', '{"X-MS-Client-Request-Id": "9C4D50EE"}', { 'x-ms-client-request-id': '9C4D50EE' }],
    [
      'several, a tab inside a value',
      '{"x-tenant": "acme", "OpenAI-Beta": "assistants=v2\\tx"}',
      { 'x-tenant': 'acme', 'openai-beta': 'assistants=v2\tx' },
    ],
    ['an empty object', '{}', {}],
    ['`__proto__` is a name like any other', '{"__proto__": "p"}', { ['__proto__']: 'p' }],
  ])('%s', (_label, raw, expected) => {
    const headers = readUpstreamHeaders(def, raw);
    expect(headers).toEqual(expected);
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{x-tenant: acme}', /not valid JSON/],
    ['an array', '["x-tenant", "acme"]', /expected a JSON object/],
    ['a string', '"x-tenant: acme"', /expected a JSON object/],
    ['a name with a space', '{"x tenant": "acme"}', /"x tenant" is not a header name/],
    ['a name with a colon', '{"x-tenant:": "acme"}', /is not a header name/],
    ['a number value', '{"x-tenant": 7}', /value of x-tenant must be a string/],
    ['a CRLF in a value (header injection)', `{"x-tenant": "a\\r\\nx-admin: 1"}`, /control character/],
    ['a NUL in a value', '{"x-tenant": "a\\u0000"}', /control character/],
    ['the same name twice, in two cases', '{"X-Tenant": "a", "x-tenant": "b"}', /given twice/],
    ['Host', '{"Host": "evil.example"}', /host cannot be set here: it is part of the request framing/],
    ['Content-Length', '{"content-length": "0"}', /request framing/],
    ['Transfer-Encoding', '{"transfer-encoding": "chunked"}', /request framing/],
    ['Content-Type', '{"content-type": "text/plain"}', /request body/],
    ['Authorization', '{"Authorization": "Bearer x"}', /a credential/],
    ['Cookie', '{"cookie": "a=b"}', /cookie parameters/],
    ["an API key scheme's header", '{"x-api-key": "k"}', /the apiKey credential's header: set API_KEY instead/],
    ["a family's idempotency header", '{"Idempotency-Key": "same-for-all"}', /idempotency-key header/],
  ])('refuses %s', (_label, raw, message) => {
    expect(() => readUpstreamHeaders(def, raw)).toThrow(message);
  });

  it('never quotes a value in its errors', () => {
    for (const raw of [`{"x-tenant": "${SECRET}\\n"}`, `{"authorization": "${SECRET}"}`, `{"x-tenant": "${SECRET}", "X-TENANT": "b"}`]) {
      expect(() => readUpstreamHeaders(def, raw)).toThrow();
      try {
        readUpstreamHeaders(def, raw);
      } catch (error) {
        expect((error as Error).message).not.toContain(SECRET);
      }
    }
  });
});

describe('a server with UPSTREAM_HEADERS', () => {
  let api: LocalUpstream;
  let foreign: LocalUpstream;
  const widgetOps = [
    op({
      tool: 'get_widget',
      method: 'GET',
      path: '/widgets/{id}',
      input: z.object({ id: z.string(), 'x-trace': z.string().optional() }),
      params: [
        { arg: 'id', name: 'id', in: 'path', required: true },
        { arg: 'x-trace', name: 'X-Trace', in: 'header', required: false },
      ],
    }),
  ];
  const def = definition([...predictionOps, ...widgetOps], [predictionFamily]);
  const env = () => ({
    API_BASE_URL: api.url,
    JOB_ALLOWED_ORIGINS: foreign.url,
    UPSTREAM_HEADERS: JSON.stringify({ 'X-Tenant': SECRET, 'X-Trace': 'operator', Accept: 'application/vnd.test+json' }),
  });
  const sent = (upstream: LocalUpstream, path: string) => upstream.requests.filter((r) => r.url.split('?')[0] === path);
  /** The id the next start answers with: each test starts its own prediction. */
  let prediction = 'p1';

  beforeAll(async () => {
    api = await startLocalUpstream();
    foreign = await startLocalUpstream();
    api.route('POST /predictions', (_req, res) => {
      const id = prediction;
      const body = { id, status: 'starting', urls: { get: `${api.url}/predictions/${id}`, cancel: `${foreign.url}/cancel/${id}` } };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    // The first poll is sent on to the foreign origin; the second answers itself, echoing the tenant header.
    let polls = 0;
    api.route('GET /predictions/p1', (req, res) => {
      polls += 1;
      if (polls === 1) res.writeHead(307, { location: `${foreign.url}/predictions/p1` }).end();
      else {
        const body = { id: 'p1', status: 'failed', error: `tenant ${String(req.headers['x-tenant'])} has no quota` };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    });
    foreign.route('GET /predictions/p1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p1","status":"processing"}');
    });
    api.route('GET /predictions/p2', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p2","status":"processing"}');
    });
    foreign.route('POST /cancel/p2', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p2","status":"canceled"}');
    });
    api.route('GET /widgets/w1', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'w1', seen: req.headers['x-tenant'] }));
    });
  });
  afterAll(async () => {
    await api?.close();
    await foreign?.close();
  });

  it('sends them to the API origin on starts and polls, and scrubs an echoed value', async () => {
    const server = await connect(def, { env: env() });
    try {
      const started = structured<{ job_id: string }>(await server.call('create_prediction', { body: { version: 'v', input: {} } }));
      expect(sent(api, '/predictions')[0]?.headers['x-tenant']).toBe(SECRET);

      // Poll 1: the API redirects to the foreign origin, which must not get the operator's headers.
      expect(structured<Status>(await server.call('prediction_status', { job_id: started.job_id })).state).toBe('running');
      expect(sent(api, '/predictions/p1')[0]?.headers['x-tenant']).toBe(SECRET);
      // The operator's Accept wins on a handed-out URL as on the operation's own request.
      expect(sent(api, '/predictions/p1')[0]?.headers.accept).toBe('application/vnd.test+json');
      expect(sent(api, '/predictions')[0]?.headers.accept).toBe('application/vnd.test+json');
      const redirected = sent(foreign, '/predictions/p1')[0];
      expect(redirected).toBeDefined();
      expect(redirected?.headers['x-tenant']).toBeUndefined();
      expect(redirected?.headers['x-trace']).toBeUndefined();

      // Poll 2: the API echoes the value; the status tool reports the failure without it.
      const failed = await server.call('prediction_status', { job_id: started.job_id });
      expect(sent(api, '/predictions/p1')[1]?.headers['x-tenant']).toBe(SECRET);
      expect(structured<Status>(failed).state).toBe('failed');
      expect(JSON.stringify(failed)).not.toContain(SECRET);
      expect(JSON.stringify(failed)).toContain('[redacted]');
      expect(server.store.records.size).toBeGreaterThan(0);
      for (const record of server.store.records.values()) expect(JSON.stringify(record)).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  it('does not send them to a handed-out URL on another origin', async () => {
    prediction = 'p2';
    const server = await connect(def, { env: env() });
    try {
      const started = structured<{ job_id: string }>(await server.call('create_prediction', { body: { version: 'v', input: {} } }));
      expect(structured<{ outcome: string }>(await server.call('prediction_cancel', { job_id: started.job_id })).outcome).toBe('cancelled');
      const cancel = sent(foreign, '/cancel/p2')[0];
      expect(cancel).toBeDefined();
      expect(cancel?.headers['x-tenant']).toBeUndefined();
      expect(cancel?.headers['x-trace']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("on a plain call, the operation's own header parameter wins over the operator's", async () => {
    const server = await connect(def, { env: env() });
    try {
      await server.call('get_widget', { id: 'w1' });
      await server.call('get_widget', { id: 'w1', 'x-trace': 'agent' });
      const [plain, traced] = sent(api, '/widgets/w1');
      expect(plain?.headers['x-trace']).toBe('operator');
      expect(traced?.headers['x-trace']).toBe('agent');
      expect(traced?.headers['x-tenant']).toBe(SECRET);
    } finally {
      await server.close();
    }
  });

  it('a malformed value stops the start-up, naming the variable and not the value', async () => {
    const bad = { ...env(), UPSTREAM_HEADERS: `{"x-tenant": "${SECRET}\\r\\n"}` };
    const failure = await createServer(def, { env: bad }).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/^UPSTREAM_HEADERS: the value of x-tenant contains a control character/);
    expect(failure?.message).not.toContain(SECRET);
  });
});
