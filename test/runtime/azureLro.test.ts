/**
 * Azure LRO starts (StartSpec.azureLro) against a local upstream, one answer per status call: the polling
 * mode picked from the start's answer, status words, the final GET per method and resourceLocation, failure
 * reasons, api-version on polls, cookies, and answers that end or do not end a job.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, StartSpec } from '../../templates/runtime/definition.js';
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

type Method = 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** A one-start Azure family, polled the core-lro way whatever the contract says. */
function azureDef(method: Method, path: string, extra: Partial<StartSpec> = {}, fam: Partial<JobFamilySpec> = {}) {
  const start = op({
    tool: 'start',
    method,
    path,
    role: 'start',
    input: z.object({ api_version: z.string().optional() }),
    params: [{ arg: 'api_version', name: 'api-version', in: 'query', required: false }],
  });
  const f = family({
    name: 'lro',
    tools: { status: 'lro_status', cancel: null, result: 'lro_result' },
    starts: [
      {
        operation: 'start',
        idFrom: null,
        pollUrlFrom: ['header:Operation-Location', 'header:Azure-AsyncOperation', 'header:Location'],
        cancelUrlFrom: null,
        azureLro: true,
        preferAsync: false,
        idempotency: null,
        ...extra,
      },
    ],
    poll: { via: 'header:Operation-Location' },
    statusField: 'status',
    errorField: 'error',
    ...fam,
  });
  return definition([start], [f]);
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** Serves the given answers in turn (the last one repeats). */
function sequence(...answers: Array<(res: ServerResponse) => void>) {
  let i = 0;
  return (_req: unknown, res: ServerResponse) => answers[Math.min(i++, answers.length - 1)]!(res);
}

async function run(def: ReturnType<typeof azureDef>, args: Record<string, unknown> = {}) {
  const mcp = await connect(def, { env: { API_BASE_URL: api.url } });
  const started = structured<{ job_id: string; state: string; terminal: boolean }>(await mcp.call('start', args));
  const status = async () =>
    structured<Status & { message: string; upstream_document?: unknown }>(await mcp.call('lro_status', { job_id: started.job_id }));
  return {
    mcp,
    started,
    status,
    result: async () => structured<{ result?: unknown }>(await mcp.call('lro_result', { job_id: started.job_id })),
  };
}

describe('Azure LRO: polling mode from the answer', () => {
  it('PUT without headers polls the resource itself and reads properties.provisioningState; Failed carries error.code/message', async () => {
    api.route('PUT /vms/a', (_q, res) => json(res, 201, { name: 'a', properties: { provisioningState: 'Creating' } }));
    api.route(
      'GET /vms/a',
      sequence(
        (res) => json(res, 200, { name: 'a', properties: { provisioningState: 'Updating' } }),
        (res) =>
          json(res, 200, {
            name: 'a',
            properties: { provisioningState: 'Failed' },
            error: { code: 'QuotaExceeded', message: 'No cores left' },
          }),
      ),
    );
    const job = await run(azureDef('PUT', '/vms/a'));
    try {
      expect(job.started).toMatchObject({ state: 'running', terminal: false });
      expect(await job.status()).toMatchObject({ state: 'running', upstream_status: 'Updating' });
      const failed = await job.status();
      expect(failed).toMatchObject({
        state: 'failed',
        upstream_status: 'Failed',
        error: { code: 'QuotaExceeded', message: 'No cores left' },
      });
      expect(failed.message).toContain("See error for the upstream's reason.");
    } finally {
      await job.mcp.close();
    }
  });

  it('a PUT answered 200 with provisioningState Succeeded is done at once, its answer the result', async () => {
    api.route('PUT /vms/b', (_q, res) => json(res, 200, { name: 'b', properties: { provisioningState: 'Succeeded' } }));
    const job = await run(azureDef('PUT', '/vms/b'));
    try {
      expect(job.started).toMatchObject({ state: 'succeeded', terminal: true });
      expect(await job.status()).toMatchObject({ state: 'succeeded', result: { name: 'b' } });
      expect(api.requests.filter((r) => r.url.startsWith('/vms/b') && r.method === 'GET')).toHaveLength(0);
    } finally {
      await job.mcp.close();
    }
  });

  // ARM's Azure-AsyncOperation resource says how far it is in `percentComplete` (0 to 100); detection gives such a
  // family that field as its progress (buildFamily.ts). A monitor that does not write it reads as none.
  it("Azure-AsyncOperation: the monitor's percentComplete is the progress, none when it is not written", async () => {
    api.route('POST /arm/things/1:run', (_q, res) => void res.writeHead(202, { 'azure-asyncoperation': '/asyncops/1' }).end());
    api.route(
      'GET /asyncops/1',
      sequence(
        (res) => json(res, 200, { status: 'InProgress' }),
        (res) => json(res, 200, { status: 'InProgress', percentComplete: 42.5 }),
        (res) => json(res, 200, { status: 'Succeeded', percentComplete: 100 }),
      ),
    );
    const def = azureDef(
      'POST',
      '/arm/things/1:run',
      {},
      { poll: { via: 'header:Azure-AsyncOperation' }, progress: { field: 'percentComplete', scale: 100 } },
    );
    const job = await run(def);
    try {
      expect(await job.status()).toMatchObject({ state: 'running', progress: null });
      expect(await job.status()).toMatchObject({ state: 'running', progress: 0.425 });
      expect(await job.status()).toMatchObject({ state: 'succeeded', progress: 1 });
    } finally {
      await job.mcp.close();
    }
  });

  it('Operation-Location: api-version carried onto the monitor, resourceLocation wins over the planned final GET', async () => {
    api.route('POST /things:run', (_q, res) => void res.writeHead(202, { 'operation-location': '/ops/1', location: '/elsewhere' }).end());
    api.route('GET /ops/1', (req, res) => {
      if (!req.url?.includes('api-version=2024-01-01'))
        return json(res, 400, { error: { code: 'MissingApiVersion', message: 'api-version' } });
      const n = api.requests.filter((r) => r.url.startsWith('/ops/1')).length;
      return n === 1 ? json(res, 200, { status: 'InProgress' }) : json(res, 200, { status: 'Succeeded', resourceLocation: '/things/res1' });
    });
    api.route('GET /things/res1', (_q, res) => json(res, 200, { id: 'res1', ready: true }));
    api.route('GET /elsewhere', (_q, res) => json(res, 200, { wrong: true }));
    const job = await run(azureDef('POST', '/things:run'), { api_version: '2024-01-01' });
    try {
      expect(await job.status()).toMatchObject({ state: 'running', upstream_status: 'InProgress' });
      const done = await job.status();
      expect(done).toMatchObject({ state: 'succeeded' });
      expect(done.message).toContain('Fetch the result with lro_result.');
      expect((await job.result()).result).toEqual({ id: 'res1', ready: true });
      expect(api.requests.find((r) => r.url.startsWith('/things/res1'))!.url).toContain('api-version=2024-01-01');
      expect(api.requests.some((r) => r.url.startsWith('/elsewhere'))).toBe(false);
    } finally {
      await job.mcp.close();
    }
  });

  it('Operation-Location beats Azure-AsyncOperation; final-state-via azure-async-operation: the monitor result field is the result', async () => {
    api.route('POST /gen', (_q, res) => void res.writeHead(202, { 'azure-asyncoperation': '/aao/1', 'operation-location': '/ol/1' }).end());
    api.route('GET /ol/1', (_q, res) => json(res, 200, { status: 'succeeded', result: { data: 42 } }));
    api.route('GET /aao/1', (_q, res) => json(res, 500, {}));
    const job = await run(azureDef('POST', '/gen', { finalStateVia: 'azure-async-operation' }, { resultField: 'result' }));
    try {
      const done = await job.status();
      expect(done).toMatchObject({ state: 'succeeded', result: { data: 42 } });
      expect(done.message).toContain('The result is in result.');
      expect(api.requests.some((r) => r.url.startsWith('/aao/1'))).toBe(false);
    } finally {
      await job.mcp.close();
    }
  });

  it('a PUT polled through its monitor ends with the final GET on the original URI', async () => {
    api.route('PUT /users/madge', (_q, res) => json(res, 201, { name: 'madge' }, { 'operation-location': '/users/madge/operations/1' }));
    api.route('GET /users/madge/operations/1', (_q, res) => json(res, 200, { status: 'Succeeded' }));
    api.route('GET /users/madge', (_q, res) => json(res, 200, { name: 'madge', role: 'contributor' }));
    const job = await run(azureDef('PUT', '/users/madge', { finalStateVia: 'operation-location' }));
    try {
      expect(await job.status()).toMatchObject({ state: 'succeeded' });
      expect((await job.result()).result).toEqual({ name: 'madge', role: 'contributor' });
    } finally {
      await job.mcp.close();
    }
  });

  it('Location only: the HTTP code is the status, the cookie rides along, a DELETE 204 succeeds with no result', async () => {
    api.route(
      'DELETE /disks/d',
      // Path=/, as ARR affinity cookies are set: without it the cookie's default-path is /disks (RFC 6265 5.1.4),
      // which /opresults does not path-match, and a jar keeps it from those polls (test/runtime/cookieJar.test.ts).
      (_q, res) => void res.writeHead(202, { location: '/opresults/d', 'retry-after': '0', 'set-cookie': 'affinity=7; Path=/' }).end(),
    );
    api.route(
      'GET /opresults/d',
      sequence(
        (res) => void res.writeHead(202).end(),
        (res) => void res.writeHead(204).end(),
      ),
    );
    const job = await run(azureDef('DELETE', '/disks/d'));
    try {
      expect(await job.status()).toMatchObject({ state: 'running', upstream_status: 'HTTP 202' });
      const done = await job.status();
      expect(done).toMatchObject({ state: 'succeeded', upstream_status: 'HTTP 204' });
      expect(done.result).toBeUndefined();
      expect(done.upstream_document).toBeUndefined();
      expect(done.message).toContain('The upstream returned no result.');
      expect(api.requests.filter((r) => r.url === '/opresults/d').every((r) => r.headers.cookie === 'affinity=7')).toBe(true);
    } finally {
      await job.mcp.close();
    }
  });

  it('Location polling: a final resource reporting provisioningState Failed ends the job failed, with the resource as reason', async () => {
    api.route('DELETE /disks/e', (_q, res) => void res.writeHead(202, { location: '/opresults/e' }).end());
    api.route('GET /opresults/e', (_q, res) => json(res, 200, { properties: { provisioningState: 'Failed' } }));
    const job = await run(azureDef('DELETE', '/disks/e'));
    try {
      const done = await job.status();
      expect(done).toMatchObject({
        state: 'failed',
        upstream_status: 'Failed',
        error: { http_status: 200, upstream_status: 'Failed', body: { properties: { provisioningState: 'Failed' } } },
      });
    } finally {
      await job.mcp.close();
    }
  });

  it("Location polling: Canceled ends it cancelled; another word is the HTTP code's succeeded, and the status says so", async () => {
    api.route('DELETE /disks/f', (_q, res) => void res.writeHead(202, { location: '/opresults/f' }).end());
    api.route('GET /opresults/f', (_q, res) => json(res, 200, { properties: { provisioningState: 'Canceled' } }));
    api.route('DELETE /disks/g', (_q, res) => void res.writeHead(202, { location: '/opresults/g' }).end());
    api.route('GET /opresults/g', (_q, res) => json(res, 200, { properties: { provisioningState: 'Deleting' } }));
    const cancelled = await run(azureDef('DELETE', '/disks/f'));
    const other = await run(azureDef('DELETE', '/disks/g'));
    try {
      expect(await cancelled.status()).toMatchObject({ state: 'cancelled', upstream_status: 'Canceled' });
      const done = await other.status();
      expect(done).toMatchObject({ state: 'succeeded', result: { properties: { provisioningState: 'Deleting' } } });
      expect(done.message).toContain('reports provisioningState Deleting');
    } finally {
      await cancelled.mcp.close();
      await other.mcp.close();
    }
  });

  it('a PATCH answered 200 with a terminal provisioningState is done at once: the monitor header beside it is never called', async () => {
    let monitorCalls = 0;
    api.route('PATCH /things/p', (_q, res) =>
      json(res, 200, { id: 'p', properties: { provisioningState: 'Succeeded' } }, { 'azure-asyncoperation': '/ops/never' }),
    );
    api.route('GET /ops/never', (_q, res) => {
      monitorCalls += 1;
      json(res, 404, { error: { code: 'NotFound', message: 'never call me' } });
    });
    const job = await run(azureDef('PATCH', '/things/p'));
    try {
      expect(await job.status()).toMatchObject({ state: 'succeeded', result: { id: 'p', properties: { provisioningState: 'Succeeded' } } });
      expect(monitorCalls).toBe(0);
    } finally {
      await job.mcp.close();
    }
  });

  it('a POST with nothing to poll is done with its answer: 200 with a body, or 202 with none', async () => {
    api.route('POST /grant', (_q, res) => json(res, 200, { accessSAS: 'https://blob/x' }));
    const grant = await run(azureDef('POST', '/grant'));
    try {
      expect(grant.started).toMatchObject({ state: 'succeeded', terminal: true });
      expect(await grant.status()).toMatchObject({ state: 'succeeded', result: { accessSAS: 'https://blob/x' } });
    } finally {
      await grant.mcp.close();
    }
    api.route('POST /refresh', (_q, res) => void res.writeHead(202).end());
    const refresh = await run(azureDef('POST', '/refresh'));
    try {
      expect(refresh.started).toMatchObject({ state: 'succeeded', terminal: true });
    } finally {
      await refresh.mcp.close();
    }
  });

  it('a monitor header that is no usable URL ends the job at once instead of leaving it unpollable', async () => {
    api.route('POST /badhdr', (_q, res) => void res.writeHead(202, { 'operation-location': 'ftp://monitor.example/1' }).end());
    const job = await run(azureDef('POST', '/badhdr'));
    try {
      expect(job.started).toMatchObject({ state: 'failed', terminal: true });
      const s = await job.status();
      expect(JSON.stringify(s.error)).toContain('not a usable URL');
    } finally {
      await job.mcp.close();
    }
  });

  it('follows a monitor URL handed out by a poll answer (core-lro updates its polling URL)', async () => {
    api.route('POST /move', (_q, res) => void res.writeHead(202, { 'operation-location': '/m/1' }).end());
    api.route('GET /m/1', (_q, res) => json(res, 200, { status: 'Running' }, { 'operation-location': '/m/2' }));
    api.route('GET /m/2', (_q, res) => json(res, 200, { status: 'Succeeded' }));
    const job = await run(azureDef('POST', '/move'));
    try {
      expect(await job.status()).toMatchObject({ state: 'running' });
      expect(await job.status()).toMatchObject({ state: 'succeeded' });
      expect(api.requests.filter((r) => r.url === '/m/1')).toHaveLength(1);
    } finally {
      await job.mcp.close();
    }
  });
});

describe('Azure LRO: a pageable final result', () => {
  it('the status points at the result tool, which follows nextLink over every page', async () => {
    api.route('POST /list', (_q, res) => void res.writeHead(202, { location: '/list/op' }).end());
    api.route('GET /list/op', (_q, res) => json(res, 200, { value: [{ n: 1 }], nextLink: '/list/page2' }));
    api.route('GET /list/page2', (_q, res) => json(res, 200, { value: [{ n: 2 }], nextLink: `${api.url}/list/page3` }));
    api.route('GET /list/page3', (_q, res) => json(res, 200, { value: [{ n: 3 }] }));
    const job = await run(azureDef('POST', '/list', { pageable: { nextLinkName: 'nextLink', itemName: 'value' } }));
    try {
      const done = await job.status();
      expect(done).toMatchObject({ state: 'succeeded', result_location: 'call lro_result with this job_id' });
      expect(done.message).toContain('Fetch the result with lro_result.');
      expect((await job.result()).result).toEqual({ value: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    } finally {
      await job.mcp.close();
    }
  });

  it('a next page the upstream refuses stops the walk and keeps its link', async () => {
    api.route('POST /list2', (_q, res) => void res.writeHead(202, { location: '/list2/op' }).end());
    api.route('GET /list2/op', (_q, res) => json(res, 200, { value: [{ n: 1 }], nextLink: '/list2/page2' }));
    api.route('GET /list2/page2', (_q, res) => json(res, 400, { error: { code: 'Bad', message: 'no' } }));
    const job = await run(azureDef('POST', '/list2', { pageable: { nextLinkName: 'nextLink', itemName: 'value' } }));
    try {
      await job.status();
      expect((await job.result()).result).toEqual({ value: [{ n: 1 }], nextLink: '/list2/page2' });
    } finally {
      await job.mcp.close();
    }
  });
});

describe('Azure LRO: status words and reasons', () => {
  const cases: Array<[word: string, state: string]> = [
    ['succeeded', 'succeeded'],
    ['PartiallySucceeded', 'succeeded'],
    ['ValidationFailed', 'failed'],
    ['Cancelled', 'cancelled'],
    ['Canceled', 'cancelled'],
    ['Canceling', 'running'],
    ['Deleting', 'running'],
  ];
  it.each(cases)('monitor status %s → %s', async (word, state) => {
    const path = `/w/${word}`;
    api.route(`POST ${path}`, (_q, res) => void res.writeHead(202, { 'operation-location': `${path}/op` }).end());
    api.route(`GET ${path}/op`, (_q, res) => json(res, 200, { status: word }));
    const job = await run(azureDef('POST', path));
    try {
      expect(await job.status()).toMatchObject({ state, upstream_status: word });
    } finally {
      await job.mcp.close();
    }
  });

  it('a word the contract maps to queued stays queued while running', async () => {
    api.route('POST /q', (_q, res) => void res.writeHead(202, { 'operation-location': '/q/op' }).end());
    api.route('GET /q/op', (_q, res) => json(res, 200, { status: 'NotStarted' }));
    const job = await run(azureDef('POST', '/q', {}, { states: { NotStarted: 'queued', Running: 'running' } }));
    try {
      expect(await job.status()).toMatchObject({ state: 'queued', upstream_status: 'NotStarted' });
    } finally {
      await job.mcp.close();
    }
  });

  it('innererror codes and messages join the reason, as core-lro reports them', async () => {
    api.route('POST /inner', (_q, res) => void res.writeHead(202, { 'azure-asyncoperation': '/inner/op' }).end());
    api.route('GET /inner/op', (_q, res) =>
      json(res, 200, {
        status: 'Failed',
        error: { code: 'Outer', message: 'It broke', innererror: { code: 'Inner', message: 'Disk full' } },
      }),
    );
    const job = await run(azureDef('POST', '/inner'));
    try {
      expect(await job.status()).toMatchObject({ state: 'failed', error: { code: 'Inner', message: 'It broke. Disk full' } });
    } finally {
      await job.mcp.close();
    }
  });

  it('a failure without error.code/message keeps the HTTP code and the body as the reason', async () => {
    api.route('POST /bare', (_q, res) => void res.writeHead(202, { 'operation-location': '/bare/op' }).end());
    api.route('GET /bare/op', (_q, res) => json(res, 200, { status: 'Failed', detail: 'quota' }));
    const job = await run(azureDef('POST', '/bare'));
    try {
      expect(await job.status()).toMatchObject({
        state: 'failed',
        error: { http_status: 200, upstream_status: 'Failed', body: { detail: 'quota' } },
      });
    } finally {
      await job.mcp.close();
    }
  });
});
