/**
 * Issue 9 item 3: an upstream that echoes every credential it receives (headers, query, cookies, basic auth;
 * raw, URL-encoded, JSON-escaped) in bodies, headers, cookies and redirects, through every failure mode a
 * job can meet. After each mode the store is read the hard way (the SQLite file and WAL byte for byte,
 * every Redis key, every PostgreSQL row) and so is every result the agent got: no form of any credential
 * may appear anywhere.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicToken } from '../../templates/runtime/core/secrets.js';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';
import { BACKENDS, missingServerMessage } from '../runtime/store/backends.js';
import type { Client2 } from './hostile.js';
import {
  BASIC_ENV,
  BASIC_PASS,
  BASIC_SCHEMES,
  BASIC_USER,
  connectRuntime,
  echoOf,
  HEADER_KEY,
  hostileDefinition,
  KEY_ENV,
  KEY_SCHEMES,
  leaks,
  QUERY_KEY,
  visible,
} from './hostile.js';
import { dumpStore } from './storeDump.js';

let api: LocalUpstream;
let evil: LocalUpstream;
beforeAll(async () => {
  [api, evil] = await Promise.all([startLocalUpstream(), startLocalUpstream()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), evil?.close()]);
  for (const backend of BACKENDS) await backend.cleanup();
});

type Handler = (req: IncomingMessage & { bodyText: string }, res: ServerResponse) => void;
const sendJson = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string | string[]> = {}) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
/** Headers are a function: they are computed per request, from the credential set of the running test. */
const echoJson =
  (status: number, wrap: (echo: string) => unknown, headers: () => Record<string, string | string[]> = () => ({})): Handler =>
  (req, res) =>
    sendJson(res, status, wrap(echoOf(req)), headers());
const CREDENTIAL_SETS = [
  {
    name: 'API keys in header, query and cookie',
    schemes: KEY_SCHEMES,
    env: KEY_ENV,
    values: [HEADER_KEY, QUERY_KEY],
    sent: (h: Record<string, unknown>) => h['x-api-key'] === HEADER_KEY,
  },
  {
    name: 'basic auth',
    schemes: BASIC_SCHEMES,
    env: BASIC_ENV,
    values: [basicToken(BASIC_USER, BASIC_PASS), BASIC_PASS],
    sent: (h: Record<string, unknown>) => String(h.authorization ?? '').startsWith('Basic '),
  },
];
/** The credential set of the running test: the upstream echoes its values in URLs and cookies too. */
let current = CREDENTIAL_SETS[0]!;
/** Every credential as it travels in a URL (percent-encoded by URLSearchParams). */
const keyQuery = () => new URLSearchParams({ api_key: current.values[0]!, k: current.values[1]! }).toString();
const jobOf = (r: CallToolResult) => (r.structuredContent as { job_id?: string } | undefined)?.job_id;

interface Mode {
  name: string;
  routes: Record<string, Handler>;
  env?: Record<string, string>;
  run(mcp: Client2): Promise<CallToolResult[]>;
}

/** Starts the export, then polls its status `polls` times; returns every result. */
async function startAndPoll(mcp: Client2, polls: number, then?: (jobId: string) => Promise<CallToolResult[]>): Promise<CallToolResult[]> {
  const start = await mcp.call('start_export', { body: { note: 'n' } });
  const results = [start];
  const jobId = jobOf(start);
  if (!jobId) return results;
  for (let i = 0; i < polls; i++) results.push(await mcp.call('export_status', { job_id: jobId }));
  return [...results, ...((await then?.(jobId)) ?? [])];
}

const MODES: Mode[] = [
  {
    name: 'start refused with 401, the error body echoing the request',
    routes: { 'POST /export': echoJson(401, (echo) => ({ error: `bad credentials: ${echo}` })) },
    run: async (mcp) => [await mcp.call('start_export', {}), await mcp.call('start_export', { body: { note: 'again' } })],
  },
  {
    name: 'start refused with 500, the echo straddling the 4,000-character cut',
    routes: {
      'POST /export': (req, res) => void res.writeHead(500, { 'content-type': 'text/plain' }).end(`${'x'.repeat(3_990)}${echoOf(req)}`),
    },
    run: async (mcp) => [await mcp.call('start_export', {})],
  },
  {
    name: 'start accepted: echo in the body, in Set-Cookie and in the monitor URL; then running and failed polls echo too',
    routes: {
      'POST /export': echoJson(
        202,
        (echo) => ({ status: 'working', echo }),
        () => ({
          'operation-location': `/m/1?${keyQuery()}`,
          'set-cookie': [
            `sid=${encodeURIComponent(current.values[0]!)}; Path=/`,
            `echo=${encodeURIComponent(current.values[1]!)}`,
            'affinity=a1',
          ],
        }),
      ),
      'GET /m/1': (() => {
        let polls = 0;
        return ((req, res) => {
          polls += 1;
          sendJson(
            res,
            200,
            polls === 1 ? { status: 'working', echo: echoOf(req) } : { status: 'broken', error: { message: echoOf(req) } },
          );
        }) as Handler;
      })(),
    },
    run: (mcp) => startAndPoll(mcp, 2),
  },
  {
    name: 'poll answered 400 with the echo (the job fails with the body as its reason)',
    routes: {
      'POST /export': (_req, res) => void res.writeHead(202, { 'operation-location': '/m/2' }).end(),
      'GET /m/2': echoJson(400, (echo) => ({ message: echo })),
    },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'cancel refused with 409, echoing',
    routes: {
      'POST /export': (_req, res) => void res.writeHead(202, { 'operation-location': '/m/3', 'x-cancel-url': `/c/3?${keyQuery()}` }).end(),
      'GET /m/3': echoJson(200, (echo) => ({ status: 'working', echo })),
      'POST /c/3': echoJson(409, (echo) => ({ error: echo })),
    },
    run: (mcp) => startAndPoll(mcp, 1, async (jobId) => [await mcp.call('export_cancel', { job_id: jobId })]),
  },
  {
    name: 'result fetched, echoing, behind a Location carrying the keys',
    routes: {
      'POST /export': (_req, res) => void res.writeHead(202, { 'operation-location': '/m/4', location: `/r/4?${keyQuery()}` }).end(),
      'GET /m/4': echoJson(200, () => ({ status: 'done' })),
      'GET /r/4': echoJson(200, (echo) => ({ rows: 4, echo })),
    },
    run: (mcp) => startAndPoll(mcp, 1, async (jobId) => [await mcp.call('export_result', { job_id: jobId })]),
  },
  {
    name: 'start with no answer (timeout): unknown outcome',
    routes: { 'POST /export': () => undefined },
    env: { UPSTREAM_TIMEOUT_MS: '300', JOB_BACKGROUND_TIMEOUT_MS: '300', JOB_START_WAIT_MS: '2000' },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'start connection reset after the request: unknown outcome',
    routes: { 'POST /export': (req) => void req.socket.destroy() },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'start answered 303 to a foreign origin with the keys in the Location',
    routes: { 'POST /export': (_req, res) => void res.writeHead(303, { location: `${evil.url}/x?${keyQuery()}` }).end() },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'start answer over 8 MiB, the echo first',
    routes: {
      'POST /export': (req, res) =>
        void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"echo":${JSON.stringify(echoOf(req))},"pad":"${'p'.repeat(9 * 1024 * 1024)}"}`),
    },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'start answer 10,000 levels deep around the echo',
    routes: {
      'POST /export': (req, res) =>
        void res
          .writeHead(202, { 'content-type': 'application/json', 'operation-location': '/m/5' })
          .end(`{"echo":${JSON.stringify(echoOf(req))},"deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
      'GET /m/5': (req, res) =>
        void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"status":"working","e":${JSON.stringify(echoOf(req))},"d":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
    },
    run: (mcp) => startAndPoll(mcp, 1),
  },
  {
    name: 'plain tool errors echoing across the 4,000- and 20,000-character cuts',
    routes: {
      'POST /plain': (() => {
        let calls = 0;
        return ((req, res) => {
          calls += 1;
          const pad = calls === 1 ? 3_990 : 19_990;
          res.writeHead(calls === 1 ? 400 : 200, { 'content-type': 'text/plain' }).end(`${'x'.repeat(pad)}${echoOf(req)}`);
        }) as Handler;
      })(),
    },
    run: async (mcp) => [await mcp.call('call_plain', {}), await mcp.call('call_plain', {})],
  },
];

for (const backend of BACKENDS) {
  describe(`store: ${backend.name}`, () => {
    const storeUrl = backend.freshUrl();
    it.runIf(!storeUrl && process.env.CI === 'true')(`${backend.env} is set (CI must run every backend)`, () => {
      expect.fail(missingServerMessage(backend));
    });
    if (!storeUrl) return;

    for (const creds of CREDENTIAL_SETS) {
      describe(creds.name, () => {
        it.each(MODES.map((mode) => [mode.name, mode] as const))('%s: no credential in the store or in any result', async (_name, mode) => {
          current = creds;
          for (const [key, handler] of Object.entries(mode.routes)) api.route(key, handler);
          const before = api.requests.length;
          const mcp = await connectRuntime(hostileDefinition(creds.schemes), {
            API_BASE_URL: api.url,
            JOB_STORE_URL: storeUrl,
            ...creds.env,
            ...(mode.env ?? {}),
          });
          let results: CallToolResult[];
          try {
            results = await mode.run(mcp);
          } finally {
            await mcp.close();
          }
          // Not vacuous: the credentials did go upstream, and the job records are in the dump.
          expect(api.requests.slice(before).some((r) => creds.sent(r.headers))).toBe(true);
          const dump = await dumpStore(storeUrl);
          for (const jobId of results.map(jobOf).filter((id): id is string => !!id)) expect(dump).toContain(jobId);
          expect(leaks(dump)).toEqual([]);
          for (const result of results) expect(leaks(visible(result))).toEqual([]);
        });
      });
    }
  });
}
