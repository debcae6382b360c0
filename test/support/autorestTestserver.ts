/**
 * The autorest testserver (npm `@microsoft.azure/autorest.testserver`, a pinned devDependency): Azure's
 * published client-conformance server, whose LRO routes (`legacy/routes/lros.js`, `dist/test-routes/lro/*`)
 * every AutoRest generator's test suite is run against. Started and stopped by the test that needs it. Its
 * scenarios keep their progress in a `scenario` cookie, so a client must carry cookies between requests.
 * `GET /report/azure` (and `/report/optional`) count, per scenario, the requests that reached its last step.
 */
import { join } from 'node:path';
import { REPO_ROOT } from './generateServer.js';
import { startServerProcess } from './serverProcess.js';

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
  const server = await startServerProcess({
    name: 'autorest testserver',
    args: (port, dir) => ['--require', EXPRESS4, CLI, 'run', '--port', String(port), '--coverageDirectory', dir],
    readyPath: '/report/azure',
    // The route registration log is long and says nothing about a failure.
    keepChars: 200_000,
  });
  return {
    ...server,
    async coverage() {
      const merged: Record<string, number> = {};
      for (const category of ['', 'azure', 'optional']) {
        const counts = (await (await fetch(`${server.url}/report/${category}`)).json()) as Record<string, number>;
        Object.assign(merged, counts);
      }
      return merged;
    },
  };
}
