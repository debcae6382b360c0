/**
 * Reading an upstream job document: dotted-path values, the status word mapped onto the canonical lifecycle,
 * Google-style done/error/response, progress. Pure functions; unknown status words never crash: they are
 * `running`, with the raw word kept beside.
 */
import type { CanonicalState, JobFamilySpec, OperationSpec, ValueSource } from '../definition.js';

export function getPath(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split('.')) {
    // Own properties only: `constructor` or `__proto__` in a contract's path names nothing in a document.
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Writes `value` at a dotted path, making the objects on the way (`Job.Id` → `{Job: {Id}}`). A segment that names
 * an object's own prototype machinery is refused: the path comes from the contract, which is untrusted.
 */
export function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  if (keys.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype')) return;
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys.at(-1)!] = value;
}

/** Reads `header:Name` or `body:a.b` from a response (`body:` alone: the whole answer, an id answered bare). Returns a string for scalars, or undefined. */
export function readSource(source: ValueSource, headers: Headers, body: unknown): string | undefined {
  if (source.startsWith('header:')) return headers.get(source.slice('header:'.length)) ?? undefined;
  const path = source.slice('body:'.length);
  const value = path === '' ? body : getPath(body, path);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** The start operation's parameters, by which `arg:` sources name its inputs (ParamSpec: wire name → tool argument). */
export type StartInputs = Pick<OperationSpec, 'params' | 'constants'>;

/**
 * `arg:<name>`: a start's own input. Detection names a parameter as the contract writes it (`arg:ediscoverySearch-id`),
 * while the tool argument may be spelt otherwise (`ediscovery_search_id`: emit/naming.ts toArgName), so a name that is
 * a parameter of the start (`op`, a path one first, as a start at an item names it) reads that parameter's argument,
 * or the value the contract fixes it to. Otherwise a dotted path into the arguments (`arg:body.Name`, a job the client
 * named), or an argument the start asked for its poll only (`arg:isCaller`: detect/idflow/askedInputs.ts); a boolean
 * as its text.
 */
export function readArg(source: `arg:${string}`, args: Record<string, unknown>, op?: StartInputs): string | undefined {
  const name = source.slice('arg:'.length);
  const params = op?.params.filter((p) => p.name === name) ?? [];
  const param = params.find((p) => p.in === 'path') ?? params[0];
  const constant = param ? undefined : op?.constants?.find((c) => c.name === name);
  if (constant) return constant.value;
  const value = param ? (Object.hasOwn(args, param.arg) ? args[param.arg] : undefined) : getPath(args, name);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A value as the contract names it: a numeric code the contract names (`statusCodes`: `2` → `Completed`) is its name;
 * anything else is itself. Own keys only, as in mapState.
 */
export function namedValue(codes: Record<string, string> | undefined, raw: string): string {
  return codes !== undefined && Object.hasOwn(codes, raw) ? codes[raw]! : raw;
}

/** The state of a named code, or of the code itself where the map names it so (a configured `states: {"2": …}`). */
function mapNamed(states: Record<string, CanonicalState>, named: string, raw: string): { state: CanonicalState; known: boolean } {
  const mapped = mapState(states, named);
  if (mapped.known || named === raw) return mapped;
  const byCode = mapState(states, raw);
  return byCode.known ? byCode : mapped;
}

/**
 * The state of an upstream status word. A value the map lists, in any case or spelling (`IN_PROGRESS` for a listed
 * `InProgress`), is `known`. A value the contract does not list (an upstream newer than its contract, an enum left
 * short) is not: it is still running, unless the common words read it as an end (`COMPLETED`, `error`, `Canceled`:
 * DEFAULT_STATE_WORDS), which it then is. A job the contract's words cannot end would otherwise be polled for ever.
 */
export function mapState(states: Record<string, CanonicalState>, raw: string): { state: CanonicalState; known: boolean } {
  // Own keys only: an upstream status may name what every object inherits (`constructor`, `__proto__`).
  const exact = Object.hasOwn(states, raw) ? states[raw] : undefined;
  if (exact) return { state: exact, known: true };
  const lower = raw.toLowerCase();
  for (const [word, state] of Object.entries(states)) if (word.toLowerCase() === lower) return { state, known: true };
  const spelled = tableWord(raw);
  for (const [word, state] of Object.entries(states)) if (tableWord(word) === spelled) return { state, known: true };
  const common = Object.hasOwn(DEFAULT_STATE_WORDS, spelled) ? DEFAULT_STATE_WORDS[spelled]! : null;
  return { state: common !== null && isTerminal(common) ? common : 'running', known: false };
}

/**
 * Whether the contract lists `upstream` (a status as a job keeps it: a numeric code's name) among the family's
 * values; true where the family has no map, whose words are the common ones by design.
 */
export function listedStatus(family: Pick<JobFamilySpec, 'states' | 'statusCodes'>, upstream: string): boolean {
  if (Object.keys(family.states).length === 0 || mapState(family.states, upstream).known) return true;
  const codes = family.statusCodes ?? {};
  return Object.keys(codes).some((code) => codes[code] === upstream && mapState(family.states, code).known);
}

/**
 * Used only when the generator found no state map for a family (a status field without an enum, as in
 * Azure status monitors): the lifecycle words the common conventions use. Lower-case, `_`/`-`/space removed.
 */
export const DEFAULT_STATE_WORDS: Record<string, CanonicalState> = {
  queued: 'queued',
  pending: 'queued',
  notstarted: 'queued',
  accepted: 'queued',
  waiting: 'queued',
  created: 'queued',
  submitted: 'queued',
  scheduled: 'queued',
  running: 'running',
  inprogress: 'running',
  processing: 'running',
  started: 'running',
  starting: 'running',
  active: 'running',
  cancelling: 'running',
  canceling: 'running',
  finalizing: 'running',
  succeeded: 'succeeded',
  success: 'succeeded',
  successful: 'succeeded',
  completed: 'succeeded',
  complete: 'succeeded',
  done: 'succeeded',
  finished: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  error: 'failed',
  errored: 'failed',
  expired: 'failed',
  aborted: 'failed',
  rejected: 'failed',
  timedout: 'failed',
  fault: 'failed',
  faulted: 'failed',
  validationfailed: 'failed',
  partialfailed: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  dismissed: 'cancelled',
  revoked: 'cancelled',
};

/** A status word as the word tables key it: lower-cased, without `_`, `-` or spaces (`In_Progress` → `inprogress`). */
function tableWord(raw: string): string {
  return raw.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Status words that say the job waits for its user (or the calling client) to act upstream: Stripe's and
 * OpenAI's `requires_action`, GitHub agent tasks' `waiting_for_user`, `input_required`, `pending_approval`,
 * `awaiting_confirmation`, GameLift's `REQUIRES_ACCEPTANCE` (players must accept the match), Amazon MQ's
 * `CRITICAL_ACTION_REQUIRED` (an act that falls to a person, said how urgent or by whom: `manual_action_required`).
 * Such a job is still queued or running, but polling alone will not move it. Matched on
 * the word lower-cased without `_`/`-`/spaces; `pending` or `waiting` alone is ordinary waiting and does not match,
 * nor does a review by someone else (`pending_review`).
 */
const WAITS_FOR_INPUT = [
  /^(requires?|needs?)(user|client|customer)?(action|input|approval|confirmation|acceptance)$/,
  /^(user|client|customer|critical|manual)?(action|input|approval|confirmation|acceptance)(required|needed)$/,
  /^(waiting|awaiting)(for|on)?(user|client|customer)?(input|action|approval|confirmation|acceptance|user|client|customer)$/,
  /^pending(user|client|customer)(input|action|approval|confirmation|acceptance)?$|^pending(input|approval|confirmation|acceptance)$/,
];

export function waitsForInput(raw: string | null | undefined): boolean {
  if (!raw) return false;
  const word = tableWord(raw);
  return WAITS_FOR_INPUT.some((pattern) => pattern.test(word));
}

function mapWithDefaults(raw: string): { state: CanonicalState; known: boolean } {
  const word = tableWord(raw);
  const state = Object.hasOwn(DEFAULT_STATE_WORDS, word) ? DEFAULT_STATE_WORDS[word] : undefined;
  return state ? { state, known: true } : { state: 'running', known: false };
}

/** Conventional field names read when the generator could not name them (see DEFAULT_STATE_WORDS). */
const FALLBACK_STATUS_FIELD = 'status';
const FALLBACK_ERROR_FIELD = 'error';

export interface Observation {
  /** Null when the document says nothing about the state. */
  state: CanonicalState | null;
  upstreamStatus: string | null;
  progress: number | null;
  error: unknown;
  result: unknown;
  /** True when the family puts its result in this document (resultField, Google response). */
  hasResult: boolean;
  unknownStatus: boolean;
}

const GOOGLE_CANCELLED_CODE = 1;

export function observeDocument(family: JobFamilySpec, body: unknown): Observation {
  const obs: Observation = {
    state: null,
    upstreamStatus: null,
    progress: readProgress(family, body),
    error: undefined,
    result: undefined,
    hasResult: false,
    unknownStatus: false,
  };
  if (body === null || typeof body !== 'object') return obs;
  const error = family.errorField ? getPath(body, family.errorField) : undefined;
  // No error: absent, null, `{}`, `[]`, or a message left empty (`errorMessage: ""` on a success).
  const hasError =
    error !== undefined &&
    error !== null &&
    !(typeof error === 'object' && Object.keys(error).length === 0) &&
    !(typeof error === 'string' && error.trim() === '');
  const noStateMap = Object.keys(family.states).length === 0;
  // A family whose HTTP code is the state reads no word for one (Kinsta echoes the code in `status`).
  const statusField = family.statusField ?? (family.doneField === null && !family.statusByCode ? FALLBACK_STATUS_FIELD : null);
  const rawStatus = statusField ? getPath(body, statusField) : undefined;
  if (typeof rawStatus === 'string' || typeof rawStatus === 'number' || typeof rawStatus === 'boolean') {
    obs.upstreamStatus = namedValue(family.statusCodes, String(rawStatus));
    const mapped = noStateMap ? mapWithDefaults(obs.upstreamStatus) : mapNamed(family.states, obs.upstreamStatus, String(rawStatus));
    obs.state = mapped.state;
    obs.unknownStatus = !mapped.known;
  }
  const outcome = obs.state !== null && isTerminal(obs.state) ? refineByOutcome(family, body, obs) : undefined;
  if (family.doneField) {
    const done = getPath(body, family.doneField);
    if (done === true) {
      const code = hasError ? getPath(error, 'code') : undefined;
      obs.state = hasError ? (Number(code) === GOOGLE_CANCELLED_CODE ? 'cancelled' : 'failed') : 'succeeded';
      obs.unknownStatus = false;
      obs.upstreamStatus ??= 'done';
    } else if (obs.state === null) {
      obs.state = 'running';
      obs.upstreamStatus ??= 'not done';
    }
  } else if (obs.state === null && hasError) {
    obs.state = 'failed';
  } else if (hasError && obs.state === 'succeeded' && obs.upstreamStatus !== null && family.neutralEnds?.includes(obs.upstreamStatus)) {
    // `DONE` says the job ended, not how: the error beside it says it failed (Google Cloud's Operation). A done flag's
    // error is a google.rpc.Status where the convention is AIP-151's without Google's name (Yandex Cloud): its code 1
    // says the operation was cancelled, as for `done` above.
    const flagCancelled = obs.upstreamStatus === 'true' && Number(getPath(error, 'code')) === GOOGLE_CANCELLED_CODE;
    obs.state = flagCancelled ? 'cancelled' : 'failed';
  } else if (hasError && obs.upstreamStatus === 'false' && family.neutralEnds?.includes('true')) {
    // A done flag not yet set beside an error: the work failed before it could finish (Mapbox keeps `complete: false`).
    obs.state = 'failed';
  }
  if (hasError && obs.state !== 'succeeded') obs.error = error;
  else if (!family.errorField && (obs.state === 'failed' || obs.state === 'cancelled')) {
    const fallback = getPath(body, FALLBACK_ERROR_FIELD);
    if (fallback !== undefined && fallback !== null) obs.error = fallback;
  }
  // A run that ended badly only by its outcome (`conclusion: failure`) still gets a reason to show.
  if (outcome !== undefined && obs.error === undefined && (obs.state === 'failed' || obs.state === 'cancelled')) obs.error = outcome;
  // Else the words beside the status that say why (`StatusReason`, `message`), read only once the job ended badly:
  // while it runs they say how it goes, and a job that succeeded has no error.
  if (family.reasonField && obs.error === undefined && (obs.state === 'failed' || obs.state === 'cancelled')) {
    const reason = getPath(body, family.reasonField);
    if (reason !== undefined && reason !== null && reason !== '') obs.error = { [family.reasonField.split('.').pop()!]: reason };
  }
  if (family.resultField) {
    const result = getPath(body, family.resultField);
    if (result !== undefined) {
      obs.result = result;
      obs.hasResult = true;
    }
  }
  return obs;
}

/**
 * The status says "finished" (`completed`, `TERMINATED`); the outcome field says how (`failure`, `FAILED`).
 * The state becomes the outcome's; upstream_status shows both raw values (`completed/failure`), so an
 * outcome the tables do not know still reaches the agent (in upstream_status and the message) while the
 * status's own state stands. A null or absent outcome keeps the status's state.
 */
function refineByOutcome(family: JobFamilySpec, body: unknown, obs: Observation): Record<string, string> | undefined {
  if (!family.outcomeField) return undefined;
  const read = getPath(body, family.outcomeField);
  if ((typeof read !== 'string' || read === '') && typeof read !== 'number') return undefined;
  const raw = namedValue(family.outcomeCodes, String(read));
  obs.upstreamStatus = `${obs.upstreamStatus}/${raw}`;
  const mapped = mapOutcome(family.outcomes ?? {}, raw);
  if (mapped !== null) obs.state = mapped;
  // `{conclusion: "failure"}`: the outcome, under its own field name, as the error of a failed/cancelled run.
  return { [family.outcomeField.split('.').pop()!]: raw };
}

/** Outcome words for a family whose contract listed no outcome values (only terminal states). */
export const DEFAULT_OUTCOME_WORDS: Record<string, CanonicalState> = {
  success: 'succeeded',
  succeeded: 'succeeded',
  successful: 'succeeded',
  neutral: 'succeeded',
  completed: 'succeeded',
  ok: 'succeeded',
  failure: 'failed',
  failed: 'failed',
  error: 'failed',
  errored: 'failed',
  timedout: 'failed',
  actionrequired: 'failed',
  startupfailure: 'failed',
  stale: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  aborted: 'cancelled',
  skipped: 'cancelled',
};

function mapOutcome(outcomes: Record<string, CanonicalState>, raw: string): CanonicalState | null {
  const listed = mapState(outcomes, raw);
  if (listed.known) return listed.state;
  const word = tableWord(raw);
  const known = Object.hasOwn(DEFAULT_OUTCOME_WORDS, word) ? DEFAULT_OUTCOME_WORDS[word] : undefined;
  if (known) return known;
  // `success_with_failures`, `upstream_failed`, `user_canceled`: a failure or cancel word anywhere is not a success.
  if (/(fail|error|timedout|timeout)/.test(word)) return 'failed';
  if (/(cancel|abort)/.test(word)) return 'cancelled';
  return null;
}

/**
 * A true fraction 0..1 when the upstream reports one; null otherwise (never invented). A fraction/percent
 * field is divided by its scale; a counts object gives (sum of its finished counts) / total, and a missing,
 * zero or non-numeric total gives null rather than a guess.
 */
export function readProgress(family: JobFamilySpec, body: unknown): number | null {
  const spec = family.progress;
  if (!spec) return null;
  if ('counts' in spec) {
    // `''`: the counts stand beside the status, in the document itself (`totalJobs`, `completedJobs`).
    const counts = spec.counts === '' ? body : getPath(body, spec.counts);
    const total = numberOf(getPath(counts, spec.total));
    if (total === null || total <= 0) return null;
    // A missing finished key counts none; when no finished key is there at all there is nothing to divide.
    const finished = spec.done.map((key) => numberOf(getPath(counts, key))).filter((n): n is number => n !== null);
    if (finished.length === 0) return null;
    return clamp01(finished.reduce((sum, n) => sum + n, 0) / total);
  }
  const value = numberOf(getPath(body, spec.field));
  return value === null ? null : clamp01(value / spec.scale);
}

/** A number, or one written as a string (`"45.5"`, an int64 `"1200"`); a percentage string's `%` (`"45.5%"`) is dropped. */
function numberOf(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw.trim().replace(/%$/, '') : null;
  const value = text !== null && text !== '' ? Number(text) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

export function isTerminal(state: CanonicalState): boolean {
  return state === 'succeeded' || state === 'failed' || state === 'cancelled';
}
