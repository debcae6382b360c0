/**
 * An export that counts its progress (fixtures/e2e/matter-exports.yaml, shaped after Google Vault's v1 exports):
 * `POST /v1/matters/{matterId}/exports` answers the Export with its `id`; `GET …/exports/{exportId}` reads it,
 * IN_PROGRESS → COMPLETED | FAILED, `stats` counting the artifacts exported of 1200 as int64 strings ("0", "300",
 * "900", "1200": a quarter per step). No cancel.
 */
import { type FakeContext, notFound } from './context.js';
import type { SimJob, SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'IN_PROGRESS',
  running: 'IN_PROGRESS',
  finishing: 'IN_PROGRESS',
  succeeded: 'COMPLETED',
  failed: 'FAILED',
  expired: 'FAILED',
  cancelling: 'IN_PROGRESS',
  cancelled: 'FAILED',
};

/** Artifacts exported by phase, of TOTAL. */
const EXPORTED: Partial<Record<SimPhase, number>> = { queued: 0, running: 300, finishing: 900, succeeded: 1200 };
const TOTAL = 1200;

function exportOf(job: SimJob): Record<string, unknown> {
  const status = STATUS[job.phase];
  const body: Record<string, unknown> = {
    id: job.id,
    matterId: job.data.matterId,
    name: (job.data.request as { name?: string }).name ?? 'export',
    status,
    stats: { exportedArtifactCount: String(EXPORTED[job.phase] ?? 0), totalArtifactCount: String(TOTAL), sizeInBytes: '0' },
  };
  if (status === 'COMPLETED')
    body.cloudStorageSink = { files: [{ bucketName: 'vault-export-bucket', objectName: `${job.id}/export.zip`, size: '4096' }] };
  return body;
}

export function registerMatterExports(ctx: FakeContext): void {
  ctx.router.on('POST /v1/matters/{matterId}/exports', (req, p) => {
    const request = (req.body ?? {}) as Record<string, unknown>;
    if (typeof request.name !== 'string') return { status: 400, body: { error: { code: 400, message: 'name is required' } } };
    const job = ctx.createJob('matterExport', 'mexp', { request, matterId: p.matterId });
    return { status: 200, body: exportOf(job) };
  });

  ctx.router.on('GET /v1/matters/{matterId}/exports/{exportId}', (_req, p) => {
    const job = ctx.job('matterExport', p.exportId ?? '');
    if (!job || job.data.matterId !== p.matterId) return notFound(`export ${p.exportId}`);
    job.poll();
    return { status: 200, body: exportOf(job) };
  });
}
