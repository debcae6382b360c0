/**
 * An operation's name read as verb + noun (`StartTranscriptionJob` → start + [transcription, job]): the operationId,
 * else the action an RPC path names (AWS `/#X-Amz-Target=Service.Op`, `/#Action=Op`). Names only break ties and
 * give reasons in detection; what links a job's operations is the data flow of its id (idFlowJobs.ts).
 */
import type { Operation } from '../../model/ir.js';
import { singular as singularNoun } from '../familyName.js';
import { identifierSummary, pathName, summaryName } from './contractName.js';
import { operationIdName } from './generatedIds.js';
import { nameTokens } from './nameTokens.js';
import { splitPath } from './operationIndex.js';

export interface OperationName {
  verb: string;
  /** Noun tokens, lower case, each singular (`tasks` → `task`). */
  noun: readonly string[];
  /** Set when the operation has no operationId and the name was read from its path or summary (contractName.ts). */
  from?: 'path' | 'summary';
}

/**
 * The action of an RPC-style path, the fragment naming the header or query parameter that carries it, as the APIs-guru
 * directory writes them: `#X-Amz-Target=AmazonAthena.GetQueryExecution` → `GetQueryExecution` (AWS JSON),
 * `#Action=RunInstances` (AWS and Alibaba Cloud query), `#X-TC-Action=RunInstances` (Tencent Cloud API 3.0's header).
 */
export function rpcAction(path: string): string | null {
  const m = /#(?:X-Amz-Target=[^.&]*\.|(?:[A-Za-z-]{1,40}-)?Action=)([A-Za-z0-9]+)/.exec(path);
  return m ? m[1]! : null;
}

/** A noun token's singular (familyName.ts's rule: `entities` → `entity`, `batches` → `batch`); short words kept. */
export const singular = (w: string) => (w.length > 3 ? singularNoun(w) : w);

export function operationName(op: Operation): OperationName | null {
  const raw = rpcAction(op.path) ?? operationIdName(op);
  const name = raw ? (idName(raw) ?? verbOnlyName(raw, op)) : contractName(op);
  return name && withoutLookupKey(name, op);
}

/**
 * An operationId that is a verb alone (Koyeb's `ReDeploy`, at `POST /v1/services/{id}/redeploy`; Dataflow's
 * `dataflow.projects.templates.launch`) names the act but not the thing: the thing is the one the rest of the contract
 * names (summary, else path), the verb still the id's.
 */
function verbOnlyName(raw: string, op: Operation): OperationName | null {
  const tokens = words(raw.split('.').at(-1)!);
  const verb = tokens.length === 2 && tokens[0] === 're' ? `re${tokens[1]}` : tokens.length === 1 ? tokens[0]! : null;
  // A read named by its verb alone (Einstein's `get`, `get_1`) is told from its like by its path, not by a summary
  // two of them share ("Get Deletion Status" of language and of vision).
  if (verb === null || !isVerb(again(verb)) || READ_VERBS.includes(verb)) return null;
  const named = contractName(op) ?? itemNamed(op);
  return named && { ...named, verb: again(verb) };
}

/**
 * The thing a call on an item acts on, by its collection: the path alone names no verb for a PUT there (contractName.ts),
 * but with the id's verb it is named (Dataflow's `dataflow.projects.jobs.update`, `PUT …/jobs/{jobId}`: update + job).
 */
function itemNamed(op: Operation): OperationName | null {
  if (!/\}$/.test(splitPath(op.path).pathname)) return null;
  return pathName({ ...op, method: 'GET' }, (w) => isVerb(again(w)), READ_VERBS);
}

/**
 * `getRunById`, `findPetsByStatus`, `getUserByName`: `by` and what follows name the parameter the call looks the thing
 * up by, not the thing: the noun is `run`, not `run by id`. Only when what follows `by` ends one of the operation's
 * own parameter names (`run_id`, `status`): `ListJobsByPipeline` with no such parameter keeps its noun.
 */
function withoutLookupKey(name: OperationName, op: Operation): OperationName {
  const at = name.noun.lastIndexOf('by');
  if (at < 1 || at === name.noun.length - 1) return name;
  const key = name.noun.slice(at + 1).join(' ');
  const looksUp = op.parameters.some((p) => {
    const words = nameTokens(p.name).map(singular).join(' ');
    return words === key || words.endsWith(` ${key}`);
  });
  return looksUp ? { ...name, noun: name.noun.slice(0, at) } : name;
}

/** The name an operationId (or an RPC action) spells. */
function idName(raw: string): OperationName | null {
  // `GET_DescribeStacks` (AWS query protocol), `users.calendar.CreateEvents` (a dotted group): the last part names it.
  // `getExportLeadsStatusUsingGET` (Springfox's method name + `Using` + the HTTP method) names the method alone.
  const last = raw
    .replace(/^(GET|POST|PUT|PATCH|DELETE)_/, '')
    .split('.')
    .at(-1)!
    .replace(/(?<=[a-z0-9])Using(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(_\d+)?$/, '');
  // `codespaces/create-for-authenticated-user` (GitHub's `{category}/{verb}-…`): the category is the noun's first word.
  const slash = last.lastIndexOf('/');
  const group = slash > 0 ? words(last.slice(0, slash)) : [];
  const tokens = [...group, ...words(last.slice(slash + 1))];
  // `re-run-job`, `rerequest-suite`: doing it again brings the work up again (`run`, `request`).
  if (tokens[group.length] === 're' && tokens.length > group.length + 1) tokens.splice(group.length, 2, `re${tokens[group.length + 1]}`);
  // Only a name joined by `_`, `-` or `/` puts the resource first (`databases_create_cluster`, Cloudflare's
  // `pages-deployment-create-deployment`): a camel-case name starts with its verb, known or not (`ScheduleRun`
  // schedules a run), unless it ends in a word that is only ever a verb (Aiven's `ServiceCreate`, `jobCheck`).
  const at = nounThenVerb(tokens, group.length) ?? verbAt(tokens, group.length, /[_-]/.test(last) || endsInVerb(tokens, group.length));
  // `BatchGetBuilds`, `BatchDescribeJobs`: AWS's batch form of a read takes a list of ids and reads each item; it is
  // that read (CodeBuild's builds have no other), not a verb `batch`. So is the batch form of a stop (Glue's
  // `BatchStopJobRun {JobName, JobRunIds}`): it stops each run it lists.
  const next = tokens[at + 1] ?? '';
  if (tokens[at] === 'batch' && (READ_VERBS.includes(next) || STOP_VERBS.includes(next))) tokens.splice(at, 1);
  if (tokens.length < 2) return null;
  const verb = again(tokens[at]!);
  return { verb, noun: [...tokens.slice(0, at), ...tokens.slice(at + 1)] };
}

/**
 * A name's words, singular, without the API version it starts with (`v1-create-a-project`: Supabase's ids) or an
 * article: neither is the verb or the thing acted on. A version after the verb is the thing's own generation
 * (`CreateAutoMLJobV2` reads with `DescribeAutoMLJobV2`, not `DescribeAutoMLJob`): kept.
 */
function words(text: string): string[] {
  const tokens = nameTokens(text);
  const from = tokens.length > 1 && VERSION_WORD.test(tokens[0]!) ? 1 : 0;
  return tokens
    .slice(from)
    .filter((t) => !ARTICLES.has(t))
    .map(singular);
}
const VERSION_WORD = /^v\d+(?:(?:alpha|beta)\d*)?$/;
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * Two words, a noun that is also a verb (`queue`, `trigger`, `run`, `import`) and then a word that is only ever a verb
 * (`queues_create`, `RunGet`, `TriggerDelete`): the first is the thing, the second what is done to it. A second word
 * that is a noun too keeps the first as the verb (`start_run`, `RunCheck` runs a check).
 */
function nounThenVerb(tokens: readonly string[], group: number): number | null {
  if (tokens.length - group !== 2) return null;
  const [first, second] = [tokens[group]!, tokens[group + 1]!];
  return isVerb(again(first)) && !ONLY_VERBS.has(first) && AFTER_NOUN_VERBS.has(second) ? group + 1 : null;
}

/**
 * A camel-case name whose first word is no verb and whose last is one that is never a noun (`ServiceCreate`,
 * `jobCheck`): the resource comes first. `ScheduleRun` and `ExportRequest` end in words that are nouns too.
 */
function endsInVerb(tokens: readonly string[], group: number): boolean {
  if (tokens.length - group < 2 || isVerb(again(tokens[group]!))) return false;
  return ONLY_VERBS.has(tokens.at(-1)!);
}
const ONLY_VERBS = new Set([
  'create',
  'get',
  'describe',
  'retrieve',
  'fetch',
  'check',
  'update',
  'delete',
  'remove',
  'modify',
  'edit',
  'enable',
  'disable',
  'activate',
  'terminate',
  'cancel',
  'abort',
  'provision',
]);
/** ONLY_VERBS without `check`, `activate` and `provision`, which also name a thing run (`RunCheck`). */
const AFTER_NOUN_VERBS: ReadonlySet<string> = new Set([...ONLY_VERBS].filter((v) => !['check', 'activate', 'provision'].includes(v)));

/**
 * An operation without an operationId: named by its summary, else by its method and path (contractName.ts). Summary
 * first, measured: a summary is the author's own name for the call, where a path names the resource only, and
 * a summary-named start paired with a path-named read linked things the contract keeps apart (Square's
 * `CreateRefund` of a transaction and `GET /v2/refunds/{refund_id}`, a payment's refund).
 */
function contractName(op: Operation): OperationName | null {
  // A summary that is an identifier (mist's `upgradeOrgMultiSitesDevices`) is read as the operationId it spells.
  const id = identifierSummary(op);
  const asId = id === null ? null : idName(id);
  if (asId) return { ...asId, from: 'summary' };
  const knownVerb = (w: string) => isVerb(again(w));
  const path = pathName(op, knownVerb, READ_VERBS);
  const name = summaryName(op, knownVerb, path?.verb) ?? path;
  return name && { ...name, verb: again(name.verb) };
}

/**
 * Where the verb is: first (`CreateExportTask`), else the first verb word after the resource it acts on
 * (DigitalOcean's `{resource}_{verb}_…`: `databases_create_cluster`, `actions_get`, `dropletActions_post`; GitHub's
 * `{category}/{verb}-…`).
 */
function verbAt(tokens: readonly string[], group: number, resourceFirst: boolean): number {
  const first = tokens[group];
  if (group > 0 && first !== undefined && isVerb(again(first))) return group;
  if (!resourceFirst || isVerb(again(tokens[0]!))) return group < tokens.length - 1 ? group : 0;
  const later = tokens.findIndex((t, i) => i > 0 && isVerb(again(t)));
  return later > 0 ? later : group < tokens.length - 1 ? group : 0;
}

/** `rerun` → `run`, `resubmit` → `submit`: a bring-up verb done again; other `re…` words are their own (`reset`, `restore`). */
function again(verb: string): string {
  return verb.startsWith('re') && BRING_UP_VERBS.includes(verb.slice(2)) ? verb.slice(2) : verb;
}
const isVerb = (w: string) => KNOWN_VERBS.has(w);

/** Verbs of an operation that only reads (the poll side). */
export const READ_VERBS: readonly string[] = ['get', 'describe', 'read', 'retrieve', 'fetch', 'check', 'poll', 'show', 'query', 'list'];
/** Verbs that stop work on an existing job (sibling-verb cancels: `StopQueryExecution`, `CancelExportTask`). */
export const STOP_VERBS: readonly string[] = ['cancel', 'stop', 'abort', 'terminate'];
/**
 * Verbs that bring a resource up, for provisioning (the labels' rule and AWS's own verbs): an update or a delete
 * never provisions, even when the resource passes through `UPDATING`.
 */
export const BRING_UP_VERBS: readonly string[] = [
  'create',
  'start',
  'enable',
  'associate',
  'register',
  'provision',
  'launch',
  'run',
  'deploy',
  'restore',
  'import',
  'copy',
  'allocate',
  'attach',
  'activate',
  'add',
  'request',
  'put',
  'submit',
  // Work set off or put in line (dbt's `triggerRun`, Bright Data's `triggerCollection`, PlanetScale's
  // `queue_deploy_request`, Azure DevOps' queued builds).
  'trigger',
  'queue',
  // An operation named after its HTTP method (`dropletActions_post`, `post_zip_downloads`): POST creates (RFC 9110 §9.3.3).
  'post',
];
/**
 * Verbs that never start work linked by id flow alone (reads, deletes, tags, stops; and edits of a resource that
 * exists, whose answer echoes its id: `UpdateGroup` → `{id}` is no new job).
 */
export const NON_START_VERBS: readonly string[] = [
  ...READ_VERBS,
  ...STOP_VERBS,
  'delete',
  'remove',
  'tag',
  'untag',
  'batch',
  'disable',
  'update',
  'modify',
  'set',
  'patch',
  'replace',
  'edit',
];

/**
 * The noun an id names (`QueryExecutionId` → query execution, `Cluster.ClusterIdentifier` → cluster; a bare
 * `run.arn` → run, the object that holds it), singular, lower case; empty for a bare id at the top.
 */
export function idNoun(field: string): string[] {
  // A list index (`operations.0.id`: idflow/memberSets.ts) names nothing.
  const parts = field.split('.').filter((p) => !/^\d+$/.test(p));
  const own = nameTokens(parts.at(-1)!).slice(0, -1);
  const tokens = own.length > 0 ? own : parts.length > 1 ? nameTokens(parts.at(-2)!) : [];
  return tokens.map(singular);
}

/**
 * The id names every word of the poll's noun: `OperationId` ↔ `GetOperation`, `JobId` ↔ `DescribeJobs`,
 * `run.arn` ↔ `GetRun`. The id's own name says which thing it is, whatever the start is called; a poll with words
 * of its own (`ExportTaskId` ↔ `DescribeExportImageTasks`) reads another thing.
 */
export function idNamesPoll(noun: readonly string[], poll: OperationName | null): boolean {
  if (!poll || noun.length === 0) return false;
  // `DescribeStackDriftDetectionStatus`, `GetOperationDetail`: a read of the thing's status names the thing.
  const own = readNoun(poll);
  return own.length > 0 && own.every((t) => noun.includes(t));
}
/** The thing a read reads, without a last word that says it reads its status (`DescribeExchangeStatus` → exchange). */
export function readNoun(poll: OperationName): readonly string[] {
  const last = poll.noun.at(-1);
  return last !== undefined && STATUS_READ_WORDS.has(last) ? poll.noun.slice(0, -1) : poll.noun;
}
/** Last words of a read's name that say it reads a thing's status or progress, not another thing (`getSnapshotProgress`). */
const STATUS_READ_WORDS = new Set(['status', 'progress', 'detail', 'info']);

/** How many noun tokens of the poll the start's name shares (verb included: `ChangeResourceRecordSets` ↔ `GetChange`). */
export function nameAffinity(start: OperationName | null, poll: OperationName | null): number {
  if (!start || !poll) return 0;
  const own = new Set([start.verb, ...start.noun]);
  return poll.noun.filter((w) => own.has(w)).length;
}

/** The same noun exactly (`StartTranscriptionJob` ↔ `GetTranscriptionJob`, `CreateExportTask` ↔ `DescribeExportTasks`). */
export function sameNoun(a: OperationName | null, b: OperationName | null): boolean {
  return a !== null && b !== null && a.noun.join(' ') === b.noun.join(' ');
}

const KNOWN_VERBS = new Set([...NON_START_VERBS, ...BRING_UP_VERBS]);
