/**
 * A record that ends by a flag (fixtures/e2e/flag-operations.yaml, shaped after Yandex Cloud's Compute API): every change
 * of an instance answers an `Operation {id, done: false, metadata}`; `GET /operations/{operationId}` reports `done`
 * with `response` (the instance) or `error` (a google.rpc.Status); `POST /operations/{operationId}:cancel` answers the
 * operation, which then ends with `error.code = 1` (CANCELLED). The instance itself is read elsewhere and is not what
 * the start hands out.
 */
import { type FakeContext, notFound } from './context.js';
import type { SimJob } from './simJob.js';

export function registerFlagOperations(ctx: FakeContext): void {
  ctx.router.on('POST /compute/v1/instances', (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.name !== 'string') return { status: 400, body: { code: 3, message: 'name is required' } };
    const job = ctx.createJob('flagOperation', 'fop', { name: body.name });
    return { status: 200, body: operationBody(job) };
  });

  ctx.router.on('GET /operations/{operationId}', (_req, p) => {
    const job = ctx.job('flagOperation', p.operationId ?? '');
    if (!job) return notFound(`operation ${p.operationId}`);
    job.poll();
    return { status: 200, body: operationBody(job) };
  });

  ctx.router.on('POST /operations/{operationId}:cancel', (_req, p) => {
    const job = ctx.job('flagOperation', p.operationId ?? '');
    if (!job) return notFound(`operation ${p.operationId}`);
    job.cancel();
    return { status: 200, body: operationBody(job) };
  });
}

function operationBody(job: SimJob): Record<string, unknown> {
  const op: Record<string, unknown> = {
    id: job.id,
    description: 'Create instance',
    createdAt: new Date(job.createdAt).toISOString(),
    done: job.terminal,
    metadata: { instanceId: `fhm-instance-${job.id}` },
  };
  if (job.phase === 'succeeded') op.response = { id: `fhm-instance-${job.id}`, name: job.data.name, status: 'RUNNING' };
  if (job.phase === 'failed' || job.phase === 'expired') op.error = { code: 8, message: 'Instance quota exceeded', details: [] };
  if (job.phase === 'cancelled') op.error = { code: 1, message: 'Operation cancelled', details: [] };
  return op;
}
