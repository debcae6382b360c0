/**
 * The mock-server starter cleans up after a failed start: no child left running, no scratch directory left.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './serverProcess.js';

const scratch = mkdtempSync(join(tmpdir(), 'server-process-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startServerProcess', () => {
  it('a server that exits at once: the error says so and its scratch directory is gone', async () => {
    const dirFile = join(scratch, 'exit-dir');
    const started = startServerProcess({
      name: 'quitter',
      args: (_port, dir) => ['-e', `require('fs').writeFileSync(${JSON.stringify(dirFile)}, ${JSON.stringify(dir)}); process.exit(3)`],
      readyPath: '/',
    });
    await expect(started).rejects.toThrow(/quitter exited with 3/);
    expect(existsSync(readFileSync(dirFile, 'utf8'))).toBe(false);
  });

  it('a server that never answers: killed after the start timeout, scratch directory removed', async () => {
    const pidFile = join(scratch, 'pid');
    const dirFile = join(scratch, 'hang-dir');
    const started = startServerProcess({
      name: 'sleeper',
      args: (_port, dir) => [
        '-e',
        `const fs = require('fs'); fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); fs.writeFileSync(${JSON.stringify(dirFile)}, ${JSON.stringify(dir)}); setInterval(() => {}, 1000)`,
      ],
      readyPath: '/',
      startTimeoutMs: 1_500,
    });
    await expect(started).rejects.toThrow(/sleeper did not answer \/ within 1.5 s/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
    expect(existsSync(readFileSync(dirFile, 'utf8'))).toBe(false);
  });

  it('a server that answers: stop() ends it by its admin route and removes its scratch directory', async () => {
    const dirFile = join(scratch, 'serve-dir');
    const pidFile = join(scratch, 'serve-pid');
    const server = await startServerProcess({
      name: 'echo',
      args: (port, dir) => [
        '-e',
        `const fs = require('fs'); fs.writeFileSync(${JSON.stringify(dirFile)}, ${JSON.stringify(dir)}); fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
         require('http').createServer((q, r) => { r.end('ok'); if (q.url === '/.admin/stop') process.exit(0); }).listen(${port}, 'localhost')`,
      ],
      readyPath: '/',
    });
    expect(await (await fetch(server.url)).text()).toBe('ok');
    await server.stop();
    expect(alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    expect(existsSync(readFileSync(dirFile, 'utf8'))).toBe(false);
  });
});
