// kill -9 during a start, through real generated servers and the fake upstream, on every store: the start
// requests reach the upstream, their server dies before the answers, and two surviving replicas resolve every
// handle. The start with an upstream idempotency key (OpenAI-style batches) is re-sent once with the same
// key, so the upstream runs it once; the one without (Replicate-style predictions, a POST) is never re-sent
// and ends failed "interrupted: may have run upstream". Exactly one replica recovers each (the lease claim).
// No timing assertions: the fake counts requests and jobs, the metrics count recoveries.
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
} from '../support/mcpHarness.js';
import { parsePrometheus, sampleValue } from '../support/prometheusText.js';
import { requireBackendInCi, storeBackends } from '../support/storeBackends.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const batches = LIFECYCLES.find((c) => c.kind === 'batch')!;
const predictions = LIFECYCLES.find((c) => c.kind === 'prediction')!;
// Its own namespace: durability.test.ts runs the same batch server (same partition) against another fake at
// the same time, and a replica of one would rightly recover the other's lapsed starts in a shared table.
const namespace = 'start_kill';
const BACKENDS = storeBackends('mcp-jobgen-start-kill', namespace);

let fake: FakeUpstream;
let keyed: GeneratedServer;
let unkeyed: GeneratedServer;
let credentials: Record<string, string>;
const open: Connected[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
  keyed = await generateServer(batches.fixture, 'start-kill-openai');
  unkeyed = await generateServer(predictions.fixture, 'start-kill-replicate');
  credentials = {
    ...fixtureCredentials(await credentialEnvNames(keyed)),
    ...fixtureCredentials(await credentialEnvNames(unkeyed)),
  };
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await fake?.close();
});

async function recoveries(conns: Array<Connected & { port: number }>, action: string): Promise<number> {
  let sum = 0;
  for (const conn of conns) {
    const text = await (await fetch(`http://127.0.0.1:${conn.port}/metrics`)).text();
    sum += sampleValue(parsePrometheus(text), 'mcp_job_recoveries_total', { action });
  }
  return sum;
}

for (const backend of BACKENDS) {
  const storeUrl = backend.url();
  describe(`kill -9 during a start, two surviving replicas (${backend.name})`, () => {
    requireBackendInCi(backend, storeUrl);
    if (!storeUrl) return;
    // A short lease, so the survivors find the dead replica's leases lapsed within seconds; not shorter, as a
    // loaded machine can stall a live replica's heartbeat for a second or two (its lease would then lapse too).
    const env = () => ({ API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_START_WAIT_MS: '200', JOB_LEASE_MS: '4000' });

    it('re-sends the keyed start once with the same key, and ends the unkeyed one interrupted', async () => {
      const vars = { ...env(), ...credentials };
      const deadKeyed = await connectStdio(keyed, vars);
      const deadUnkeyed = await connectStdio(unkeyed, vars);
      open.push(deadKeyed, deadUnkeyed);
      const batchTool = jobTools(deadKeyed.tools).start[0]!;
      const predictionTool = jobTools(deadUnkeyed.tools).start[0]!;
      const batchArgs = fitArgs(batchTool, batches.startArgs());
      const predictionArgs = fitArgs(predictionTool, predictions.startArgs());
      const batchJobs = fake.jobs('batch').length;
      const predictionJobs = fake.jobs('prediction').length;
      const batchPosts = fake.count(batches.startRoute);
      const predictionPosts = fake.count(predictions.startRoute);

      // Both upstreams hold the start far longer than the start tool waits; the kill closes the sockets, and
      // the fake then creates both jobs (the work happened; nobody heard the answer).
      const keysBefore = fake.idempotencyKeys.length;
      fake.inject(batches.startRoute, { delayMs: 60_000 });
      fake.inject(predictions.startRoute, { delayMs: 60_000 });
      const batch = await callChecked(deadKeyed, batchTool.name, batchArgs);
      const prediction = await callChecked(deadUnkeyed, predictionTool.name, predictionArgs);
      expect(batch.structuredContent).toMatchObject({ state: 'queued', terminal: false });
      expect(prediction.structuredContent).toMatchObject({ state: 'queued', terminal: false });
      await expect.poll(() => fake.count(batches.startRoute) - batchPosts).toBe(1);
      await expect.poll(() => fake.count(predictions.startRoute) - predictionPosts).toBe(1);
      deadKeyed.kill();
      deadUnkeyed.kill();

      const survivors = [
        await connectHttp(keyed, vars),
        await connectHttp(keyed, vars),
        await connectHttp(unkeyed, vars),
        await connectHttp(unkeyed, vars),
      ];
      open.push(...survivors);
      const [b1, b2, p1, p2] = survivors as [Connected & { port: number }, ...Array<Connected & { port: number }>];

      const batchId = String(batch.structuredContent!.job_id);
      const batchDone = (await pollUntilTerminal(b2!, jobTools(b2!.tools).status.name, batchId, { waitMs: 5000, maxCalls: 20 })).at(-1)!;
      expect(batchDone).toMatchObject({ state: 'succeeded', attempts: 2, last_error: null });
      // Re-sent once, with the first attempt's key: the upstream replayed the same batch.
      expect(fake.count(batches.startRoute) - batchPosts).toBe(2);
      expect(fake.jobs('batch').length - batchJobs).toBe(1);
      // The batch's two sends (only batch POSTs carry a key to the fake), both with the first attempt's key.
      const keys = fake.idempotencyKeys.slice(keysBefore);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBe(keys[0]);

      const predictionId = String(prediction.structuredContent!.job_id);
      const statusTool = jobTools(p1!.tools).status.name;
      let status: Record<string, unknown> = {};
      for (let i = 0; i < 40 && status.state !== 'failed'; i++) {
        const s = await callChecked(p1!, statusTool, { job_id: predictionId, wait_ms: 1000 });
        expect(s.isError, textOf(s)).toBeFalsy();
        status = s.structuredContent as Record<string, unknown>;
      }
      expect(status).toMatchObject({ state: 'failed', terminal: true, attempts: 1, error: { reason: 'interrupted' } });
      expect(String(status.last_error)).toMatch(/^interrupted: may have run upstream\. The server running the start of job/);
      // Never re-sent: the upstream saw the one request, and its one job exists.
      expect(fake.count(predictions.startRoute) - predictionPosts).toBe(1);
      expect(fake.jobs('prediction').length - predictionJobs).toBe(1);
      // A blind retry with the same arguments is told what happened, not run again.
      const retry = await callChecked(p2!, predictionTool.name, predictionArgs);
      expect(retry.isError).toBe(true);
      expect(textOf(retry)).toContain('interrupted: it may have run upstream');
      expect(fake.count(predictions.startRoute) - predictionPosts).toBe(1);

      // One replica of each pair recovered each start.
      expect(await recoveries([b1!, b2!], 'resend')).toBe(1);
      expect(await recoveries([p1!, p2!], 'interrupt')).toBe(1);
    });
  });
}
