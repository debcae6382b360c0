/**
 * An export read only by its status and its contents (fixtures/e2e/field-exports.yaml, shaped after Climate
 * FieldView's v4 exports): `POST /v4/exports` answers 201 `{id}`; `GET /v4/exports/{exportId}/status` reports
 * PROCESSING → COMPLETED | INVALID | EXPIRED; `GET /v4/exports/{exportId}/contents` serves the rows once completed.
 * No read of the export itself and no cancel.
 */
import { type FakeContext, notFound } from './context.js';
import type { SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'PROCESSING',
  running: 'PROCESSING',
  finishing: 'PROCESSING',
  succeeded: 'COMPLETED',
  failed: 'INVALID',
  expired: 'EXPIRED',
  cancelling: 'PROCESSING',
  cancelled: 'EXPIRED',
};

export function registerFieldExports(ctx: FakeContext): void {
  ctx.router.on('POST /v4/exports', (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.contentType !== 'string') return { status: 400, body: { message: 'contentType is required' } };
    const job = ctx.createJob('export', 'exp', { request: body });
    return { status: 201, body: { id: job.id } };
  });

  ctx.router.on('GET /v4/exports/{exportId}/status', (_req, p) => {
    const job = ctx.job('export', p.exportId ?? '');
    if (!job) return notFound(`export ${p.exportId}`);
    job.poll();
    const status = STATUS[job.phase];
    return { status: 200, body: status === 'INVALID' ? { status, message: 'The field boundary is not valid' } : { status } };
  });

  ctx.router.on('GET /v4/exports/{exportId}/contents', (_req, p) => {
    const job = ctx.job('export', p.exportId ?? '');
    if (!job) return notFound(`export ${p.exportId}`);
    if (job.phase !== 'succeeded') return { status: 404, body: { message: `export ${job.id} is not completed` } };
    const fieldId = (job.data.request as { definition?: { fieldId?: string } }).definition?.fieldId ?? 'field-0';
    return { status: 200, body: { rows: [{ fieldId, acres: 42.5 }] } };
  });
}
