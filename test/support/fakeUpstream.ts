/**
 * A local fake upstream (node:http on 127.0.0.1, random port) with real job lifecycles of eight vendor styles,
 * plain CRUD endpoints, fault injection and per-route call counters. Tests control time (polls or a virtual
 * clock) instead of sleeping. See test/support/README.md for the routes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerAzureBackup } from './fake/azureBackup.js';
import { registerAzureTranslator } from './fake/azureTranslator.js';
import { type BigExports, registerBigExports } from './fake/bigExports.js';
import { FakeContext } from './fake/context.js';
import { registerFieldExports } from './fake/fieldExports.js';
import { registerFlagOperations } from './fake/flagOperations.js';
import { registerGoogleOperations } from './fake/googleOperations.js';
import { FakeRouter, type Injection, type LoggedRequest } from './fake/http.js';
import { registerMatterExports } from './fake/matterExports.js';
import { registerOpenAiBatches } from './fake/openaiBatches.js';
import { registerReplicatePredictions } from './fake/replicatePredictions.js';
import { type JobPlan, type SimJob, VirtualClock } from './fake/simJob.js';
import { registerSlowRenders, type SlowRenders } from './fake/slowRenders.js';
import { registerWidgets } from './fake/widgets.js';

export type { Injection, LoggedRequest } from './fake/http.js';
export type { JobPlan, SimJob, SimPhase } from './fake/simJob.js';

/** Job kinds, one per lifecycle: the first argument of `plan`, `jobs` and `setDefaultPlan`. */
export type JobKind = 'batch' | 'prediction' | 'translation' | 'backup' | 'operation' | 'export' | 'matterExport' | 'flagOperation';

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly clock: VirtualClock;
  /** Calls seen on a route, by its key (`POST /batches`, `GET /batches/{batch_id}`). */
  count(route: string): number;
  totalCalls(): number;
  readonly log: readonly LoggedRequest[];
  /** The next job of this kind follows this plan (queued; then the default). */
  plan(kind: JobKind, plan: Partial<JobPlan>): void;
  setDefaultPlan(kind: JobKind, plan: Partial<JobPlan>): void;
  /** Upstream jobs created, in order. */
  jobs(kind: JobKind): SimJob[];
  /** Answer the next `times` requests of a route with a fault (status and/or delay) instead of the handler. */
  inject(route: string, injection: Injection): void;
  /** `Idempotency-Key` headers received by `POST /batches`, in order. */
  readonly idempotencyKeys: readonly string[];
  /** The synchronous slow endpoints (`/renders`, held 45 s by default): renders run and requests seen. */
  readonly slow: SlowRenders;
  /** Large results (`/exports`, `/dumps`): about 3 MB of rows. */
  readonly big: BigExports;
  /** Backup polls refused because the affinity cookie was missing. */
  cookieRejections(): number;
  /** Forget counters and the log (jobs stay). */
  resetCounts(): void;
  /** Drop injected faults not yet used up. */
  clearInjections(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(options: { port?: number } = {}): Promise<FakeUpstream> {
  const router = new FakeRouter();
  const clock = new VirtualClock();
  const ctx = new FakeContext(router, clock);
  const batches = registerOpenAiBatches(ctx);
  registerReplicatePredictions(ctx);
  registerAzureTranslator(ctx);
  const backup = registerAzureBackup(ctx);
  // Before Google's operations: their `GET /v1/{name*}` would answer every `/v1/…` read first.
  registerMatterExports(ctx);
  registerGoogleOperations(ctx);
  registerFieldExports(ctx);
  registerFlagOperations(ctx);
  registerWidgets(ctx);
  const slow = registerSlowRenders(ctx);
  const big = registerBigExports(ctx);

  const server: Server = createServer((req, res) => {
    router.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'FakeUpstreamBug', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ctx.baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: ctx.baseUrl,
    clock,
    count: (route) => router.counts.get(route) ?? 0,
    totalCalls: () => [...router.counts.values()].reduce((a, b) => a + b, 0),
    log: router.log,
    plan: (kind, plan) => ctx.queuePlan(kind, plan),
    setDefaultPlan: (kind, plan) => {
      ctx.defaults.set(kind, plan);
    },
    jobs: (kind) => ctx.jobsOf(kind),
    inject: (route, injection) => router.inject(route, injection),
    idempotencyKeys: batches.idempotencyKeys,
    slow,
    big,
    cookieRejections: backup.rejectedWithoutCookie,
    resetCounts: () => {
      router.counts.clear();
      router.log.length = 0;
    },
    clearInjections: () => router.clearInjections(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of router.held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
