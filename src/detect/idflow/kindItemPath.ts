/**
 * A kind of thing made in a collection of its own and read in the plain collection of its head noun: IoT's
 * `POST /dynamic-thing-groups/{thingGroupName}` makes a thing group that `GET /thing-groups/{thingGroupName}` reads
 * (a dynamic thing group is a thing group). Both address one item, by the same path parameter; the start's
 * collection only qualifies the poll's (`dynamic-thing-groups` ends with `thing-groups`), so the start acts at the
 * very item the poll reads, as a create at the poll's own path does.
 */
import { nameTokens } from '../read/nameTokens.js';
import { memoByString } from '../read/readerMemo.js';
import { resourcePath } from '../read/resourcePath.js';

/**
 * The paths differ only in one collection, the start's a qualified form of the poll's, and end at the same item.
 * Asked of every start–poll pair (graph-beta: over a million, most of them distinct): the segments are read once per
 * path and compared directly, since a memo keyed by the pair misses nearly always and costs more than the check.
 */
export function kindItemPath(startPath: string, pollPath: string): boolean {
  const a = segmentsOf(startPath);
  const b = segmentsOf(pollPath);
  const last = a.at(-1)!;
  if (a.length !== b.length || a.length < 3 || b.at(-1) !== last || !/^\{[^{}]+\}$/.test(last)) return false;
  let differ = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (differ >= 0) return false;
    differ = i;
  }
  if (differ < 0 || a[differ]!.includes('{') || b[differ]!.includes('{')) return false;
  const kind = nameTokens(a[differ]!);
  const head = nameTokens(b[differ]!);
  return head.length > 0 && kind.length > head.length && kind.slice(-head.length).join(' ') === head.join(' ');
}

/** The segments of the item a path addresses, without a trailing slash. */
const segmentsOf = memoByString((path: string): readonly string[] => resourcePath(path).replace(/\/$/, '').split('/'));
