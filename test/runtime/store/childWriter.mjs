// Child process for the kill -9 test: writes jobs one after another and prints each id once its create has
// returned (that is, once the store acknowledged it), until the parent kills it.
// argv[2]: JSON { storeModule, url, now }
import { randomBytes } from 'node:crypto';

const { storeModule, url, now } = JSON.parse(process.argv[2]);
const { openStore } = await import(storeModule);
const store = await openStore(url);
for (;;) {
  const record = {
    id: `job_${randomBytes(9).toString('base64url')}`,
    family: 'batch',
    operation: 'create_batch',
    phase: 'accepted',
    state: 'queued',
    upstreamStatus: null,
    upstreamId: null,
    pollUrl: null,
    cancelUrl: null,
    resultUrl: null,
    pathParams: {},
    cookies: {},
    inputHash: 'h',
    partition: 'tenant-a',
    dedupeKey: null,
    dedupeUntil: now,
    upstreamIdempotencyKey: null,
    args: {},
    snapshot: null,
    error: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + 86_400_000,
    version: 1,
  };
  await store.create(record, now);
  const updated = await store.update(record.id, 1, { state: 'running' }, now + 1);
  process.stdout.write(`${updated.id}\n`);
}
