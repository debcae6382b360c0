/**
 * A run that ends at a verdict: `running` beside `passed` (DMS assessment runs: `starting`, `provisioning`, `running`,
 * `passed`, `failed`, `warning`, `cancelling`, …; Graph's on-premises connection checks: `pending`, `running`, `passed`,
 * `failed`, `warning`). A resource that runs until it is stopped is up at `running` (runUntilStopped.ts, EC2's
 * `InstanceRunning` waiter), so judgeLifecycle reads such a vocabulary as a provisioning lifecycle whose success is
 * `running`. A vocabulary that also says how the run came out (it passed, or failed) says the running ends: `running`
 * is the work under way, and the pass is how it ends well; a run that passed with warnings has ended too, and well
 * (DMS: "warning", the assessment completed with individual assessments that warn).
 *
 * The verdict must be a pass word (`passed`, `pass`) beside a failure: a pass alone is a result field's word, and the
 * table keeps `passed` out of its success words (a check result `PASSED | FAILED | SKIPPED` is no lifecycle). This only
 * re-reads a lifecycle judgeLifecycle already found; it makes no family of its own.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { type LifecycleJudgement, normalizeStateWord, readStateWord } from './stateWords.js';

type Found = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

/** A verdict that the run passed; `warning`/`warned`: passed with warnings. Normalized words. */
const PASS = new Set(['passed', 'pass']);
const PASS_WITH_WARNINGS = new Set(['warning', 'warned', 'passedwithwarnings']);

/** The provisioning lifecycle re-read as a run that ends at its verdict, or `found` as it was. */
export function withVerdictEnds(found: Found, values: readonly string[]): Found {
  if (found.kind !== 'provisioning') return found;
  // The success is the run itself under way: a strong word whose own state is `running` (`running`, `started`).
  const runs = found.success.filter((v) => {
    const w = readStateWord(v);
    return w.strong && w.state === 'running';
  });
  if (runs.length === 0) return found;
  const pass = values.filter((v) => PASS.has(normalizeStateWord(v)));
  const fails = values.some((v) => {
    const w = readStateWord(v);
    return w.known && w.state === 'failed';
  });
  if (pass.length === 0 || !fails) return found;
  const warned = values.filter((v) => PASS_WITH_WARNINGS.has(normalizeStateWord(v)));
  const success = [...pass, ...warned];
  const states: Record<string, CanonicalState> = { ...found.states };
  for (const v of runs) states[v] = 'running';
  for (const v of success) states[v] = 'succeeded';
  const inProgress = [...found.inProgress, ...runs.filter((v) => !found.inProgress.includes(v))];
  return { kind: 'job', states, inProgress, success };
}
