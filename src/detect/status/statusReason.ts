/**
 * The field beside a status that says in words why it is what it is: AWS's `StatusReason`, `StatusMessage`,
 * `StateReason` (CloudFormation change sets, Backup jobs, EventBridge replays, Lambda functions), Device Farm's and
 * Cloud9's `message`, Image Builder's `reason`, AppFlow's `mostRecentExecutionMessage` beside
 * `mostRecentExecutionStatus`. It is no error field (fieldRoles.ts): its presence says nothing went wrong, and while
 * the job runs it may say how it goes. When the job ends failed or cancelled and no error field said why, it is the
 * upstream's reason (the runtime's interpret.ts), where before the agent read only "The upstream gave no reason".
 *
 * Ranked, lower first, in spec order for equal ranks:
 * 0. the status field's own name with a reason word after it (`StackStatus` → `StackStatusReason`, `status` →
 *    `statusMessage`) or a reason or message in place of its status word (`mostRecentExecutionStatus` →
 *    `mostRecentExecutionMessage`; not `ApplicationDescription` beside `ApplicationStatus`);
 * 1. another name with a status word before a reason word (`StateTransitionReason`, `DetectionStatusReason`);
 * 2. a bare reason word, text only (`message`, `Reason`, `details`).
 * Not a description of the thing (`FrameworkDescription`), nor a message about something else (`commitMessage`).
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** Last tokens of a name that say in words why. */
const REASON_WORDS: readonly string[] = ['reason', 'message', 'msg', 'details', 'detail', 'description'];
/** Bare names that do (a bare `description` describes the thing, not its status). */
const BARE_REASONS: readonly string[] = ['reason', 'message', 'msg', 'details'];
const STATUS_WORDS: readonly string[] = ['status', 'state'];

function reasonRank(reader: SchemaReader, name: string, schema: JsonSchema | undefined, statusTokens: readonly string[]): number | null {
  const type = reader.typeOf(schema);
  if (type !== 'string' && type !== 'object' && type !== undefined) return null;
  const tokens = nameTokens(name);
  const last = tokens.at(-1);
  if (last === undefined || !REASON_WORDS.includes(last)) return null;
  const head = tokens.slice(0, -1);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);
  const statusLast = statusTokens.at(-1);
  const replaced = statusLast !== undefined && STATUS_WORDS.includes(statusLast) ? statusTokens.slice(0, -1) : null;
  // A reason or message says why before details or a description do (`StatusReason` before `StatusDetails`).
  const words = last === 'reason' || last === 'message' || last === 'msg' ? 0 : 0.5;
  // In place of the status word, only a reason or message: `ApplicationDescription` beside `ApplicationStatus`
  // describes the application, `JobDetails` beside `JobStatus` the job.
  const inPlace = words === 0 && replaced !== null && replaced.length > 0 && same(head, replaced);
  if (head.length > 0 && (same(head, statusTokens) || inPlace)) return words;
  if (head.some((t) => STATUS_WORDS.includes(t))) return 1 + words;
  return head.length === 0 && BARE_REASONS.includes(last) && type === 'string' ? 2 + words : null;
}

/** The reason field among `props` beside the status field named `statusName` (its last path segment), or null. */
export function findStatusReason(reader: SchemaReader, props: Map<string, JsonSchema>, statusName: string): string | null {
  const statusTokens = nameTokens(statusName);
  let best: { name: string; rank: number } | null = null;
  for (const [name, p] of props) {
    if (name === statusName) continue;
    const rank = reasonRank(reader, name, p, statusTokens);
    if (rank !== null && (best === null || rank < best.rank)) best = { name, rank };
  }
  return best?.name ?? null;
}
