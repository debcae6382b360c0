/**
 * What a field of a job document means, from its name's tokens, its type and its range: progress, error /
 * failure reason, inline result, result URL. Names are split into lower-case tokens (`percentComplete` →
 * percent, complete; `error_message` → error, message), and each role is a rule over tokens, as data: the
 * tokens that make the role, the tokens allowed beside them, and the types it may have. A `discount_percent`
 * or `error_count` therefore plays no role, while `percent`, `failure`, `failureReason` and `errorDetails` do.
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

export { nameTokens } from '../read/nameTokens.js';

export interface TokenRule {
  /** At least one token from here makes the role. */
  core: readonly string[];
  /** Every other token must come from here (or from `core`). */
  allowed: readonly string[];
}

export function matchesRule(rule: TokenRule, name: string): boolean {
  const tokens = nameTokens(name);
  return tokens.some((t) => rule.core.includes(t)) && tokens.every((t) => rule.core.includes(t) || rule.allowed.includes(t));
}

/**
 * A number that says how far the work is: `progress`, `percent`, `percent_complete`, `progressPercentage`,
 * `completion`. Qualifiers only about the work itself may stand beside (`overall_progress`, `percent_done`).
 */
export const PROGRESS_RULE: TokenRule = {
  core: ['progress', 'percent', 'percentage', 'pct', 'completion'],
  allowed: ['complete', 'completed', 'done', 'finished', 'processed', 'overall', 'total', 'current', 'job', 'task', 'work', 'value'],
};

/**
 * A name that says how far the work is: the rule above, or any name that ends in its progress (`EstimatedProgress`,
 * `FullLoadProgressPercent`, `DataTransferProgressPercent`: the qualifier says what progresses). Not a count of
 * things in progress (`reboot_in_progress`) nor a progress in units (`ProgressInMegaBytes` ends in its unit).
 */
export function isProgressName(name: string): boolean {
  if (matchesRule(PROGRESS_RULE, name)) return true;
  const tokens = nameTokens(name);
  const at = progressTokenAt(tokens);
  return at >= 0 && (at === tokens.length - 1 || (at === tokens.length - 2 && PERCENT_TOKENS.includes(tokens.at(-1)!)));
}

/**
 * Where the last `progress` token of a name stands, or -1 when there is none or it follows `in`: "in progress" names
 * a state (`reboot_in_progress`, a count of things in it), not a progress the field reports.
 */
export function progressTokenAt(tokens: readonly string[]): number {
  const at = tokens.lastIndexOf('progress');
  return at >= 0 && tokens[at - 1] !== 'in' ? at : -1;
}

/** Tokens that make a progress number a percentage (0–100) rather than a fraction (0–1). */
export const PERCENT_TOKENS: readonly string[] = ['percent', 'percentage', 'pct'];

/** Tokens of an error field that says in words what went wrong (ranked after an error object, before a code). */
export const ERROR_TEXT_TOKENS: readonly string[] = [
  'reason',
  'reasons',
  'message',
  'messages',
  'msg',
  'details',
  'detail',
  'description',
  'text',
  'cause',
  'info',
  'summary',
];

/** Words that make an error the work's own final one: `last_error`, BigQuery's `errorResult`, `finalError`. */
const FINAL_TOKENS: readonly string[] = ['last', 'final', 'result'];

/**
 * Error / failure reason: `error`, `errors`, `failure`, `failureReason`, `error_message`, `errorDetails`,
 * `last_error`, `failure_code`. A count, a rate, a policy or a link about errors is not one (`error_count`,
 * `on_error`, `error_file_url`), and neither is a number or a boolean (`failed: true`).
 */
export const ERROR_RULE: TokenRule = {
  core: ['error', 'errors', 'failure', 'failures', 'fault', 'faults'],
  allowed: [...ERROR_TEXT_TOKENS, ...FINAL_TOKENS, 'code'],
};

/** `failed_reason`, `failedReason`, `fail_message`: the participle with what it explains. */
export const FAILED_REASON_RULE: TokenRule = { core: ['failed', 'fail'], allowed: ERROR_TEXT_TOKENS };

/**
 * Rank of an error-role field, lower is more telling, or null when the field plays no error role: 0 an error
 * object named only `error` / `failure` or the final one (Azure's and Google's `{code, message}`, BigQuery's
 * `errorResult`), 0.5 a list of them (`errors`: the parts' errors, which may be warnings on a success, as BigQuery's
 * are), 1 a reason or message, 2 other error words (`last_error` as a string), 3 a bare code (`failure_code`).
 */
export function errorRank(reader: SchemaReader, name: string, schema: JsonSchema | undefined): number | null {
  const type = reader.typeOf(schema);
  if (type === 'number' || type === 'integer' || type === 'boolean') return null;
  if (!matchesRule(ERROR_RULE, name) && !matchesRule(FAILED_REASON_RULE, name)) return null;
  const tokens = nameTokens(name);
  if (tokens.includes('code')) return 3;
  if (tokens.some((t) => ERROR_TEXT_TOKENS.includes(t))) return 1;
  if (type === 'string') return 2;
  if (tokens.length === 1) return type === 'array' ? 0.5 : 0;
  return type !== 'array' && tokens.every((t) => ERROR_RULE.core.includes(t) || FINAL_TOKENS.includes(t)) ? 0 : 2;
}

/** The best error-role field among `props`, in spec order for equal ranks. */
export function findErrorField(reader: SchemaReader, props: Map<string, JsonSchema>): string | null {
  let best: { name: string; rank: number } | null = null;
  for (const [name, p] of props) {
    const rank = errorRank(reader, name, p);
    if (rank !== null && (best === null || rank < best.rank)) best = { name, rank };
  }
  return best?.name ?? null;
}

/** The inline result: `result`, `results`, `output`, `outputs`, Google's `response`, `result_data`. */
export const RESULT_RULE: TokenRule = {
  core: ['result', 'results', 'output', 'outputs', 'response'],
  allowed: ['data', 'value', 'values', 'payload', 'final', 'body', 'object'],
};

/** A link to the result: `result_url`, `resultsUrl`, `output_uri`, `download_url`, `results_link`, `result_file_url`. */
export const RESULT_URL_RULE: TokenRule = {
  core: ['result', 'results', 'output', 'outputs', 'download'],
  allowed: ['url', 'uri', 'link', 'href', 'file', 'files', 'data', 'signed', 'presigned'],
};

/** One of these must be in a result URL's name: `download` alone or `output_file` is no link. */
export const LINK_TOKENS: readonly string[] = ['url', 'uri', 'link', 'href'];

export function isResultUrlName(name: string): boolean {
  return matchesRule(RESULT_URL_RULE, name) && nameTokens(name).some((t) => LINK_TOKENS.includes(t));
}

/** First field of `props` (spec order) whose name passes `test`. */
export function findNamed(props: Map<string, JsonSchema>, test: (name: string) => boolean): string | null {
  for (const name of props.keys()) if (test(name)) return name;
  return null;
}
