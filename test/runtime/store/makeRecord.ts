/** A complete JobRecord with defaults, so each test states only the fields it is about. */
import { randomBytes } from 'node:crypto';
import type { JobRecord } from '../../../templates/runtime/store/types.js';

export const T0 = 1_760_000_000_000;
export const MINUTE = 60_000;

export function makeRecord(overrides: Partial<JobRecord> = {}): JobRecord {
  const createdAt = overrides.createdAt ?? T0;
  return {
    id: `job_${randomBytes(9).toString('base64url')}`,
    family: 'batch',
    operation: 'create_batch',
    phase: 'accepted',
    state: 'queued',
    upstreamStatus: 'validating',
    upstreamId: 'batch_abc',
    pollUrl: null,
    cancelUrl: null,
    resultUrl: null,
    pathParams: { batch_id: 'batch_abc' },
    cookies: [],
    inputHash: 'h'.repeat(64),
    partition: 'tenant-a',
    dedupeKey: null,
    dedupeUntil: createdAt + 10 * MINUTE,
    upstreamIdempotencyKey: null,
    args: { input_file_id: 'file_1', endpoint: '/v1/chat/completions', metadata: {} },
    snapshot: null,
    error: null,
    createdAt,
    updatedAt: createdAt,
    expiresAt: createdAt + 7 * 24 * 60 * MINUTE,
    version: 1,
    ...overrides,
  };
}
