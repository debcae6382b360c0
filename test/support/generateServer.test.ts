/**
 * The harness's child runner says when it killed a child at its timeout: the corpus run sweep once printed a slow
 * Microsoft Graph generate as "exited 1" with no output, which reads as a crash of the generator.
 */
import { describe, expect, it } from 'vitest';
import { run } from './generateServer.js';

describe('run', () => {
  it('names the timeout that killed a child', async () => {
    const slow = await run(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { timeoutMs: 300 });
    expect(slow.code).toBe(1);
    expect(slow.stderr).toMatch(/killed by SIGTERM after 300 ms/);
  });
  it('near miss: a child that fails on its own keeps its code and output', async () => {
    const failed = await run(process.execPath, ['-e', 'console.error("boom"); process.exit(3)']);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toBe('boom\n');
  });
});
