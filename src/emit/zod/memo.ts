/**
 * Conversions reused across the tools of one emit run. Big specs reach the same schema objects from hundreds of
 * operations (GitHub's `simple-user`, its shared `owner`/`repo` parameters), at different depths and under
 * different `$ref` paths. A conversion of one schema object reads only three things besides the object:
 *   - the answers to "is ref R on the path?" for the refs it met (cycle cuts, skipped `allOf` parts);
 *   - the answers to "is depth D past the limit?" (depth cuts, property descriptions);
 *   - the node budget (budget cuts, long enums).
 * So each conversion records what it asked (the refs, how much deeper it could have started) and what it spent,
 * and a later conversion of the same object reuses the result exactly when every one of those answers would be the
 * same: the same refs on the path, no limit crossed, and enough budget (or, when the budget cut something, exactly
 * the budget it started with). Reuse charges the recorded cost and cuts, and passes the recorded questions on to
 * the conversion around it, so that one is recorded as depending on them too.
 */

import type { ZodMode } from './mode.js';
import type { Printed } from './printed.js';
import { ReaderSet } from './readers.js';
import type { SchemaObject } from './resolve.js';

/** What a conversion printed, and every answer it depended on. */
export interface MemoEntry {
  value: Converted;
  mode: ZodMode;
  /** The ref named in this node's own cut note. */
  ref: string | undefined;
  depth: number;
  /** Levels deeper it could have started before some depth check answered differently (Infinity: none asked). */
  slack: number;
  /** Some depth check cut: only the same depth gives the same answers. */
  depthCut: boolean;
  /** Refs whose presence on the path it asked about, and those of them that were on it. */
  asked: ReadonlySet<string> | undefined;
  onPath: readonly string[];
  /** Budget spent, budget cuts made, and the budget it started with (the only one a cut result holds for). */
  cost: number;
  cuts: number;
  start: number;
  /** The runtime readers it printed (the file imports each: readers.ts). */
  readers: ReaderSet;
}

export type ZodCache = Map<SchemaObject, MemoEntry[]>;

/** A printed schema (code, and the JSON Schema the server lists for it: printed.ts) with what its callers need. */
export interface Converted extends Printed {
  /** Ends in `.default(…)`: the property is optional on input already. */
  hasDefault: boolean;
  /** What a bound left out (input only); printed as, or appended to, the description. */
  note?: string;
}

/** The questions the conversion under way has asked so far (the frame memo.ts records into). */
export interface MemoFrame {
  asked: Set<string> | undefined;
  slack: number;
  depthCut: boolean;
  /** The runtime readers printed so far (not a question, but a reused result must report them too). */
  readers: ReaderSet;
}

/** A frame that has asked nothing and printed nothing yet. */
export function emptyFrame(): MemoFrame {
  return {
    asked: undefined,
    slack: Number.POSITIVE_INFINITY,
    depthCut: false,
    readers: new ReaderSet(),
  };
}

interface MemoState {
  mode: ZodMode;
  cache: ZodCache | null;
  budget: { remaining: number };
  cuts: number;
  frame: MemoFrame;
}

/** Records a path question (`resolveRef` with the path): the refs it followed and the one it stopped at. */
export function askedAbout(frame: MemoFrame, refs: readonly string[], stoppedAt?: string): void {
  if (refs.length === 0 && stoppedAt === undefined) return;
  frame.asked ??= new Set();
  for (const ref of refs) frame.asked.add(ref);
  if (stoppedAt !== undefined) frame.asked.add(stoppedAt);
}

/** Records a depth question: `depth > limit` was asked and answered `cut`. */
export function askedDepth(frame: MemoFrame, depth: number, limit: number, cut: boolean): void {
  if (cut) frame.depthCut = true;
  else if (limit - depth < frame.slack) frame.slack = limit - depth;
}

const NOWHERE: readonly string[] = [];

function samePath(entry: MemoEntry, path: readonly string[]): boolean {
  if (entry.asked === undefined) return true;
  let matched = 0;
  for (const ref of path) {
    if (!entry.asked.has(ref)) continue;
    if (!entry.onPath.includes(ref)) return false;
    matched += 1;
  }
  return matched === entry.onPath.length;
}

function usable(entry: MemoEntry, ctx: MemoState, depth: number, path: readonly string[], ref: string | undefined): boolean {
  if (entry.mode !== ctx.mode || entry.ref !== ref) return false;
  if (entry.depthCut ? depth !== entry.depth : depth - entry.depth > entry.slack) return false;
  if (entry.cuts === 0 ? ctx.budget.remaining < entry.cost : ctx.budget.remaining !== entry.start) return false;
  return samePath(entry, path);
}

/** Charges a reused entry and passes its questions on to the conversion under way. */
function reuse(entry: MemoEntry, ctx: MemoState, depth: number): Converted {
  ctx.budget.remaining -= entry.cost;
  ctx.cuts += entry.cuts;
  const frame = ctx.frame;
  if (entry.asked !== undefined) {
    frame.asked ??= new Set();
    for (const ref of entry.asked) frame.asked.add(ref);
  }
  askedDepth(frame, 0, entry.slack - (depth - entry.depth), false);
  if (entry.depthCut) frame.depthCut = true;
  frame.readers.merge(entry.readers);
  return entry.value;
}

/**
 * `convert(s)` through the memo: a stored answer when one holds for this situation, else a fresh conversion,
 * recorded. `s` must be a schema object the model holds (not one built for this call), or it would never be hit.
 */
export function memoized<C extends MemoState>(
  s: SchemaObject,
  ctx: C,
  depth: number,
  path: readonly string[],
  ref: string | undefined,
  convert: (s: SchemaObject, ctx: C, depth: number, path: readonly string[], ref: string | undefined) => Converted,
): Converted {
  const cache = ctx.cache;
  if (cache === null) return convert(s, ctx, depth, path, ref);
  const entries = cache.get(s);
  if (entries !== undefined) for (const entry of entries) if (usable(entry, ctx, depth, path, ref)) return reuse(entry, ctx, depth);
  const outer = ctx.frame;
  const frame = emptyFrame();
  ctx.frame = frame;
  const start = ctx.budget.remaining;
  const cutsBefore = ctx.cuts;
  const value = convert(s, ctx, depth, path, ref);
  ctx.frame = outer;
  const asked = frame.asked;
  const entry: MemoEntry = {
    value,
    mode: ctx.mode,
    ref,
    depth,
    slack: frame.slack,
    depthCut: frame.depthCut,
    asked,
    onPath: asked === undefined || path.length === 0 ? NOWHERE : path.filter((r) => asked.has(r)),
    cost: start - ctx.budget.remaining,
    cuts: ctx.cuts - cutsBefore,
    start,
    // The frame is done (ctx.frame is the outer one again): nothing adds to its set after this.
    readers: frame.readers,
  };
  if (entries === undefined) cache.set(s, [entry]);
  else entries.push(entry);
  // The conversion around this one asked everything this one asked.
  if (asked !== undefined) {
    outer.asked ??= new Set();
    for (const r of asked) outer.asked.add(r);
  }
  if (frame.slack < outer.slack) outer.slack = frame.slack;
  if (frame.depthCut) outer.depthCut = true;
  outer.readers.merge(frame.readers);
  return value;
}
