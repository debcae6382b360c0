/**
 * Replicate-like lifecycle: `POST /predictions` answers 201 with absolute `urls.get` / `urls.cancel`.
 * starting → processing → succeeded | failed; cancel → canceled at once. A finished prediction's cancel
 * answers 200 with the unchanged prediction (completion wins).
 */
import { type FakeContext, header, notFound } from './context.js';
import type { SimJob, SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'starting',
  running: 'processing',
  finishing: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
  expired: 'failed',
  cancelling: 'processing',
  cancelled: 'canceled',
};

export function registerReplicatePredictions(ctx: FakeContext): void {
  // Replicate cancels at once: there is no `cancelling` status in its vocabulary.
  ctx.defaults.set('prediction', { cancelPolls: 0 });
  ctx.router.on('POST /predictions', (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.version !== 'string' || typeof body.input !== 'object' || body.input === null) {
      return { status: 422, body: { title: 'Invalid input', detail: 'version and input are required', status: 422 } };
    }
    const job = ctx.createJob('prediction', 'p', { request: body, prefer: header(req.headers.prefer) ?? null });
    return { status: 201, body: predictionBody(ctx, job) };
  });

  ctx.router.on('GET /predictions/{prediction_id}', (_req, p) => {
    const job = ctx.job('prediction', p.prediction_id ?? '');
    if (!job) return notFound(`prediction ${p.prediction_id}`);
    job.poll();
    return { status: 200, body: predictionBody(ctx, job) };
  });

  ctx.router.on('POST /predictions/{prediction_id}/cancel', (_req, p) => {
    const job = ctx.job('prediction', p.prediction_id ?? '');
    if (!job) return notFound(`prediction ${p.prediction_id}`);
    job.cancel();
    return { status: 200, body: predictionBody(ctx, job) };
  });
}

function predictionBody(ctx: FakeContext, job: SimJob): Record<string, unknown> {
  const phase = job.phase;
  const request = job.data.request as { version: string; input: Record<string, unknown> };
  const created = new Date(job.createdAt).toISOString();
  const now = new Date(ctx.clock.now()).toISOString();
  const terminal = job.terminal;
  return {
    id: job.id,
    model: 'acme/echo',
    version: request.version,
    input: request.input,
    logs: phase === 'queued' ? '' : 'Running prediction...\n',
    output: phase === 'succeeded' ? { echo: request.input } : null,
    data_removed: false,
    error: phase === 'failed' || phase === 'expired' ? 'CUDA out of memory' : null,
    status: STATUS[phase],
    created_at: created,
    started_at: phase === 'queued' ? null : created,
    completed_at: terminal ? now : null,
    urls: {
      get: ctx.url(`/predictions/${job.id}`),
      cancel: ctx.url(`/predictions/${job.id}/cancel`),
      web: `https://replicate.com/p/${job.id}`,
    },
    metrics: terminal ? { predict_time: 1.5 } : {},
  };
}
