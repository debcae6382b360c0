/**
 * Convention: a start that brings up the item at its own path names it by that path's last parameter, whatever
 * the parameter is called (issue 24). GitHub's `PUT /repos/{owner}/{repo}/import` starts the import of that repo
 * and `GET /repos/{owner}/{repo}/import` reads it; IoT TwinMaker's `POST /workspaces/{workspaceId}/sync-jobs/
 * {syncSource}` creates the sync job of that source and `GET /sync-jobs/{syncSource}?workspace=` reads it. Neither
 * `repo` nor `syncSource` is an id word, so id flow (idFlowJobs.ts) files no poll by it; the job's identity is
 * its scope, the names the start was given, which the poll requires again:
 *
 * - the start puts the item at `…/<things>/{p}`, or the one thing of its kind below its parent (`…/{repo}/import`,
 *   named by the parent's last parameter): a `PUT`, or a `POST` whose verb brings something up (a REST `POST` to
 *   an item, Stripe's `POST /sources/{id}`, edits it);
 * - the poll is a read (GET) of that very path, or (for `…/<things>/{p}`) of `/<things>/{p}` under no parent, when it asks for the
 *   parent the start's path names (`{workspaceId}` → `?workspace=`): the item of the same collection in the
 *   same scope. The same collection under another static prefix (`/staging/environments/{Name}`) is another's;
 * - both name one thing: the start's noun is the poll's, or the poll reads its status (`start-import` ↔
 *   `get-import-status`). An upsert (Azure's `Activations_CreateOrUpdate` ↔ `Activations_Get`) says nothing of
 *   work that outlives the call: an ARM PUT that does is marked `x-ms-long-running-operation`.
 *
 * The candidate is a request flow (`p` from the start's arguments); the start's other path parameters go as
 * carry (companionInputs.ts), and the pairing rules judge the status as for any client-named item.
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { splitPath } from '../read/operationIndex.js';
import { argOf, norm, type OperationInput } from '../read/operationInputs.js';
import { BRING_UP_VERBS, idNamesPoll, idNoun, type OperationName } from '../read/operationNames.js';
import type { NounNamedCandidate } from './nounNamedPoll.js';

/** GET reads by their path, and an item read also by its last two segments (`sync-jobs/{syncSource}`). */
export type ItemPathPolls = Map<string, Operation[]>;

/** A request-flow candidate as nounNamedPoll.ts makes, flagged: the start names the item the poll reads by its path. */
export type ItemPathCandidate = NounNamedCandidate & { itemPath: true };

const segmentsOf = (op: Operation) => splitPath(op.path).pathname.replace(/#.*$/, '').replace(/\/$/, '').split('/');
const tail = (segments: readonly string[]) => segments.slice(-2).join('/');
const PARAM = /^\{([^{}]+)\}$/;

export function itemPathPolls(ops: readonly Operation[], canRead: (op: Operation) => boolean): ItemPathPolls {
  const out: ItemPathPolls = new Map();
  for (const op of ops) {
    const segments = segmentsOf(op);
    if (op.method !== 'GET' || !canRead(op)) continue;
    pushTo(out, segments.join('/'), op);
    if (segments.length >= 3 && PARAM.test(segments.at(-1)!) && !PARAM.test(segments.at(-2)!)) pushTo(out, tail(segments), op);
  }
  return out;
}

export function itemPathCandidates(
  start: Operation,
  startName: OperationName | null,
  polls: ItemPathPolls,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): ItemPathCandidate[] {
  if (!startName || !BRING_UP_VERBS.includes(startName.verb)) return [];
  if (start.method !== 'PUT' && (start.method !== 'POST' || startName.verb === 'post')) return [];
  const segments = segmentsOf(start);
  const item = PARAM.exec(segments.at(-1) ?? '')?.[1];
  // The one thing below its parent is named by the parent: the last parameter of the path.
  const param = item ?? segments.flatMap((s) => PARAM.exec(s)?.[1] ?? []).at(-1);
  const own = inputsOf(start).find((i) => i.in === 'path' && i.name === param);
  if (param === undefined || !own) return [];
  const out: ItemPathCandidate[] = [];
  for (const poll of polls.get(item !== undefined ? tail(segments) : segments.join('/')) ?? []) {
    const read = segmentsOf(poll);
    const input = inputsOf(poll).find((i) => i.in === 'path' && i.name === param);
    if (poll === start || !input || !oneThing(startName, nameOf(poll)) || !sameScope(segments, read, inputsOf(poll))) continue;
    out.push({ poll, input, idFrom: argOf(own), flow: 'request', field: param, noun: [...startName.noun], bare: false, itemPath: true });
  }
  return out;
}

/** The poll's noun (less a status word: operationNames.ts idNamesPoll) is the start's, word for word. */
function oneThing(start: OperationName, poll: OperationName | null): boolean {
  return poll !== null && idNamesPoll(start.noun, poll) && start.noun.every((w) => poll.noun.includes(w));
}

/** The very path, or the collection at the top whose read asks for the parent the start's path names. */
function sameScope(start: readonly string[], read: readonly string[], readInputs: readonly OperationInput[]): boolean {
  if (start.join('/') === read.join('/')) return true;
  if (read.length !== 3 || start.length < 5) return false;
  const parent = PARAM.exec(start.at(-3)!)?.[1];
  if (parent === undefined) return false;
  const names = new Set([norm(parent), norm(idNoun(parent).join(''))]);
  return readInputs.some((i) => i.in === 'query' && names.has(norm(i.name)));
}
