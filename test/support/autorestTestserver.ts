/**
 * The autorest testserver (npm `@microsoft.azure/autorest.testserver`, a pinned devDependency): Azure's
 * published client-conformance server, whose LRO routes (`legacy/routes/lros.js`, `dist/test-routes/lro/*`)
 * every AutoRest generator's test suite is run against. Started and stopped by the test that needs it. Its
 * scenarios keep their progress in a `scenario` cookie, so a client must carry cookies between requests.
 * `GET /report/azure` (and `/report/optional`) count, per scenario, the requests that reached its last step.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './generateServer.js';
import { freePort } from './mcpHarness.js';

export const TESTSERVER_DIR = join(REPO_ROOT, 'node_modules', '@microsoft.azure', 'autorest.testserver');
const CLI = join(TESTSERVER_DIR, 'dist', 'cli', 'cli.js');
const EXPRESS4 = join(REPO_ROOT, 'test', 'support', 'autorestExpress4.cjs');

export interface AutorestTestserver {
  url: string;
  /** Every coverage counter (azure, optional and vanilla categories merged). */
  coverage(): Promise<Record<string, number>>;
  output(): string;
  stop(): Promise<void>;
}

export async function startAutorestTestserver(): Promise<AutorestTestserver> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'autorest-testserver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--require', EXPRESS4, CLI, 'run', '--port', String(port), '--coverageDirectory', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (c: Buffer): void => {
    // The route registration log is long and says nothing about a failure.
    output = (output + c.toString()).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`autorest testserver exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    const up = await fetch(`${url}/report/azure`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`autorest testserver did not answer within 60 s:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    url,
    output: () => output,
    async coverage() {
      const merged: Record<string, number> = {};
      for (const category of ['', 'azure', 'optional']) {
        const counts = (await (await fetch(`${url}/report/${category}`)).json()) as Record<string, number>;
        Object.assign(merged, counts);
      }
      return merged;
    },
    async stop() {
      await fetch(`${url}/.admin/stop`, { method: 'POST' }).catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
