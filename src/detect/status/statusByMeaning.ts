/**
 * The status of a job document read by meaning, for contracts without a marker: a status-named field (last name
 * token `status`, `state`, `phase` or FSx's `lifecycle`) at the top or nested (`QueryExecution.Status.State`,
 * `cluster.status`, `Stacks.0.StackStatus` for an answer that lists the one item asked for), whose values come
 * from an enum or from the field's description ("Valid Values: QUEUED | RUNNING | …", `<code>CREATING</code>`),
 * judged a job or a provisioning lifecycle (stateWords.ts `judgeLifecycle`).
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { memoByString, ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { valuesFromDescription } from '../read/schemaWalk.js';
import { ENVELOPE_META_FIELDS, inList, STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { withActiveRun } from './activeBesideDone.js';
import { DONE_FLAG_STATES, doneFlagOf } from './doneFlag.js';
import { patternValues } from './enumPattern.js';
import { judgeLifecycleGaps, withStepEnds } from './lifecycleGaps.js';
import {
  bulletListValues,
  capitalStateWords,
  codeListValues,
  glossaryValues,
  lifecycleListValues,
  plainListValues,
  tableColumnValues,
} from './lifecycleInDescription.js';
import { judgeNamespaced } from './namespacedValues.js';
import { judgeOneEndLeft } from './oneEndLeft.js';
import { judgePendingUntilActive } from './pendingUntilActive.js';
import { judgePendingUntilUp } from './pendingUntilUp.js';
import { withVerdictEnds } from './runEndsAtVerdict.js';
import { judgeRunUntilStopped } from './runUntilStopped.js';
import { judgeLifecycle, type LifecycleJudgement, lookupStateWord } from './stateWords.js';
import { judgeVerbOutcome } from './verbOutcome.js';

export interface StatusByMeaning {
  /** Dotted path in the answer; an array level reads its first item (`Stacks.0.StackStatus`). */
  field: string;
  values: string[];
  valuesFrom: 'enum' | 'description';
  /** Levels below the answer's top (0: `status`; 2: `QueryExecution.Status.State`). */
  depth: number;
  /** The field sits in the first item of a list (a Describe that answers a list). */
  inList: boolean;
  judgement: Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;
}

const MAX_DEPTH = 3;

/**
 * The shallowest status-named field whose vocabulary is a job or provisioning lifecycle; else why not. `judgeMore`
 * reads what the values alone cannot, with what the caller knows (the start's verb: startVerbDone.ts).
 */
export function findStatusByMeaning(
  reader: SchemaReader,
  schema: JsonSchema | undefined,
  judgeMore?: (values: readonly string[]) => StatusByMeaning['judgement'] | null,
): StatusByMeaning | { rejected: string } {
  // Read alone, a status depends on the schema only: graph-beta's 22,000 operations answer a few thousand.
  if (judgeMore === undefined) return ALONE.get(reader, reader.resolve(schema), (root) => readStatus(reader, root));
  return readStatus(reader, schema, judgeMore);
}
const ALONE = new ReaderMemo<JsonSchema | undefined, StatusByMeaning | { rejected: string }>();

function readStatus(
  reader: SchemaReader,
  schema: JsonSchema | undefined,
  judgeMore?: (values: readonly string[]) => StatusByMeaning['judgement'] | null,
): StatusByMeaning | { rejected: string } {
  let why = 'no status-named field in the answer';
  // Objects whose own status lists no values: a part's status beside them, or below them (`Clusters.0` with an
  // unread `ClusterStatus` over `Clusters.0.ReservedNodeExchangeStatus.Status`), is no stand-in.
  const ownUnread = new Set<string>();
  // Objects whose own status is no lifecycle (a stack set's `ACTIVE | DELETED`): a lifecycle below them is another
  // activity's (`StackSetDriftDetectionDetails.DriftDetectionStatus`, a droplet's `image.status`), not the thing's.
  const ownRejected = new Set<string>();
  const underUnread = (holder: string) => [...ownUnread, ...ownRejected].some((u) => holder.startsWith(`${u}.`));
  for (const level of statusFieldLevels(reader, schema)) {
    const found: Array<{ found: StatusByMeaning; rank: number; holder: string }> = [];
    for (const { name, schema: p, at, holder: path, depth, inList: listed } of level) {
      const e = reader.enumValues(p) ?? patternValues(reader, p);
      const values = e ?? statusValuesInDescription(reader.descriptionWithBranches(p));
      if (values.length === 0) {
        why = `\`${at}\` lists no values`;
        // The thing's own status says nothing: a part's status beside it (`ParameterGroupStatus`) is no stand-in.
        if (statusRank(name, path) < 2) ownUnread.add(path);
        continue;
      }
      const whole = judgeValues(values, judgeMore);
      // `REGISTRATION_PENDING`, `REGISTRATION_SUCCESS`: read by the part after the prefix (namespacedValues.ts).
      const judgement = whole.kind === null ? (judgeNamespaced(values, (rest) => judgeValues(rest, judgeMore)) ?? whole) : whole;
      if (judgement.kind === null) {
        why = `\`${at}\`: ${judgement.reason}`;
        if (statusRank(name, path) < 2) ownRejected.add(path);
        continue;
      }
      const candidate = {
        field: at,
        values,
        valuesFrom: e ? ('enum' as const) : ('description' as const),
        depth,
        inList: listed,
        judgement,
      };
      found.push({ found: candidate, rank: statusRank(name, path), holder: path });
    }
    // Of two statuses equally the thing's, the one that can say the work failed is the work's own; one that only runs
    // and completes (Vercel's `checksState` beside `readyState`) follows a step of it.
    const fails = (f: (typeof found)[number]) => canEndBadly(f.found);
    const before = (a: (typeof found)[number], b: (typeof found)[number]) =>
      b.rank !== a.rank
        ? b.rank < a.rank
        : fails(a) !== fails(b)
          ? fails(b)
          : // One thing's status before a list's first item's (a step of it), then the plainer path.
            a.found.inList !== b.found.inList
            ? a.found.inList
            : plainerPath(b.found.field, a.found.field);
    const best = found
      .filter((f) => (f.rank < 2 || !ownUnread.has(f.holder)) && !underUnread(f.holder))
      .reduce<(typeof found)[number] | null>((a, b) => (a === null || before(a, b) ? b : a), null);
    if (best) return best.found;
  }
  // No status word anywhere: a flag that says the work ended, beside its error (doneFlag.ts), at the top.
  const flag = doneFlagOf(reader, schema);
  if (flag !== null)
    return {
      field: flag,
      values: Object.keys(DONE_FLAG_STATES),
      valuesFrom: 'enum',
      depth: 0,
      inList: false,
      judgement: { kind: 'job', states: { ...DONE_FLAG_STATES }, inProgress: ['false'], success: ['true'] },
    };
  return { rejected: why };
}

/** A status-named string field of an answer: where it sits and what holds it (`''` for the answer itself). */
export interface StatusNamedField {
  name: string;
  schema: JsonSchema;
  at: string;
  holder: string;
  depth: number;
  /** Inside a list's first item, at any level above. */
  inList: boolean;
}

/**
 * The status-named fields of an answer, one level of depth at a time down to MAX_DEPTH (objects and a list's first
 * item are walked; envelope metadata is not), in a canonical order (byPlainness), never the schema's. Lazy: a reader that settles at one level never walks
 * the next. Shared by readStatus (the first level with a judged status wins) and startAffinity.ts (every field).
 */
export function* statusFieldLevels(reader: SchemaReader, schema: JsonSchema | undefined): Generator<StatusNamedField[]> {
  let queue: Array<{ s: JsonSchema | undefined; path: string; inList: boolean }> = [{ s: schema, path: '', inList: false }];
  const seen = new Set<object>();
  for (let depth = 0; depth <= MAX_DEPTH && queue.length > 0; depth++) {
    const next: typeof queue = [];
    const level: StatusNamedField[] = [];
    // Holders in a canonical order, not the schema's: one schema reached by several holders (DigitalOcean's app
    // answers one deployment schema as `active_deployment`, `pending_deployment`, …) is read under the plainest.
    queue.sort((a, b) => byPlainness(a.path, a.inList, b.path, b.inList));
    for (const { s, path, inList: listed } of queue) {
      const root = reader.resolve(s);
      if (!root || seen.has(root)) continue;
      seen.add(root);
      for (const [name, p] of reader.properties(root)) {
        if (inList(ENVELOPE_META_FIELDS, name)) continue;
        const at = path ? `${path}.${name}` : name;
        const type = reader.typeOf(p);
        if (type === 'object') next.push({ s: p, path: at, inList: listed });
        else if (type === 'array') {
          const items = reader.itemsOf(p);
          if (reader.typeOf(items) === 'object') next.push({ s: items, path: `${at}.0`, inList: true });
        } else if (
          (isStatusName(name) || isNamedState(name, path, reader, p)) &&
          (type === 'string' || type === undefined || reader.enumCodes(p) !== null)
        )
          level.push({ name, schema: p, at, holder: path, depth, inList: listed });
      }
    }
    yield level.sort((a, b) => byPlainness(a.at, a.inList, b.at, b.inList));
    queue = next;
  }
}

/** A vocabulary judged by every rule in turn: the table's lifecycles first, then the rules for what they miss. */
function judgeValues(
  values: readonly string[],
  judgeMore?: (values: readonly string[]) => StatusByMeaning['judgement'] | null,
): LifecycleJudgement {
  const judged = judgeLifecycle(values);
  if (judged.kind !== null) return withActiveRun(withVerdictEnds(withStepEnds(judged, values), values), values);
  return (
    judgePendingUntilUp(values) ??
    judgeLifecycleGaps(values) ??
    judgeRunUntilStopped(values) ??
    judgePendingUntilActive(values) ??
    judgeVerbOutcome(values) ??
    judgeOneEndLeft(values) ??
    judgeMore?.(values) ??
    judged
  );
}

/**
 * Which of several status fields at one level is the thing's own: `Status` itself, then one named after the object
 * that holds it (`ClusterStatus` in `Clusters.0`), then any other (`ParameterGroupStatus`, `SnapshotScheduleState`
 * report on a part of it).
 */
function statusRank(name: string, path: string): number {
  const tokens = nameTokens(name);
  if (tokens.length === 1) return 0;
  const holder = path
    .split('.')
    .filter((p) => p !== '0')
    .at(-1);
  const own = new Set(holder ? nameTokens(holder).map((t) => t.replace(/s$/, '')) : []);
  return tokens.slice(0, -1).every((t) => own.has(t.replace(/s$/, ''))) ? 1 : 2;
}

/**
 * At a tie of rank, ending and listing, whether status path `a` is the thing's own rather than `b`: the one whose
 * holders say less (`image.state.status`, holders of 2 words, over `image.scanState.status`, 3: a qualified holder is
 * another activity's state), then by the path itself. Two equal fields of one holder (`DeviceAggregatedStatus`,
 * `ProvisioningStatus`) are told apart by nothing but their names: the path order is the last tie-break, so that which
 * one the schema lists first never decides (metamorphic test, `order`).
 */
export function plainerPath(a: string, b: string): boolean {
  const holderWords = (path: string) =>
    path
      .split('.')
      .slice(0, -1)
      .filter((p) => p !== '0')
      .reduce((n, p) => n + nameTokens(p).length, 0);
  const [wa, wb] = [holderWords(a), holderWords(b)];
  return wa !== wb ? wa < wb : a < b;
}

/** A canonical order of status paths: outside a list first, then the plainer (plainerPath). */
function byPlainness(a: string, aListed: boolean, b: string, bListed: boolean): number {
  if (aListed !== bListed) return aListed ? 1 : -1;
  return a === b ? 0 : plainerPath(a, b) ? -1 : 1;
}

/**
 * The `name` of a status-named object whose values are listed: the state is an object and its name the state
 * (Bitbucket Pipelines' `state: {type, name: PENDING | IN_PROGRESS | COMPLETED, result}`), as a `stateName` is. Only
 * with listed values: a workflow status object (`status: {name: "In Progress", statusCategory}`) names a label.
 */
export function isNamedState(name: string, holder: string, reader: SchemaReader, schema: JsonSchema): boolean {
  const last = holder
    .split('.')
    .filter((p) => p !== '0')
    .at(-1);
  return STATE_NAMERS.has(name) && last !== undefined && isStatusName(last) && reader.enumValues(schema) !== null;
}

/**
 * What names a state beside it: its name, or its type, the kind a vendor's many named states fall in (Prefect's
 * `state: {type: SCHEDULED | RUNNING | COMPLETED | …, name: "Late"}`), or which one is current, beside the ones it was
 * (Kestra's `state: {current: CREATED | RUNNING | SUCCESS | …, histories: [{state, date}]}`).
 */
const STATE_NAMERS = new Set(['name', 'type', 'current']);

/**
 * Whether a status path is the document's own state written as a status object (`state.current`, `state.type`,
 * `status.name`): the object is its state, and the member names which state it is.
 */
export function ownStateObject(path: string): boolean {
  const parts = path.split('.');
  return parts.length === 2 && isStatusName(parts[0]!) && STATE_NAMERS.has(parts[1]!);
}

function isStatusName(name: string): boolean {
  const tokens = nameTokens(name);
  // The name of a state is the state (MongoDB Atlas's cluster `stateName`: IDLE, CREATING, …); so is its type
  // (Prefect's `state_type`), where values are listed (readStatus reads no others).
  const last = STATE_NAMERS.has(tokens.at(-1) ?? '') && tokens.length > 1 ? tokens.at(-2)! : tokens.at(-1);
  return last !== undefined && STATUS_NAME_TOKENS.has(last);
}

/**
 * Status values a description states: quoted words (schemaWalk), `A | B | C` lists (AWS "Valid Values:"),
 * "Valid values: A, B, C" / "One of: …" / "Possible values …" lists, or several upper-case words each in its own
 * `<code>` tag. Two values at least; words that are not identifiers are not values.
 */
export function statusValuesInDescription(text: string): string[] {
  // A copy: callers own what they are given, the memo keeps its own.
  return [...valuesOnce(text)];
}
const valuesOnce = memoByString(valuesInDescription);

/**
 * statusValuesInDescription's reading, once per text: a contract repeats one description across many schemas
 * (graph-beta's thousands), and both conventions read each status field's.
 */
function valuesInDescription(text: string): readonly string[] {
  if (!text) return [];
  const found = new Set<string>();
  const ident = /^[A-Za-z][A-Za-z0-9_-]{1,40}$/;
  // A Markdown table's rows are read by its column (tableColumnValues), not as `A | B` lists of words.
  const table = tableColumnValues(text);
  const untabled =
    table.values.length === 0
      ? text
      : text
          .split('\n')
          .filter((_, i) => !table.lines.has(i))
          .join('\n');
  const plain = untabled.replace(/<\/?[a-z][^<>]*>/gi, ' ');
  // Contract text is untrusted: these scans are linear (no nested or overlapping quantifiers, regexLinearity.test).
  // `A | B | C`: the words either side of each bar.
  const word = (piece: string | undefined, end: 'first' | 'last') => {
    const parts = (piece ?? '').trim().split(/\s+/);
    return (end === 'first' ? parts[0] : parts.at(-1)) ?? '';
  };
  const bars = plain.split('|');
  for (let i = 0; i + 1 < bars.length; i++) {
    for (const v of [word(bars[i], 'last'), word(bars[i + 1], 'first')]) if (ident.test(v)) found.add(v);
  }
  // "Valid values: A, B, C", "one of the following values are: …", "For example, Available, Creating", "Possible
  // states are STARTED and COMPLETED" (a status's values are its states): the clause after the lead words.
  for (const m of plain.matchAll(/(?:valid|possible|allowed) (?:values|states|statuses)|one of|for example/gi)) {
    const clause = plain
      .slice(m.index + m[0].length)
      .split(/[.;\n]/)[0]!
      .replace(/^ the following(?: values)?/i, '')
      .replace(/^\s*(?:are|is|include)\b/i, '')
      .replace(/^\s*:/, '');
    for (const v of clause.split(/,|\bor\b|\band\b/).map((x) => x.trim().replace(/^["'`]|["'`]$/g, ''))) if (ident.test(v)) found.add(v);
  }
  const codes = [...text.matchAll(/<code>\s*"?([A-Z][A-Z0-9_]+)"?\s*<\/code>/g)].map((m) => m[1]!);
  if (codes.length >= 2) for (const v of codes) found.add(v);
  for (const v of valuesFromDescription(text)) found.add(v);
  for (const v of lifecycleListValues(text)) found.add(v);
  for (const v of codeListValues(text)) found.add(v);
  for (const v of plainListValues(text)) found.add(v);
  for (const v of bulletListValues(text)) found.add(v);
  for (const v of glossaryValues(text)) found.add(v);
  for (const v of table.values) found.add(v);
  if (found.size < 2) for (const v of capitalStateWords(text, (w) => lookupStateWord(w) !== null)) found.add(v);
  return found.size >= 2 ? [...found] : [];
}

/** The status can say the work did not succeed: a failed or cancelled end, not only running and done. */
export function canEndBadly(status: Pick<StatusByMeaning, 'judgement'>): boolean {
  return Object.values(status.judgement.states).some((st) => st === 'failed' || st === 'cancelled');
}
