/**
 * Spector, Azure's published mock server for client conformance (npm `@typespec/spector` serving the scenarios
 * of `@azure-tools/azure-http-specs`, both devDependencies), started and stopped by the test that needs it.
 * It serves every scenario from one process whose poll counters are module state reset by each scenario's
 * first request, so scenarios run one after another. `GET /.coverage` says which scenarios passed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './generateServer.js';
import { freePort } from './mcpHarness.js';

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
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'spector-'));
  // `serve` reads the git commit of the specs folder (inside this checkout) for its coverage metadata.
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'serve', SPECS, '--port', String(port), '--coverageFile', join(dir, 'coverage.json')],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (c: Buffer): void => {
    output += c.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`spector exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/.coverage`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`spector did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    url,
    output: () => output,
    async scenario(name) {
      const reports = (await (await fetch(`${url}/.coverage`)).json()) as Array<{ results: Record<string, ScenarioStatus> }>;
      for (const report of reports) if (name in report.results) return report.results[name]!;
      return 'absent';
    },
    async stop() {
      await fetch(`${url}/.admin/stop`, { method: 'POST' }).catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
