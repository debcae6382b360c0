/**
 * A verb on an item, spelled before the item's id rather than after it: MediaConnect's `POST /v1/flows/start/{flowArn}`
 * acts on `GET /v1/flows/{flowArn}`, Jellyfin's `POST /ScheduledTasks/Running/{taskId}` runs `GET /ScheduledTasks/{taskId}`.
 * The start's path is the item's with one literal segment more, and both end in the same parameter: the id the start
 * takes names the very thing the poll reads, not a parent it posts under (the suffix form, `…/{id}/start`, is
 * idFlowJobs.ts's `actionOnItem`).
 */
import type { Operation } from '../../model/ir.js';
import { splitPath } from '../read/operationIndex.js';
import type { OperationInput } from '../read/operationInputs.js';
import { memoByString } from '../read/readerMemo.js';

/** Asked for every start against every candidate read (graph-beta: millions of pairs): once per path, read only. */
const segmentsOf = memoByString((path: string): readonly string[] => splitPath(path).pathname.replace(/\/$/, '').split('/'));

/** The start is the poll's item path with one literal segment inserted before its last parameter, `input`. */
export function infixActionOnItem(start: Operation, poll: Operation, input: OperationInput): boolean {
  if (input.in !== 'path') return false;
  const item = segmentsOf(poll.path);
  const own = segmentsOf(start.path);
  if (item.at(-1) !== `{${input.name}}` || own.at(-1) !== item.at(-1) || own.length !== item.length + 1) return false;
  for (let i = 0; i < own.length - 1; i++) {
    const verb = own[i]!;
    if (/^[A-Za-z][\w-]*$/.test(verb) && [...own.slice(0, i), ...own.slice(i + 1)].join('/') === item.join('/')) return true;
  }
  return false;
}
