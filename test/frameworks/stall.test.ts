/**
 * A framework that never gets an answer fails the framework suite at once, naming itself, instead of holding a
 * spec until the 900 s test timeout (golden-odd-names did: the AI SDK's MCP client refused a listing naming a
 * `__proto__` property and never settled `tools/list`). Against stallServer.mjs, a hand-written stdio server
 * that misbehaves on purpose.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/generateServer.js';
import { FRAMEWORKS } from './frameworks.js';
import { FRAMEWORKS_INSTALLED, requireFrameworksInCi } from './installed.js';
import { measureSpec, withinDeadline } from './measure.js';

requireFrameworksInCi();

const launch = (mode: 'proto' | 'silent') => ({
  entry: join(REPO_ROOT, 'test', 'frameworks', 'stallServer.mjs'),
  cwd: REPO_ROOT,
  env: { PATH: process.env.PATH ?? '', STALL_MODE: mode },
});

describe.skipIf(!FRAMEWORKS_INSTALLED)('a framework that stalls', () => {
  it('the AI SDK refusing a listing fails with its own error, not a wait', { timeout: 60_000 }, async () => {
    const aiSdk = FRAMEWORKS.find((f) => f.name === 'AI SDK')!;
    // The deadline only tells a wait (the bug) from the refusal (the fix) here.
    await expect(withinDeadline(aiSdk.open(launch('proto')), 20_000, 'AI SDK')).rejects.toThrow(/forbidden prototype property/);
  });

  it('a server that never answers tools/list fails the spec within the stall deadline, naming the framework', {
    timeout: 60_000,
  }, async () => {
    const started = Date.now();
    await expect(measureSpec('stall', launch('silent'), [], 3_000)).rejects.toThrow(/^AI SDK on stall: no answer within 3000 ms/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
