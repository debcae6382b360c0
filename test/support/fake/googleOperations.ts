/**
 * Google AIP-151 lifecycle: `POST /v1/{parent}:synthesizeLongAudio` returns an Operation
 * `{name: "projects/p/locations/l/operations/123", done: false}`; `GET /v1/{name}` reports done with `response`
 * or `error`; `POST /v1/{name}:cancel` answers `{}` and the operation ends with `error.code = 1` (CANCELLED).
 * `{parent}` and `{name}` hold slashes; percent-encoded slashes are decoded before lookup.
 */
import { type FakeContext, notFound } from './context.js';
import type { SimJob } from './simJob.js';

export function registerGoogleOperations(ctx: FakeContext): void {
  ctx.router.on('POST /v1/{parent*}:synthesizeLongAudio', (req, p) => {
    const parent = p.parent ?? '';
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!/^projects\/[^/]+\/locations\/[^/]+$/.test(parent)) {
      return { status: 400, body: googleError(3, 'INVALID_ARGUMENT', `Invalid parent: ${parent}`) };
    }
    if (typeof body.outputGcsUri !== 'string' || typeof body.input !== 'object') {
      return { status: 400, body: googleError(3, 'INVALID_ARGUMENT', 'input and outputGcsUri are required') };
    }
    const job = ctx.createJob('operation', '', { parent, request: body });
    return { status: 200, body: operationBody(job) };
  });

  ctx.router.on('POST /v1/{name*}:cancel', (_req, p) => {
    const job = byName(ctx, p.name ?? '');
    if (!job) return { status: 404, body: googleError(5, 'NOT_FOUND', `Operation ${p.name} not found`) };
    job.cancel();
    return { status: 200, body: {} };
  });

  ctx.router.on('GET /v1/{name*}', (_req, p) => {
    const job = byName(ctx, p.name ?? '');
    if (!job) return notFound(`operation ${p.name}`);
    job.poll();
    return { status: 200, body: operationBody(job) };
  });
}

function byName(ctx: FakeContext, name: string): SimJob | null {
  const match = /^projects\/[^/]+\/locations\/[^/]+\/operations\/([^/]+)$/.exec(name);
  return match ? ctx.job('operation', match[1] ?? '') : null;
}

function googleError(code: number, status: string, message: string): Record<string, unknown> {
  return { error: { code: code === 3 ? 400 : 404, message, status } };
}

function operationBody(job: SimJob): Record<string, unknown> {
  const phase = job.phase;
  const parent = job.data.parent as string;
  const request = job.data.request as { outputGcsUri: string };
  const op: Record<string, unknown> = {
    name: `${parent}/operations/${job.id}`,
    metadata: {
      '@type': 'type.googleapis.com/google.cloud.texttospeech.v1.SynthesizeLongAudioMetadata',
      startTime: new Date(job.createdAt).toISOString(),
      progressPercentage: Math.round(job.fraction * 100),
    },
    done: job.terminal,
  };
  if (phase === 'succeeded')
    op.response = {
      '@type': 'type.googleapis.com/google.cloud.texttospeech.v1.SynthesizeLongAudioResponse',
      outputGcsUri: request.outputGcsUri,
    };
  if (phase === 'failed' || phase === 'expired') op.error = { code: 13, message: 'Internal synthesis failure', details: [] };
  if (phase === 'cancelled') op.error = { code: 1, message: 'Operation cancelled', details: [] };
  return op;
}
