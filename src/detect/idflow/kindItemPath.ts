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

/** The paths differ only in one collection, the start's a qualified form of the poll's, and end at the same item. */
export const kindItemPath = (startPath: string, pollPath: string): boolean =>
  kindOfItem(`${resourcePath(startPath)}\n${resourcePath(pollPath)}`);

const kindOfItem = memoByString((key: string): boolean => {
  const [start, poll] = key.split('\n') as [string, string];
  const a = start.replace(/\/$/, '').split('/');
  const b = poll.replace(/\/$/, '').split('/');
  const last = a.at(-1)!;
  if (a.length !== b.length || a.length < 3 || !/^\{[^{}]+\}$/.test(last) || b.at(-1) !== last) return false;
  const differ = a.flatMap((seg, i) => (seg === b[i] ? [] : [i]));
  if (differ.length !== 1) return false;
  const i = differ[0]!;
  if (a[i]!.includes('{') || b[i]!.includes('{')) return false;
  const kind = nameTokens(a[i]!);
  const head = nameTokens(b[i]!);
  return head.length > 0 && kind.length > head.length && kind.slice(-head.length).join(' ') === head.join(' ');
});
