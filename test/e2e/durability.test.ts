// Durable jobs and idempotent starts through real server processes: dedupe under concurrency (one process and
// two), a replica polling another's job, and kill -9 + restart. Runs per store backend; Redis and PostgreSQL
// run when TEST_REDIS_URL / TEST_POSTGRES_URL are set, and are required (fail, not skip) when CI=true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer } from '../support/generateServer.js';
import {
  type Connected,
  callChecked,
  connectHttp,
  connectStdio,
  fitArgs,
  jobTools,
  pollUntilTerminal,
  textOf,
  waitForExit,
} from '../support/mcpHarness.js';
import { requireBackendInCi, storeBackends } from '../support/storeBackends.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const batches = LIFECYCLES.find((c) => c.kind === 'batch')!;
const BACKENDS = storeBackends('mcp-jobgen-e2e');

let fake: FakeUpstream;
let server: GeneratedServer;
let baseEnv: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer(batches.fixture, 'durability-openai');
  baseEnv = { API_BASE_URL: fake.url, ...fixtureCredentials(await credentialEnvNames(server)) };
});
afterAll(async () => {
  await fake?.close();
});

for (const backend of BACKENDS) {
  const storeUrl = backend.url();
  describe(`store: ${backend.name}`, () => {
    requireBackendInCi(backend, storeUrl);
    if (!storeUrl) return;

    const open: Connected[] = [];
    const connect = async (how: 'stdio' | 'http' = 'stdio'): Promise<Connected> => {
      const env = { ...baseEnv, JOB_STORE_URL: storeUrl };
      const conn = how === 'stdio' ? await connectStdio(server, env) : await connectHttp(server, env);
      open.push(conn);
      return conn;
    };
    afterAll(async () => {
      await Promise.all(open.map((c) => c.close()));
    });

    const startArgs = (conn: Connected, args: Record<string, unknown>): Record<string, unknown> =>
      fitArgs(jobTools(conn.tools).start[0]!, args);

    it('50 identical concurrent starts make one upstream job and return one handle', async () => {
      const a = await connect();
      const tools = jobTools(a.tools);
      const args = batches.startArgs();
      const before = fake.count(batches.startRoute);
      fake.inject(batches.startRoute, { delayMs: 300 });
      const results = await Promise.all(Array.from({ length: 50 }, () => callChecked(a, tools.start[0]!.name, startArgs(a, args))));
      for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
      expect(fake.count(batches.startRoute) - before).toBe(1);
      expect(new Set(results.map((r) => r.structuredContent!.job_id)).size).toBe(1);
      expect(results.filter((r) => r.structuredContent!.deduplicated === true)).toHaveLength(49);
    });

    it('concurrent duplicates across two server processes make one upstream job', async () => {
      const a = await connect();
      const b = await connect('http');
      const args = batches.startArgs();
      const before = fake.count(batches.startRoute);
      fake.inject(batches.startRoute, { delayMs: 300 });
      const calls = Array.from({ length: 20 }, (_v, i) => {
        const conn = i % 2 === 0 ? a : b;
        return callChecked(conn, jobTools(conn.tools).start[0]!.name, startArgs(conn, args));
      });
      const results = await Promise.all(calls);
      for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
      expect(fake.count(batches.startRoute) - before).toBe(1);
      expect(new Set(results.map((r) => r.structuredContent!.job_id)).size).toBe(1);
    });

    it('replica B polls a job started on replica A to its terminal state', async () => {
      const a = await connect();
      const b = await connect('http');
      const started = await callChecked(a, jobTools(a.tools).start[0]!.name, startArgs(a, batches.startArgs()));
      expect(started.isError, textOf(started)).toBeFalsy();
      const last = (await pollUntilTerminal(b, jobTools(b.tools).status.name, started.structuredContent!.job_id, { waitMs: 3000 })).at(-1)!;
      expect(last.state).toBe('succeeded');
    });

    it('kill -9 during a start: the recovery scan re-sends it with the same upstream key, so the work runs once', async () => {
      // A short lease: the restarted server finds the dead start's lease lapsed within seconds. Not shorter: on a
      // loaded machine a live replica's heartbeat can stall for a second or two, and a lapsed live lease is
      // (rightly) recovered again, which would make this one re-send two.
      const env = { ...baseEnv, JOB_STORE_URL: storeUrl, JOB_LEASE_MS: '4000', JOB_START_WAIT_MS: '200' };
      const a = await connectStdio(server, env);
      open.push(a);
      const tool = jobTools(a.tools).start[0]!;
      const args = { ...startArgs(a, batches.startArgs()), idempotency_key: `kill-${Math.random().toString(36).slice(2)}` };
      const jobsBefore = fake.jobs('batch').length;
      const postsBefore = fake.count(batches.startRoute);
      const keysBefore = fake.idempotencyKeys.length;
      // Held far longer than the start tool waits; the kill closes the socket, and the fake then creates the job.
      fake.inject(batches.startRoute, { delayMs: 30_000 });
      const first = await callChecked(a, tool.name, args);
      expect(first.isError, textOf(first)).toBeFalsy();
      await expect.poll(() => fake.count(batches.startRoute) - postsBefore).toBe(1);
      a.kill(); // the upstream still creates the job; nobody hears its answer
      const b = await connectStdio(server, env);
      open.push(b);
      const statusTool = jobTools(b.tools).status.name;
      const last = (await pollUntilTerminal(b, statusTool, first.structuredContent!.job_id, { waitMs: 3000, maxCalls: 20 })).at(-1)!;
      expect(last).toMatchObject({ state: 'succeeded', attempts: 2 });
      expect(fake.jobs('batch').length - jobsBefore).toBe(1);
      // This start's two sends (the fake records every batch POST's key), both with the one key.
      const keys = fake.idempotencyKeys.slice(keysBefore);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBe(keys[0]);
      // A retry with the same key now gets the same job, and sends nothing.
      const retry = await callChecked(b, tool.name, args);
      expect(retry.structuredContent).toMatchObject({ job_id: first.structuredContent!.job_id, deduplicated: true });
      expect(fake.count(batches.startRoute) - postsBefore).toBe(2);
    });

    it('SIGTERM with a start in flight: the server records its outcome before exiting', async () => {
      const env = { ...baseEnv, JOB_STORE_URL: storeUrl, JOB_START_WAIT_MS: '200' };
      const a = await connectStdio(server, env);
      open.push(a);
      const tool = jobTools(a.tools).start[0]!;
      const jobsBefore = fake.jobs('batch').length;
      fake.inject(batches.startRoute, { delayMs: 1000 });
      const first = await callChecked(a, tool.name, startArgs(a, batches.startArgs()));
      expect(first.isError, textOf(first)).toBeFalsy();
      expect(first.structuredContent!.terminal).toBe(false);
      process.kill(a.pid, 'SIGTERM');
      await waitForExit(a.pid);
      const b = await connectStdio(server, env);
      open.push(b);
      const last = (
        await pollUntilTerminal(b, jobTools(b.tools).status.name, first.structuredContent!.job_id, { waitMs: 3000, maxCalls: 6 })
      ).at(-1)!;
      expect(last.state).toBe('succeeded');
      expect(fake.jobs('batch').length - jobsBefore).toBe(1);
    });

    it('kill -9 with jobs in flight: after restart every handle resolves and reaches terminal', async () => {
      const a = await connect();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await callChecked(a, jobTools(a.tools).start[0]!.name, startArgs(a, batches.startArgs()));
        expect(r.isError, textOf(r)).toBeFalsy();
        ids.push(r.structuredContent!.job_id);
      }
      a.kill();
      const restarted = await connect();
      for (const id of ids) {
        const last = (await pollUntilTerminal(restarted, jobTools(restarted.tools).status.name, id, { waitMs: 3000 })).at(-1)!;
        expect(last.state).toBe('succeeded');
      }
    });
  });
}
