/**
 * The start's own verb done is its success: `ClaimPhoneNumber` → `IN_PROGRESS`, `CLAIMED`, `FAILED` (Connect phone
 * numbers). The status names the work under way and failed but no success word any table knows; the one value that
 * is the start's verb in its past participle (`claimed` for claim, `verified` for verify, `submitted` for submit)
 * says that very work is done. Read only with the start beside the read (idFlowJobs.ts asks it when the read's
 * status is rejected without it), never from the values alone: "the one value left is the success" also made jobs
 * of MTurk reviews, savings plans and check deposits (lifecycleGaps.ts).
 *
 * Work must be under way in a running word (`IN_PROGRESS`, `PROCESSING`), not only waiting: an assignment
 * `Submitted` waits for a reviewer, and the approve that makes it `Approved` is done when it answers.
 */
import type { Operation } from '../../model/ir.js';
import type { CanonicalState } from '../../model/jobs.js';
import { successSchema } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { pastParticiples } from './participles.js';
import { isTearDown, type LifecycleJudgement, normalizeStateWord, readStateWord } from './stateWords.js';
import { findStatusByMeaning } from './statusByMeaning.js';
import { judgeVerbNotYetDone } from './verbNotYetDone.js';

export { pastParticiples };

type Job = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

/** A job whose success is the start's verb done, in a vocabulary that names no other; else null. */
export function judgeStartVerbDone(values: readonly string[], verb: string): Job | null {
  const forms = pastParticiples(verb);
  if (values.length < 3 || forms.length === 0) return null;
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.some(([, w]) => w.state === 'succeeded')) return null;
  const done = read.filter(([v, w]) => !w.known && forms.includes(normalizeStateWord(v)));
  if (done.length !== 1) return null;
  const running = read.filter(([v, w]) => w.state === 'running' && (w.strong || w.provisioning === 'transitional') && !isTearDown(v));
  const failed = read.some(([, w]) => w.known && w.state === 'failed');
  if (running.length === 0 || !failed) return null;
  const success = done[0]![0];
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = v === success ? 'succeeded' : w.state;
  return { kind: 'job', states, inProgress: running.map(([v]) => v), success: [success] };
}

type Status = ReturnType<typeof findStatusByMeaning>;

/**
 * A read's status as a start with `verb` reads it: the status found alone, or, where that is rejected, the one that
 * ends in the verb done. The verb's reading depends on the answer schema only: memoised per schema and verb
 * (graph-beta's thousands of reads answer a few hundred shapes), the plain reading per read by `plain`.
 */
export function verbStatusReader(reader: SchemaReader, plain: (op: Operation) => Status): (op: Operation, verb?: string) => Status {
  const memo = new Map<object | undefined, Map<string, Extract<Status, { field: string }> | null>>();
  return (op, verb) => {
    const alone = plain(op);
    if (!('rejected' in alone) || verb === undefined || pastParticiples(verb).length === 0) return alone;
    const schema = successSchema(op);
    const root = reader.resolve(schema);
    const byVerb = memo.get(root) ?? new Map<string, Extract<Status, { field: string }> | null>();
    memo.set(root, byVerb);
    let s = byVerb.get(verb);
    if (s === undefined) {
      // Or an outcome word ends the work the vocabulary names by the verb (`NOT_TESTED` → `PASSED`): verbNotYetDone.ts.
      const judge = (values: readonly string[]) => judgeStartVerbDone(values, verb) ?? judgeVerbNotYetDone(values, pastParticiples(verb));
      const found = findStatusByMeaning(reader, schema, judge);
      s = 'rejected' in found ? null : found;
      byVerb.set(verb, s);
    }
    // Alone's reason stays the one to show when the verb finds nothing either.
    return s ?? alone;
  };
}
