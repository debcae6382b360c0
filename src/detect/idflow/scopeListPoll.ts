/**
 * Convention: a job read only in the list of the scope it runs in (issue 24). Some AWS services hand out the id of
 * a job and read it in no Describe of one item, only in the list of the thing the job acts on:
 * App Runner `StartDeployment {ServiceArn}` answers `{OperationId}`, and `ListOperations {ServiceArn}` answers
 * `OperationSummaryList: [{Id, Status}]`; Directory Service `StartSchemaExtension {DirectoryId}` answers
 * `{SchemaExtensionId}`, and `ListSchemaExtensions {DirectoryId}` answers `SchemaExtensionsInfo:
 * [{SchemaExtensionId, SchemaExtensionStatus}]`. The read takes no id of the job; what links it is the data:
 *
 * - the read is an RPC call (AWS JSON or query protocol): a REST API's item read sits at the item of the
 *   collection, and the resource convention judges it;
 * - it names the job's noun (every noun word of `ListOperations` is in `OperationId`: operationNames.ts
 *   idNamesPoll), and takes the id under no name of its own (else it is asked by it: the id-list convention);
 * - it is scoped: it requires the id of the thing the jobs run on (`ServiceArn`, `DirectoryId`), which the start
 *   must supply (idFlowJobs' companions). A list of everything of a kind (`DescribeStacks`, `ListDomains`) is no
 *   read of one job: the job may be on any of its pages, and the runtime reads one;
 * - its answer lists objects that carry the answered id as their own: under the list's noun, bare (`Id` of
 *   `ListOperations` is an operation's id) or named (`SchemaExtensionId`); `environmentAccountConnectionId` of
 *   `ListEnvironments` is another thing's;
 * - its status is that of those items (checked with the status, `listedStatusReason`).
 *
 * An item read still beats such a list (pollTieBreak.ts). The runtime sends the scope only and picks the job out
 * of the list by that field (JobOperationLink idIn `item`, itemsAt, itemId: jobs/listedAnswer.ts); an answer that
 * lists other items only says the upstream does not know the job.
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, idNameOf, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNamesPoll, idNoun, type OperationName, READ_VERBS, rpcAction } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import type { StatusByMeaning } from '../status/statusByMeaning.js';
import { answersOwnId } from './nounInputs.js';
import { endsWithNoun } from './rpcNounHead.js';

/** Where a list read holds the job: the list (`OperationSummaryList`) and the items' field holding its id (`Id`). */
export interface ListedItem {
  itemsAt: string;
  itemId: string;
}

/** List reads by the id their items carry, normalised (`operationid`, `schemaextensionid`). */
export type ScopeListPolls = Map<string, Array<{ op: Operation } & ListedItem>>;

/**
 * Every read (a GET, or an RPC call named `List|Describe|Get…`) whose answer lists objects with an id it does not
 * take as input, filed under that id's name: its own, or for a bare `Id`/`Arn`, qualified by the read's noun.
 */
export function scopeListPolls(
  ops: readonly Operation[],
  canPoll: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): ScopeListPolls {
  const out: ScopeListPolls = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!canPoll(op) || !name || name.noun.length === 0 || !READ_VERBS.includes(name.verb)) continue;
    if (rpcAction(op.path) === null || !readableInputs(op)) continue;
    const inputs = inputsOf(op);
    if (!inputs.some((i) => i.required && isIdName(i.name))) continue;
    const taken = new Set(inputs.map((i) => norm(idNameOf(i))));
    for (const [field, schema] of reader.properties(successSchema(op))) {
      if (reader.typeOf(schema) !== 'array') continue;
      for (const [prop, p] of reader.properties(reader.itemsOf(schema))) {
        const own = norm(prop);
        if (!isIdName(prop) || reader.typeOf(p) !== 'string' || taken.has(own)) continue;
        if (!BARE_IDS.has(own) && !endsWithNoun(name.noun, idNoun(prop))) continue;
        const key = BARE_IDS.has(own) ? norm(name.noun.join('')) + own : own;
        pushTo(out, key, { op, itemsAt: field, itemId: prop });
      }
    }
  }
  return out;
}

/**
 * Whether what the operation takes can be read: no body, or a JSON or form one. AWS query-protocol specs declare
 * the POST of `/#Action=X` with an XML body whose fields are not the wire's; its GET twin states them as query
 * parameters.
 */
function readableInputs(op: Operation): boolean {
  const content = op.requestBody?.content ?? [];
  return content.length === 0 || content.some((c) => /json|x-www-form-urlencoded/i.test(c.mediaType));
}

/** One list read of the id the start answers at `field`, asked by one of `keys`, with the noun the id names. */
export interface ListedCandidate extends ListedItem {
  poll: Operation;
  /** Stands for the id in the pairing rules: required, never sent (the runtime matches it in the list). */
  input: OperationInput;
  noun: string[];
}

/**
 * The list reads that hold the job the start answers at `field` (`OperationId`, `DeploymentId`): named for the
 * job's noun, the id the start's own (not `Volume.FileSystemId`, the parent's: nounInputs.ts answersOwnId).
 * A bare answered `Id` names the start's noun.
 */
export function listedCandidates(
  field: string,
  keys: readonly string[],
  start: OperationName | null,
  lists: ScopeListPolls,
  nameOf: (op: Operation) => OperationName | null,
): ListedCandidate[] {
  if (!answersOwnId(field)) return [];
  const idWords = idNoun(field);
  const noun = idWords.length > 0 ? idWords : [...(start?.noun ?? [])];
  const out: ListedCandidate[] = [];
  for (const key of new Set(keys))
    for (const { op, itemsAt, itemId } of lists.get(key) ?? []) {
      if (!idNamesPoll(noun, nameOf(op))) continue;
      out.push({ poll: op, itemsAt, itemId, noun, input: { name: itemId, in: 'body', required: true } });
    }
  return out;
}

/** Why a list read's status is not the listed job's, or null: it must be read from the items of that very list. */
export function listedStatusReason(listed: ListedItem, status: StatusByMeaning): string | null {
  const parts = status.field.split('.');
  const listAt = parts.slice(0, parts.indexOf('0')).join('.');
  if (status.inList && listAt === listed.itemsAt) return null;
  return `its status \`${status.field}\` is not that of the \`${listed.itemsAt}\` items that carry \`${listed.itemId}\``;
}

/** How explain says where the job's id goes in such a read. */
export const listedWhere = (listed: ListedItem) =>
  `no input: it lists the items of the scope the start acted in, and the job is the \`${listed.itemsAt}\` item whose \`${listed.itemId}\` is the id`;
