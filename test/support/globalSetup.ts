/**
 * Before any test file: the generator's build must be current, because emit ships the compiled runtime
 * (dist/templates/runtime) and refuses a stale one (MJG507). `npm test` has just built; this makes
 * `npx vitest run <one file>` after an edit to src/ or templates/runtime/ work too (tsc only, when stale).
 */
import { ensureGeneratorBuilt } from './generateServer.js';

export default async function setup(): Promise<void> {
  await ensureGeneratorBuilt();
}
