/**
 * A small V8 nursery (young generation) while the generated server starts, until its first tools/list or
 * tools/call is answered (issue 25). Start-up allocates a lot that lives on: the SDK's and zod's modules, every
 * tool module, and in static mode the whole tools/list (GitHub: 1,240 tools, 3.9 MB of JSON). V8 reads a high
 * survival rate as a reason to grow the nursery, doubling each semi-space up to 16 MB, and that committed,
 * touched memory is what the peak RSS of a cold start held beyond the peer's (GitHub static: 127 MB → 108 MB
 * with the nursery held, same CPU). Afterwards V8's own growth is restored, so a busy server sizes its nursery
 * as usual.
 *
 * Only the generated bin holds it (`src/index.ts` calls `holdNursery()` before it imports the rest, since the
 * growth starts while modules load): V8 flags are process-wide, and an application that embeds the runtime
 * through `createServer` keeps its own. A user who sets a semi-space flag (NODE_OPTIONS or node's arguments)
 * keeps that too: nothing is changed then.
 *
 * This file ships twice in a project: as `runtime/core/nursery.js` on its own (the bin imports it before the
 * runtime's bundle, whose modules' loading is part of what it holds) and inside `runtime/index.js` (the tool
 * handlers release it). The state lives on a global symbol, so both copies read the same one.
 */
import { setFlagsFromString } from 'node:v8';

/** V8's default factor (Node 20 to 24): each growth doubles the semi-spaces. */
const V8_GROWTH_FACTOR = 2;
const HELD = Symbol.for('mcp-jobgen.nursery.held');

type NurseryGlobal = typeof globalThis & { [HELD]?: boolean };

/** Whether the user chose the young generation's size or growth themselves. */
function userSizedNursery(): boolean {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /semi[-_]space/.test(options);
}

/** Keeps the nursery at its initial size from now until `releaseNursery()`; the generated bin's first statement. */
export function holdNursery(): void {
  const state = globalThis as NurseryGlobal;
  if (state[HELD] || userSizedNursery()) return;
  setFlagsFromString('--semi-space-growth-factor=1');
  state[HELD] = true;
}

/**
 * Gives V8 its own nursery growth back, once, after the work in hand: called when the first tools/list or
 * tools/call arrives, it waits for the answer to be serialized and written (the SDK does both in promise jobs,
 * which run before a setImmediate callback). A no-op when nothing was held.
 */
export function releaseNursery(): void {
  const state = globalThis as NurseryGlobal;
  if (!state[HELD]) return;
  state[HELD] = false;
  setImmediate(() => setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`));
}
