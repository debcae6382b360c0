/**
 * RPC pairs (AWS JSON and query protocols) carry no path to relate a start to its poll, so names must (idFlowJobs.ts
 * asks every noun word of the poll to be in the start's name). AWS names an operation `<Verb><Qualifier…><Head>`:
 * the last words are the thing (`TaskRun` of `GetMLTaskRun`, `StartExportLabelsTaskRun`); the words before
 * qualify it. Where the id itself names that head, the data and both names agree on the thing, and a qualifier
 * of the poll's own (`ML`) does not make it another thing.
 */
import { nameTokens } from '../read/nameTokens.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { BRING_UP_VERBS, idNoun, type OperationName, singular } from '../read/operationNames.js';

/** `noun` ends with every word of `head`, in order (`[ml, task, run]` ends with `[task, run]`). */
export function endsWithNoun(noun: readonly string[], head: readonly string[]): boolean {
  if (head.length === 0 || head.length > noun.length) return false;
  const from = noun.length - head.length;
  return head.every((w, i) => noun[from + i] === w);
}

/**
 * The specific id a start answers names the head noun both operations end with: `TaskRunId` from
 * `StartExportLabelsTaskRun` to `GetMLTaskRun`. `ExportTaskId` and `DescribeExportImageTasks` read other things.
 */
export function sharedHead(idNoun: readonly string[], start: OperationName | null, poll: OperationName | null): boolean {
  return start !== null && poll !== null && endsWithNoun(poll.noun, idNoun) && endsWithNoun(start.noun, idNoun);
}

/**
 * An action on the item the poll reads, named by the id it requires: the id names the poll's head noun, and the
 * start's noun is the poll's or the id's, with no thing of its own (`RetryPipelineExecution(PipelineExecutionArn)`
 * → `DescribePipelineExecution`, `ImportFirewallDomains(FirewallDomainListId)` → `GetFirewallDomainList`,
 * `CreateDataSourceFromRDS(DataSourceId)` → `GetDataSource`; not
 * `CreateFirewallRule(FirewallDomainListId)`, `PutModelPackageGroupPolicy`, `CreatePresignedDomainUrl`, whose
 * own nouns are other things). A verb that undoes a bring-up (`Disassociate`, `Deregister`) takes an item apart.
 */
export function actsOnPolledItem(
  id: readonly string[],
  start: OperationName | null,
  poll: OperationName | null,
  startInputs: readonly OperationInput[] = [],
): boolean {
  if (!start || !poll || !endsWithNoun(poll.noun, id) || undoesBringUp(start.verb)) return false;
  const pollWords = new Set([...poll.noun, ...id]);
  // `CreateDataSourceFromRDS`, `CreateDiskFromSnapshot`: what follows `From` is the source, not the thing made.
  const from = start.noun.indexOf('from');
  const own = from > 0 ? start.noun.slice(0, from) : start.noun;
  // A start that requires an id of its own noun, other than the poll's, has a thing of its own: GameLift's
  // `RegisterGameServer(GameServerGroupName, GameServerId)` registers a server in a group, and the group's status
  // (`DescribeGameServerGroup`) is not the server's.
  const ownNoun = own.join(' ');
  if (ownNoun !== poll.noun.join(' ') && startInputs.some((i) => i.required && isIdName(i.name) && idNoun(i.name).join(' ') === ownNoun))
    return false;
  const startWords = new Set([start.verb, ...own]);
  return own.every((w) => pollWords.has(w)) && poll.noun.every((w) => startWords.has(w) || id.includes(w));
}

/** `disassociate`, `deregister`, `unregister`, `detach`: the inverse of a verb of BRING_UP_VERBS. */
function undoesBringUp(verb: string): boolean {
  if (verb === 'detach') return true;
  const m = /^(dis|de|un)(.+)$/.exec(verb);
  return m !== null && BRING_UP_VERBS.includes(m[2]!);
}

/**
 * The id a poll takes unqualified, qualified by the poll's own noun: Glue's `GetJobRun(RunId)` reads the job run
 * `StartJobRun` answers as `JobRunId`. Null when the id's noun is not the head of the poll's noun, or is all of it.
 */
export function qualifiedByPoll(idName: string, poll: OperationName | null): string | null {
  const tokens = nameTokens(idName);
  const head = tokens.slice(0, -1).map(singular);
  if (!poll || head.length === 0 || poll.noun.length <= head.length || !endsWithNoun(poll.noun, head)) return null;
  return norm([...poll.noun, tokens.at(-1)!].join(''));
}

/**
 * The poll's noun is a scope's noun followed by the id's: `DescribeStackSetOperation(StackSetName, OperationId)`
 * reads the operation of a stack set. Another id the poll requires names that scope, and the id the start answers
 * names the thing within it, so `CreateStackInstances`, `DetectStackSetDrift` or `ImportStacksToStackSet`, whose
 * names share no noun with the poll, hand out the very thing it reads. The start must supply the scope
 * (idFlowJobs' companions), or the pair is rejected.
 */
export function scopedByInput(
  id: readonly string[],
  poll: OperationName | null,
  pollInputs: readonly OperationInput[],
  idInput: OperationInput,
): boolean {
  if (!poll || !endsWithNoun(poll.noun, id)) return false;
  const scope = poll.noun.slice(0, poll.noun.length - id.length);
  if (scope.length === 0) return false;
  return pollInputs.some((i) => i !== idInput && i.required && isIdName(i.name) && idNoun(i.name).join(' ') === scope.join(' '));
}
