/**
 * The polls id flow files by `<id key>#<noun token>` (idFlowJobs.ts) that share any of a start's tokens: every
 * start of one name asking for one id gets the same list (graph-beta: thousands of `CreateAttachments` under
 * `/users/{user-id}/…`, each offered the thousands of reads filed under `userid#user`), so it is gathered once.
 */
import type { Operation } from '../../model/ir.js';

export interface SharedPolls<T> {
  /** Each filed poll once, in the order of the tokens, then of filing. */
  list: readonly T[];
  ops: ReadonlySet<Operation>;
}

const memo = new WeakMap<Map<string, unknown[]>, Map<string, SharedPolls<unknown>>>();

export function pollsSharing<T extends { op: Operation }>(polls: Map<string, T[]>, key: string, tokens: readonly string[]): SharedPolls<T> {
  let table = memo.get(polls);
  if (table === undefined) {
    table = new Map();
    memo.set(polls, table);
  }
  const memoKey = `${key}#${tokens.join(' ')}`;
  let found = table.get(memoKey) as SharedPolls<T> | undefined;
  if (found === undefined) {
    const list = [...new Set(tokens.flatMap((t) => polls.get(`${key}#${t}`) ?? []))];
    found = { list, ops: new Set(list.map((s) => s.op)) };
    table.set(memoKey, found);
  }
  return found;
}
