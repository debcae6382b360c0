/**
 * Azure-AsyncOperation lifecycle with the awkward parts real servers have: `POST /backup` answers 202 with a
 * RELATIVE `Azure-AsyncOperation: /ops/{id}` and `Location: /backups/{id}`, sets an affinity cookie that every
 * later poll must send back (400 without it), answers polls with JSON but NO Content-Type, and gives
 * `Retry-After` as an HTTP-date. InProgress → Succeeded | Failed. No cancel.
 */
import { randomUUID } from 'node:crypto';
import { type FakeContext, header, notFound } from './context.js';
import type { FakeReply, FakeRequest } from './http.js';
import type { SimJob, SimPhase } from './simJob.js';

const STATUS: Record<SimPhase, string> = {
  queued: 'InProgress',
  running: 'InProgress',
  finishing: 'InProgress',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Failed',
  cancelling: 'InProgress',
  cancelled: 'Canceled',
};

export function registerAzureBackup(ctx: FakeContext): { rejectedWithoutCookie: () => number } {
  let rejected = 0;
  ctx.router.on('POST /backup', (req) => {
    const body = (req.body ?? {}) as { storageResourceUri?: unknown };
    if (typeof body.storageResourceUri !== 'string') {
      return { status: 400, body: { error: { code: 'BadParameter', message: 'storageResourceUri is required' } } };
    }
    const affinity = randomUUID();
    const job = ctx.createJob('backup', 'bk', { request: body, affinity });
    return {
      status: 202,
      headers: {
        'Azure-AsyncOperation': `/ops/${job.id}`,
        Location: `/backups/${job.id}`,
        'Retry-After': retryDate(ctx),
        'Set-Cookie': `affinity=${affinity}; Path=/; HttpOnly`,
      },
    };
  });

  const withCookie = (req: FakeRequest, id: string | undefined, then: (job: SimJob) => FakeReply): FakeReply => {
    const job = ctx.job('backup', id ?? '');
    if (!job) return notFound(`operation ${id}`);
    if (!hasAffinity(header(req.headers.cookie), job.data.affinity as string)) {
      rejected += 1;
      return {
        status: 400,
        body: { error: { code: 'MissingAffinity', message: 'The affinity cookie from the start response is required.' } },
      };
    }
    return then(job);
  };

  ctx.router.on('GET /ops/{id}', (req, p) =>
    withCookie(req, p.id, (job) => {
      job.poll();
      const phase = job.phase;
      return {
        status: 200,
        noContentType: true,
        headers: job.terminal ? {} : ({ 'Retry-After': retryDate(ctx) } as Record<string, string>),
        body: {
          id: job.id,
          status: STATUS[phase],
          startTime: Math.floor(job.createdAt / 1000),
          endTime: job.terminal ? ctx.clock.seconds() : null,
          error:
            phase === 'failed' || phase === 'expired'
              ? { code: 'StorageAccessDenied', message: 'The storage account refused the write.' }
              : null,
        },
      };
    }),
  );

  ctx.router.on('GET /backups/{id}', (req, p) =>
    withCookie(req, p.id, (job) => {
      if (job.phase !== 'succeeded') return { status: 404, body: { error: { code: 'NotReady', message: 'Backup not available' } } };
      const request = job.data.request as { storageResourceUri: string };
      return {
        status: 200,
        body: { id: job.id, azureStorageBlobContainerUri: `${request.storageResourceUri}/mhsm-backup-${job.id}`, sizeBytes: 4096 },
      };
    }),
  );

  return { rejectedWithoutCookie: () => rejected };
}

function hasAffinity(cookieHeader: string | undefined, affinity: string): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `affinity=${affinity}`);
}

/** One second ahead, as an HTTP-date (RFC 9110 allows either form for Retry-After). */
function retryDate(ctx: FakeContext): string {
  return new Date(Math.max(Date.now(), ctx.clock.now()) + 1000).toUTCString();
}
