/**
 * Convention: jobs without a marker, linked by the data flow of the job's id (issue 24). AWS's own APIs and most
 * other vendors' job APIs carry no 202, no monitor header and no LRO extension; what ties `StartQueryExecution`
 * to `GetQueryExecution` is that the start answers `QueryExecutionId` and the poll requires it. So:
 *
 * - the start's answer carries an id-like field (top level or one object down: `{cluster: {name}}`), or, for a
 *   job the client names, its own request does (`CreateCluster {name}`, only for a verb that brings something
 *   up and a poll of the same noun or at the item of the collection it posts to);
 * - the poll is any operation, GET or an RPC POST whose name reads (`Get|Describe…`), that requires that same
 *   field, in its path, query or JSON body (AWS JSON protocol: `POST /#X-Amz-Target=Service.Op`, id in the body),
 *   needs nothing else the start's arguments cannot supply, and answers a status whose vocabulary is a job or a
 *   provisioning lifecycle (statusByMeaning.ts);
 * - names break ties (`Start|Create|Submit X` ↔ `Describe|Get X`), an item read beats a list read, and a
 *   sibling verb on the same id (`Stop|Cancel X`) is the cancel.
 *
 * Runs last, over operations no other convention claimed.
 */
import type { ApiModel, JsonSchema, Operation } from '../../model/ir.js';
import {
  type Confidence,
  type FamilyKind,
  type IdFlowEvidence,
  isDoneFlag,
  type JobOperationLink,
  type MemberSet,
  type StartArgSource,
  type ValueSource,
} from '../../model/jobs.js';
import { operationKey } from '../../model/operationKey.js';
import type { DetectContext, ResourceAssessment, StartCandidate } from '../detectTypes.js';
import { toSnakeCase } from '../familyName.js';
import { findIdempotency, readStartSignals } from '../marked/startSignals.js';
import { isRpcCall } from '../read/actionPath.js';
import { IDENTIFIER_MEMBERS, identifierType, resourceMembers } from '../read/envelope.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { describeOp, pathParams, pathShape, splitPath, successSchema, toOperationRef, trailingParam } from '../read/operationIndex.js';
import {
  argOf,
  BARE_IDS,
  idNameOf,
  isIdName,
  isRunTogetherId,
  norm,
  type OperationInput,
  operationInputs,
} from '../read/operationInputs.js';
import {
  BRING_UP_VERBS,
  idNamesPoll,
  idNoun,
  nameAffinity,
  type OperationName,
  operationName,
  READ_VERBS,
  readNoun,
  rpcAction,
  STOP_VERBS,
  sameNoun,
  singular,
} from '../read/operationNames.js';
import { memoByString } from '../read/readerMemo.js';
import { resourcePath, statusReadItem } from '../read/resourcePath.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';
import { clientSetsStatus } from '../resource/clientSetsStatus.js';
import { envelopePolls, envelopeRead, sameEnvelopedRecord } from '../resource/envelopePoll.js';
import type { PollFound } from '../resource/findPollOperation.js';
import { findQueryCompanions } from '../resource/findQueryCompanions.js';
import { answersStatus, itemIdField } from '../resource/itemIdentity.js';
import { boundAnswerField } from '../resource/paramBinding.js';
import { analyzeStatusSchema, type StatusAnalysis, within } from '../status/analyzeStatusSchema.js';
import { onlyChangeUnderWay } from '../status/changeUnderWay.js';
import { findOutcomeField } from '../status/findOutcomeField.js';
import { findProgress } from '../status/findProgress.js';
import { otherThingOfStatus } from '../status/otherThingStatus.js';
import { partListOf } from '../status/partListStatus.js';
import { comesUpUntilActive } from '../status/pendingUntilActive.js';
import { UP_ONLY } from '../status/pendingUntilUp.js';
import { findRestingStatus, isRestingStatus, restingEvidence, restingStartReason } from '../status/returnsToRest.js';
import { settingOfStatus } from '../status/settingStatus.js';
import { affinityFamilyName, comesUpAsOwn, withStartAffinity } from '../status/startAffinity.js';
import { verbStatusReader } from '../status/startVerbDone.js';
import { assessLifecycle, lookupStateWord } from '../status/stateWords.js';
import { canEndBadly, findStatusByMeaning, ownStateObject, type StatusByMeaning } from '../status/statusByMeaning.js';
import { findStatusReason } from '../status/statusReason.js';
import { collectionAction } from './actionCollection.js';
import { readsActionOf } from './actionRecordRead.js';
import { actionFamilyName, actionItemCandidates, actionItemPolls, followsAction } from './actionStatus.js';
import { actionListEvidence, listsActionStatusBy } from './actionStatusList.js';
import { namedForAction } from './actionStatusPoll.js';
import { alternativeArnCandidates, alternativeArnReads } from './alternativeArnPoll.js';
import { oneOfAlternativeIds } from './alternativeIds.js';
import { arnResourceCandidates, arnResourceReads } from './arnResourceId.js';
import { arnTypeCandidates, arnTypePolls } from './arnTypePoll.js';
import { type AskedInput, askedInputs } from './askedInputs.js';
import { readsOwnSettings } from './attributeReads.js';
import { bareIdPolls } from './bareIdAnswer.js';
import { namesBareItem, parentIdOnly } from './bareItemParam.js';
import { changeVerbRule, isFreshHandle, isRecordHandle } from './changeVerbStarts.js';
import { companionSource, otherCollections } from './companionInputs.js';
import { echoedRecordId, madeRecordReference } from './echoedRecord.js';
import { filterKeyedCandidates, filterKeyedPolls, keyedEvidence } from './filterKeyedRecord.js';
import { otherIdOfGivenItem } from './givenItem.js';
import { arnTypedInput, isArnField, isHandleToken } from './handleInputs.js';
import { infixActionOnItem } from './infixAction.js';
import { itemActedOn, statusOfActedOn } from './itemActedOn.js';
import { itemPathCandidates, itemPathPolls } from './itemPathPoll.js';
import { itemResult } from './itemResult.js';
import { itemVerbCancel } from './itemVerbCancel.js';
import { kindItemPath } from './kindItemPath.js';
import { kindIdKeys, readsKind, sameKindRecord } from './kindNouns.js';
import { linkListCandidates } from './linkRecordList.js';
import { idListInputs } from './listByIds.js';
import { listedItemStatus } from './listedItemStatus.js';
import { itemKeyOf, listScope } from './listScope.js';
import { madeByAnswer } from './madeByAnswer.js';
import { type AnswerId, answerSetIds, memberReason, memberSetEvidence } from './memberSets.js';
import { namedActionItem } from './namedActionItem.js';
import { namedPartCandidates } from './namedPartList.js';
import { arnAliasOf } from './nameOrArn.js';
import { nounIdKeys } from './nounIdPolls.js';
import { answersOwnId, listedItemId } from './nounInputs.js';
import { nounNamedCandidates, nounNamedPolls } from './nounNamedPoll.js';
import { optionalRecordKey } from './optionalRecordKey.js';
import { PairingBudget } from './pairingBudget.js';
import { asksByParentId } from './parentFilter.js';
import { readsPartOfItem, reportsOwnStatus } from './partOfItem.js';
import { pollsSharing } from './pollsSharing.js';
import { betterPoll, namePair, type PollMerit, pollOrderKey, statusInStartRecord } from './pollTieBreak.js';
import { type RecordLists, recordListCandidates, recordLists } from './recordListPoll.js';
import { listedRecord, listRead, recordKey, recordShapePolls, type ShapePolls } from './recordShapePoll.js';
import { relatedReference } from './relatedReference.js';
import { readsThingNotLink } from './relatingVerbs.js';
import { actsOnPolledItem, qualifiedByPoll, scopedByInput, sharedHead } from './rpcNounHead.js';
import { readsLastRun, runCancel } from './runCancel.js';
import {
  type ListedItem,
  listedCandidates,
  listedStatusReason,
  listedWhere,
  type ScopeListPolls,
  scopeListPolls,
} from './scopeListPoll.js';
import { type CancelScope, siblingCancel } from './siblingCancel.js';
import { keylessReads, type SingletonNaming, singletonCandidates, singletonWhere } from './singletonPoll.js';
import { smithyBinding } from './smithyBinding.js';
import { handleListCandidates, handleLists } from './sourceHandleList.js';
import { readsSourceOnly } from './sourceNoun.js';
import { madeInputs } from './sourceTarget.js';
import { startNounCancel } from './startNounCancel.js';
import { type RecordPolls, statusRecordPolls } from './statusRecordPoll.js';
import { VENDOR_LINK_EVIDENCE, type VendorLink, type VendorPolls, vendorPolls, vendorPollsOf } from './vendorLinks.js';
import { verbUnderWayAtItem } from './verbUnderWayAtItem.js';

const MAX_REJECTED = 8;
/** Rejected polls kept as explain's evidence (IdFlowEvidence.rejected); the rest are counted. */
const MAX_REJECTED_POLLS = 50;
/** Every rejected poll of one start, with its reason, for explain (the strings above are the trace's few). */
type RejectedPolls = { list: IdFlowEvidence['rejected']; more: number };
const nounKey = (n: OperationName | null) => (n ? n.noun.join(' ') : '');
/** A field that links to a thing rather than describing it (`href`, `permalink`, `url`, `self`). */
const LINK_FIELD = /^(?:href|url|uri|link|links|self|permalink|_links)$/i;

interface PollCandidate {
  poll: Operation;
  input: OperationInput;
  idFrom: ValueSource | StartArgSource;
  /** `answer`: the start returns the id; `request`: the client names it. */
  flow: 'answer' | 'request';
  /** The start's field the id comes from, for evidence. */
  field: string;
  /** The noun the id names (idNoun): `OperationId` is an operation's, whatever the start is called. */
  noun: string[];
  /** The status record both answer (statusRecordPoll.ts), whose own status the poll must report. */
  record?: string;
  /** The poll is the item read of the collection a JSON:API identifier's `type` names (identifierType). */
  typed?: true;
  /** The member of the poll's house envelope the document both answer sits in (sameRepresentation.ts). */
  documentAt?: string;
  /** A handle a change to what exists hands out (changeVerbStarts.ts): the id of the call itself. */
  handle?: true;
  /** A link other vendors' layouts make where names do not (vendorLinks.ts): it names the poll as the id would. */
  via?: VendorLink;
  /** The poll takes no id: it lists the scope's items, the job among them (scopeListPoll.ts). */
  listed?: ListedItem;
  /** The read of the item the start acts on by a verb below it (itemActedOn.ts). */
  actedOn?: true;
  /** The start names the item the poll reads by its path's last parameter (itemPathPoll.ts). */
  itemPath?: true;
  /** The poll takes no id: it reads the account's one thing of its kind (singletonPoll.ts). */
  singleton?: SingletonNaming;
  /** The poll follows the start's action on the thing it reads, in this status (actionStatus.ts). */
  action?: StatusByMeaning;
  /** The id is each item's of a list the start answers, one per thing it acts on (memberSets.ts). */
  members?: MemberSet;
  /** The record's other keys, each one more filter beside the id's (filterKeyedRecord.ts). */
  keyCarry?: JobOperationLink['carry'];
  /** The poll's bare `Arn`, its key beside the thing's name, asked by the ARN answered (alternativeArnPoll.ts). */
  alternativeArn?: true;
  /** A part the client names, picked out of its parent's list (namedPartList.ts). */
  part?: true;
  /** The id is what follows `<type>/` in the ARN answered at `field` (arnResourceId.ts). */
  idFromArn?: string;
}

interface Pairing extends PollCandidate {
  status: StatusByMeaning;
  carry: JobOperationLink['carry'];
  merit: PollMerit;
  /** Inputs the poll requires that the agent is asked for at the start (askedInputs.ts). */
  asks: AskedInput[];
}

export function findIdFlowStarts(
  ops: readonly Operation[],
  ctx: DetectContext,
  isFree: (op: Operation) => boolean,
  /**
   * Operations that may poll: those free, and the polls of families found before, which a start found here joins
   * (`StartChannel` polls `DescribeChannel` as `CreateChannel` does): one resource, one status tool.
   */
  canPoll: (op: Operation) => boolean,
  /** Told, for every start considered, the polls it rejected and why (explain, tests, corpus tracing). */
  trace?: (start: Operation, rejected: readonly string[]) => void,
  /** What weighing this run may do; the starts it could not weigh are listed on it (pairingBudget.ts). */
  budget: PairingBudget = new PairingBudget(),
): StartCandidate[] {
  const { reader } = ctx;
  const names = new Map<Operation, OperationName | null>();
  const nameOf = (op: Operation) => {
    if (!names.has(op)) names.set(op, operationName(op));
    return names.get(op)!;
  };
  const inputs = new Map<Operation, OperationInput[]>();
  const inputsOf = (op: Operation) => {
    let i = inputs.get(op);
    if (!i) {
      i = operationInputs(op, reader);
      inputs.set(op, i);
    }
    return i;
  };
  // Polls by the normalised name of each id they require; a bare `id`/`name` also by the poll's noun, since
  // only a poll of the start's own noun (or its created item) may link by one, and large APIs have thousands.
  const polls = new Map<string, Array<{ op: Operation; input: OperationInput }>>();
  // Reads taking an ARN under the thing's own name (`DescribeSimulationJob {job}`), by the read's noun.
  const arnPolls = new Map<string, Array<{ op: Operation; input: OperationInput }>>();
  for (const op of ops) {
    if (!canPoll(op)) continue;
    // A `List…` asks for one job only through a list of ids or a filter by id (listByIds.ts).
    const asked = reads(op, nameOf(op)) ? inputsOf(op) : idListInputs(op, nameOf(op), inputsOf(op));
    for (const input of asked) {
      const idName = idNameOf(input);
      // A bare `identifier` whose pattern is an ARN's (`GetLoggingConfiguration`) is asked for by the ARN answered too.
      if (BARE_IDS.has(norm(idName)) && !isArnField(idName) && arnTypedInput(op, input, reader))
        pushTo(arnPolls, nounKey(nameOf(op)), { op, input });
      if (!isIdName(idName) && arnTypedInput(op, input, reader)) {
        pushTo(arnPolls, nounKey(nameOf(op)), { op, input });
        continue;
      }
      // A request token is a handle only where it is required (a paging token never is): handleInputs.ts.
      if (input.required && isHandleToken(idName)) {
        for (const t of new Set(nameOf(op)?.noun ?? [])) {
          pushTo(polls, `${norm(idName)}#${t}`, { op, input });
        }
        continue;
      }
      // An optional id is a filter (`DescribeStacks(StackName?)` → `Stacks[]`): kept, and weighed as such.
      if (!(isIdName(idName) || (input.required && isRunTogetherId(idName))) || (!input.required && BARE_IDS.has(norm(idName)))) continue;
      // Filed under each noun token of the poll: only a poll sharing a noun with the start can win (bestPairing),
      // and a large API has thousands of operations requiring one `user-id`.
      // A bare id links by the poll's noun only: a read named by no noun would be offered to every start named by none.
      const keys = BARE_IDS.has(norm(idName))
        ? nounKey(nameOf(op)) === ''
          ? []
          : [`${norm(idName)}|${nounKey(nameOf(op))}`]
        : [...new Set(nameOf(op)?.noun ?? [])].flatMap((t) => {
            // `GetJobRun(RunId)` is also asked for as `JobRunId` (rpcNounHead.ts).
            const qualified = qualifiedByPoll(idName, nameOf(op));
            // `ModelPackageName` that admits the ARN is also asked for as `ModelPackageArn` (nameOrArn.ts).
            const arn = arnAliasOf(op, input, reader);
            return [norm(idName), ...(qualified ? [qualified] : []), ...(arn ? [arn] : [])].map((k) => `${k}#${t}`);
          });
      for (const key of keys) {
        pushTo(polls, key, { op, input });
      }
      // A path parameter named by a field path, as grpc-gateway names them (`{execution.workflow_id}`: Temporal's HTTP
      // API), is asked for by the field it ends in too (`workflowId`): the message around it is the request's shape.
      const leaf = input.in === 'path' && idName.includes('.') ? idName.slice(idName.lastIndexOf('.') + 1) : null;
      if (leaf !== null && isIdName(leaf) && !BARE_IDS.has(norm(leaf)))
        for (const t of new Set(nameOf(op)?.noun ?? [])) pushTo(polls, `${norm(leaf)}#${t}`, { op, input });
      // A bare `{id}` whose record says what its `id` is ("The job id.": SendGrid's `GET …/contacts/imports/{id}`) is
      // asked for as that noun's id too (`job_id`), as a parameter named so would be.
      const described = BARE_IDS.has(norm(idName)) && input.in === 'path' ? describedIdNoun(reader, successSchema(op), idName) : null;
      if (described !== null) pushTo(polls, `${described}id#${described}`, { op, input });
    }
  }
  const statuses = new Map<Operation, ReturnType<typeof findStatusByMeaning>>();
  const statusOf = (op: Operation) => {
    let s = statuses.get(op);
    if (!s) {
      // A thing that rests between runs reads as one, whatever its state alone would say (returnsToRest.ts).
      s = findRestingStatus(reader, successSchema(op)) ?? findStatusByMeaning(reader, successSchema(op));
      statuses.set(op, s);
    }
    return s;
  };
  // A status rejected alone may end in the start's own verb done (`ClaimPhoneNumber` → `CLAIMED`: startVerbDone.ts).
  const statusForVerb = verbStatusReader(reader, statusOf);
  // Of several statuses in the poll's answer, the one in the start's own words is its (startAffinity.ts). It depends
  // on the poll and the start's name only, and graph-beta's thousands of starts share a few hundred names.
  const inWords = new Map<string, Map<Operation, ReturnType<typeof findStatusByMeaning>>>();
  const statusInWords = (op: Operation, name: OperationName | null) => {
    const key = name ? `${name.verb} ${name.noun.join(' ')}` : '';
    let byPoll = inWords.get(key);
    if (!byPoll) {
      byPoll = new Map();
      inWords.set(key, byPoll);
    }
    let s = byPoll.get(op);
    if (!s) {
      s = withStartAffinity(reader, successSchema(op), name, statusForVerb(op, name?.verb));
      byPoll.set(op, s);
    }
    return s;
  };

  const envelopes = envelopePolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, reader);
  const records = statusRecordPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, reader);
  const vendors = vendorPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, ctx);
  const shapes = recordShapePolls(
    ops,
    (op) => canPoll(op) && reads(op, nameOf(op)),
    inputsOf,
    reader,
    (op) => canPoll(op) && listRead(op, nameOf(op)),
  );
  const lists = scopeListPolls(ops, canPoll, nameOf, inputsOf, reader);
  const recordListsOf = recordLists(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, reader);
  const readOps = ops.filter((op) => canPoll(op) && reads(op, nameOf(op)));
  const nounNamed = nounNamedPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), nameOf, inputsOf);
  const itemPaths = itemPathPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)));
  const keyless = keylessReads(ops, (op) => canPoll(op) && reads(op, nameOf(op)), nameOf, inputsOf, reader);
  const actionItems = actionItemPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), nameOf, inputsOf);
  const arnTypes = arnTypePolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, reader);
  const keyed = filterKeyedPolls(ops, (op) => canPoll(op) && reads(op, nameOf(op)), inputsOf, reader);
  const handles = handleLists(ops, canPoll, nameOf, inputsOf, reader);
  const arnKeys = alternativeArnReads(ops, (op) => canPoll(op) && reads(op, nameOf(op)), nameOf, inputsOf);
  const arnEnds = arnResourceReads(ops, (op) => canPoll(op) && reads(op, nameOf(op)), nameOf, inputsOf, reader);
  const out: StartCandidate[] = [];
  const seenPaths = new Set<string>();
  for (const start of ops) {
    if (start.method === 'GET' || !isFree(start)) continue;
    const name = nameOf(start);
    // A DELETE removes what exists (RFC 9110 §9.3.5): a start only as a change verb is, through a handle of its
    // own its answer hands out (Hetzner's `DELETE /servers/{id}` → `{action: {id, status}}`), never by what it removes.
    const removes = start.method === 'DELETE';
    // A DELETE answering nothing (most answer 204) hands out nothing to follow: settled before any weighing.
    if (removes && successSchema(start) === undefined) continue;
    const verbRule = removes ? (name ? 'handle' : 'skip') : changeVerbRule(name);
    if (verbRule === 'skip') continue;
    // AWS query protocol declares GET and POST of one `/#Action=X`: one start. Another method at one path is another
    // call (LGTM's `POST` and `DELETE /snapshots/uploads/{session-id}` complete and abort an upload).
    if (seenPaths.has(operationKey(start))) continue;
    // A contract of thousands of starts and reads sharing one id must not hang the generator (pairingBudget.ts).
    if (!budget.open) {
      budget.unweighed.push(start);
      continue;
    }
    const rejected: string[] = [];
    const rejectedPolls: RejectedPolls = { list: [], more: 0 };
    const all = [
      ...candidatesOf(
        start,
        name,
        polls,
        inputsOf,
        ctx,
        canPoll,
        envelopes,
        arnPolls,
        records,
        vendors,
        shapes,
        lists,
        nameOf,
        recordListsOf,
      ).map((c) => (c.actedOn ? followsAction(c, name, nameOf, reader, statusOf) : c)),
      ...nounNamedCandidates(start, name, nounNamed, inputsOf),
      ...itemPathCandidates(start, name, itemPaths, nameOf, inputsOf),
      // A link between two things, read in one side's list of its links by the other's id (linkRecordList.ts).
      ...linkListCandidates(name, inputsOf(start), readOps, nameOf, inputsOf, reader).map(({ poll, key, itemsAt, itemId }) => ({
        ...fromRequest(poll, { name: itemId, in: 'body', required: true }, key, idNoun(key.name), false),
        listed: { itemsAt, itemId },
      })),
      ...actionItemCandidates(start, name, actionItems, nameOf, inputsOf, reader, statusOf).map(({ poll, input, from, action }) => ({
        ...fromRequest(poll, input, from, idNoun(from.name), false),
        action,
      })),
      ...arnTypeCandidates(start, arnTypes, nameOf, inputsOf, reader).map(({ poll, input, field, noun }) => ({
        poll,
        input,
        idFrom: `body:${field}` as const,
        flow: 'answer' as const,
        field,
        noun,
        bare: false,
      })),
      ...filterKeyedCandidates(start, keyed, reader).map((k) => ({ ...answeredRecord(k.poll, k.input, k.field, k.at), keyCarry: k.carry })),
      ...handleListCandidates(start, name, handles, inputsOf, nameOf, reader),
      ...alternativeArnCandidates(start, name, arnKeys, inputsOf, reader),
      ...arnResourceCandidates(start, name, arnEnds, inputsOf, reader),
    ];
    // A change to what exists starts a job only through a handle its answer hands out (changeVerbStarts.ts).
    // Or through a read of that very action's status, asked by what it was given (actionStatusPoll.ts).
    const candidates =
      verbRule === 'handle' && name
        ? all.flatMap((c) =>
            c.flow === 'answer' &&
            (isFreshHandle(name, handleField(c), inputsOf(start), start.method) ||
              (readsWholeAnswer(c) && isRecordHandle(start.method, reader.documentKey(successSchema(start)), start.path)))
              ? [{ ...c, handle: true as const }]
              : c.flow === 'request' &&
                  !removes &&
                  (namedForAction(name, nameOf(c.poll)) ||
                    (samePath(start, c.poll) && verbUnderWayAtItem(start, name.verb, valuesOf(statusOf(c.poll)))))
                ? [c]
                : [],
          )
        : all;
    const smithy = smithyBinding(start, ctx.index.model);
    const readStatus = (op: Operation) => statusInWords(op, name);
    const runs = collectionAction(start, name, ctx.index.model) !== null;
    const pair = (cs: typeof candidates) =>
      bestPairing(start, name, cs, nameOf, inputsOf, readStatus, reader, smithy, rejected, rejectedPolls, runs, budget);
    // A read that takes no id only where none takes one the start hands out (singletonPoll.ts).
    const best =
      pair(candidates) ??
      (verbRule === 'handle'
        ? null
        : pair(
            singletonCandidates(start, name, keyless, nameOf, inputsOf).map((c) => ({
              ...c,
              idFrom: 'body:' as const,
              flow: 'answer' as const,
              field: '',
              noun: [...(name?.noun ?? [])],
              bare: false,
              singleton: c.naming,
            })),
          ));
    trace?.(start, rejected);
    if (!best) continue;
    seenPaths.add(operationKey(start));
    const candidate = toCandidate(start, best, nameOf(best.poll), ops, isFree, nameOf, inputsOf, ctx, rejected);
    // An action followed in a status of its own beside the thing's is a family of its own (actionStatus.ts).
    const natural = statusOf(best.poll);
    if (best.action && ('rejected' in natural || best.action.field !== natural.field)) {
      candidate.name = actionFamilyName(name, nameOf(best.poll));
      candidate.ownStatus = true;
    }
    // A status the start's own words chose over the one read alone is that start's family (startAffinity.ts):
    // `CreateMediaConcatenationPipeline` and `CreateMediaInsightsPipeline` read one answer, each its own member.
    const verbRead = statusForVerb(best.poll, name?.verb);
    if (!best.action && !best.listed && !('rejected' in verbRead) && best.status.field !== verbRead.field) {
      candidate.name = affinityFamilyName(nameOf(best.poll), best.status.field, verbRead.field);
      candidate.ownStatus = true;
    }
    // A part the client names, picked out of its parent's list, is named for itself (`edge_deployment_stage`), not
    // for the parent the read is named after (namedPartList.ts).
    if (best.part && name) candidate.name = toSnakeCase(name.noun.join('_'));
    candidate.idFlow = idFlowEvidence(best, rejectedPolls, candidate.poll?.link);
    out.push(candidate);
  }
  return out;
}

/** A status read's field, or null where none was judged. */
const fieldOf = (status: ReturnType<typeof findStatusByMeaning>): string | null => ('rejected' in status ? null : status.field);

/** An operation that reads: a GET, or an RPC call whose name says so (`DescribeCluster`, `GetQueryExecution`). */
function reads(op: Operation, name: OperationName | null): boolean {
  // An RPC path names its action whatever the method: `GET /#Action=CreateStack` creates.
  if (op.method === 'GET' && rpcAction(op.path) === null) return true;
  return (op.method === 'POST' || op.method === 'GET') && name !== null && READ_VERBS.includes(name.verb) && name.verb !== 'list';
}

/** Id-like fields of the start's answer, top level and one object down, with the names each may be asked by. */
/**
 * The poll reads again the document that is the start's whole answer, by its own id (sameRepresentation.ts, not inside
 * a house envelope): Yandex Cloud's `POST /instances` → `Operation` → `GET /operations/{operationId}`.
 */
function readsWholeAnswer(c: object): boolean {
  return 'via' in c && c.via === 'representation' && !('documentAt' in c && c.documentAt !== undefined);
}

/** The noun a record's own `id` is described as the id of ("The job id.", "The id of the job."), else null. */
function describedIdNoun(reader: SchemaReader, answer: JsonSchema | undefined, idName: string): string | null {
  const field = reader.resolve(reader.properties(answer).get(idName))?.description;
  if (typeof field !== 'string') return null;
  const m = /^\s{0,4}(?:the |a |an )?(?:([a-z]{3,20})[ _-]?id\b|id of (?:the |a |an )?([a-z]{3,20})\b)/i.exec(field);
  const noun = (m?.[1] ?? m?.[2])?.toLowerCase();
  return noun === undefined || noun === 'unique' ? null : singular(noun);
}

/** The noun one member of a list is (`_embedded.activities` → `activity`). */
function memberNoun(members: MemberSet): string[] {
  return nameTokens(members.itemsAt.split('.').at(-1)!).map(singular);
}

/**
 * The answered id is a JSON:API identifier whose type is not the collection of the start's own path `{key}` (VirusTotal's
 * `POST /files/{id}/analyse` answers `{data: {type: "analysis", id}}`): the id names something the call made.
 */
function otherTypeThanGiven(start: Operation, key: string, id: AnswerId, typedAt: (field: string) => boolean): boolean {
  if (id.noun === undefined || !id.path.includes('.') || !typedAt(id.path)) return false;
  const segments = splitPath(start.path).pathname.split('/');
  const at = segments.findIndex((s) => /^\{[^{}]+\}$/.test(s) && norm(s.slice(1, -1)) === key);
  const collection = at > 0 ? nameTokens(segments[at - 1]!) : [];
  if (collection.length === 0) return false;
  const given = [...collection.slice(0, -1), singular(collection.at(-1)!)].join(' ');
  return given !== id.noun.join(' ');
}

/**
 * The GET item reads of the collection a JSON:API identifier's type names (namesBareItem), once per contract, type
 * and id kind: a hostile contract of thousands of starts answering identifiers must not scan every GET for each.
 */
function typedReads(
  model: ApiModel,
  noun: readonly string[],
  field: string,
  inputsOf: (op: Operation) => OperationInput[],
): ReadonlyArray<{ op: Operation; input: OperationInput }> {
  let byType = TYPED_READS.get(model);
  if (!byType) {
    byType = new Map();
    TYPED_READS.set(model, byType);
  }
  const key = `${noun.join(' ')}|${field.slice(field.lastIndexOf('.') + 1)}`;
  let found = byType.get(key);
  if (!found) {
    found = model.operations.flatMap((op) =>
      op.method === 'GET' ? inputsOf(op).flatMap((input) => (namesBareItem(noun, op, input, field) ? [{ op, input }] : [])) : [],
    );
    byType.set(key, found);
  }
  return found;
}
const TYPED_READS = new WeakMap<ApiModel, Map<string, ReadonlyArray<{ op: Operation; input: OperationInput }>>>();

/**
 * The field a candidate's id is judged by as a handle: a list of bare ids (`tasks: [string]`, memberSets.ts) has no
 * field name of its own, only its things' noun, so its items are judged as `<noun>_id` (`task_id`).
 */
function handleField(c: PollCandidate): string {
  return c.members?.itemId === '' && c.noun.length > 0 ? `${c.noun.join('_')}_id` : c.field;
}

/** The start's path ends in its own verb (`POST /v2/push` of `pushJob`): it names the act, not a thing. */
function pathIsVerb(start: Operation, name: OperationName): boolean {
  const last = splitPath(start.path).pathname.replace(/\/$/, '').split('/').at(-1) ?? '';
  return nameTokens(last).join(' ') === name.verb;
}

function answerIds(start: Operation, startName: OperationName | null, reader: SchemaReader): AnswerId[] {
  const out: AnswerId[] = [];
  const props = reader.properties(successSchema(start));
  // Beside the answer's own `id`, another thing's id is a reference (`createMessage` → `{id, run_id}`: the run
  // that wrote the message, not a job it started), unless it names the start's own noun.
  const reference = (level: Map<string, unknown>, field: string) =>
    !BARE_IDS.has(norm(field)) && (level.has('id') || level.has('uuid')) && !idNoun(field).some((t) => startName?.noun.includes(t));
  const handle = (field: string) => isIdName(field) || isHandleToken(field);
  for (const [name, p] of props) {
    if (handle(name) && reader.typeOf(p) !== 'object' && !reference(props, name)) {
      const own = norm(name);
      // A bare `id` answered by `CreateAccessPreview` is the access preview's: asked for as `accessPreviewId`.
      const named = BARE_IDS.has(own) && startName ? [norm(startName.noun.join('')) + own] : [];
      out.push({ path: name, keys: [own, ...named], bare: BARE_IDS.has(own) });
    }
    if (reader.typeOf(p) !== 'object') continue;
    const innerProps = reader.properties(p);
    // A JSON:API resource (`{data: {type, id, attributes: {sid}}}`) holds its fields in `attributes`, beside its id.
    // A JSON:API resource identifier (`{data: {type: "analysis", id}}`) says whose its id is by its `type`.
    const typed = identifierType(reader, innerProps);
    for (const { name: inner, schema: q, at } of resourceMembers(reader, p)) {
      if (!handle(inner) || reader.typeOf(q) === 'object' || reference(innerProps, inner)) continue;
      // `{update: {id}}` is asked for as `updateId`; `{cluster: {name}}` as `name`.
      const own = norm(inner);
      const prefixed = own.startsWith(norm(name)) ? own : norm(name) + own;
      const noun = typed !== null && at === 'id' ? { noun: typed } : {};
      out.push({ path: `${name}.${at}`, keys: [...new Set([prefixed, own])], bare: BARE_IDS.has(own), ...noun });
    }
  }
  // `operations: [{id}]`, one handle per thing the start acts on: a job over a set (memberSets.ts).
  out.push(...answerSetIds(start, reader, reference));
  return out;
}

function candidatesOf(
  start: Operation,
  name: OperationName | null,
  polls: Map<string, Array<{ op: Operation; input: OperationInput }>>,
  inputsOf: (op: Operation) => OperationInput[],
  ctx: DetectContext,
  isFree: (op: Operation) => boolean,
  envelopes: ReturnType<typeof envelopePolls>,
  arnPolls: Map<string, Array<{ op: Operation; input: OperationInput }>>,
  records: RecordPolls,
  vendors: VendorPolls,
  shapes: ShapePolls,
  lists: ScopeListPolls,
  nameOf: (op: Operation) => OperationName | null,
  recordListsOf: RecordLists,
): Array<PollCandidate & { bare: boolean }> {
  const out: Array<PollCandidate & { bare: boolean }> = [];
  // An optional id input lets the client name the job, or not (`StartMatchmaking {TicketId?}` answers `TicketId`):
  // only a required one says the start acts on something that exists.
  // Polls asked by `key`: a bare id only from the start's own noun, or at the item of the collection it posts to.
  const allItemReads = ctx.index.under(start.path, '/{}', 'GET');
  const itemReads = allItemReads.filter(isFree);
  const hasItemRead = allItemReads.length > 0;
  const rpcStart = isRpcCall(start);
  // A bare `{id}` before a collection that has items names their parent (`POST /images/{id}/actions`,
  // `PUT /projects/{id}/devEnvironments` beside `GET …/devEnvironments/{id}`; RFC 3986's hierarchy): it is not the
  // start's own id, and the `id` the answer hands out is the new item's, which only that item read asks for as its
  // own `{id}` (bareItemParam.ts). Without an item read below, a verb may follow the item itself (`…/{id}/copy`).
  const parentKeys = new Set(
    hasItemRead
      ? inputsOf(start)
          .map((i) => norm(i.name))
          .filter((k) => parentIdOnly(start, k, inputsOf(start)))
      : [],
  );
  const own = new Set(
    inputsOf(start)
      .filter((i) => i.required && !parentKeys.has(norm(i.name)))
      .map((i) => norm(i.name)),
  );
  // A bare path id the start takes is asked by a read of the very item it addresses under the head of its noun
  // (`POST /dynamic-thing-groups/{id}` → `GET /thing-groups/{id}`: kindItemPath.ts), as under the noun itself.
  const sameItem = (key: string) => {
    if (!name || !inputsOf(start).some((i) => i.in === 'path' && norm(i.name) === key)) return [];
    const heads = name.noun.slice(1).map((_, k) => `${key}|${name.noun.slice(k + 1).join(' ')}`);
    return heads.flatMap((h) => polls.get(h) ?? []).filter(({ op }) => op !== start && samePath(start, op));
  };
  const typedAt = (field: string) =>
    identifierType(
      ctx.reader,
      ctx.reader.properties(schemaAtPath(ctx.reader, successSchema(start), field.slice(0, field.lastIndexOf('.')))),
    ) !== null;
  const referenceOnly = (at: string) => {
    const props = ctx.reader.properties(schemaAtPath(ctx.reader, successSchema(start), at));
    const fields = [...props.keys()];
    const typed = identifierType(ctx.reader, props) !== null;
    return fields.length > 0 && fields.every((f) => isIdName(f) || LINK_FIELD.test(f) || (typed && IDENTIFIER_MEMBERS.has(f)));
  };
  // Or by place: a bare `{id}` of the item of a collection the id's noun names (bareItemParam.ts).
  const asked = (
    key: string,
    idTokens: readonly string[],
    field: string,
  ): Array<{ op: Operation; input: OperationInput; typed?: true }> => {
    const item = itemReads.flatMap((op) =>
      inputsOf(op)
        .filter((i) => i.in === 'path' && (norm(i.name) === key || namesBareItem(idTokens, op, i, field)))
        .map((input) => ({ op, input })),
    );
    // A bare id inside a reference named for its thing (`{execution: {id, href, permalink}}`: Rundeck's ad hoc run,
    // an object of the id and links to it and nothing else) is asked for by the reads of that thing's noun too, as
    // `{update: {id}}` is asked for as `updateId`. Not inside a record (Airbyte's `jobInfo` of a check that ran).
    const holder = field.includes('.') && referenceOnly(field.slice(0, field.lastIndexOf('.'))) ? idTokens.join(' ') : '';
    const held: Array<{ op: Operation; input: OperationInput; typed?: true }> =
      holder !== '' && holder !== nounKey(name) ? [...(polls.get(`${key}|${holder}`) ?? [])] : [];
    // A JSON:API identifier's `type` names the collection whose item read takes its id (`{type: "analysis", id}` →
    // `GET /analyses/{id}`), wherever that collection is, as a bare id at the start's own collection is (bareItemParam.ts).
    if (holder !== '' && typedAt(field))
      for (const { op, input } of typedReads(ctx.index.model, idTokens, field, inputsOf))
        if (op !== start && isFree(op)) held.push({ op, input, typed: true as const });
    if (BARE_IDS.has(key)) return [...(polls.get(`${key}|${nounKey(name)}`) ?? []), ...held, ...sameItem(key), ...item];
    const shared = pollsSharing(polls, key, [...new Set([...(name ? [name.verb, ...name.noun] : []), ...idTokens])]);
    return item.length === 0 ? [...shared.list] : [...shared.list, ...item.filter((c) => !shared.ops.has(c.op))];
  };

  for (const id of answerIds(start, name, ctx.reader)) {
    // Every poll below takes the id the start answers at `id.path`.
    const answered = (poll: Operation, input: OperationInput, noun: string[], bare: boolean, record?: string, typed?: true) => {
      const extra = { ...(record ? { record } : {}), ...(id.members ? { members: id.members } : {}), ...(typed ? { typed } : {}) };
      if (poll !== start) out.push({ poll, input, idFrom: `body:${id.path}`, flow: 'answer', field: id.path, noun, bare, ...extra });
    };
    // `{action: {id}}` is asked for by the reads of that envelope (envelopePoll.ts), whatever their name, and even
    // when the start takes an `id` of its own (`POST /servers/{id}/actions/rebuild`): the envelope says whose it is.
    for (const { op, input } of envelopes.get(id.path) ?? []) answered(op, input, idNoun(id.path), true);
    // A status record the poll answers again (`{RefreshSchemasStatus: {EndpointArn}}`), even when the start takes the
    // id itself: the record is the job, the id only its key.
    for (const { op, input } of records.get(id.path) ?? []) answered(op, input, idNoun(id.path), false, id.path.split('.')[0]!);
    // The same record answered again under another name (`MatchmakingTicket` → `TicketList[]`): recordShapePoll.ts.
    const [holder, field] = id.path.split('.');
    const key = field === undefined ? null : recordKey(ctx.reader, ctx.reader.properties(successSchema(start)).get(holder!), field);
    for (const { op, input, at } of (key && shapes.get(key)) || []) answered(op, input, idNoun(id.path), false, at);
    // An ARN the start answers (`arn`, or its own noun's `…Arn`) goes to a read of the same noun that takes an
    // ARN under the thing's name (`CreateSimulationJob` → `{arn}` → `DescribeSimulationJob {job}`).
    const ownArn = isArnField(id.path) && (id.bare || idNoun(id.path).join(' ') === nounKey(name));
    if (ownArn && name && !own.has(norm(id.path.split('.').at(-1)!)))
      for (const { op, input } of arnPolls.get(nounKey(name)) ?? []) answered(op, input, [...name.noun], false);
    // A list of the scope the start acted in, its items carrying the id (scopeListPoll.ts); an id the start takes
    // at all, even optional (`PutSchemaVersionMetadata {SchemaVersionId?}`), names something that exists.
    const fresh = id.keys.filter((k) => !inputsOf(start).some((i) => norm(i.name) === k));
    // Or a list of the job's records in its parent's read (recordListPoll.ts).
    // A REST collection's own list (`POST /payments/{id}/refunds` → `GET …/refunds`) is no parent's record list
    // when the collection has an item read: that item is the job's read, and the resource convention judges it.
    const collectionList = (poll: Operation) => !rpcStart && start.method === 'POST' && samePath(start, poll) && hasItemRead;
    const listed =
      fresh.length > 0
        ? [
            ...listedCandidates(id.path, fresh, name, lists, nameOf),
            ...recordListCandidates(id.path, name, recordListsOf, nameOf).filter((c) => !collectionList(c.poll)),
          ]
        : [];
    for (const { poll, input, noun, itemsAt, itemId } of listed)
      if (poll !== start)
        out.push({
          poll,
          input,
          idFrom: `body:${id.path}`,
          flow: 'answer',
          field: id.path,
          noun,
          bare: false,
          listed: { itemsAt, itemId },
        });
    // A bare `id` that a POST to its own verb answers, asked for under the action's noun (`POST /v2/push` named
    // `pushJob` → `{id}` → `GET /v2/jobs/{job_id}`) or bare (Argo's `POST …/submit` → `{metadata: {name}}` →
    // `GET …/workflows/{namespace}/{name}`), is that noun's: the path names the act, not a collection, and the name
    // says what the act makes. Not under the answer's own spelling (`id`, `metadataname`: any read's). A POST to a
    // collection with item reads answers one of its items (REST's layout links those), not another collection's
    // `{group_id}` of the same noun; a path that names the thing (`PUT /access-preview`) read elsewhere
    // (`GET /previews/{accessPreviewId}`) stays too common to link by.
    const ownNounId = (key: string) =>
      id.bare && key !== id.keys[0] && name !== null && start.method === 'POST' && !hasItemRead && !rpcStart && pathIsVerb(start, name);
    // A member's bare `id` asked for under its list's noun (`_embedded.activities[].id` as `{activityId}`) is named
    // by the list, as `{action: {id}}`'s is by its envelope, where the answer embeds the resources an accepted call
    // set going (HAL's `_embedded` on a 202: Platform.sh). Not any list: a search answers the things it found
    // (Square's `POST /v2/terminals/checkouts/search` → `checkouts[]`), and starts none of them.
    const listNamed = (key: string) =>
      id.members !== undefined &&
      id.bare &&
      id.members.itemsAt.startsWith('_embedded.') &&
      start.responses.some((r) => r.status === '202') &&
      key !== norm(id.path.split('.').at(-1)!);
    // A list named as its things (`tasks: [string]`) names their noun by its own name, not by an id word.
    const idTokens = id.noun ?? idNoun(id.path);
    for (const key of id.keys) {
      // The start already takes this id: it acts on an existing resource, or names it (the request flow below).
      // Unless it takes a bare one only as the parent it acts under: the item read's own `{id}` is the new item's.
      // Not a JSON:API identifier of another type than the item the start was given (`POST /files/{id}/analyse`
      // answers `{type: "analysis", id}`): that id is the new analysis's, not the file's.
      if (own.has(key) && !otherTypeThanGiven(start, key, id, typedAt)) continue;
      const underParent = parentKeys.has(key);
      // `checkout.id` asked for as `checkout_id` is still a generic `id`: every resource has one.
      // Asked under another of its names (`ModelPackageArn` for `ModelPackageName`), the input must not be one the
      // start takes itself: `CreateFunctionUrlConfig(FunctionName)` answers the function's ARN, no new function's.
      // A bare `{id}` of the item read is not the start's own `{id}` of the parent it posts under (bareItemParam.ts).
      for (const { op, input, typed } of asked(key, idTokens, id.path)) {
        if (underParent && !(itemReads.includes(op) && trailingParam(op.path) === input.name)) continue;
        if (norm(input.name) === key || !own.has(norm(input.name)) || namesBareItem(idTokens, op, input, id.path))
          answered(
            op,
            input,
            ownNounId(key) ? [...name!.noun] : listNamed(key) ? memberNoun(id.members!) : idTokens,
            id.bare && !listNamed(key),
            undefined,
            typed,
          );
      }
    }
    // A bare id of a qualified noun is its head noun's too (`image action` → `{id}` → `GET /actions/{action_id}`): kindNouns.ts.
    if (id.bare && !own.has(norm(id.path)))
      for (const k of kindIdKeys(name, id.path, own))
        for (const { op, input } of polls.get(k.key) ?? [])
          if (readsKind(k.noun, nameOf(op)) && sameKindRecord(ctx.reader, successSchema(start), successSchema(op)))
            answered(op, input, k.noun, false);
    // The same opaque id under another of its names (`RecordDetail.RecordId` → `DescribeRecord(Id)`): nounIdPolls.ts.
    for (const k of nounIdKeys(id.path))
      for (const { op, input } of polls.get(k.key) ?? []) if (!own.has(norm(input.name))) answered(op, input, k.noun, false);
  }
  // Links by other vendors' layouts (vendorLinks.ts), unless the start takes that id itself: it acts on what exists.
  // A bare path `{id}` of a POST under another collection than the item the poll reads is another thing's (Probely's
  // `POST /targets/{id}/scan_now/` takes a target's, `GET /targets/{target_id}/scans/{id}/` a scan's:
  // companionInputs.ts); a POST's answer is what it made (RFC 9110 §9.3.3), a PUT's or PATCH's the item it changed,
  // unless that answer is the very document the poll reads and the item another collection's: Exoscale's
  // `PUT /instance/{id}:start` answers an `operation`, read at `GET /operation/{id}` by the operation's own `id`.
  const another = (i: OperationInput, input: OperationInput, poll: Operation, via?: string) =>
    (start.method === 'POST' || via === 'representation') &&
    trailingParam(poll.path) === input.name &&
    otherCollections(i, input, start, poll);
  // An answered id the start's path names as the parent it acts under (`POST /datastore/{datastoreId}/imageSet/{id}/copy`
  // echoes `datastoreId`) is that parent's, however the poll calls it (`GET /datastore/{id}`): it exists already. Not a
  // bare one: an answered `id` is the new item's, whatever the parent is called (bareItemParam.ts `parentIdOnly`).
  const parents = new Set(
    pathParams(resourcePath(start.path))
      .filter((p) => p !== trailingParam(resourcePath(start.path)))
      .map(norm)
      .filter((k) => !BARE_IDS.has(k)),
  );
  const echoesParent = (field: string) => parents.has(norm(field.split('.').at(-1) ?? ''));
  const takes = (input: OperationInput, poll: Operation, via?: string) =>
    inputsOf(start).some((i) => i.required && norm(i.name) === norm(input.name) && !another(i, input, poll, via));
  for (const c of vendorPollsOf(start, vendors, ctx))
    if (c.poll !== start && !takes(c.input, c.poll, c.via) && !echoesParent(c.field))
      out.push({ ...c, idFrom: `body:${c.field}`, flow: 'answer', noun: idNoun(c.field) });
  // The item of the collection the start posts to, its parameter named otherwise than the answer's id
  // (`POST /exports` → `{id}`, `GET /exports/{export_id}`): REST's own layout links them (itemIdentity.ts).
  // The create answers the item, status included: without a status beside the id there is no lifecycle to follow
  // (and large APIs have thousands of items whose status would be read for nothing).
  // The answer is the id itself (`"3f2c…"`): the collection's item, or its status, reads it (bareIdAnswer.ts).
  for (const { op, input } of bareIdPolls(start, ctx, isFree, inputsOf))
    out.push({ poll: op, input, idFrom: 'body:', flow: 'answer', field: '', noun: [], bare: false, via: 'bare id' });
  // A poll already offered by the item's own parameter is not offered again (another of its inputs may have been).
  const linked = new Set(out.filter((c) => c.input.in === 'path' && c.input.name === pathParams(c.poll.path).at(-1)).map((c) => c.poll));
  // Or the collection is named by the action itself: its items are that action's runs (actionCollection.ts).
  const itemsByName = answersStatus(start, ctx.reader) || collectionAction(start, name, ctx.index.model);
  for (const op of ctx.index.under(start.path, '/{}', 'GET')) {
    if (op === start || linked.has(op) || !isFree(op)) continue;
    const param = pathParams(op.path).at(-1);
    const input = inputsOf(op).find((i) => i.in === 'path' && i.name === param);
    if (!input || param === undefined) continue;
    // Or the item's parameter states the field it takes, by its schema or its description (paramBinding.ts): the
    // contract's own binding, as good as a shared name, status beside the id or not.
    const named = itemsByName ? itemIdField(start, param, ctx.reader) : null;
    const bound = named === null ? boundAnswerField(start, op, param, ctx.reader) : null;
    const field = named ?? bound;
    if (field === null) continue;
    out.push({ poll: op, input, idFrom: `body:${field}`, flow: 'answer', field, noun: idNoun(field), bare: bound === null });
  }
  // A read of the start's own noun elsewhere (`StartJobRun` → `GET /jobs/{name}/jobRun/{id}`), its item's bare
  // parameter bound to an answer field by its schema and description (paramBinding.ts): the names pair the two,
  // the contract's binding says which field fills the `{id}`.
  for (const bare of ['id', 'uuid', 'identifier'])
    for (const { op, input } of polls.get(`${bare}|${nounKey(name)}`) ?? []) {
      if (op === start || linked.has(op) || input.in !== 'path' || input.name !== pathParams(op.path).at(-1)) continue;
      const field = boundAnswerField(start, op, input.name, ctx.reader);
      if (field !== null) out.push({ poll: op, input, idFrom: `body:${field}`, flow: 'answer', field, noun: idNoun(field), bare: false });
    }
  // A change keeps a request candidate only as a read of that action's status (findIdFlowStarts, actionStatusPoll.ts):
  // graph-beta's 3,000 updates were offered 1.2M reads of their parents in all, all but a few thousand dropped there.
  const change = changeVerbRule(name) === 'handle';
  // Or as the item's own read, where the change answers 202 at the item (verbUnderWayAtItem.ts weighs its status).
  const accepted = start.responses.some((r) => r.status === '202');
  const changeReads = (op: Operation) => !change || namedForAction(name, nameOf(op)) || (accepted && samePath(start, op));
  for (const input of inputsOf(start)) {
    if (!input.required || !isIdName(input.name)) continue;
    const noun = idNoun(input.name);
    for (const { op, input: pollInput } of asked(norm(input.name), noun, input.name)) {
      if (op !== start && changeReads(op)) out.push(fromRequest(op, pollInput, input, noun, BARE_IDS.has(norm(input.name))));
    }
  }
  // A named part of a parent, read in the parent's list of such parts (`StageName` in `Stages`): namedPartList.ts.
  for (const input of inputsOf(start)) {
    if (!input.required || !isIdName(input.name)) continue;
    for (const { poll, input: pollInput, noun, itemsAt, itemId } of namedPartCandidates(
      input,
      name,
      inputsOf(start),
      recordListsOf,
      nameOf,
      inputsOf,
    ))
      if (poll !== start) out.push({ ...fromRequest(poll, pollInput, input, noun, false), listed: { itemsAt, itemId }, part: true });
  }
  // A copy or restore names what it makes `target<X>` beside `source<X>`; the read asks for it as X: sourceTarget.ts.
  // The made thing's own id (`tableName` of `GetTable`), not its scope's (`keyspaceName`, carried beside it).
  for (const { input, as } of madeInputs(inputsOf(start)))
    for (const { op, input: pollInput } of asked(norm(as), idNoun(as), as))
      if (op !== start && idNamesPoll(idNoun(as), nameOf(op)))
        out.push(fromRequest(op, pollInput, input, idNoun(as), BARE_IDS.has(norm(as))));
  // `PUT /projects/{name}/startProjectSession` → `GET /projects/{name}`, whatever the read is called: itemActedOn.ts.
  // Weighed even beside a plain request candidate of that input: the layout is evidence a plain one lacks.
  for (const { op, input } of itemActedOn(start, name, ctx.index, isFree, inputsOf))
    out.push({ ...fromRequest(op, input, input, idNoun(input.name), true), actedOn: true });
  return out;
}

/** A poll that answers again the record the start answered at `field`'s holder, found at `at` in the poll's answer. */
function answeredRecord(poll: Operation, input: OperationInput, field: string, at: string): PollCandidate & { bare: boolean } {
  return { poll, input, idFrom: `body:${field}`, flow: 'answer', field, noun: idNoun(field), bare: false, record: at };
}

/** A poll that requires `pollInput`, given the start's own input `input` (the id flows from the request). */
function fromRequest(
  op: Operation,
  pollInput: OperationInput,
  input: OperationInput,
  noun: string[],
  bare: boolean,
): PollCandidate & { bare: boolean } {
  return { poll: op, input: pollInput, idFrom: argOf(input), flow: 'request', field: input.name, noun, bare };
}

function bestPairing(
  start: Operation,
  name: OperationName | null,
  candidates: Array<PollCandidate & { bare: boolean }>,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  statusOf: (op: Operation) => ReturnType<typeof findStatusByMeaning>,
  reader: SchemaReader,
  /** The start is a Smithy action (an AWS contract), whatever its HTTP binding. */
  smithy: boolean,
  rejected: string[],
  rejectedPolls: RejectedPolls,
  /** The start posts to a collection its action names: the items are its runs (actionCollection.ts). */
  runs: boolean,
  budget: PairingBudget,
): Pairing | null {
  let best: Pairing | null = null;
  const reject = (op: Operation, reason: string) => {
    // One poll weighed by several of its inputs (an ARN and a name) is refused once for one reason: explain says it once.
    if (rejectedPolls.list.some((r) => r.op.pointer === op.pointer && r.reason === reason)) return;
    if (rejectedPolls.list.length < MAX_REJECTED_POLLS) rejectedPolls.list.push({ op: toOperationRef(op), reason });
    else rejectedPolls.more += 1;
  };
  const startInputs = inputsOf(start);
  for (const c of candidates) {
    budget.weigh();
    // Once explain's lists are full a refused poll is only counted, whichever check refuses it, so the cheapest goes
    // first: graph-beta's starts each offer thousands of reads under the parent their path parameter names.
    if (rejectedPolls.list.length >= MAX_REJECTED_POLLS && rejected.length >= MAX_REJECTED && parentParamOnly(start, c, startInputs)) {
      rejectedPolls.more += 1;
      continue;
    }
    const pollName = nameOf(c.poll);
    const affinity = nameAffinity(name, pollName);
    // `DescribeLDAPSSettings` reads what `EnableLDAPS` names (attributeReads.ts).
    const same = sameNoun(name, pollName) || readsOwnSettings(name, pollName);
    const item = restItemOf(start, c.poll, c.input);
    const itemOrStatus = item || itemStatusOf(start, c.poll, c.input);
    // A few reasons are enough to explain a miss; large APIs offer thousands of candidates.
    const why = (reason: string) => {
      reject(c.poll, reason);
      if (rejected.length < MAX_REJECTED) rejected.push(`${describeOp(c.poll)}: ${reason}`);
    };
    // `RestoreFromSnapshot` → `GetSnapshot` reads where the start takes its input from, not what it makes (sourceNoun.ts).
    if (readsSourceOnly(name, pollName)) {
      why(`it reads the ${pollName!.noun.join(' ')} the start takes its input from, not what it makes`);
      continue;
    }
    // An RPC pair (AWS JSON/query protocols, or paths that name their action: actionPath.ts) carries no path to
    // relate the two: the start must bring something up and every noun token of the poll must be in the start's name
    // (`RunTask` ↔ `DescribeTasks`).
    const rpc = isRpcCall(start) || isRpcCall(c.poll);
    // The answer hands out an id that names the poll's noun and the poll requires it (`RegisterDomain` →
    // `{OperationId}` → `GetOperation(OperationId)`): the data links them, whatever the start is called.
    // A request token (handleInputs.ts), or the handle a change hands out, answered and required under the very same
    // name is the data flow itself, once the poll shares a word with the start or the token names the poll.
    // A change's handle may be asked optionally, by a read listing such calls (`DeleteInventory` → `DeletionId` →
    // `DescribeInventoryDeletions {DeletionId?}`): fresh and under its very name, it is the data flow still.
    const token =
      c.flow === 'answer' &&
      (c.input.required || c.handle === true) &&
      (isHandleToken(c.field) || c.handle === true) &&
      norm(c.field.split('.').at(-1)!) === norm(c.input.name) &&
      (affinity > 0 || idNamesPoll(c.noun, pollName));
    // A list or filter of the poll's own noun's ids (`DescribeJobs {filters: {jobIDs}}`) asks for the one job,
    // optional as such lists are (empty lists all): the answered id names the thing the poll lists.
    const asksOne = (c.input.list !== undefined || c.input.filter !== undefined) && idNamesPoll(idNoun(idNameOf(c.input)), pollName);
    if (!c.keyCarry && asksByParentId(reader, successSchema(start), c, isIdName)) {
      why(
        `\`${c.field}\` names what the ${c.field.split('.')[0]} sits in, not the record itself: \`${c.input.name}\` would list all its items`,
      );
      continue;
    }
    const related = c.flow === 'answer' ? relatedReference(reader, successSchema(start), c.field) : null;
    if (related) {
      why(`\`${c.field}\` is the id of the ${related} the answer points to beside its own id, not of the job (relatedReference.ts)`);
      continue;
    }
    // The record of the thing the start names, echoing its id, points to another thing by `c.field` (echoedRecord.ts).
    const echoed = c.flow === 'answer' && !c.members ? echoedRecordId(reader, successSchema(start), c.field, startInputs) : null;
    if (echoed) {
      why(`\`${c.field}\` is what the record of the thing the start names (\`${echoed}\`) points to, not a handle of the call`);
      continue;
    }
    // Or what the record of the thing the start makes points to (`MultiplexProgram.ChannelId`: echoedRecord.ts).
    const pointsTo = c.flow === 'answer' && !c.members ? madeRecordReference(c.field, name) : null;
    if (pointsTo) {
      why(`\`${c.field}\` is the ${pointsTo} the ${name!.noun.join(' ')} the start makes belongs to or uses, not a handle of the call`);
      continue;
    }
    // Another id of the item the start was given in its path is no handle of the call (givenItem.ts).
    if (c.flow === 'answer' && otherIdOfGivenItem(start, c.poll, c.input, c.field)) {
      why(`\`${c.field}\` fills \`${c.input.name}\`, which the start was given in its path: another thing's id, not a handle of the call`);
      continue;
    }
    const named =
      token ||
      c.action !== undefined ||
      c.record !== undefined ||
      c.typed !== undefined ||
      c.via !== undefined ||
      c.listed !== undefined ||
      c.singleton !== undefined ||
      c.alternativeArn === true ||
      (c.flow === 'answer' &&
        (c.input.required || (asksOne && answersOwnId(c.field))) &&
        idNamesPoll(c.noun, pollName) &&
        (!c.bare || c.noun.join(' ') === pollName?.noun.join(' ')));
    // A read of the envelope the start answers (`{action: {id}}` → `GET /actions/{id}`) is linked by the data.
    const envelope =
      c.flow === 'answer' && sameEnvelopedRecord(reader, c.field, successSchema(start), c.poll)
        ? envelopeRead(c.field, c.poll, c.input, reader)
        : null;
    const part = c.flow === 'answer' && !named && !itemOrStatus ? readsPartOfItem(c.poll, c.input, name, pollName) : null;
    if (part && !reportsOwnStatus(fieldOf(statusOf(c.poll)), c.input)) {
      why(`it reads the ${part}, a part of the thing the start makes, not the thing (partOfItem.ts)`);
      continue;
    }
    // A 202 verb below the item whose read names that verb under way is followed there (verbUnderWayAtItem.ts).
    const verbAt =
      c.flow === 'request' &&
      (actionOnItem(start, c.poll, c.input) || samePath(start, c.poll)) &&
      verbUnderWayAtItem(start, name?.verb ?? null, valuesOf(statusOf(c.poll)));
    const nameless = affinity === 0 && !itemOrStatus && !named && !verbAt;
    if (nameless && !envelope) {
      why(
        `its name shares no noun with ${name ? `${name.verb} ${name.noun.join(' ')}` : 'the start'} and it is not the item the start creates`,
      );
      continue;
    }
    // A start that brings up the very item the poll reads names it in its own path, so a bare `Name` there is its:
    // a create at that path (`PUT /environments/{Name}`, `CreatePipe` `POST /v1/pipes/{Name}`; a REST `POST` to an
    // item, Stripe's `POST /sources/{id}`, edits it), or a verb one segment below that brings up that same thing
    // (`POST /v1/pipes/{Name}/start`; `…/{name}/resubmit` makes a new one).
    const atItem =
      c.flow === 'request' &&
      c.input.in === 'path' &&
      name !== null &&
      ((samePath(start, c.poll) && BRING_UP_VERBS.includes(name.verb) && (start.method === 'PUT' || name.verb !== 'post')) ||
        (UP_IN_PLACE.has(name.verb) && actionOnItem(start, c.poll, c.input)) ||
        // Or at the item, its verb spelled before the id (infixAction.ts), or in a path naming its action (namedActionItem.ts).
        (UP_IN_PLACE.has(name.verb) && infixActionOnItem(start, c.poll, c.input)) ||
        (BRING_UP_VERBS.includes(name.verb) && namedActionItem(start, c.poll, c.input)));
    // A kind of the poll's thing made at its item in a collection of its own names that item (kindItemPath.ts).
    const kindAt = atItem && kindItemPath(start.path, c.poll.path);
    // A bare `{id}` the start takes at the very place of the item the poll reads, the start one verb segment off it
    // (`POST /check-suites/{id}/rerequest`, `POST /ScheduledTasks/Running/{id}` → `GET …/{id}`), is that item's by
    // the path's hierarchy (RFC 3986 §3.3), as `{check_suite_id}` would be by its name: the place names it. Only
    // when the start hands out no id: one that does (Argo's `…/{name}/resubmit` answers a new workflow) made another.
    const placed = c.flow === 'request' && c.field === c.input.name && onItemPath(start, c.poll, c.input) && !answersAnyId(reader, start);
    const common = c.bare && !itemOrStatus && !atItem && !named && !placed && (!same || !rpc);
    if (common && !envelope) {
      why(`\`${c.field}\` is too common an id to link by ${rpc ? 'without the same noun' : 'but to the item the start creates'}`);
      continue;
    }
    const fullName = pollName !== null && affinity === pollName.noun.length;
    // A specific id handed out and required by a poll of the same name is the data flow itself; a bare one is not.
    // Or the poll reads it within a scope the start names (`DescribeStackSetOperation(StackSetName, OperationId)`).
    const flows =
      c.flow === 'answer' &&
      c.input.required &&
      !c.bare &&
      (fullName ||
        (rpc &&
          (sharedHead(c.noun, name, pollName) || (answersOwnId(c.field) && scopedByInput(c.noun, pollName, inputsOf(c.poll), c.input)))));
    // An RPC action on the item the poll reads, by the id that names it (rpcNounHead.ts): the RPC form of
    // `POST /channels/{id}/start` → `GET /channels/{id}`.
    // Or a read of the very action's status, asked by what the start was given (actionStatusPoll.ts), or a read of
    // the action itself, keyed by that id (`ResizeCluster` → `DescribeResize`: actionRecordRead.ts).
    const onItem =
      c.flow === 'request' &&
      c.input.required &&
      !c.bare &&
      ((rpc && (actsOnPolledItem(c.noun, name, pollName, startInputs) || readsActionOf(c.noun, name, pollName))) ||
        namedForAction(name, pollName));
    // Or a read of that action's status listing its records, narrowed by the same id (actionStatusList.ts).
    const onList =
      c.flow === 'request' &&
      !c.bare &&
      listsActionStatusBy(
        name,
        pollName,
        startInputs.find((i) => i.name === c.field),
        c.input,
      );
    if (rpc && !named && !flows && !onItem && !onList && !(name && BRING_UP_VERBS.includes(name.verb) && (fullName || same))) {
      why(`an RPC call linked only by name must create or start the poll's own noun`);
      continue;
    }
    // A path parameter of the start names the parent it posts under, not the job (parentParamOnly); in a list of
    // the links it makes it names the link (linkRecordList.ts).
    const listedByRequest = c.flow === 'request' && c.listed !== undefined;
    if (!listedByRequest && parentParamOnly(start, c, startInputs)) {
      why(`\`${c.field}\` is the start's path parameter: the parent it posts under, not the job`);
      continue;
    }
    // A verb that relates two things (`AssociateFirewallRuleGroup {FirewallRuleGroupId, VpcId}`) takes the ids of
    // things that exist already: the new link is not the one its id names. Only a name the client gives is the job's.
    if (c.flow === 'request' && !listedByRequest && name && RELATING_VERBS.has(name.verb) && nameTokens(c.field).at(-1) !== 'name') {
      why(`${name.verb} takes \`${c.field}\` as the id of something that exists, not of the link it makes`);
      continue;
    }
    if (
      c.flow === 'request' &&
      !onItem &&
      !onList &&
      !c.action &&
      !verbAt &&
      !(name && BRING_UP_VERBS.includes(name.verb) && (same || item || (c.actedOn && atItem) || c.itemPath || kindAt || c.listed))
    ) {
      why(
        `the start takes \`${c.field}\` as input but neither creates ${pollName ? pollName.noun.join(' ') : 'it'} nor posts to its collection`,
      );
      continue;
    }
    const carry: JobOperationLink['carry'] = [...(c.keyCarry ?? [])];
    const missing: OperationInput[] = [];
    for (const other of inputsOf(c.poll)) {
      // A required list is the field the id goes into (its filter and noun-list inputs share its name).
      if (other === c.input || !other.required || (other.name === c.input.name && other.in === c.input.in)) continue;
      const from = companionSource(other, start, c.poll, name, startInputs, reader);
      if (from) carry.push({ param: other.name, from, in: other.in });
      else missing.push(other);
    }
    // What no value of the start supplies, the agent may be asked for at the start (askedInputs.ts).
    const idFlows = c.flow === 'answer' && !c.bare && (c.input.required || asksOne);
    const ask = askedInputs(missing, c.poll, reader, { idFlows, namesMatch: sameNoun(name, pollName) });
    if ('reason' in ask) {
      why(`also requires ${missing.map((m) => `\`${m.name}\``).join(', ')}, which the start does not take (${ask.reason})`);
      continue;
    }
    for (const a of ask.asked) carry.push({ param: a.name, from: `arg:${a.name}`, in: a.in });
    budget.weighStatus();
    // A job picked out of a list has the status of that list's items (listedItemStatus.ts).
    const status = c.action ?? (c.listed ? listedItemStatus(reader, successSchema(c.poll), c.listed.itemsAt) : statusOf(c.poll));
    if ('rejected' in status) {
      why(`answers no job status (${status.rejected})`);
      continue;
    }
    // A setting's state (`AutoTuneOptions.State`) is not the thing's, unless the start names that setting (settingStatus.ts).
    const setting = c.action ? null : settingOfStatus(status.field, name);
    if (setting) {
      why(`its status \`${status.field}\` is the state of the thing's \`${setting}\`, a setting the start does not name`);
      continue;
    }
    // Another thing's status in an object named for it (`DeploymentRecommendation.RecommendationStatus` for
    // `CreateModel`), a thing neither the start nor the poll names (otherThingStatus.ts).
    const other = c.action ? null : otherThingOfStatus(status.field, name, pollName);
    if (other) {
      why(`its status \`${status.field}\` is that of a ${other}, which neither the start nor the poll names`);
      continue;
    }
    // The first of a record's parts (`instance.hardware.disks.0.state`) is no job's status (partListStatus.ts).
    // An answer that echoes the id it was asked by at its top is the record itself, and a list at its top its parts,
    // unless the list names what the start makes (`CreateFleetLocations` → `LocationAttributes`: the locations made).
    const asked = c.input.list ? undefined : c.input.name.split('.').at(-1);
    const topList = nameTokens(status.field.split('.')[0]!).map(singular);
    const answerIsRecord =
      asked !== undefined && reader.properties(successSchema(c.poll)).has(asked) && !topList.some((t) => name?.noun.includes(t));
    const parts = c.listed || c.members ? null : partListOf(status.field, answerIsRecord);
    if (parts) {
      why(`its status \`${status.field}\` is that of the first of the record's \`${parts}\`, a part among many`);
      continue;
    }
    const notRun = restingStartReason(status, name?.verb);
    if (notRun) {
      why(notRun);
      continue;
    }
    const notMember = c.members && memberReason(reader, start, c.members, c.poll, status.field);
    if (notMember) {
      why(notMember);
      continue;
    }
    if (c.actedOn && !c.action && !statusOfActedOn(name, pollName, status.field)) {
      why(`its status \`${status.field}\` is the item's own, not that of the ${name?.noun.join(' ')} the start brings up`);
      continue;
    }
    const unlisted = c.listed && listedStatusReason(c.listed, status);
    if (unlisted) {
      why(unlisted);
      continue;
    }
    if (c.record !== undefined && !status.field.startsWith(`${c.record}.`)) {
      why(`its status \`${status.field}\` is not that of the \`${c.record}\` both answer`);
      continue;
    }
    // The document both answer is the job: its own status says how far it got, not a part's (`code_verification.status`).
    // A listed document's items are the members the start makes (listedRepresentation.ts): the status is theirs.
    const ofMembers = c.members !== undefined && listPathOf(status.field) === c.members.itemsAt;
    // Inside the API's house envelope (`{data: document}`), the document's own status is `data.status`.
    const inDocument =
      c.documentAt !== undefined && status.field.startsWith(`${c.documentAt}.`)
        ? status.field.slice(c.documentAt.length + 1)
        : status.field;
    // A status object's current state (`state.current`: statusByMeaning.ts ownStateObject) is the document's own.
    if (c.via === 'representation' && inDocument.includes('.') && !ofMembers && !ownStateObject(inDocument)) {
      why(`its status \`${status.field}\` is a part's, not that of the document both answer`);
      continue;
    }
    // The envelope's read answers the enveloped thing's status inside it, named or not: a status beside it is another's.
    if (envelope && !status.field.startsWith(`${envelope}.`)) {
      why(`its status \`${status.field}\` is not that of the \`${envelope}\` both answer`);
      continue;
    }
    // A start whose request sets the status records what the client reports (`POST /check-runs {status}`).
    if (clientSetsStatus(start, status.field, reader, successSchema(c.poll))) {
      why(`the start sends \`${status.field}\` itself: the client records a state, no work runs`);
      continue;
    }
    // A link made or broken is not the linked thing's own status (relatingVerbs.ts).
    if (readsThingNotLink(name, pollName, status)) {
      why(`${name!.verb} relates things that exist; \`${status.field}\` of its noun's read says nothing of the link`);
      continue;
    }
    // A REST list read's first item is one of many children (`GET /conversations/{id}/items` → `data[0].status`),
    // not the thing the start made; only an RPC Describe, or a read asked by a list or filter of ids of its own
    // noun (`DescribePackages {Filters: [{Name: PackageID}]}`, not `GetResourceShareInvitations {resourceShareArns}`),
    // answers the one item asked for in a list.
    // `jobs: [id]` is answered in `jobs`: a status read elsewhere (another list, or none) is not the listed job's.
    const nounList = c.input.list?.itemsAt;
    if (nounList !== undefined && (!status.inList || listPathOf(status.field) !== nounList)) {
      why(`its status \`${status.field}\` is not that of the \`${nounList}\` it lists for \`${c.input.name}\``);
      continue;
    }
    if (status.inList && !rpc && !asksOne && !c.listed && !(ofMembers && c.via === 'representation')) {
      why(`its status \`${status.field}\` belongs to the items of a list, not to one job`);
      continue;
    }
    // An RPC read asked by the id of what its items belong to lists them all, unless it can be asked for the item
    // too (listScope.ts): `DescribeSnapshots {ClusterName}` lists every snapshot of the cluster.
    // A read of the action's own status narrowed by what the start was given lists that action (actionStatusList.ts).
    const listed = rpc && status.inList && !c.listed && !c.members && !c.action && !onList ? listPathOf(status.field) : null;
    const itemFields = listed ? [...reader.properties(reader.itemsOf(schemaAtPath(reader, successSchema(c.poll), listed))).keys()] : [];
    let byItem: Pick<PollCandidate, 'input' | 'idFrom' | 'flow' | 'field'> | null = null;
    const scope = listed ? listScope({ input: c.input, statusField: status.field, itemFields }, pollName) : null;
    if (scope !== null) {
      const key = pollName ? itemKeyOf(c.poll, pollName, inputsOf(c.poll), start, name, startInputs, reader) : null;
      if (!key) {
        why(
          `\`${c.input.name}\` names the ${scope} its listed items belong to, not one of them: the first listed would be any item of that ${scope}`,
        );
        continue;
      }
      // The item's own name is the job's id; the scope rides beside it where the read requires it.
      if (c.input.required) carry.push({ param: c.input.name, from: c.idFrom, in: c.input.in });
      byItem = {
        input: key.input,
        idFrom: key.from,
        flow: key.from.startsWith('arg:') ? 'request' : 'answer',
        field: sourceField(key.from),
      };
    }
    // The item read of the collection a REST start POSTs to is the resource convention's to judge (it weighs the
    // noun, the queued state, the cancel); id flow adds only what it cannot see: a provisioning lifecycle, a
    // create by PUT, or a poll elsewhere than the created item. A Smithy action bound to REST (smithyBinding.ts)
    // is no CRUD create: a status of it that can end badly is the action's outcome, as in its RPC form. That convention
    // judges GETs (findPollOperation.ts): a POST that reads the item, its key in the body (DeepL's document status), is id flow's.
    const action = (smithy && canEndBadly(status)) || runs;
    if (item && !rpc && !action && start.method === 'POST' && c.poll.method === 'GET' && status.judgement.kind === 'job') {
      why(`the item read of the collection ${describeOp(start)} creates into, which the resource convention judged`);
      continue;
    }
    // Either of two ids will do (`DescribeStream {StreamName?, StreamARN?}`): a read of one item (alternativeIds.ts).
    // Or the read answers one record of the start's noun, its optional id the key (optionalRecordKey.ts), or takes
    // nothing but that id (soleKeyPoll.ts).
    const either =
      (!status.inList && oneOfAlternativeIds(c.input, inputsOf(c.poll))) ||
      (c.flow === 'answer' &&
        !status.inList &&
        (optionalRecordKey(c.input, c.field, same) || c.via === 'sole key' || c.alternativeArn === true));
    if (!c.input.required && !(status.inList && (affinity > 0 || asksOne)) && !either && !c.action) {
      why(`takes \`${c.input.name}\` only as an optional filter and does not list ${name ? name.noun.join(' ') : 'the job'}s`);
      continue;
    }
    // Only a bare waiting word says the work is not done (`pending` → `complete`), a refund's shape too: the poll
    // must read the very thing the start makes (lifecycleGaps.ts), or document that it does (documentedIdPoll.ts),
    // or be named for the start's own action's status (`RegisterAccount` → `GetRegisterAccountStatus`).
    if (
      status.judgement.waitingOnly &&
      !(
        same ||
        item ||
        c.via === 'representation' ||
        c.via === 'documented id' ||
        samePath(start, c.poll) ||
        namedForAction(name, pollName) ||
        // or the read's record says its `id` is the very thing whose id the start answered ("The job id." ← `job_id`).
        (c.flow === 'answer' && !c.bare && describedIdNoun(reader, successSchema(c.poll), c.input.name) === idNoun(c.field).join(' '))
      )
    ) {
      why(`its status \`${status.field}\` waits only in a bare waiting word, and it does not read what the start makes`);
      continue;
    }
    // A verb outside the table brings its thing up when it answers that thing's new id (madeByAnswer.ts).
    const bringsUpThing = name !== null && (BRING_UP_VERBS.includes(name.verb) || madeByAnswer(c, name, pollName, startInputs));
    if (status.judgement.kind === 'provisioning' && !bringsUpThing) {
      why(`reports a provisioning lifecycle, and ${name?.verb ?? 'this'} does not bring a resource up`);
      continue;
    }
    // A resource coming up says so in a word of its own (`CREATING`, `PROVISIONING`, `*_IN_PROGRESS`); a guessed
    // gerund (`closing`) or a changing state alone is no evidence that creating it takes time.
    // The start's own verb under way counts only while the verb done (`COPIED`), if listed, is the success.
    const ownVerb =
      name !== null &&
      status.judgement.kind === 'provisioning' &&
      !status.values.some((v) => namesVerb(v, name.verb, 'done') && status.judgement.states[v] !== 'succeeded');
    const upWord = (v: string) => bringsUp(v) || (ownVerb && namesVerb(v, name!.verb, 'underWay'));
    if (status.judgement.kind === 'provisioning' && !status.judgement.inProgress.some(upWord) && !pendingUntilUp(status, name)) {
      why(`its status \`${status.field}\` has no value that says the resource is being brought up`);
      continue;
    }
    // Work under way says so: a lifecycle whose only in-progress values change or tear down what exists
    // (`UPDATING`, `DELETING`; `UPDATE_IN_PROGRESS` but for an update: changeUnderWay.ts) says nothing about the start.
    if (
      status.judgement.kind === 'job' &&
      (status.judgement.inProgress.every(changesOrTearsDown) || onlyChangeUnderWay(status.judgement.inProgress, name?.verb, status.values))
    ) {
      why(`its status \`${status.field}\` is under way only while the resource changes or goes away`);
      continue;
    }
    // The poll's noun words that neither the start's name nor the id names are a different thing's
    // (`GetDataQualityRuleRecommendationRun` for `StartWorkflowRun` → `RunId`).
    const known = new Set([...(name ? [name.verb, ...name.noun] : []), ...c.noun]);
    const told = pollName ? pollName.noun.filter((w) => known.has(w)).length : 0;
    const foreign = pollName ? pollName.noun.length - told : 0;
    const score =
      told * 2 -
      foreign +
      (same ? 3 : 0) +
      (item ? 2 : 0) +
      (status.inList ? 0 : 2) +
      (c.input.required ? 1 : 0) +
      (c.flow === 'answer' ? 1 : 0) +
      // The id of the thing the read reads (`PoolId` for `DescribePools`) beats another thing's it also filters by
      // (`OptOutListName`: every pool of that opt-out list).
      (idNamesPoll(c.noun, pollName) ? 1 : 0) -
      // A read that asks for the job beats the same read listing the whole scope (scopeListPoll.ts).
      (c.listed ? 2 : 0) +
      // `PUT …/shares/{shareName}` names the share in its last path parameter, not in `{subscriptionId}` before it.
      (c.input.in === 'path' && pathParams(c.poll.path).at(-1) === c.input.name ? 1 : 0) +
      (pollName && (pollName.verb === 'get' || pollName.verb === 'describe') ? 1 : 0) -
      status.depth * 0.1;
    const merit: PollMerit = {
      set: c.members !== undefined,
      // The work's own record, the start's whole answer read again by its id (sameRepresentation.ts), ranks as an
      // envelope's: Yandex Cloud's `POST /instances` answers its `Operation`, not the `Instance` it brings up.
      envelope: (envelope !== null || readsWholeAnswer(c)) && status.judgement.kind === 'job',
      namePair: namePair(name, pollName),
      item: !status.inList,
      record: statusInStartRecord(reader, successSchema(start), successSchema(c.poll), status.field),
      score,
      key: pollOrderKey(c.poll.method, c.poll.path, `${(byItem ?? c).input.in}:${(byItem ?? c).input.name}`, status.field),
    };
    // Of two readings of one poll that tie, the status named for the start's action is the action's (actionStatus.ts):
    // `ExecuteChangeSet` follows `ExecutionStatus`, not the change set's own `CREATE_COMPLETE`.
    const followsOwnAction = best !== null && c.poll === best.poll && c.action !== undefined && best.action === undefined;
    if (!best || betterPoll(merit, best.merit) || (followsOwnAction && !betterPoll(best.merit, merit))) {
      if (best) {
        reject(best.poll, `a weaker match than ${describeOp(c.poll)}`);
        rejected.push(`${describeOp(best.poll)}: a weaker match than ${describeOp(c.poll)}`);
      }
      best = { ...c, ...byItem, status, carry, merit, asks: ask.asked };
    } else if (c.poll !== best.poll) why(`a weaker match than ${describeOp(best.poll)}`);
  }
  return best;
}

/** The id's path from start to poll, the vocabulary's source and the rejected polls, as explain shows them. */
function idFlowEvidence(best: Pairing, rejectedPolls: RejectedPolls, link: JobOperationLink | undefined): IdFlowEvidence {
  const { status } = best;
  const item = link?.itemsAt !== undefined && link.itemId !== undefined ? { at: link.itemsAt, id: link.itemId } : undefined;
  return {
    flow: best.flow,
    field: best.field,
    pollInput: {
      name: best.input.name,
      in: best.singleton ? 'none' : best.listed ? 'item' : best.input.in,
      list: best.input.list !== undefined,
      ...(best.input.filter ? { filter: best.input.filter.name } : {}),
      ...(item ? { item } : {}),
    },
    vocabulary: { field: status.field, from: status.valuesFrom, depth: status.depth, inList: status.inList, values: [...status.values] },
    rejected: rejectedPolls.list,
    rejectedMore: rejectedPolls.more,
  };
}

/** A status value that says a resource is being brought up: a table word of the provisioning lifecycle, or `*_IN_PROGRESS`. */
function bringsUp(value: string): boolean {
  const n = value.toLowerCase().replace(/[^a-z]/g, '');
  if (n.includes('inprogress')) return true;
  const w = lookupStateWord(value);
  return w !== null && w.provisioning === 'transitional' && !CHANGING.has(n);
}
/**
 * A status value that names the start's own verb under way (`ImportHubContent` → `Importing`) or done (`COPIED`):
 * under way, the resource says it is being brought up by this very call.
 */
function namesVerb(value: string, verb: string, form: 'underWay' | 'done'): boolean {
  if (verb.length < 3) return false;
  const n = value.toLowerCase().replace(/[^a-z]/g, '');
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  if (form === 'done') return [`${stem}ed`, `${verb.replace(/y$/, 'i')}ed`].some((f) => n.startsWith(f));
  return [`${stem}ing`, `${verb}ing`, `${verb}${verb.at(-1)}ing`].some((f) => n.startsWith(f));
}
/**
 * `Pending` → `InService` (SageMaker, RDS-style): a queued word before a steady word that only a resource being up
 * uses says the resource is coming up. `active`, `enabled` or `created` also end an account's, a subscription's
 * or an invitation's pending, so they do not count here, but for `ACTIVE` beside a tear-down under way
 * (pendingUntilActive.ts).
 */
function pendingUntilUp(status: StatusByMeaning, start: OperationName | null): boolean {
  const queued = status.values.some((v) => lookupStateWord(v)?.state === 'queued');
  const upOnly = queued && status.judgement.success.some((v) => UP_ONLY.has(v.toLowerCase().replace(/[^a-z]/g, '')));
  // Or the thing's own status beside another action's, waiting and then up, for a start that brings it up (startAffinity.ts).
  return upOnly || comesUpUntilActive(status.values, status.judgement) || comesUpAsOwn(status, start);
}

/** Transitional words of a resource that already exists: no evidence that bringing one up takes time. */
const CHANGING = new Set(['updating', 'modifying', 'configuring', 'scaling', 'upgrading', 'rebooting']);
/** Verbs that bring up the thing they act on, not a new one (`StartPipe`, not `ResubmitWorkflow`). */
const UP_IN_PLACE = new Set(['start', 'enable', 'activate', 'launch', 'deploy']);
/** Verbs that link two existing things: the ids they take are the parts', not the link's. */
const RELATING_VERBS = new Set(['associate', 'attach']);
const changesOrTearsDown = (value: string) => {
  const n = value.toLowerCase().replace(/[^a-z]/g, '');
  return CHANGING.has(n) || n === 'deleting' || n === 'deactivating' || n === 'disassociating';
};

/** The values a read's status takes, none where no status was found. */
function valuesOf(status: StatusByMeaning | { rejected: string }): readonly string[] {
  return 'rejected' in status ? [] : status.values;
}

/**
 * The start is a verb on the item the poll reads: one static segment below it (`POST /channels/{channelId}/start`
 * → `GET /channels/{channelId}`). Its path parameter then names the thing it acts on, which the poll reads.
 */
function actionOnItem(start: Operation, poll: Operation, input: OperationInput): boolean {
  // The item itself, or its status read (`POST /environment/{id}/deploy` → `GET /environment/{id}/status`: Qovery).
  const item = (statusReadItem(poll.path) ?? resourcePath(poll.path)).replace(/\/$/, '');
  if (input.in !== 'path' || !item.endsWith(`/{${input.name}}`)) return false;
  const own = resourcePath(start.path).replace(/\/$/, '');
  const verb = own.startsWith(`${item}/`) ? own.slice(item.length + 1) : null;
  return verb !== null && /^[A-Za-z][\w-]*$/.test(verb);
}

/**
 * The id the start gives is its path parameter naming the parent it posts under (`/vector_stores/{vector_store_id}/files`):
 * it names the job only when the start creates at the very path the poll reads (`PUT /clusters/{name}`) or acts on it.
 */
function parentParamOnly(start: Operation, c: PollCandidate, startInputs: readonly OperationInput[]): boolean {
  if (c.flow !== 'request' || c.itemPath || !startInputs.some((i) => i.in === 'path' && i.name === c.field)) return false;
  return !samePath(start, c.poll) && !onItemPath(start, c.poll, c.input) && !namedActionItem(start, c.poll, c.input);
}

/** The start's answer names some thing by an id, at its top or one object down (`{Arn}`, `{metadata: {name}}`). */
function answersAnyId(reader: SchemaReader, start: Operation): boolean {
  return [...reader.properties(successSchema(start))].some(
    ([name, p]) => isIdName(name) || (reader.typeOf(p) === 'object' && [...reader.properties(p).keys()].some(isIdName)),
  );
}

/** The start is a verb on the item the poll reads, spelled after its id (`…/{id}/start`) or before it (infixAction.ts). */
const onItemPath = (start: Operation, poll: Operation, input: OperationInput) =>
  actionOnItem(start, poll, input) || infixActionOnItem(start, poll, input);

/**
 * The start acts at the very path the poll reads (`PUT /clusters/{name}` → `GET /clusters/{name}`), or at the same item
 * in a collection of its kind (`POST /dynamic-thing-groups/{name}` → `GET /thing-groups/{name}`: kindItemPath.ts).
 */
const samePath = (start: Operation, poll: Operation) =>
  resourcePath(poll.path) === resourcePath(start.path) || kindItemPath(start.path, poll.path) || fieldPathPlace(start.path, poll.path);

/**
 * The same place written with grpc-gateway's field-path parameters (`…/workflows/{workflowId}` and
 * `…/workflows/{execution.workflow_id}`: Temporal's HTTP API): the same shape, every parameter that differs ending in
 * the other's field.
 */
function fieldPathPlace(a: string, b: string): boolean {
  const [pa, pb] = [pathParams(a), pathParams(b)];
  if (pa.length !== pb.length || pathShape(resourcePath(a)) !== pathShape(resourcePath(b))) return false;
  const leaf = (p: string) => norm(p.slice(p.lastIndexOf('.') + 1));
  return (
    pa.some((p, i) => p !== pb[i]) &&
    pa.every((p, i) => p === pb[i] || ((p.includes('.') || pb[i]!.includes('.')) && leaf(p) === leaf(pb[i]!)))
  );
}

/**
 * The poll reads the item of the collection the start posts to (`POST /clusters` → `GET /clusters/{name}`). By the
 * path's shape: a contract may name a parent otherwise in each route (`POST /images/{id}/actions` → `GET
 * /images/{image_id}/actions/{id}`), the same segment all the same (read/paramPlace.ts).
 */
function restItemOf(start: Operation, poll: Operation, input: OperationInput): boolean {
  if (input.in !== 'path') return false;
  return itemShaped(start, resourcePath(poll.path), input);
}

/**
 * The poll reads the status of the item the start creates (`POST /v4/exports` → `GET /v4/exports/{exportId}/status`):
 * the item's own read, for linking by a bare id; not for deferring to the resource convention, which judges the item.
 */
function itemStatusOf(start: Operation, poll: Operation, input: OperationInput): boolean {
  const read = input.in === 'path' ? statusReadItem(poll.path) : null;
  return read !== null && itemShaped(start, read, input);
}

function itemShaped(start: Operation, read: string, input: OperationInput): boolean {
  // By place, not by name: `POST /datasets/{id}/changesets` → `GET /datasets/{datasetId}/changesets/{id}` (paramPlace.ts).
  return read.endsWith(`/{${input.name}}`) && pathShape(read) === itemShapeOf(start.path);
}

/** The shape of an item of the collection at `path` (`/datasets/{}/changesets/{}`), once per path. */
const itemShapeOf = memoByString((path: string) => pathShape(`${resourcePath(path).replace(/\/$/, '')}/{}`));

function toCandidate(
  start: Operation,
  best: Pairing,
  pollName: OperationName | null,
  ops: readonly Operation[],
  isFree: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  ctx: DetectContext,
  rejected: string[],
): StartCandidate {
  const { reader } = ctx;
  const { poll, input, status: found } = best;
  const idParam = input.name;
  const link: JobOperationLink = {
    op: toOperationRef(poll),
    idParam,
    idIn: best.singleton ? 'none' : best.listed ? 'item' : input.in,
    ...(input.list ? { idList: true } : {}),
    ...(input.filter ? { idFilter: input.filter } : {}),
    ...((input.list || input.filter || best.listed || listedRecord(best.record, input)) && best.status.inList
      ? { itemsAt: listPathOf(best.status.field) }
      : {}),
    carry: best.carry,
  };
  const itemId =
    link.itemsAt === undefined ? undefined : listedItemId(reader, successSchema(poll), link.itemsAt, { ...input, idName: idNameOf(input) });
  if (itemId !== undefined) link.itemId = itemId;
  const pollFound: PollFound = {
    op: poll,
    link,
    match: 'idflow',
    idFrom: best.singleton || best.idFrom.startsWith('arg:') ? null : (best.idFrom as ValueSource),
  };
  // A singleton's read has no id for a sibling verb to take; an action's cancel stops the action (`StopAppReplication`),
  // not the thing it acts on (`TerminateApp`); a run read at the thing's last run is cancelled as a run (runCancel.ts).
  const scope: CancelScope = { ops, isFree, nameOf, inputsOf, idempotencyOf: (op) => findIdempotency(op, reader), reader };
  const cancel = best.singleton
    ? null
    : readsLastRun(found.field)
      ? runCancel(poll, pollName, input, scope, best.carry)
      : (siblingCancel(poll, best.action ? nameOf(start) : pollName, input, scope, best.carry, STOP_VERBS, nameOf(start)?.verb ?? null) ??
        itemVerbCancel(poll, input, link, ctx, found.judgement.states) ??
        startNounCancel(start, nameOf(start), best.flow === 'answer' ? best.field : null, scope, best.carry) ??
        // A read by the id in its query has its verbs beside it, by the same query id (findQueryCompanions.ts).
        (input.in === 'query' && best.carry.length === 0 ? findQueryCompanions(poll, input.name, ctx.index, reader).cancel : null));
  const kind: FamilyKind = found.judgement.kind;
  const j = found.judgement;
  const where = (i: OperationInput) =>
    best.listed
      ? listedWhere(best.listed)
      : i.list
        ? `the only item of its JSON body list \`${i.name}\``
        : i.filter
          ? `the only value of its \`${i.name}\` filter \`${i.filter.name}\``
          : i.in === 'body'
            ? `its JSON body field \`${i.name}\``
            : `its ${i.in} parameter \`${i.name}\``;
  const evidence = [
    best.singleton
      ? `singleton: ${describeOp(start)} takes no id; ${describeOp(poll)} takes ${singletonWhere({ naming: best.singleton }, best.noun)}`
      : best.flow === 'answer'
        ? `id flow: ${describeOp(start)} answers ${best.field === '' ? 'the id itself' : `\`${best.field}\``}; ${describeOp(poll)} takes it as ${where(input)}`
        : `id flow: ${describeOp(start)} names the ${kind === 'provisioning' ? 'resource' : 'job'} itself in \`${best.field}\`; ${describeOp(poll)} takes it as ${where(input)}`,
    ...(best.via ? [`linked by layout: ${VENDOR_LINK_EVIDENCE[best.via]}`] : []),
    ...keyedEvidence(describeOp(poll), best.keyCarry),
    ...(best.flow === 'request'
      ? actionListEvidence(
          nameOf(start),
          pollName,
          inputsOf(start).find((i) => i.name === best.field),
          input,
          describeOp(poll),
        )
      : []),
    ...(link.itemId !== undefined
      ? [
          `listed item: ${describeOp(poll)} lists what it was asked for in \`${link.itemsAt}\`; the job is the item whose \`${link.itemId}\` is its id`,
        ]
      : []),
    `status \`${found.field}\` of ${describeOp(poll)}, values from ${isDoneFlag(found.values) ? 'its type, a flag that says the work ended' : found.valuesFrom === 'enum' ? 'its enum' : 'its description'}${found.depth > 0 ? ` (nested ${found.depth} level${found.depth > 1 ? 's' : ''} down${found.inList ? ', first list item' : ''})` : ''}: ${found.values.join(', ')}`,
    isRestingStatus(found)
      ? restingEvidence(found)
      : kind === 'provisioning'
        ? `provisioning lifecycle: ${j.inProgress.join(', ')} while the resource comes up; ${j.success.join(', ')} is success for the start that brings it up`
        : `job lifecycle: ${j.inProgress.join(', ')} in progress, ${j.success.join(', ')} success${j.waitingOnly ? ' (only a bare waiting word is under way: taken since the poll reads what the start makes)' : ''}`,
    ...(best.members ? [memberSetEvidence(start, best.members)] : []),
    ...(best.idFromArn
      ? [`id from ARN: the id is what follows \`${best.idFromArn}/\` in the \`${best.field}\` answered (arnResourceId.ts)`]
      : []),
    ...best.asks.map((a) => `asked at the start: ${describeOp(poll)} also requires \`${a.name}\` (${a.in}), which the start does not take`),
    ...(cancel
      ? [
          `cancel: ${describeOp(cancel.op)} takes ${cancel.link.idList ? `the same id as the only item of \`${cancel.link.idParam}\`` : `the same \`${cancel.link.idParam}\``} (${cancel.why})${
            cancel.link.idempotency ? `; its idempotency token \`${cancel.link.idempotency.name}\` is sent derived from the job` : ''
          }`,
        ]
      : []),
    // The chosen poll, weighed by another input or flow, is no rejected poll (see explainText.ts idFlowLines).
    ...rejected
      .slice(0, 5)
      .map((r) => (r.startsWith(`${describeOp(poll)}: `) ? `the chosen poll weighed another way: ${r}` : `rejected poll ${r}`)),
  ];
  const statusSchema = successSchema(poll);
  const parentPath = found.field.includes('.') ? found.field.slice(0, found.field.lastIndexOf('.')) : '';
  const statusName = found.field.split('.').at(-1)!;
  const parent = parentPath ? schemaAtPath(reader, statusSchema, parentPath) : statusSchema;
  // What every convention reads beside a status (error, result, progress), read beside the one this family follows:
  // its outcome is the one beside THIS status, not beside whichever the parent's own analysis chose.
  const parentAnalysis = analyzeStatusSchema(reader, parent);
  const own = {
    ...parentAnalysis,
    outcome: findOutcomeField(reader, parent, statusName),
    progress: findProgress(reader, reader.properties(parent)),
    reasonField: findStatusReason(reader, reader.properties(parent), statusName),
  };
  const beside = parentPath ? within(parentPath, own, null) : own;
  const lifecycle = assessLifecycle(found.values);
  const status: StatusAnalysis = {
    field: found.field,
    valuesFrom: found.valuesFrom,
    values: found.values,
    lifecycle: { ...lifecycle, states: { ...j.states } },
    googleOperation: false,
    doneField: null,
    errorField: parentAnalysis.errorField !== statusName ? beside.errorField : null,
    // Why the status is so (`StatusReason`, `message`): the reason of a job that failed with no error field.
    reasonField: beside.reasonField,
    // A `result: PASSED|FAILED` beside the status says how the job ended (its outcome), not what it made.
    resultField: beside.resultField !== beside.outcome?.field ? beside.resultField : null,
    resultUrlField: beside.resultUrlField,
    // A fraction done (FSx's `Backups.0.ProgressPercent`) and how a finished job ended (GitHub's `conclusion`).
    progress: beside.progress,
    outcome: beside.outcome,
  };
  // A thing brought up is itself what its start made: a read under it (a dataset's `content`) is another job's output.
  const result = best.singleton || found.judgement.kind === 'provisioning' ? null : itemResult(poll, input, link, ctx);
  if (result) evidence.push(`result sub-resource ${describeOp(result.op)} of the item ${describeOp(poll)} reads`);
  const resource: ResourceAssessment = { score: 0, evidence: [], cancel, result, strongEnum: found.valuesFrom === 'enum' };
  const confidence: Confidence = found.valuesFrom === 'enum' && sameNoun(nameOf(start), pollName) ? 'medium' : 'low';
  const candidate: StartCandidate = {
    kind: 'family',
    start,
    signals: readStartSignals(start, reader),
    idFrom: best.singleton ? null : best.idFrom,
    poll: pollFound,
    pollVia: null,
    status,
    statusSchema,
    resource,
    evidence,
    confidence,
    familyKind: kind,
    ...(best.members ? { members: best.members } : {}),
    ...(best.idFromArn ? { idFromArn: best.idFromArn } : {}),
    ...(isRestingStatus(found) ? { returnsToRest: found.rest } : {}),
    ...(best.asks.length > 0 ? { asks: best.asks } : {}),
  };
  // Named for the thing the poll reads: a `…Status` read would name its tools `job_…_status_status`.
  if (pollName) candidate.name = toSnakeCase((readNoun(pollName).length > 0 ? readNoun(pollName) : pollName.noun).join('_'));
  return candidate;
}

/** The list a status read from its first item lives in: `ReplicationTasks.0.Status` → `ReplicationTasks`. */
function listPathOf(field: string): string {
  const parts = field.split('.');
  return parts.slice(0, parts.indexOf('0')).join('.');
}

/** The start's field or argument a value source names (`arg:body.SnapshotName` → `SnapshotName`, `body:Snapshot.Name`). */
function sourceField(from: string): string {
  return from.replace(/^arg:(body\.)?/, '').replace(/^body:/, '');
}
