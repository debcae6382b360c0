/**
 * The one place that talks to the upstream: a bounded timeout through AbortSignal, a capped body read, and
 * a parse that recognises JSON even when the upstream forgot its Content-Type.
 */
import type { UpstreamRequest } from './request.js';

export interface ParsedBody {
  /** Parsed JSON when the body is JSON (by Content-Type or by looks); undefined otherwise. */
  json: unknown;
  /** UTF-8 text of what was read (empty for binary). */
  text: string;
  /** Bytes read (or announced by Content-Length when the read stopped early). */
  size: number;
  truncated: boolean;
  binary: boolean;
  contentType: string | null;
}

export type UpstreamOutcome =
  | { ok: true; status: number; headers: Headers; url: string; body: ParsedBody }
  | {
      ok: false;
      kind: 'timeout' | 'network';
      message: string;
      /** False only when the request surely never left (connection refused, DNS failure). */
      maybeSent: boolean;
    };

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Body bytes kept in memory; the rest is discarded and `truncated` set. */
  maxBodyBytes?: number;
  redirect?: RequestRedirect;
  /** The MCP request's own signal: a client that cancels its call also cancels the upstream request. */
  signal?: AbortSignal;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL', 'UND_ERR_INVALID_ARG']);

export async function sendUpstream(req: UpstreamRequest, options: SendOptions): Promise<UpstreamOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await options.fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body as BodyInit | undefined,
      signal,
      redirect: options.redirect ?? 'follow',
    });
    const body = await readBody(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    return { ok: true, status: response.status, headers: response.headers, url: req.url, body };
  } catch (error) {
    if (options.signal?.aborted && !timeout.aborted) {
      return { ok: false, kind: 'network', message: 'The call was cancelled by the client.', maybeSent: true };
    }
    if (timeout.aborted) {
      return { ok: false, kind: 'timeout', message: `No answer from the upstream within ${options.timeoutMs} ms.`, maybeSent: true };
    }
    const code = errorCode(error);
    const message = describe(error);
    return { ok: false, kind: 'network', message, maybeSent: !(code && NOT_SENT_CODES.has(code)) };
  }
}

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error as { code?: string })?.code;
}

function describe(error: unknown): string {
  const base = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown })?.cause;
  const detail = cause instanceof Error ? cause.message : '';
  return detail && detail !== base ? `${base}: ${detail}` : base;
}

async function readBody(response: Response, maxBytes: number): Promise<ParsedBody> {
  const contentType = response.headers.get('content-type');
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        await reader.cancel().catch(() => undefined);
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  }
  const bytes = Buffer.concat(chunks);
  const announced = Number(response.headers.get('content-length'));
  const totalSize = truncated && Number.isFinite(announced) && announced > size ? announced : size;
  return parseBytes(bytes, contentType, totalSize, truncated);
}

const TEXTUAL =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|problem\+json|problem\+xml|x-ndjson|yaml|x-yaml))|\+(json|xml)\b/i;

export function parseBytes(bytes: Buffer, contentType: string | null, size: number, truncated: boolean): ParsedBody {
  // A declared media type decides, except the catch-all octet-stream that servers put on anything: sniff that.
  const binary = !contentType || /octet-stream/i.test(contentType) ? looksBinary(bytes) : !TEXTUAL.test(contentType);
  if (binary) return { json: undefined, text: '', size, truncated, binary: true, contentType };
  const text = bytes.toString('utf8');
  let json: unknown;
  const declaredJson = contentType ? /json/i.test(contentType) : false;
  const trimmed = text.trimStart();
  if (!truncated && (declaredJson || trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      json = trimmed ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
  }
  return { json, text, size, truncated, binary: false, contentType };
}

/** NUL bytes or invalid UTF-8 in the first 4 KiB mean binary. */
function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : trimIncomplete(head));
    return false;
  } catch {
    return true;
  }
}

/** A 4 KiB cut can split a multi-byte character; drop up to 3 trailing continuation bytes before the check. */
function trimIncomplete(head: Buffer): Buffer {
  let end = head.length;
  for (let i = 0; i < 3 && end > 0 && (head[end - 1]! & 0xc0) === 0x80; i++) end--;
  if (end > 0 && head[end - 1]! >= 0xc0) end--;
  return head.subarray(0, end);
}
