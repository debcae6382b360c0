/**
 * A generated server on the SQLite default must run with only better-sqlite3 installed: the Redis and
 * PostgreSQL drivers are imported on demand. The compiled store is copied into a folder whose node_modules
 * holds better-sqlite3 alone, and a child process opens it there.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledStore } from './twoProcesses.js';

const run = promisify(execFile);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const sandbox = mkdtempSync(join(tmpdir(), 'store-drivers-'));

afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
});

const script = `
import { openStore } from './runtime/store/index.js';
const results = {};
const sqlite = await openStore('sqlite:' + process.argv[2]);
await sqlite.create({ id: 'job_1', family: 'f', operation: 'o', phase: 'accepted', state: 'queued', upstreamStatus: null,
  upstreamId: null, pollUrl: null, cancelUrl: null, resultUrl: null, pathParams: {}, cookies: {}, inputHash: 'h',
  partition: 'p', dedupeKey: null, dedupeUntil: 0, upstreamIdempotencyKey: null, args: {}, snapshot: null, error: null,
  createdAt: 1, updatedAt: 1, expiresAt: 2, version: 1 }, 1);
results.sqlite = (await sqlite.get('job_1'))?.id;
await sqlite.close();
for (const url of ['redis://127.0.0.1:1', 'postgres://127.0.0.1:1/x']) {
  try { await openStore(url); results[url] = 'opened'; } catch (error) { results[url] = error.code + ': ' + error.message; }
}
console.log(JSON.stringify(results));
`;

describe('store drivers', () => {
  it('runs SQLite without ioredis or pg installed and says what to install for the others', async () => {
    const built = fileURLToPath(new URL('..', await compiledStore())); // the compiled runtime folder
    cpSync(built, join(sandbox, 'runtime'), { recursive: true });
    mkdirSync(join(sandbox, 'node_modules'));
    symlinkSync(join(repo, 'node_modules/better-sqlite3'), join(sandbox, 'node_modules/better-sqlite3'));
    writeFileSync(join(sandbox, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(sandbox, 'main.js'), script);
    const { stdout } = await run(process.execPath, ['main.js', join(sandbox, 'jobs.sqlite')], { cwd: sandbox });
    const results = JSON.parse(stdout) as Record<string, string>;
    expect(results.sqlite).toBe('job_1');
    expect(results['redis://127.0.0.1:1']).toBe(
      'STORE_DRIVER_MISSING: JOB_STORE_URL selects the Redis store, which needs the optional package "ioredis" (not installed): ' +
        "run `npm install ioredis@^5.9.2` in the server's directory",
    );
    expect(results['postgres://127.0.0.1:1/x']).toBe(
      'STORE_DRIVER_MISSING: JOB_STORE_URL selects the PostgreSQL store, which needs the optional package "pg" (not installed): ' +
        "run `npm install pg@^8.16.0` in the server's directory",
    );
  });
});
