/**
 * Upstream status words → the canonical lifecycle, as data. Detection and the state maps it emits both
 * read these tables; nothing else in `detect/` compares status strings.
 *
 * Words are compared normalised (lower case, letters and digits only), so `in_progress`, `InProgress`
 * and `in-progress` are one word. `strong` marks words that by themselves say "this is a job"
 * (`queued`, `in_progress`, `succeeded`, `failed`); weak words (`pending`, `active`, `ready`) also describe
 * payments, invitations and subscriptions, so they map to a state but do not count as job evidence.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { compoundEnd } from './compoundEnds.js';
import { createdBeforeUp } from './createdBeforeUp.js';
import { endedState } from './endedWords.js';
import { faultState } from './faultWords.js';
import { gerundsDone } from './gerundDone.js';
import { sharedPrefix } from './sharedPrefix.js';
import { stepCompletions } from './stepCompletions.js';
import { bareVerbEntry } from './verbForms.js';

export interface StateWord {
  state: CanonicalState;
  strong: boolean;
  /**
   * The word's part in a resource's provisioning lifecycle (CREATING → ACTIVE): `transitional` words say the
   * resource is being brought up or changed, `steady` words that it is up. A provisioning family maps its steady
   * words to `succeeded` (ACTIVE ends a create well); a job keeps `state`.
   */
  provisioning?: 'transitional' | 'steady';
}

const word = (state: CanonicalState, strong: boolean, provisioning?: StateWord['provisioning']): StateWord =>
  provisioning ? { state, strong, provisioning } : { state, strong };

/**
 * Known words. Sources: OpenAI, Replicate, Azure, AssemblyAI, OGC, Google, Argo, GitHub, Kubernetes; the
 * provisioning words from AWS's own resource status enums (EKS, RDS, SageMaker, ECS, OpenSearch, App Runner…).
 */
export const STATE_WORDS: Readonly<Record<string, StateWord>> = {
  // queued: accepted, not yet running
  queued: word('queued', true),
  enqueued: word('queued', true),
  notstarted: word('queued', true),
  // A resource checked before it is enabled (Ground Station ephemerides, Twilio sinks): part of bringing it up.
  validating: word('queued', true, 'transitional'),
  validatingfiles: word('queued', true),
  starting: word('queued', true, 'transitional'),
  submitted: word('queued', true),
  scheduled: word('queued', true),
  initializing: word('queued', true, 'transitional'),
  pending: word('queued', false),
  accepted: word('queued', false),
  created: word('queued', false, 'steady'),
  requested: word('queued', false),
  waiting: word('queued', false),
  new: word('queued', false),
  preparing: word('queued', false),
  waitingforresource: word('queued', false),
  throttled: word('queued', false),
  // running: keep polling
  running: word('running', true, 'steady'),
  inprogress: word('running', true, 'transitional'),
  processing: word('running', true),
  executing: word('running', true),
  // The plain word for work under way (OVHcloud's tasks: todo → doing → done | error), as strong as `in_progress`: a
  // board's todo/doing/done has no failure, which a job lifecycle needs.
  doing: word('running', true),
  finalizing: word('running', true),
  cancelling: word('running', true),
  canceling: word('running', true),
  provisioning: word('running', false, 'transitional'),
  active: word('running', false, 'steady'),
  // being brought up or changed (provisioning): still running, no job evidence by themselves
  creating: word('running', false, 'transitional'),
  deploying: word('running', false, 'transitional'),
  // an artefact being made (Twilio builds, files.com exports: building → ready)
  building: word('running', true, 'transitional'),
  updating: word('running', false, 'transitional'),
  modifying: word('running', false, 'transitional'),
  configuring: word('running', false, 'transitional'),
  launching: word('running', false, 'transitional'),
  // A machine coming up (Lambda's instances: booting → active); `rebooting` is a change of one that is up.
  booting: word('running', false, 'transitional'),
  activating: word('running', false, 'transitional'),
  associating: word('running', false, 'transitional'),
  enabling: word('running', false, 'transitional'),
  registering: word('running', false, 'transitional'),
  installing: word('running', false, 'transitional'),
  restoring: word('running', false, 'transitional'),
  scaling: word('running', false, 'transitional'),
  upgrading: word('running', false, 'transitional'),
  rebooting: word('running', false, 'transitional'),
  attaching: word('running', false, 'transitional'),
  // A resource taken out of service while the provider works on it, then back up (UpCloud servers are built in
  // `maintenance`; Astra DB's and RDS's maintenance windows): a change under way, never an end.
  maintenance: word('running', false, 'transitional'),
  pendingcreation: word('queued', false, 'transitional'),
  // AWS's `PENDING → STARTED → COMPLETED` (DRS, Lightsail): under way, as `running` is; a steady word of a resource too.
  started: word('running', true, 'steady'),
  paused: word('running', false),
  suspended: word('running', false),
  requiresaction: word('running', false),
  // succeeded
  succeeded: word('succeeded', true),
  success: word('succeeded', true),
  successful: word('succeeded', true),
  completed: word('succeeded', true),
  complete: word('succeeded', true),
  done: word('succeeded', true),
  finished: word('succeeded', true),
  ready: word('succeeded', false, 'steady'),
  // A request met (GameLift placements, EC2 spot requests: `PENDING` → `FULFILLED`, or `TIMED_OUT`/`FAILED`).
  // Weak: an order is `fulfilled` too, so it ends a job only where something else says there is one.
  fulfilled: word('succeeded', false),
  // up (provisioning steady states); a job never ends on these, a created resource does
  available: word('running', false, 'steady'),
  inservice: word('running', false, 'steady'),
  deployed: word('running', false, 'steady'),
  enabled: word('running', false, 'steady'),
  associated: word('running', false, 'steady'),
  registered: word('running', false, 'steady'),
  attached: word('running', false, 'steady'),
  installed: word('running', false, 'steady'),
  provisioned: word('running', false, 'steady'),
  healthy: word('running', false, 'steady'),
  online: word('running', false, 'steady'),
  operational: word('running', false, 'steady'),
  // The word itself (Tembo's instances: Submitted → Configuring → Up): the thing is up.
  up: word('running', false, 'steady'),
  // AWS Batch compute environments and job queues (`CREATING` → `VALID`), EventBridge connections
  // (`AUTHORIZING` → `AUTHORIZED`): the resource is usable. Steady only: a payment is `authorized` too.
  valid: word('running', false, 'steady'),
  authorized: word('running', false, 'steady'),
  ended: word('succeeded', false),
  // failed (terminal, the upstream's own word is kept beside the canonical one)
  failed: word('failed', true),
  failure: word('failed', true),
  error: word('failed', true),
  errored: word('failed', true),
  // The run's process died under it (Prefect's `CRASHED`, beside `FAILED` for the code's own failure): failed too.
  crashed: word('failed', true),
  partialfailed: word('failed', true),
  validationfailed: word('failed', true),
  timedout: word('failed', true),
  expired: word('failed', false),
  incomplete: word('failed', false),
  rejected: word('failed', false),
  // A job's input refused at the end (Climate uploads: `INVALID`, `DECLINED`): a terminal no, weak as `rejected` is.
  invalid: word('failed', false),
  declined: word('failed', false),
  // cancelled
  cancelled: word('cancelled', true),
  canceled: word('cancelled', true),
  aborted: word('cancelled', true),
  dismissed: word('cancelled', true),
  terminated: word('cancelled', true),
  stopped: word('cancelled', false),
  killed: word('cancelled', false),
  skipped: word('cancelled', false),
};

/** Stems of a word that says the work did not end well (`FAILED`, `ERROR`, `REJECTED`, `TIMED_OUT`, `EXPIRED`). */
const FAILURE_STEMS = /(fail|error|reject|timeout|timedout|expire)/;

/**
 * The reasoned default for words the table does not know, first match wins. Order matters: "cancelling"
 * before "cancel", "incomplete" is in the table so that it never reaches "complete".
 */
export const DEFAULT_STATE_RULES: ReadonlyArray<{ pattern: RegExp; state: CanonicalState }> = [
  { pattern: /(cancell?ing|aborting|stopping|terminating|dismissing)/, state: 'running' },
  { pattern: FAILURE_STEMS, state: 'failed' },
  { pattern: /(cancel|abort|dismiss|terminat|stopped)/, state: 'cancelled' },
  { pattern: /(succe|complete|done|finish)/, state: 'succeeded' },
  { pattern: /(queue|pending|accept|notstarted|submit|created|starting|validat|schedul|waiting)/, state: 'queued' },
];

/**
 * Azure LRO status monitors often type `status` as a plain string; the Azure REST guidelines fix the words
 * (terminal: Succeeded, Failed, Canceled; anything else is still running).
 */
export const AZURE_LRO_STATES: Readonly<Record<string, CanonicalState>> = {
  NotStarted: 'queued',
  Running: 'running',
  Succeeded: 'succeeded',
  Failed: 'failed',
  Canceled: 'cancelled',
};

export function normalizeStateWord(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Table entry for a word, or null when only the default rules can place it. */
export function lookupStateWord(value: string): StateWord | null {
  const n = normalizeStateWord(value);
  return stateWordEntry(n) ?? bareVerbEntry(n, stateWordEntry) ?? britishEntry(n);
}

/**
 * A table word in British spelling (`initialising`, `finalised`, `optimisation`): read as its `-ize` form, only when
 * that form is a table word (`promised` and `revised` are no `promized`).
 */
function britishEntry(normalized: string): StateWord | null {
  const us = normalized.replace(/is(e|es|ed|ing|ation)$/, 'iz$1');
  return us === normalized ? null : (stateWordEntry(us) ?? bareVerbEntry(us, stateWordEntry));
}

/** The table's own entry for a normalized word: `constructor` in a contract's enum is no state word. */
function stateWordEntry(normalized: string): StateWord | null {
  return Object.hasOwn(STATE_WORDS, normalized) ? STATE_WORDS[normalized]! : null;
}

/** Only suffixes up to this long can be a table word: a 150 KB enum value costs one pass, not one per character. */
const LONGEST_STATE_WORD = Math.max(...Object.keys(STATE_WORDS).map((word) => word.length));

/**
 * An end word negated (`not finished`, `NOT_COMPLETE`, `unfinished`, `notDone`): the work is not over yet, whatever its
 * verdict will be, so it runs on (Bitrise's `0: not finished`). No off word (faultWords.ts reads `INACTIVE` so): what
 * it negates says the work ended, not that a thing is up. `incomplete` is left to the fault rules: a payment or an
 * order left so has stopped.
 */
const NOT_YET_ENDED = /^(not|notyet|un|non)(complete|completed|done|finished|ended)$/;
/**
 * A success verdict negated (`not successful`, `NOT_SUCCEEDED`, `notPassed`): failed, as `unsuccessful` is
 * (faultWords.ts). Not an up word negated: `NOT_READY` is a thing still coming up.
 */
const NOT_SUCCESS = /^not(success|successful|succeeded|passed)$/;

/** Canonical state for any upstream word: table first, then the default rules, else `running`. */
export function toCanonicalState(value: string): CanonicalState {
  const known = lookupStateWord(value);
  if (known) return known.state;
  const n = normalizeStateWord(value);
  if (NOT_YET_ENDED.test(n)) return 'running';
  if (NOT_SUCCESS.test(n)) return 'failed';
  const fault = faultState(n, isUpWord);
  if (fault) return fault;
  // Whose end a `*_COMPLETE` names (`CANCEL_COMPLETE`, `DELETE_COMPLETE`): compoundEnds.ts.
  const end = compoundEnd(value, stateWordEntry);
  if (end) return end;
  // A thing gone (`Deleted`, `DEREGISTERED`) has ended, by someone's hand: polling it on waits for nothing.
  if (GONE.test(n)) return 'cancelled';
  for (const rule of DEFAULT_STATE_RULES) if (rule.pattern.test(n)) return rule.state;
  // A part done, a thing replaced or withdrawn, dead or shut down: endedWords.ts.
  return endedState(n) ?? 'running';
}

/** A table word for a resource being brought up or changed (`activating`, `updating`). */
function isTransitionalWord(normalized: string): boolean {
  return stateWordEntry(normalized)?.provisioning === 'transitional';
}

/** A table word that ends the work well or says a resource is up (faultWords.ts negates these). */
export function isUpWord(normalized: string): boolean {
  const entry = stateWordEntry(normalized);
  return entry !== null && (entry.state === 'succeeded' || entry.provisioning === 'steady');
}

/** How much a set of status values looks like a job lifecycle. */
export interface LifecycleAssessment {
  /** Upstream value → canonical state, for every value. */
  states: Record<string, CanonicalState>;
  /** A strong active word, a strong success word and a strong failure word, most values known. */
  strong: boolean;
  /** Has at least one terminal word and at least half of the values are known lifecycle words. */
  lifecycleLike: boolean;
  /** A strong word for "accepted, not started yet" (`queued`, `NotStarted`, `validating`). */
  hasStrongQueued: boolean;
  /** Values that the table knows. */
  knownCount: number;
}

/**
 * Unknown words that come as a gerund/participle pair of one verb (`dubbing`/`dubbed`, `encoding`/`encoded`,
 * `rendering`/`rendered`): the first is work in progress, the second that work done. They count as known
 * lifecycle words but not as strong ones: `shipping`/`shipped` pairs the same way on an order.
 */
export function pairedVerbWords(values: readonly string[]): Map<string, StateWord> {
  const out = new Map<string, StateWord>();
  const unknown = values.filter((v) => lookupStateWord(v) === null);
  const byNorm = new Map(unknown.map((v) => [normalizeStateWord(v), v]));
  // A set: a hostile enum of many gerunds costs one lookup per prefix, not a scan of the list.
  const gerunds = new Set(values.map(normalizeStateWord).filter((n) => n.endsWith('ing')));
  for (const [n, v] of byNorm) {
    // A tear-down pair (`deleting`/`deleted`) ends the thing, not the work the poll follows (isTearDown); nor does
    // the undoing of a step the vocabulary also names (`disabling`/`disabled` beside `enabling`).
    if (!n.endsWith('ing') || n.length < 6 || TEAR_DOWN.test(n) || undoes(n, gerunds)) continue;
    const done = byNorm.get(`${n.slice(0, -3)}ed`);
    if (done === undefined) continue;
    out.set(v, word('running', false));
    out.set(done, word('succeeded', false));
  }
  return out;
}

/** Prefixes that undo a verb, and those the verb itself may carry (`disable` of `enable`, `deactivate` of `activate`). */
const UNDO_PREFIXES: readonly string[] = ['dis', 'de', 'un'];
const DO_PREFIXES: readonly string[] = ['', 'en', 'in', 're'];

/**
 * The gerund `n` undoes another gerund of the vocabulary: the two differ only by an undoing prefix against none or a
 * doing one (`disabling`/`enabling`, `deactivating`/`activating`, `deauthorizing`/`authorizing`). The vocabulary
 * itself names both the doing and its undoing: the undoing done is no end of the work.
 */
function undoes(n: string, gerunds: ReadonlySet<string>): boolean {
  const undo = UNDO_PREFIXES.find((p) => n.startsWith(p));
  if (undo === undefined) return false;
  const rest = n.slice(undo.length);
  return rest.length >= 4 && DO_PREFIXES.some((p) => gerunds.has(`${p}${rest}`));
}

/**
 * A lifecycle that names no success at all, only waiting, running and failing words (`pending`, `enqueued`,
 * `failed`), plus exactly one past participle no table knows (`merged`, `published`): that participle is the
 * work done, the job's success. Without it the job could never end well. It maps only; it is no evidence.
 */
export function soleParticipleSuccess(
  values: readonly string[],
  states: Record<string, CanonicalState>,
  known: (value: string) => boolean,
): string | null {
  if (Object.values(states).includes('succeeded')) return null;
  if (!values.some((v) => known(v) && states[v] === 'failed')) return null;
  // A thing gone (`DELETED`) is no work done: the create or update it followed will not end there. It still counts
  // as a participle, though it maps to an end of its own (`cancelled`): beside it, `degraded` or `disabled` is not
  // the one end left.
  const participles = values.filter((v) => {
    const n = normalizeStateWord(v);
    return !known(v) && /[a-z]{3}ed$/.test(n) && (states[v] === 'running' || GONE.test(n));
  });
  return participles.length === 1 && !GONE.test(normalizeStateWord(participles[0]!)) ? participles[0]! : null;
}

/**
 * Values that all carry one namespace before the state (`esriJobSucceeded`, `QUERY_STATE_PENDING`) are read by the
 * part after it when the table knows more of them so than whole (whole, only the pairs `…Cancelling`/`…Cancelled`
 * are known, the done one read as a success), as namespacedValues.ts judges them, keyed as spelled.
 */
export function assessLifecycle(values: readonly string[]): LifecycleAssessment {
  const whole = assessWords(values);
  const prefix = whole.knownCount < values.length ? sharedPrefix(values) : null;
  if (prefix === null) return whole;
  const rest = assessWords(values.map((v) => v.slice(prefix.length)));
  if (rest.knownCount <= whole.knownCount) return whole;
  const states: Record<string, CanonicalState> = {};
  for (const [v, st] of Object.entries(rest.states)) states[`${prefix}${v}`] = st;
  return { ...rest, states };
}

function assessWords(values: readonly string[]): LifecycleAssessment {
  const states: Record<string, CanonicalState> = {};
  const paired = pairedVerbWords(values);
  let known = 0;
  let strongActive = false;
  let strongSuccess = false;
  let strongFailure = false;
  let anyTerminal = false;
  let hasStrongQueued = false;
  for (const v of values) {
    const entry = lookupStateWord(v) ?? paired.get(v) ?? null;
    states[v] = entry ? entry.state : toCanonicalState(v);
    if (!entry) continue;
    known++;
    if (entry.state === 'succeeded' || entry.state === 'failed' || entry.state === 'cancelled') anyTerminal = true;
    if (!entry.strong) continue;
    if (entry.state === 'queued') hasStrongQueued = true;
    if (entry.state === 'queued' || entry.state === 'running') strongActive = true;
    if (entry.state === 'succeeded') strongSuccess = true;
    if (entry.state === 'failed') strongFailure = true;
  }
  const success = soleParticipleSuccess(values, states, (v) => lookupStateWord(v) !== null || paired.has(v));
  if (success !== null) states[success] = 'succeeded';
  for (const v of stepCompletions(values)) states[v] = 'running';
  // Stages a vendor names for its own work (`fetching`, `rendering`, `saving`: Shotstack; `transcoding`) are words no
  // table lists, but between a strong start word and a strong failure a verb under way is a stage of that work.
  const stages = strongActive && strongFailure ? values.filter((v) => isStageGerund(v, lookupStateWord(v) ?? paired.get(v))).length : 0;
  const share = values.length === 0 ? 0 : (known + stages) / values.length;
  return {
    states,
    strong: strongActive && strongSuccess && strongFailure && share >= 0.6,
    lifecycleLike: anyTerminal && share >= 0.5,
    hasStrongQueued,
    knownCount: known,
  };
}

/** An unlisted word that is a verb under way (`rendering`), read as running by the default rules. */
function isStageGerund(value: string, entry: StateWord | null | undefined): boolean {
  const n = normalizeStateWord(value);
  return !entry && n.length > 5 && n.endsWith('ing') && toCanonicalState(value) === 'running';
}

/**
 * Words that only an outcome field says (how a finished job ended), never a status. Reasoned choices:
 * `neutral` is GitHub's "finished, nothing to report" and counts as passing there → succeeded; `skipped`
 * (also in STATE_WORDS) means the work never ran: not a success that produced anything, not a failure →
 * cancelled; `action_required` and `stale` end the run without success → failed; `passed` is a test run's success.
 */
export const OUTCOME_WORDS: Readonly<Record<string, CanonicalState>> = {
  neutral: 'succeeded',
  passed: 'succeeded',
  skipped: 'cancelled',
  excluded: 'cancelled',
  actionrequired: 'failed',
  stale: 'failed',
};

/**
 * Status words that only say "it finished" and leave how to an outcome field (`completed` beside `conclusion`,
 * `TERMINATED` beside `result_state`). With an outcome field they map to succeeded; the runtime refines that
 * with the outcome value.
 */
export const FINISHED_WORDS: readonly string[] = ['completed', 'complete', 'done', 'finished', 'ended', 'terminated', 'closed'];

/**
 * Terminal state of an outcome value: outcome words, then the status table, then the default rules. A word
 * none of them places is `failed`: an outcome field exists to tell success from the rest, and calling an
 * unknown ending a success is the error an agent would act on. Non-terminal words (`pending`) give null.
 */
export function toOutcomeState(value: string): CanonicalState | null {
  const n = normalizeStateWord(value);
  const outcome = OUTCOME_WORDS[n];
  if (outcome) return outcome;
  const known = lookupStateWord(value);
  if (known) return isTerminalState(known.state) ? known.state : null;
  const fault = faultState(n, isUpWord);
  if (fault) return fault;
  for (const rule of DEFAULT_STATE_RULES) if (rule.pattern.test(n)) return isTerminalState(rule.state) ? rule.state : null;
  return 'failed';
}

/** Outcome values → terminal states, and whether they name both a success and a failure. */
export function assessOutcomes(values: readonly string[]): { outcomes: Record<string, CanonicalState>; successAndFailure: boolean } {
  const outcomes: Record<string, CanonicalState> = {};
  let success = false;
  let failure = false;
  for (const v of values) {
    const state = toOutcomeState(v);
    if (state === null) continue;
    outcomes[v] = state;
    const known = OUTCOME_WORDS[normalizeStateWord(v)] ?? lookupStateWord(v)?.state;
    if (known === 'succeeded') success = true;
    if (known === 'failed' || known === 'cancelled') failure = true;
  }
  return { outcomes, successAndFailure: success && failure };
}

function isTerminalState(state: CanonicalState): boolean {
  return state === 'succeeded' || state === 'failed' || state === 'cancelled';
}

/**
 * One status value read by meaning, for lifecycles no marker vouches for: the table, then a compound that
 * ends in a table word (`CREATE_COMPLETE`, `IMPORT_FAILED`; `*_IN_PROGRESS` and `*ROLLBACK*` first, since a
 * finished rollback is a failure), then an unknown gerund (`MIGRATING`: work under way), then the default rules.
 * `known` says whether anything but the default rules placed it.
 */
export function readStateWord(value: string): StateWord & { known: boolean } {
  const entry = lookupStateWord(value);
  if (entry) return { ...entry, known: true };
  const n = normalizeStateWord(value);
  if (n.includes('inprogress')) return { state: 'running', strong: true, provisioning: 'transitional', known: true };
  // Any inflection of "roll back" (`ROLLED_BACK`, `RollingBack`, `UPDATE_ROLLBACK_COMPLETE`): rolling is under way.
  const roll = ROLL_BACK.exec(n);
  if (roll) return { state: roll[1] === 'ing' || /ing$|inprogress/.test(n) ? 'running' : 'failed', strong: false, known: true };
  // A stop asked for and not yet done (`STOP_REQUESTED`, `CANCELLATION_REQUESTED`): the work is winding down, not queued.
  if (STOP_ASKED.test(n)) return { state: 'running', strong: false, known: true };
  if (NOT_YET_ENDED.test(n)) return { state: 'running', strong: false, known: true };
  if (NOT_SUCCESS.test(n)) return { state: 'failed', strong: false, known: true };
  // A fault or a negated up word (faultWords.ts) is no compound of the word it negates: it maps, unknown.
  if (faultState(n, isUpWord)) return { state: 'failed', strong: false, known: false };
  // A done that is not the work's own (`CREATE_FAILED_CLEANUP_COMPLETE`, `CANCEL_COMPLETE`): compoundEnds.ts.
  const end = compoundEnd(value, stateWordEntry);
  if (end) return { state: end, strong: false, known: true };
  for (let i = Math.max(1, n.length - LONGEST_STATE_WORD); i < n.length - 3; i++) {
    const tail = stateWordEntry(n.slice(i));
    // A negation is not a compound (`INACTIVE`, `UNAVAILABLE`, `DEREGISTERED`, `NOT_READY`): left to the rules.
    if (tail && !NEGATIONS.test(n.slice(0, i))) return { ...tail, known: true };
  }
  if (n.length >= 6 && n.endsWith('ing')) return { state: 'running', strong: false, provisioning: 'transitional', known: true };
  // `PENDING_UPDATE`, `FAILED_CREATION`: a lifecycle word first, then what it is about.
  for (const head of ['pending', 'failed', 'succeeded', 'completed', 'cancelled', 'canceled']) {
    if (!n.startsWith(head) || n.length === head.length) continue;
    // An end qualified by its failures (`COMPLETED_WITH_FAILURES`, `completedWithErrors`) did not end well: AWS's
    // own waiters fail on it (omics), and the default rules read it so wherever no table word matched first.
    if (STATE_WORDS[head]!.state === 'succeeded' && FAILURE_STEMS.test(n.slice(head.length)))
      return { state: 'failed', strong: false, known: true };
    return { ...STATE_WORDS[head]!, strong: false, known: true };
  }
  const head = compoundHead(value);
  if (head) return { state: head.state, strong: false, known: true };
  return { state: toCanonicalState(value), strong: false, known: false };
}

/**
 * A compound whose parts are spelled apart (`processing_subfolders`, `WAITING_RENDER`, `runningWithWarnings`,
 * `creating-dest-folder`) says its state in its first part and what it is about after: the head is read as the
 * table word it is. Only a table word counts as a head (an unknown gerund such as `awaiting_payment` is left to
 * the rules), and never as a strong one nor as a provisioning word: the qualifier may narrow it
 * (`waiting_for_payment` is an order's too, `ACTIVE_IMPAIRED` is not up).
 */
function compoundHead(value: string): StateWord | null {
  const parts = value
    .slice(0, LONGEST_STATE_WORD + 2)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== '');
  if (parts.length < 2) return null;
  return stateWordEntry(normalizeStateWord(parts[0]!));
}

const NEGATIONS = /^(in|un|not|non|de|dis|re)$/;

/**
 * A resource being torn down, or gone (`DELETING`, `deleted`, `TERMINATED`, `DEREGISTERING`, `destroying`): while it was being
 * brought up, it will not come up. AWS's own waiters for a resource coming up fail on these (EKS `ClusterActive` on
 * `DELETING`, ElastiCache `CacheClusterAvailable` on `deleting` and `deleted`), so a provisioning lifecycle maps them
 * to `failed`, never to work under way that would poll until the resource is gone.
 */
const TEAR_DOWN = /^(?:(delet|terminat|deregister|decommission|deprovision)(e|ed|ing|einprogress|ioninprogress|ion)|destroy(ed|ing)?)$/;

/** A tear-down done: the thing is gone. */
const GONE = /^(?:(delet|terminat|deregister|decommission|deprovision)ed|destroyed)$/;

/** "Roll back" in any inflection: `rollback`, `rolledback`, `rollingback` (normalized). */
const ROLL_BACK = /roll(ing|ed)?back/;

export function isTearDown(value: string): boolean {
  return TEAR_DOWN.test(normalizeStateWord(value));
}
const STOP_ASKED = /^(stop|cancel|cancellation|abort|terminate|termination|halt)requested$/;

/** What a status vocabulary is, read by meaning: a job, a provisioning lifecycle, or neither (and why). */
export type LifecycleJudgement =
  | {
      kind: 'job' | 'provisioning';
      states: Record<string, CanonicalState>;
      inProgress: string[];
      success: string[];
      /** Only a bare waiting word (`pending`) says the work is not done: a payment's shape too (lifecycleGaps.ts). */
      waitingOnly?: true;
    }
  | { kind: null; reason: string };

/**
 * A job names work under way (a strong queued/running word, or a transitional one) and a strong success
 * (`SUCCEEDED`, `COMPLETED`, `CREATE_COMPLETE`). A provisioning lifecycle has no such success but brings a
 * resource up: a transitional word (`CREATING`, `PROVISIONING`, `STARTING`) and a steady one (`ACTIVE`,
 * `AVAILABLE`, `InService`), which then maps to `succeeded`. Anything else (order, payment, booking statuses:
 * `pending`, `paid`, `shipped`) is no job: without a terminal success the work could never end well.
 */
export function judgeLifecycle(values: readonly string[]): LifecycleJudgement {
  if (values.length < 2) return { kind: null, reason: 'fewer than two status values listed' };
  const read = values.map((v) => [v, readStateWord(v)] as const);
  const known = read.filter(([, w]) => w.known).length;
  if (known / values.length < 0.5)
    return { kind: null, reason: `most status values are not lifecycle words (${values.slice(0, 6).join(', ')})` };
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = w.state;
  const active = read.filter(([, w]) => (w.state === 'queued' || w.state === 'running') && (w.strong || w.provisioning === 'transitional'));
  const success = read.filter(([, w]) => w.state === 'succeeded' && w.strong);
  if (active.length > 0 && success.length > 0) {
    // A job whose thing is gone (`DELETED` beside `COMPLETED`: SMS replication runs) has ended: no table knows the
    // word, so it would read as work under way and be polled until the job expired. Gone by someone's hand, as
    // the table reads `TERMINATED`.
    for (const [v, w] of read) if (!w.known && GONE.test(normalizeStateWord(v))) states[v] = 'cancelled';
    // A step's completion beside the whole work's (`UploadComplete` beside `JobComplete`) is a stage of it.
    const completes = stepCompletions(values);
    const steps = success.some(([v]) => !completes.includes(v)) ? completes : [];
    for (const v of steps) states[v] = 'running';
    return {
      kind: 'job',
      states,
      inProgress: [...active.map(([v]) => v), ...steps.filter((v) => !active.some(([a]) => a === v))],
      success: success.map(([v]) => v).filter((v) => !steps.includes(v)),
    };
  }
  const steady = read.filter(([, w]) => w.provisioning === 'steady');
  const transitional = read.filter(([v, w]) => w.provisioning === 'transitional' && !isTearDown(v));
  if (success.length === 0 && steady.length > 0 && transitional.length > 0) {
    const steps = createdBeforeUp(
      steady.map(([v]) => v),
      values,
    );
    for (const [v] of steady) if (!steps.has(v)) states[v] = 'succeeded';
    for (const v of gerundsDone(values, normalizeStateWord, isTransitionalWord, (v) => readStateWord(v).known)) states[v] = 'succeeded';
    for (const v of values) if (isTearDown(v)) states[v] = 'failed';
    const up = steady.filter(([v]) => !steps.has(v)).map(([v]) => v);
    return { kind: 'provisioning', states, inProgress: [...transitional.map(([v]) => v), ...steps], success: up };
  }
  if (active.length === 0) return { kind: null, reason: `no value says the work is under way (${values.slice(0, 6).join(', ')})` };
  return { kind: null, reason: `no value says the work ended well (${values.slice(0, 6).join(', ')})` };
}
