/**
 * A terminal status spelled as the bare verb of a table participle: Amplify's `SUCCEED` beside `FAILED`,
 * `CANCEL`, `ABORT`, `FAIL`, `FINISH`. It is the same word as `succeeded` (`-ed`, `-d` after an `e`, `-led` after
 * a final `l`): read as the table reads the participle. Only ending words (succeeded, failed, cancelled): a bare
 * `create`, `start` or `request` in a status is an action's name more often than a state. Without this, `SUCCEED`
 * is no known success and Amplify's jobs read as a provisioning lifecycle whose `RUNNING` is success.
 */
import type { CanonicalState } from '../../model/jobs.js';

const ENDING = new Set<CanonicalState>(['succeeded', 'failed', 'cancelled']);

export function bareVerbEntry<W extends { state: CanonicalState }>(normalized: string, entry: (word: string) => W | null): W | null {
  if (normalized.length < 4) return null;
  const forms = [`${normalized}ed`];
  if (normalized.endsWith('e')) forms.push(`${normalized}d`);
  if (normalized.endsWith('l')) forms.push(`${normalized}led`);
  for (const form of forms) {
    const w = entry(form);
    if (w && ENDING.has(w.state)) return w;
  }
  return null;
}
