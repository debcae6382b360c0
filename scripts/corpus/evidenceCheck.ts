/**
 * Whether a family's evidence says what the family does: explain prints evidence lines written as detection went,
 * and a later stage may change what an earlier line said (a cancel dropped, a map said again of a start's own
 * phase). Each line that names a link or a state is checked against the family itself:
 * - `cancel: <operation> …` names the family's cancel;
 * - `rejected poll <operation>: …` names another operation than the family's poll;
 * - `status \`<field>\` of <operation>, …` names the family's status field;
 * - a lifecycle line (detect/status/lifecycleLine.ts) names as under way only values the map keeps running or queued,
 *   and as success only values it maps to succeeded.
 * The lines that do not are returned, each with why.
 */
import { readLifecycleLine } from '../../src/detect/status/lifecycleLine.js';
import { isOperationLink, type JobFamily } from '../../src/model/jobs.js';
import { operationKey } from '../../src/model/operationKey.js';

export function evidenceContradictions(f: JobFamily): string[] {
  const cancel = isOperationLink(f.cancel) ? operationKey(f.cancel.op) : null;
  const poll = isOperationLink(f.poll) ? operationKey(f.poll.op) : null;
  const out: string[] = [];
  for (const line of f.evidence) {
    const named = (prefix: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : null);
    const cancelLine = named('cancel: ');
    // A cancel line names its operation first (`cancel: POST /x/{id}/cancel takes …`); a URL's or a protocol's names none.
    if (cancelLine !== null && /^[A-Z]+ \//.test(cancelLine) && !startsWithOperation(cancelLine, cancel))
      out.push(`${line} (the family's cancel is ${cancel ?? 'none'})`);
    const rejected = named('rejected poll ');
    if (rejected !== null && poll !== null && rejected.startsWith(`${poll}: `)) out.push(`${line} (it is the family's poll)`);
    const status = named('status `');
    if (status !== null && f.statusField !== null) {
      const field = status.slice(0, status.indexOf('`'));
      if (status.includes('` of ') && field !== f.statusField) out.push(`${line} (the family reads \`${f.statusField}\`)`);
    }
    const lifecycle = readLifecycleLine(line);
    if (lifecycle && Object.keys(f.states).length > 0) {
      // Own keys only: a contract's value may be `constructor`, which every object inherits.
      const mapped = (v: string) => Object.hasOwn(f.states, v);
      const wrong = [
        ...lifecycle.underWay.filter((v) => mapped(v) && f.states[v] !== 'running' && f.states[v] !== 'queued'),
        ...lifecycle.success.filter((v) => mapped(v) && f.states[v] !== 'succeeded'),
      ];
      if (wrong.length > 0) out.push(`${line} (the map reads ${wrong.map((v) => `${v} → ${f.states[v]}`).join(', ')})`);
    }
  }
  return out;
}

/** `POST /x/{id}/cancel takes …` names `key` as its operation (a path ends at a space or a comma). */
function startsWithOperation(text: string, key: string | null): boolean {
  return key !== null && text.startsWith(key) && (text.length === key.length || text[key.length] === ' ' || text[key.length] === ',');
}
