/**
 * The generated bin holds V8's nursery small while it starts (templates/runtime/core/nursery.ts). V8 flags are
 * process-wide, so each case runs in a node process of its own, against the compiled module (`npm run build`):
 * it keeps lots of small objects alive, as start-up does, and reports how large the new space grew.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = join(import.meta.dirname, '..', '..', 'dist', 'templates', 'runtime', 'core', 'nursery.js');

/** New-space size in MB after retaining ~40 MB of small objects, with `steps` run first, in a fresh node. */
function newSpaceMb(steps: string, nodeOptions = ''): { mb: number; held: boolean } {
  const script = `
    import v8 from 'node:v8';
    import { holdNursery, releaseNursery } from ${JSON.stringify(pathToFileURL(MODULE).href)};
    ${steps}
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push({ i, s: 'x' + i, a: [i, i + 1] });
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    const held = globalThis[Symbol.for('mcp-jobgen.nursery.held')] === true;
    console.log(JSON.stringify({ mb: space.space_size / 1048576, held, n: kept.length }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { mb: number; held: boolean };
}

describe.skipIf(!existsSync(MODULE))('the start-up nursery', () => {
  it('held, the new space stays at its initial size where V8 alone grows it', () => {
    const free = newSpaceMb('');
    const held = newSpaceMb('holdNursery();');
    expect(held.held).toBe(true);
    expect(held.mb).toBeLessThanOrEqual(2);
    expect(free.mb).toBeGreaterThan(held.mb * 2);
  });

  it('released, V8 grows it again', () => {
    const released = newSpaceMb('holdNursery(); releaseNursery(); await new Promise((r) => setImmediate(r));');
    expect(released.held).toBe(false);
    expect(released.mb).toBeGreaterThan(2);
  });

  it('a user who sizes the young generation keeps their own setting', () => {
    const theirs = newSpaceMb('holdNursery();', '--max-semi-space-size=8');
    expect(theirs.held).toBe(false);
    expect(theirs.mb).toBeGreaterThan(2);
  });
});
