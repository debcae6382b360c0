/**
 * OpenAI-Batch-like lifecycle: an id resource with a status enum.
 * validating → in_progress → finalizing → completed | failed | expired; cancel → cancelling → cancelled.
 * `Idempotency-Key` is honoured the way Stripe-style APIs do: a repeated key replays the same batch.
 */
import { type FakeContext, header, notFound } from './context.js';
import type { FakeReply } from './http.js';
import type { SimJob, SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'validating',
  running: 'in_progress',
  finishing: 'finalizing',
  succeeded: 'completed',
  failed: 'failed',
  expired: 'expired',
  cancelling: 'cancelling',
  cancelled: 'cancelled',
};
const TOTAL_REQUESTS = 10;
/**
 * The same API under `/coded`, its status written as the numeric codes of a .NET or Java enum (fixtures/e2e/
 * batches-coded.yaml names each with `x-enumNames`): the contract's enum order, as such toolchains number it.
 */
const CODES: readonly string[] = ['validating', 'failed', 'in_progress', 'finalizing', 'completed', 'expired', 'cancelling', 'cancelled'];
const PREFIXES = { '': (status: string): string | number => status, '/coded': (status: string) => CODES.indexOf(status) } as const;
type Encode = (status: string) => string | number;

export function registerOpenAiBatches(ctx: FakeContext): { idempotencyKeys: string[] } {
  const idempotencyKeys: string[] = [];
  for (const [prefix, encode] of Object.entries(PREFIXES)) registerAt(ctx, prefix, encode, idempotencyKeys);
  return { idempotencyKeys };
}

function registerAt(ctx: FakeContext, prefix: string, encode: Encode, idempotencyKeys: string[]): void {
  const byKey = new Map<string, SimJob>();
  const batchBody = (job: SimJob): Record<string, unknown> => ({ ...batchDocument(ctx, job), status: encode(STATUS[job.phase]) });

  ctx.router.on(`POST ${prefix}/batches`, (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const missing = ['input_file_id', 'endpoint', 'completion_window'].filter((k) => typeof body[k] !== 'string');
    if (missing.length > 0) {
      return {
        status: 400,
        body: {
          error: { message: `Missing required parameter: '${missing[0]}'.`, type: 'invalid_request_error', param: missing[0], code: null },
        },
      };
    }
    const key = header(req.headers['idempotency-key']);
    if (key) idempotencyKeys.push(key);
    const replay = key ? byKey.get(key) : undefined;
    if (replay) return { status: 200, body: batchBody(replay) };
    const job = ctx.createJob('batch', 'batch_', { request: body });
    if (key) byKey.set(key, job);
    return { status: 200, body: batchBody(job) };
  });

  ctx.router.on(`GET ${prefix}/batches`, () => {
    const data = ctx
      .jobsOf('batch')
      .reverse()
      .map((j) => batchBody(j));
    return {
      status: 200,
      body: { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false },
    };
  });

  ctx.router.on(`GET ${prefix}/batches/{batch_id}`, (_req, p) => {
    const job = ctx.job('batch', p.batch_id ?? '');
    if (!job) return notFound(`batch ${p.batch_id}`);
    job.poll();
    return failedAsHttp(job) ?? { status: 200, body: batchBody(job) };
  });

  ctx.router.on(`POST ${prefix}/batches/{batch_id}/cancel`, (_req, p) => {
    const job = ctx.job('batch', p.batch_id ?? '');
    if (!job) return notFound(`batch ${p.batch_id}`);
    // A batch that finished first (or wins the race with this cancel) refuses, as the real API does.
    const after = job.cancel();
    if (job.terminal && after !== 'cancelled') {
      return {
        status: 409,
        body: {
          error: {
            message: `Cannot cancel a batch with status '${STATUS[after]}'.`,
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        },
      };
    }
    return { status: 200, body: batchBody(job) };
  });
}

function failedAsHttp(job: SimJob): FakeReply | null {
  if (job.phase !== 'failed' || job.plan.failMode !== 'http') return null;
  return {
    status: 400,
    body: {
      error: { message: 'The input file is invalid JSONL.', type: 'invalid_request_error', param: 'input_file_id', code: 'invalid_file' },
    },
  };
}

function batchDocument(ctx: FakeContext, job: SimJob): Record<string, unknown> {
  const phase = job.phase;
  const request = job.data.request as Record<string, unknown>;
  const created = Math.floor(job.createdAt / 1000);
  const now = ctx.clock.seconds();
  const done = Math.round(job.fraction * TOTAL_REQUESTS);
  return {
    id: job.id,
    object: 'batch',
    endpoint: request.endpoint,
    errors:
      phase === 'failed'
        ? { object: 'list', data: [{ code: 'invalid_json_line', message: 'Line 3 is not valid JSON.', param: null, line: 3 }] }
        : null,
    input_file_id: request.input_file_id,
    completion_window: request.completion_window,
    status: STATUS[phase],
    output_file_id: phase === 'succeeded' ? `file-out-${job.id}` : null,
    error_file_id: phase === 'failed' ? `file-err-${job.id}` : null,
    created_at: created,
    in_progress_at: phase === 'queued' ? null : created + 1,
    expires_at: created + 86400,
    finalizing_at: phase === 'finishing' || phase === 'succeeded' ? now : null,
    completed_at: phase === 'succeeded' ? now : null,
    failed_at: phase === 'failed' ? now : null,
    expired_at: phase === 'expired' ? now : null,
    cancelling_at: phase === 'cancelling' || phase === 'cancelled' ? now : null,
    cancelled_at: phase === 'cancelled' ? now : null,
    request_counts: { total: TOTAL_REQUESTS, completed: done, failed: 0 },
    metadata: request.metadata ?? null,
  };
}
