/**
 * Convention: one call that acts on several things answers one handle per thing it acts on, in a list, and each
 * handle is read on its own. AWS Lightsail `CreateInstances {instanceNames: [..]}` answers `operations: [Operation]`
 * (one per instance), each read by `GetOperation {operationId}`; Panorama `CreateJobForDevices {DeviceIds}` answers
 * `Jobs: [{JobId, DeviceId}]`, each read by `DescribeDeviceJob /jobs/{JobId}`. The job is then the set of those
 * members: it ends when every member has ended (templates/runtime/jobs/memberSet.ts aggregates them).
 *
 * Read here: a top-level list of objects in the start's answer whose items carry an id (`operations[].id`,
 * `Jobs[].JobId`). The id is offered to id flow (idFlowJobs.ts) as `<list>.0.<id>`, asked for under its own name
 * and under the list's noun (`operations[].id` as `operationId`, as `{operation: {id}}` is), so every guard of id
 * flow applies to it as to a single handle: the poll must require that id, name its noun and answer a status.
 * The list must be the answer's only list of id-carrying objects: `Successful: [..]` beside `Failed: [..]` are a
 * batch's outcomes, not one job's members. And each item must be a member the poll reads: either the very record
 * the poll answers its status in (Lightsail's `Operation` in `operations[]` and in `GetOperation`'s `operation`), or
 * a bare handle, every field an id (`{JobId, DeviceId}`). An item of any other shape is something else the call
 * returns (`PhoneNumberErrors: [{PhoneNumberId, ErrorCode}]`, `documents: [Document]` of a project): its id names
 * a thing, not a member of the work (memberReason).
 */
import type { Operation } from '../../model/ir.js';
import type { MemberSet, ValueSource } from '../../model/jobs.js';
import type { StartCandidate } from '../detectTypes.js';
import { envelopeMember } from '../read/envelope.js';
import { nameTokens } from '../read/nameTokens.js';
import { describeOp, successSchema } from '../read/operationIndex.js';
import { BARE_IDS, isIdName, norm } from '../read/operationInputs.js';
import { idNoun, operationName, singular } from '../read/operationNames.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';
import { isHandleToken } from './handleInputs.js';

const handle = (field: string) => isIdName(field) || isHandleToken(field);

/** An id the start's answer carries, as idFlowJobs.ts weighs it; `members` when it is each item's of a list. */
export interface AnswerId {
  path: string;
  keys: string[];
  bare: boolean;
  members?: MemberSet;
  /** The noun of the things, where the path has no id word to say it (`tasks.0`: task). */
  noun?: string[];
}

/**
 * Ids of the items of the answer's one top-level list of objects. `reference` says whether, beside the item's own
 * id, a field is another thing's (idFlowJobs.ts answerIds).
 */
export function answerSetIds(
  start: Operation,
  reader: SchemaReader,
  reference: (level: Map<string, unknown>, field: string) => boolean,
): AnswerId[] {
  const lists: AnswerId[][] = [];
  const top = reader.properties(successSchema(start));
  // HAL's `_embedded` (draft-kelly-json-hal) holds the answer's own lists one level down: Platform.sh's environment
  // actions answer `{status, code, _embedded: {activities: [Activity]}}`, the activities they started.
  const embedded = top.get('_embedded');
  // And the answer's envelope (`{data: {instance_ids: [..]}}`: Lambda's every answer), its lists one level down.
  const envelope = envelopeMember(reader, successSchema(start));
  const below = (member: string | null) => {
    const q = member === null ? undefined : top.get(member);
    return q !== undefined && reader.typeOf(q) === 'object'
      ? [...reader.properties(q)].map(([n, r]) => [`${member}.${n}`, r] as const)
      : [];
  };
  const levels = [...top, ...below(embedded !== undefined ? '_embedded' : null), ...below(envelope)];
  for (const [list, p] of levels) {
    if (reader.typeOf(p) !== 'array') continue;
    const item = reader.itemsOf(p);
    const bareIds = bareIdList(list.split('.').at(-1)!, reader.typeOf(item), reader.resolve(p)?.description);
    if (bareIds !== null) {
      const noun = { noun: bareIds.noun };
      lists.push([{ path: `${list}.0`, keys: [bareIds.key, 'id'], bare: false, members: { itemsAt: list, itemId: '' }, ...noun }]);
      continue;
    }
    if (reader.typeOf(item) !== 'object') continue;
    const props = reader.properties(item);
    const noun = listNoun(list.split('.').at(-1)!);
    const ids: AnswerId[] = [];
    for (const [field, q] of props) {
      if (!handle(field) || reader.typeOf(q) === 'object' || reader.typeOf(q) === 'array' || reference(props, field)) continue;
      const own = norm(field);
      // `operations[].id` is asked for as `operationId`, `Jobs[].JobId` as `JobId`.
      const prefixed = noun === '' || own.startsWith(noun) ? own : noun + own;
      ids.push({
        path: `${list}.0.${field}`,
        keys: [...new Set([prefixed, own])],
        bare: BARE_IDS.has(own),
        members: { itemsAt: list, itemId: field },
      });
    }
    if (ids.length > 0) lists.push(ids);
  }
  return lists.length === 1 ? lists[0]! : [];
}

/**
 * A list of bare ids named for their thing (`instance_ids: [string]`: Lambda's launch, one per instance; `InstanceIdSet`), or named as
 * the things with a description that opens by calling them their ids (`tasks: [string]`, "IDs of the tasks carrying
 * out this request": Gcore's every write), as the key its items are asked for by (`instanceid`, `taskid`); null for
 * any other list. The items are the ids themselves (itemId '').
 */
function bareIdList(list: string, itemType: string | undefined, description: unknown): { key: string; noun: string[] } | null {
  if (itemType !== 'string' && itemType !== 'integer') return null;
  const tokens = nameTokens(list);
  const named = (noun: string[]) => ({ key: norm([...noun, 'id'].join('')), noun });
  if (tokens.length >= 2 && tokens.at(-1) === 'ids') return named(tokens.slice(0, -1));
  // Or as a set or list of the thing's id (`InstanceIdSet`: Tencent Cloud's every create; `InstanceIdList`).
  if (tokens.length >= 3 && tokens.at(-2) === 'id' && ID_COLLECTIONS.has(tokens.at(-1)!)) return named(tokens.slice(0, -2));
  const last = tokens.at(-1);
  const plural = last !== undefined && last.length > 3 && singular(last) !== last;
  if (!plural || typeof description !== 'string' || !SAYS_IDS.test(description)) return null;
  return named([...tokens.slice(0, -1), singular(last)]);
}

/** What a list of one thing's ids is called after the id (`…IdSet`, `…IdList`). */
const ID_COLLECTIONS: ReadonlySet<string> = new Set(['set', 'list', 'array']);

/** A description that opens by calling the list's items ids: "IDs of the tasks …", "The identifiers of …". */
const SAYS_IDS = /^\s{0,4}(?:the |a list of )?(?:unique )?(?:ids|identifiers)\b/i;

/** The noun one item of a list is (`operations` → `operation`, `userAccessTasksList` → `useraccesstask`), normalised. */
function listNoun(list: string): string {
  const tokens = [...nameTokens(list)];
  if (tokens.length > 1 && (tokens.at(-1) === 'list' || tokens.at(-1) === 'set')) tokens.pop();
  if (tokens.length === 0) return '';
  tokens[tokens.length - 1] = singular(tokens.at(-1)!);
  return norm(tokens.join(''));
}

/**
 * A list named only as a container (Marketo's every answer `{requestId, success, result: [..]}`) says nothing of what
 * its items are: a handle named after the start's own noun (`result[].exportId` of `createExportLeads`) is theirs.
 */
function startsOwn(start: Operation, members: MemberSet): boolean {
  if (!CONTAINER_LISTS.has(listNoun(members.itemsAt.split('.').at(-1)!))) return false;
  const noun = operationName(start)?.noun ?? [];
  const idWords = idNoun(members.itemId).map(singular);
  return idWords.length > 0 && idWords.every((w) => noun.includes(w));
}
const CONTAINER_LISTS = new Set(['result', 'data', 'item', 'record', 'value', 'entry']);

/** The evidence line of a job over a set, for explain. */
export function memberSetEvidence(start: Operation, members: MemberSet): string {
  const each = members.itemId === '' ? 'each id' : `each item's \`${members.itemId}\``;
  return `job over a set: ${describeOp(start)} answers \`${members.itemsAt}\`, one item per thing it acts on; ${each} is polled, and the job ends when every member has ended`;
}

/**
 * Why the listed items are not members the poll reads, or null when they are: each item is the record the poll
 * answers its status in (same shape), or a bare handle (every field an id or token).
 */
export function memberReason(
  reader: SchemaReader,
  start: Operation,
  members: MemberSet,
  poll: Operation,
  statusField: string,
): string | null {
  // A list of bare ids named for their thing (`instance_ids`) is the members' handles themselves.
  if (members.itemId === '') return null;
  // The handle is the item's own: bare (`id`) or named after the list's noun (`Jobs[].JobId`), not another thing's
  // an item refers to (`VpcDNSTargets: [{VpcIngressConnectionArn, VpcId}]` are targets, not ingress connections).
  const own = norm(members.itemId);
  if (
    !BARE_IDS.has(own) &&
    norm(idNoun(members.itemId).join('')) !== listNoun(members.itemsAt.split('.').at(-1)!) &&
    !startsOwn(start, members)
  ) {
    return `\`${members.itemsAt}[].${members.itemId}\` names another thing than the listed items themselves`;
  }
  const item = reader.itemsOf(schemaAtPath(reader, successSchema(start), members.itemsAt));
  const fields = [...reader.properties(item).keys()];
  if (fields.length > 0 && fields.every(handle)) return null;
  const shape = reader.fingerprint(item);
  const parts = statusField.split('.');
  for (let i = 0; i < parts.length; i += 1) {
    const at = i === 0 ? successSchema(poll) : schemaAtPath(reader, successSchema(poll), parts.slice(0, i).join('.'));
    if (reader.fingerprint(at) === shape) return null;
  }
  return `each \`${members.itemsAt}\` item the start answers is neither a bare handle nor the record ${describeOp(poll)} reads its status in`;
}

/**
 * The resource convention's start whose answer lists its members instead of naming one job (`POST /jobs` →
 * `{Jobs: [{JobId, DeviceId}]}`, polled at `GET /jobs/{JobId}`): found there with no id to follow (idFrom null), it
 * follows each listed member by the poll's id parameter, under the same guards as id flow's sets.
 */
export function withMemberSet(c: StartCandidate, reader: SchemaReader): StartCandidate {
  if (!c.poll || c.idFrom !== null || c.members || c.status.field === null) return c;
  const { poll } = c;
  const key = norm(poll.link.idParam);
  const found = answerSetIds(c.start, reader, () => false).find(
    (id) => id.keys.includes(key) && id.members && memberReason(reader, c.start, id.members, poll.op, c.status.field!) === null,
  );
  if (!found?.members) return c;
  const idFrom: ValueSource = `body:${found.path}`;
  return {
    ...c,
    idFrom,
    poll: { ...poll, idFrom },
    members: found.members,
    evidence: [...c.evidence, memberSetEvidence(c.start, found.members)],
  };
}
