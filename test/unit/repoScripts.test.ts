/**
 * The repo's own npm scripts. Two packages install a `tsc` bin here: `typescript` (5.9, which builds mcp-jobgen)
 * and `typescript7` (what generated projects pin). Which one `node_modules/.bin/tsc` links to depends on npm's
 * linking order: a fresh clone got 5.9, a later `npm install` got 7. So every script names its compiler's path.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('package.json scripts', () => {
  it('both compilers are installed, so a bare `tsc` would be ambiguous', () => {
    expect(pkg.devDependencies['typescript']).toMatch(/^5\./);
    expect(pkg.devDependencies['typescript7']).toMatch(/^npm:typescript@7\./);
  });

  it.each(Object.entries(pkg.scripts))('%s names its compiler instead of a bare tsc', (_name, command) => {
    for (const step of command.split(/&&|\|\||;/)) expect(step.trim()).not.toMatch(/^(npx\s+)?tsc\b/);
  });

  it('the build and the type-check run 5.9, the compiler of mcp-jobgen itself', () => {
    for (const name of ['build', 'prepare', 'typecheck']) expect(pkg.scripts[name]).toMatch(/^node node_modules\/typescript\/bin\/tsc /);
  });
});
