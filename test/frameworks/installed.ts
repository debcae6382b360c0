/**
 * Whether this package's frameworks are installed (`npm ci --prefix test/frameworks`, which .ci/run does). A
 * checkout without them skips the framework suites; under CI=true a missing install fails instead.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

export const FRAMEWORKS_INSTALLED = existsSync(join(dirname(fileURLToPath(import.meta.url)), 'node_modules', '@openai', 'agents'));

/** One failing test under CI when the frameworks are missing (inside the suite's file, beside its skipped describe). */
export function requireFrameworksInCi(): void {
  it.runIf(!FRAMEWORKS_INSTALLED && process.env.CI === 'true')('test/frameworks is installed (CI must run the framework suite)', () => {
    throw new Error('run `npm ci --prefix test/frameworks` (.ci/run does)');
  });
}
