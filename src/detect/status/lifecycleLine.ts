/**
 * The lifecycle line of a family's evidence, read back: idFlowJobs.ts writes `job lifecycle: A, B in progress, C
 * success` and `provisioning lifecycle: A while the resource comes up; C is success …`, phaseCandidate.ts a start's
 * own (`… lifecycle: A until the thing runs; C is success for the start that runs it`). Read where a later stage says
 * the line again of its own map (phaseCandidate.ts), and where the corpus checks that evidence says what the family
 * does (scripts/corpus/evidenceCheck.ts).
 */

export interface LifecycleLine {
  kind: 'job' | 'provisioning';
  /** The values the line says are under way, then those it says end well. */
  underWay: string[];
  success: string[];
}

/** How each line parts what is under way from what ends well, and where the latter ends. */
const PARTS: ReadonlyArray<[string, string]> = [
  [' in progress, ', ' success'],
  [' while the resource comes up; ', ' is success'],
  [' until the thing runs; ', ' is success'],
];

/** The values a lifecycle line names; read by position, not by a pattern: the values are the contract's, of any length. */
export function readLifecycleLine(line: string): LifecycleLine | null {
  const kind = line.startsWith('job lifecycle: ') ? 'job' : line.startsWith('provisioning lifecycle: ') ? 'provisioning' : null;
  if (!kind) return null;
  const head = `${kind} lifecycle: `.length;
  for (const [split, end] of PARTS) {
    const at = line.indexOf(split, head);
    const stop = at < 0 ? -1 : line.indexOf(end, at + split.length);
    if (stop < 0) continue;
    return { kind, underWay: line.slice(head, at).split(', '), success: line.slice(at + split.length, stop).split(', ') };
  }
  return null;
}
