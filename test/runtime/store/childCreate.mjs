// Child process for the two-process race: opens the store from a compiled copy of templates/runtime/store,
// waits for a shared start time so both processes fire together, then makes N concurrent creates with one key.
// With `openTogether`, the processes also open the (new) store at the shared start time: replicas booting at once.
// argv[2]: JSON { storeModule, url, perProcess, key, now, startAt, openTogether? }
import { randomBytes } from 'node:crypto';

const { storeModule, url, perProcess, key, now, startAt, openTogether } = JSON.parse(process.argv[2]);
const { openStore } = await import(storeModule);
const waitForStart = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
if (openTogether) await waitForStart();
const store = await openStore(url);
if (!openTogether) await waitForStart();

const makeRecord = () => ({
  id: `job_${randomBytes(9).toString('base64url')}`,
  family: 'batch',
  operation: 'create_batch',
  phase: 'pending',
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
  dedupeKey: key,
  dedupeUntil: now + 600_000,
  upstreamIdempotencyKey: null,
  args: {},
  snapshot: null,
  error: null,
  createdAt: now,
  updatedAt: now,
  expiresAt: now + 86_400_000,
  version: 1,
});
const outcomes = await Promise.all(Array.from({ length: perProcess }, () => store.create(makeRecord(), now)));
await store.close();
process.stdout.write(
  JSON.stringify({
    createdIds: outcomes.filter((o) => o.created).map((o) => o.record.id),
    seenIds: outcomes.map((o) => (o.created ? o.record.id : o.existing.id)),
  }),
);
