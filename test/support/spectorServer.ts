/**
 * Spector, Azure's published mock server for client conformance (npm `@typespec/spector` serving the scenarios
 * of `@azure-tools/azure-http-specs`, both devDependencies), started and stopped by the test that needs it.
 * It serves every scenario from one process whose poll counters are module state reset by each scenario's
 * first request, so scenarios run one after another. `GET /.coverage` says which scenarios passed.
 */
import { join } from 'node:path';
import { REPO_ROOT } from './generateServer.js';
import { startServerProcess } from './serverProcess.js';

const CLI = join(REPO_ROOT, 'node_modules', '@typespec', 'spector', 'cmd', 'cli.mjs');
const SPECS = join(REPO_ROOT, 'node_modules', '@azure-tools', 'azure-http-specs', 'specs');

export type ScenarioStatus = 'pass' | 'fail' | 'not-implemented' | 'not-applicable' | 'absent';

export interface SpectorServer {
  url: string;
  /** Spector's own verdict on one scenario (every endpoint hit, the last answer of each 2xx). */
  scenario(name: string): Promise<ScenarioStatus>;
  output(): string;
  stop(): Promise<void>;
}

export async function startSpector(): Promise<SpectorServer> {
  const server = await startServerProcess({
    name: 'spector',
    args: (port, dir) => [CLI, 'serve', SPECS, '--port', String(port), '--coverageFile', join(dir, 'coverage.json')],
    // `serve` reads the git commit of the specs folder (inside this checkout) for its coverage metadata.
    cwd: REPO_ROOT,
    readyPath: '/.coverage',
  });
  return {
    ...server,
    async scenario(name) {
      const reports = (await (await fetch(`${server.url}/.coverage`)).json()) as Array<{ results: Record<string, ScenarioStatus> }>;
      for (const report of reports) if (name in report.results) return report.results[name]!;
      return 'absent';
    },
  };
}
