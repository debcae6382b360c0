/**
 * Convention: an action on something that exists, followed at that thing's read. An action that hands out no id of
 * its own names the thing it acts on, and the contract reports the action's progress in that thing's read:
 *
 * - in a status field named for the action: SMS `StartAppReplication {appId}` → `GetApp {appId}` →
 *   `appSummary.replicationStatus`, `LaunchApp` → `appSummary.launchStatus`; OpenSearch
 *   `StartServiceSoftwareUpdate {DomainName}` → `DescribeDomain` → `DomainStatus.ServiceSoftwareOptions.UpdateStatus`;
 * - or in values of the thing's own status named for it: AppSync `POST …/{associationId}/merge` →
 *   `MERGE_IN_PROGRESS`, SimSpace Weaver `CreateSnapshot {Simulation}` → `DescribeSimulation` →
 *   `SNAPSHOT_IN_PROGRESS`, OpsWorks CM `StartMaintenance {ServerName}` → `UNDER_MAINTENANCE`.
 *
 * AWS's own waiters follow such actions this way (the thing's Describe, matched on the action's status). The action
 * is what the start's name says beyond the read's noun: its last noun word the read does not have (`replication`
 * against `GetApp`, `merge` against `GetSourceApiAssociation`), else its verb (`launch` of `LaunchApp`). A start
 * whose name is the read's noun and a generic verb (`StartApp`, `CreateApp`) names no action of its own: the read's
 * status is the thing's, which other rules judge. The thing is named by the start's input under the read's own
 * input name, an id of the read's noun (`appId` ↔ `GetApp`) or the noun itself (`Simulation` ↔ `DescribeSimulation`).
 *
 * idFlowJobs.ts weighs what this offers as a request-flow candidate whose status is the action's (`action`).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import { idNamesPoll, idNoun, type OperationName, singular } from '../read/operationNames.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { verbNouns } from '../read/verbNouns.js';
import { findStatusByMeaning, type StatusByMeaning } from '../status/statusByMeaning.js';

/** Verbs that name no action of their own: what they bring up is their noun (`StartApp`, `CreateApp`). */
const GENERIC_VERBS = new Set(['start', 'create', 'run', 'post', 'put', 'add', 'submit', 'request']);
/** Levels below the read's answer where an action's status field is looked for (`DomainStatus.ServiceSoftwareOptions`). */
const MAX_DEPTH = 2;

/** The word that names the start's action against the read's noun, or null when the start names none. */
export function actionWord(start: OperationName | null, poll: OperationName | null): string | null {
  if (!start || !poll || poll.noun.length === 0) return null;
  const extra = start.noun.filter((w) => !poll.noun.includes(w));
  if (extra.length > 0) return extra.at(-1)!;
  return GENERIC_VERBS.has(start.verb) ? null : start.verb;
}

const names = (text: string, word: string) => nameTokens(text).some((t) => singular(t) === word);

/**
 * The status of the action in the read's answer: a status-named field named for it (the shallowest), else the read's
 * own status when a value under way names it. Null when the read does not follow the action.
 */
export function actionStatus(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  start: OperationName,
  word: string,
  own: StatusByMeaning | { rejected: string },
): StatusByMeaning | null {
  // The action may be named by its noun (`ExecuteChangeSet` → `ExecutionStatus`: read/verbNouns.ts).
  const actionWords = new Set(word === start.verb ? verbNouns(word) : [word]);
  const startWords = new Set([...verbNouns(start.verb), ...start.noun]);
  // Named for the action in the action's own words (`replicationStatus`): `categoryMappingState` is another mapping's
  // than `ConfigureColumnMappings`'. The shallowest first.
  const named = namedStatuses(reader, answer).find(
    (f) => f.words.some((w) => actionWords.has(w)) && f.words.every((w) => startWords.has(w)),
  );
  if (named) return named.status;
  if ('rejected' in own) return null;
  const state = (v: string) => own.judgement.states[v] ?? 'running';
  const action = own.values.filter((v) => names(v, word));
  if (!action.some((v) => state(v) === 'queued' || state(v) === 'running')) return null;
  // An action that ends in values of its own must be able to end well in them (`MERGE_SUCCESS`); one whose ends all
  // read as the thing's failure (CloudFormation `ROLLBACK_COMPLETE` for `RollbackStack`) would be told it failed.
  // One that ends in none returns the thing to its steady state (`SNAPSHOT_IN_PROGRESS` → `STARTED`).
  const ends = action.filter((v) => state(v) !== 'queued' && state(v) !== 'running');
  return ends.length === 0 || ends.some((v) => state(v) === 'succeeded') ? own : null;
}

/** A status-named field of an answer with a lifecycle of its own, and the words that qualify its name. */
interface NamedStatus {
  words: readonly string[];
  status: StatusByMeaning;
}
const NAMED = new ReaderMemo<object, NamedStatus[]>();

/** Every qualified status field (`replicationStatus`, not `status`) down to MAX_DEPTH objects, judged alone, shallowest first. */
function namedStatuses(reader: SchemaReader, answer: JsonSchema | undefined): NamedStatus[] {
  const root = reader.resolve(answer);
  if (!root) return [];
  return NAMED.get(reader, root, () => {
    const out: NamedStatus[] = [];
    let level: Array<{ s: JsonSchema | undefined; path: string }> = [{ s: root, path: '' }];
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
      const next: typeof level = [];
      for (const { s, path } of level)
        for (const [field, p] of reader.properties(s)) {
          const at = path ? `${path}.${field}` : field;
          if (reader.typeOf(p) === 'object') next.push({ s: p, path: at });
          const tokens = nameTokens(field);
          if (tokens.length < 2 || !STATUS_NAME_TOKENS.has(tokens.at(-1)!)) continue;
          // Judged as any status is (statusByMeaning.ts), alone: the thing's other statuses beside it are not the action's.
          const judged = findStatusByMeaning(reader, { type: 'object', properties: { [field]: p } });
          if (!('rejected' in judged)) out.push({ words: tokens.slice(0, -1).map(singular), status: { ...judged, field: at, depth } });
        }
      level = next;
    }
    return out;
  });
}

/** Reads asked for one thing by an input that names it, by the input's normalised name. */
export type ActionItemPolls = Map<string, Array<{ op: Operation; input: OperationInput }>>;

/** Every read's input that names the read's own thing: an id of its noun (`appId` ↔ `GetApp`) or the noun itself. */
export function actionItemPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): ActionItemPolls {
  const out: ActionItemPolls = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!name || !mayPoll(op)) continue;
    for (const input of inputsOf(op)) {
      if (input.list || input.filter) continue;
      if (idNamesPoll(idNoun(input.name), name) || norm(input.name) === norm(name.noun.join('')))
        pushTo(out, norm(input.name), { op, input });
    }
  }
  return out;
}

/**
 * The reads of what `start` acts on whose answer follows its action: the start's input under the read's input name.
 * An optional input counts only as the start's one input naming a thing (old Smithy models mark no member required:
 * SMS `StartAppReplication {appId?}`).
 */
export function actionItemCandidates(
  start: Operation,
  name: OperationName | null,
  polls: ActionItemPolls,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
  statusOf: (op: Operation) => StatusByMeaning | { rejected: string },
): Array<{ poll: Operation; input: OperationInput; from: OperationInput; action: StatusByMeaning }> {
  // An action is a POST (RFC 9110 §9.3.3: the target processes it); a PUT stores the representation it sends
  // (beezup `PUT …/{channelCatalogId}/columnMappings`): its answer is the stored state, not work that follows.
  if (!name || start.method !== 'POST') return [];
  const own = inputsOf(start).filter((i) => !i.list && !i.filter && polls.has(norm(i.name)));
  const out: Array<{ poll: Operation; input: OperationInput; from: OperationInput; action: StatusByMeaning }> = [];
  for (const from of own) {
    if (!from.required && own.length > 1) continue;
    for (const { op, input } of polls.get(norm(from.name)) ?? []) {
      const action = op === start ? null : actionOf(op, name, nameOf, reader, statusOf);
      if (action) out.push({ poll: op, input, from, action });
    }
  }
  return out;
}

/** The candidate with the status of the start's action, when the read of the item it acts on follows it. */
export function followsAction<C extends { poll: Operation; action?: StatusByMeaning }>(
  c: C,
  start: OperationName | null,
  nameOf: (op: Operation) => OperationName | null,
  reader: SchemaReader,
  statusOf: (op: Operation) => StatusByMeaning | { rejected: string },
): C {
  const action = actionOf(c.poll, start, nameOf, reader, statusOf);
  return action ? { ...c, action } : c;
}

/** The status in which `poll` follows the action `start` names, if it does. */
function actionOf(
  poll: Operation,
  start: OperationName | null,
  nameOf: (op: Operation) => OperationName | null,
  reader: SchemaReader,
  statusOf: (op: Operation) => StatusByMeaning | { rejected: string },
): StatusByMeaning | null {
  const word = actionWord(start, nameOf(poll));
  return start && word !== null ? actionStatus(reader, successSchema(poll), start, word, statusOf(poll)) : null;
}

/** A family followed in a status of its own is named for the thing and the action: `app_replication`, `app_launch`. */
export function actionFamilyName(start: OperationName | null, poll: OperationName | null): string {
  const word = actionWord(start, poll);
  return [...(poll?.noun ?? []), ...(word ? [word] : [])].join('_');
}
