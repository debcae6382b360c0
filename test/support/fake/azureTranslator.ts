/**
 * Azure Operation-Location lifecycle (Document Translation-like): `POST /translator/batches` answers 202 with
 * an absolute `Operation-Location` (the status monitor), a `Location` for the final result and
 * `Retry-After: 1`. NotStarted → Running → Succeeded | Failed | ValidationFailed; DELETE cancels:
 * Cancelling → Cancelled. With failMode `http` a failed job's monitor answers 400 with an Azure error body.
 */
import { type FakeContext, notFound } from './context.js';
import type { SimJob, SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'NotStarted',
  running: 'Running',
  finishing: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'ValidationFailed',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};
const DOCUMENTS = 4;

export function registerAzureTranslator(ctx: FakeContext): void {
  ctx.router.on('POST /translator/batches', (req) => {
    const body = (req.body ?? {}) as { inputs?: unknown };
    if (!Array.isArray(body.inputs) || body.inputs.length === 0) {
      return { status: 400, body: azureError('InvalidRequest', 'The request has no inputs.') };
    }
    const job = ctx.createJob('translation', 'uuid', { request: body });
    return {
      status: 202,
      headers: {
        'Operation-Location': ctx.url(`/translator/batches/${job.id}`),
        Location: ctx.url(`/translator/batches/${job.id}/documents`),
        'Retry-After': '1',
      },
    };
  });

  ctx.router.on('GET /translator/batches/{id}', (_req, p) => {
    const job = ctx.job('translation', p.id ?? '');
    if (!job) return notFound(`translation ${p.id}`);
    job.poll();
    if (job.phase === 'failed' && job.plan.failMode === 'http') {
      return {
        status: 400,
        body: azureError('InvalidDocumentAccessLevel', 'Cannot access source document location with the current permissions.'),
      };
    }
    return { status: 200, headers: job.terminal ? {} : ({ 'Retry-After': '1' } as Record<string, string>), body: statusBody(ctx, job) };
  });

  ctx.router.on('DELETE /translator/batches/{id}', (_req, p) => {
    const job = ctx.job('translation', p.id ?? '');
    if (!job) return notFound(`translation ${p.id}`);
    job.cancel();
    return { status: 200, body: statusBody(ctx, job) };
  });

  ctx.router.on('GET /translator/batches/{id}/documents', (_req, p) => {
    const job = ctx.job('translation', p.id ?? '');
    if (!job) return notFound(`translation ${p.id}`);
    const value = Array.from({ length: DOCUMENTS }, (_v, i) => ({
      path: `https://storage.example/target/doc${i}.txt`,
      sourcePath: `https://storage.example/source/doc${i}.txt`,
      createdDateTimeUtc: new Date(job.createdAt).toISOString(),
      lastActionDateTimeUtc: new Date(ctx.clock.now()).toISOString(),
      status: STATUS[job.phase],
      to: 'fr',
      progress: job.phase === 'succeeded' ? 1 : 0,
      id: `${job.id}-doc${i}`,
      characterCharged: 120,
    }));
    return { status: 200, body: { value } };
  });
}

function azureError(code: string, message: string): Record<string, unknown> {
  return { error: { code, message, target: 'Operation', innerError: { code, message } } };
}

function statusBody(ctx: FakeContext, job: SimJob): Record<string, unknown> {
  const phase = job.phase;
  const done = Math.round(job.fraction * DOCUMENTS);
  const failed = phase === 'failed' || phase === 'expired' ? DOCUMENTS : 0;
  const cancelled = phase === 'cancelled' ? DOCUMENTS - done : 0;
  return {
    id: job.id,
    createdDateTimeUtc: new Date(job.createdAt).toISOString(),
    lastActionDateTimeUtc: new Date(ctx.clock.now()).toISOString(),
    status: STATUS[phase],
    ...(failed > 0 ? { error: azureError('InvalidRequest', 'Source documents could not be read.').error } : {}),
    summary: {
      total: DOCUMENTS,
      failed,
      success: phase === 'succeeded' ? DOCUMENTS : done,
      inProgress: job.terminal ? 0 : DOCUMENTS - done,
      notYetStarted: phase === 'queued' ? DOCUMENTS : 0,
      cancelled,
      totalCharacterCharged: 120 * done,
    },
  };
}
