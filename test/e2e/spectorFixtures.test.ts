/**
 * fixtures/spector/ is compiled from npm packages (scripts/spector/compileSpecs.mjs). It is current when the
 * installed package versions, the TypeSpec inputs and the committed files all match its manifest; a bump of
 * any of them without regenerating fails here.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, run } from '../support/generateServer.js';

describe('fixtures/spector', () => {
  it('matches its manifest: package versions, TypeSpec inputs and compiled files', async () => {
    const verified = await run(process.execPath, [join(REPO_ROOT, 'scripts', 'spector', 'compileSpecs.mjs'), '--verify']);
    expect(verified.code, `${verified.stdout}${verified.stderr}`).toBe(0);
  });
});
