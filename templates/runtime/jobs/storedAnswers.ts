/**
 * What a promoted call's record keeps of its answer: enough to present it again exactly. An answer larger than
 * JOB_RESULT_INLINE_MAX_BYTES is kept by reference beside the record (jobs/resultRefs.ts) and the record holds
 * only a preview of it, so a status read never carries megabytes; smaller answers are kept whole.
 */
import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import type { BodyProblem } from '../upstream/body.js';
import type { ParsedBody } from '../upstream/http.js';
import { exceedsInline, putRef } from './resultRefs.js';
import { describeProblem } from './startRecord.js';

/** A promoted call's result is kept whole up to this size (JSON characters); larger ones as a marked preview. */
export const CALL_RESULT_MAX_CHARS = 4 * 1024 * 1024;
const PREVIEW_CHARS = 64 * 1024;
/** What the record keeps of an answer kept by reference. */
const REF_PREVIEW_CHARS = 2_000;

/** What a record keeps of an answer: enough to present it again exactly, bounded. */
export interface StoredAnswer {
  http_status: number;
  content_type: string | null;
  json?: unknown;
  text?: string;
  size: number;
  truncated: boolean;
  binary: boolean;
  /**
   * Why the answer is not whole (larger than the server reads, or not parseable as declared). The call still
   * succeeded: the work ran upstream, and what was read is kept and shown as the plain tool shows it, with
   * this reason beside it; failing it would invite a re-run that does (and bills) the work twice.
   */
  problem?: BodyProblem | null;
  /** The answer is kept by reference (the record's `refs.answer`); `text` is only its beginning. */
  by_reference?: boolean;
}

export function storeAnswer(status: number, body: ParsedBody, secrets: readonly string[]): StoredAnswer {
  const stored: StoredAnswer = {
    http_status: status,
    content_type: body.contentType,
    size: body.size,
    truncated: body.truncated,
    binary: body.binary,
    problem: body.problem,
  };
  if (body.json !== undefined) {
    const text = JSON.stringify(body.json) ?? '';
    if (text.length <= CALL_RESULT_MAX_CHARS) stored.json = scrubStructured({ value: body.json }, secrets).value;
    else {
      stored.text = scrubSecrets(text.slice(0, PREVIEW_CHARS), secrets);
      stored.truncated = true;
    }
  } else if (!body.binary) {
    stored.text = scrubSecrets(body.text.slice(0, CALL_RESULT_MAX_CHARS), secrets);
    stored.truncated ||= body.text.length > CALL_RESULT_MAX_CHARS;
  }
  return stored;
}

export function answerBody(stored: StoredAnswer): ParsedBody {
  return {
    json: stored.json,
    text: stored.text ?? (stored.json !== undefined ? JSON.stringify(stored.json) : ''),
    size: stored.size,
    truncated: stored.truncated,
    binary: stored.binary,
    contentType: stored.content_type,
    problem: stored.problem ?? null,
  };
}

/** The sentence on an answer that is not whole, or '' (records written before `problem` existed have none). */
export function answerProblemText(stored: StoredAnswer): string {
  return stored.problem
    ? `The upstream answered HTTP ${stored.http_status}, but ${describeProblem(stored.problem)}: what was read is shown as it is. The work itself ran upstream, so do not call again just to see the answer.`
    : '';
}

/** The record's patch for a 2xx answer: the answer itself, or its preview and its reference when it is large. */
export async function keepAnswer(
  ctx: RuntimeContext,
  record: JobRecord,
  status: number,
  body: ParsedBody,
): Promise<Pick<JobPatch, 'snapshot' | 'refs'>> {
  const secrets = ctx.config.secrets;
  if (body.binary || !exceedsInline(ctx, Buffer.byteLength(body.text))) return { snapshot: storeAnswer(status, body, secrets) };
  const refs = await putRef(ctx, record, 'answer', body.text, body.contentType);
  const snapshot: StoredAnswer = {
    http_status: status,
    content_type: body.contentType,
    size: body.size,
    truncated: body.truncated,
    binary: false,
    problem: body.problem,
    text: scrubSecrets(body.text.slice(0, REF_PREVIEW_CHARS), secrets),
    by_reference: true,
  };
  return { snapshot, refs };
}
