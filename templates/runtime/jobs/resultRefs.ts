/**
 * Results by reference. A value larger than JOB_RESULT_INLINE_MAX_BYTES (a job's result, a promoted call's
 * answer, a job document too large to keep in its record) is kept as a store blob beside the record and served
 * one page at a time: through `resources/read` on its URI (mcp/resultResources.ts) or the result tool's
 * `offset`. It never rides inline as megabytes of structuredContent, and a status call never reads it: the
 * record only carries its size (`refs`).
 *
 * A page is UTF-8 text cut on a character boundary, so every page decodes on its own; its `next_offset` (a byte
 * offset) names the next one. The URI names the job, so a reader must be in the job's credential partition
 * (loadJob), exactly as for the job tools.
 */
import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets } from '../core/secrets.js';
import type { JobPatch, JobRecord, RefInfo, RefName } from '../store/types.js';
import { iso, loadJob, requireStore } from './jobRecords.js';

export const REF_URI_PREFIX = 'mcp-jobgen://jobs/';
/** RFC 6570 form of every value's URI, for resources/templates/list. */
export const REF_URI_TEMPLATE = `${REF_URI_PREFIX}{job_id}/{name}{?offset}`;
const REF_NAMES: readonly RefName[] = ['result', 'answer', 'document'];
const jobIdShape = /^[A-Za-z0-9_-]{1,200}$/;

/** What structuredContent says of a value kept by reference (`result_ref`). */
export interface RefView {
  uri: string;
  size_bytes: number;
  content_type: string | null;
  /** Bytes per page (the inline limit); the value has ceil(size_bytes / page_bytes) pages, roughly. */
  page_bytes: number;
  expires_at: string;
}

export interface RefPage {
  uri: string;
  offset: number;
  /** Byte offset of the next page, or null after the last one. */
  next_offset: number | null;
  size_bytes: number;
  content_type: string | null;
  text: string;
}

export function refUri(jobId: string, name: RefName, offset?: number): string {
  return `${REF_URI_PREFIX}${jobId}/${name}${offset ? `?offset=${offset}` : ''}`;
}

/** The job, value and offset a URI names, or null when it is not one of ours (or malformed). */
export function parseRefUri(uri: string): { jobId: string; name: RefName; offset: number } | null {
  if (!uri.startsWith(REF_URI_PREFIX) || uri.length > 400) return null;
  const [path = '', query] = uri.slice(REF_URI_PREFIX.length).split('?', 2);
  const [jobId = '', name = '', ...rest] = path.split('/');
  if (rest.length > 0 || !jobIdShape.test(jobId) || !(REF_NAMES as readonly string[]).includes(name)) return null;
  let offset = 0;
  if (query !== undefined) {
    const match = /^offset=(\d{1,15})$/.exec(query);
    if (!match) return null;
    offset = Number(match[1]);
  }
  return { jobId, name: name as RefName, offset };
}

export function exceedsInline(ctx: RuntimeContext, bytes: number): boolean {
  return bytes > ctx.config.resultInlineMaxBytes;
}

export function refView(ctx: RuntimeContext, record: JobRecord, name: RefName): RefView | null {
  const info = record.refs?.[name];
  if (!info) return null;
  return {
    uri: refUri(record.id, name),
    size_bytes: info.size,
    content_type: info.content_type,
    page_bytes: ctx.config.resultInlineMaxBytes,
    expires_at: iso(info.expires_at),
  };
}

/**
 * Writes `text` (scrubbed of the server's credentials first, like every record write) as the record's `name`
 * value and returns the `refs` to store with the caller's next patch.
 */
export async function putRef(
  ctx: RuntimeContext,
  record: JobRecord,
  name: RefName,
  text: string,
  contentType: string | null,
): Promise<NonNullable<JobRecord['refs']>> {
  const data = Buffer.from(scrubSecrets(text, ctx.config.secrets), 'utf8');
  const info: RefInfo = { size: data.length, content_type: contentType, expires_at: ctx.now() + ctx.config.retentionMs };
  await requireStore(ctx).putBlob(blobKey(record.id, name), data, info.expires_at);
  return { ...record.refs, [name]: info };
}

/**
 * A succeeded job's document too large for its record (boundSnapshot cut it to a preview) is kept whole beside
 * it, so its result is not lost: the result tool reads it from there. Only the terminal document is kept, once.
 */
export async function keepLargeDocument(ctx: RuntimeContext, record: JobRecord, patch: JobPatch, document: unknown): Promise<JobPatch> {
  if (patch.state !== 'succeeded' || document === undefined || !isCutPreview(patch.snapshot)) return patch;
  const text = JSON.stringify(document);
  if (text === undefined) return patch;
  return { ...patch, refs: await putRef(ctx, record, 'document', text, 'application/json') };
}

/** boundSnapshot's marker of a document too large to keep (jobs/jobRecords.ts). */
function isCutPreview(snapshot: unknown): boolean {
  return (
    typeof snapshot === 'object' && snapshot !== null && (snapshot as { truncated?: unknown }).truncated === true && 'preview' in snapshot
  );
}

/** The whole kept document, parsed; null when it lapsed or is not there. */
export async function readDocument(ctx: RuntimeContext, record: JobRecord): Promise<unknown> {
  const info = record.refs?.document;
  if (!info) return null;
  const blob = await requireStore(ctx).readBlob(blobKey(record.id, 'document'), 0, info.size, ctx.now());
  if (!blob) return null;
  try {
    return JSON.parse(blob.data.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * One page of a kept value, from byte `offset`; null when the job is not this caller's, has no such value, or
 * the value lapsed.
 */
export async function readRefPage(ctx: RuntimeContext, jobId: string, name: RefName, offset: number): Promise<RefPage | null> {
  const record = await loadJob(ctx, jobId);
  const info = record?.refs?.[name];
  if (!record || !info) return null;
  const page = ctx.config.resultInlineMaxBytes;
  // Three bytes more than a page: enough to see where the character at the page's end stops.
  const blob = await requireStore(ctx).readBlob(blobKey(jobId, name), offset, page + 3, ctx.now());
  if (!blob) return null;
  const { data } = blob;
  let start = 0;
  while (start < data.length && isContinuation(data[start]!)) start += 1;
  let end = Math.min(page, data.length);
  if (offset + end < blob.size) while (end > start && isContinuation(data[end]!)) end -= 1;
  const next = offset + end < blob.size ? offset + end : null;
  return {
    uri: refUri(jobId, name, offset),
    offset: offset + start,
    next_offset: next,
    size_bytes: blob.size,
    content_type: info.content_type,
    text: data.subarray(start, end).toString('utf8'),
  };
}

/** The sentence that tells an agent how to read a value kept by reference. */
export function refSentence(view: RefView, what: string, tool: string | null): string {
  const pages = Math.max(1, Math.ceil(view.size_bytes / view.page_bytes));
  const viaTool = tool ? `, or call ${tool} with offset 0 and then each next_offset` : '';
  return `${what} is ${view.size_bytes} bytes${view.content_type ? ` of ${view.content_type}` : ''}, more than this server returns inline (JOB_RESULT_INLINE_MAX_BYTES=${view.page_bytes}), so it is kept by reference until ${view.expires_at}: read it in ${pages} page(s) of up to ${view.page_bytes} bytes with resources/read on ${view.uri} (each page's _meta gives next_offset: read ${view.uri}?offset=<next_offset> next)${viaTool}.`;
}

function blobKey(jobId: string, name: RefName): string {
  return `${jobId}:${name}`;
}

/** A UTF-8 continuation byte (10xxxxxx): not where a character starts. */
function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}
