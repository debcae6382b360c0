// Shared by the store benches (benchStore.mjs, benchWork.mjs): the compiled runtime files they drive, and the job
// record they poll.
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Imports `entries` (paths under templates/runtime, `.ts`) from the runtime the package build compiled
 * (dist/templates/runtime, what every generated project ships), in order. `npm run bench` builds first; run alone,
 * a missing or stale build is refused rather than measured.
 */
/**
 * @param {string[]} entries paths below templates/runtime, `.ts`
 * @returns {Promise<any[]>} the modules, untyped: the bench reads them as the runtime's own tests do
 */
export function importRuntime(entries) {
  const compiled = join(repo, 'dist', 'templates', 'runtime');
  return Promise.all(
    entries.map((entry) => {
      const js = join(compiled, entry.replace(/\.ts$/, '.js'));
      const source = join(repo, 'templates', 'runtime', entry);
      if (!existsSync(js) || statSync(js).mtimeMs < statSync(source).mtimeMs)
        throw new Error(`${js} is missing or older than templates/runtime/${entry}: run npm run build first`);
      return import(pathToFileURL(js).href);
    }),
  );
}

/**
 * A running batch job as the status tool polls it.
 * @param {number} now epoch ms
 * @returns {import('../templates/runtime/store/index.js').JobRecord}
 */
export function benchRecord(now) {
  return {
    id: `job_${randomBytes(16).toString('base64url')}`,
    family: 'batch',
    operation: 'create_batch',
    phase: 'accepted',
    state: 'running',
    upstreamStatus: 'in_progress',
    upstreamId: `batch_${randomBytes(6).toString('hex')}`,
    pollUrl: null,
    cancelUrl: null,
    resultUrl: null,
    pathParams: { batch_id: 'b' },
    cookies: {},
    inputHash: randomBytes(32).toString('hex'),
    partition: 'p_bench',
    dedupeKey: null,
    dedupeUntil: now + 600_000,
    upstreamIdempotencyKey: null,
    args: { input_file_id: 'file_abc', endpoint: '/v1/chat/completions', completion_window: '24h' },
    snapshot: { status: 'in_progress', request_counts: { total: 100, completed: 10, failed: 0 } },
    error: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + 86_400_000,
    version: 1,
  };
}
