// Shared by the store benches (benchStore.mjs, benchWork.mjs): compile a few runtime files from
// templates/runtime with tsc into .tmp/<name>, and the job record they poll.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Compiles `entries` (paths under templates/runtime, `.ts`) into .tmp/`name` and imports each, in order. */
export function compileRuntime(name, entries) {
  const outDir = join(repo, '.tmp', name);
  mkdirSync(outDir, { recursive: true });
  execFileSync(
    process.execPath,
    [
      join(repo, 'node_modules/typescript/bin/tsc'),
      '--outDir',
      outDir,
      '--rootDir',
      join(repo, 'templates/runtime'),
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--target',
      'ES2022',
      '--skipLibCheck',
      '--strict',
      ...entries.map((e) => join(repo, 'templates/runtime', e)),
    ],
    { cwd: repo, stdio: 'inherit' },
  );
  return Promise.all(entries.map((e) => import(pathToFileURL(join(outDir, e.replace(/\.ts$/, '.js'))).href)));
}

/** A running batch job as the status tool polls it. */
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
