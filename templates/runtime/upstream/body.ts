/**
 * Reading an upstream answer's body: capped in size, decoded by its charset, parsed as JSON when it is JSON
 * (by Content-Type or by looks), bounded in depth, and scrubbed of credentials before anyone else sees it.
 * A body that could not be read whole or parsed says so in `problem`, a typed signal the job code acts on
 * (an oversize start answer must never read as "done").
 */
import { jsonDepth } from '../core/jsonBounds.js';
import { scrubSecrets, scrubValue } from '../core/secrets.js';

/** Why a body is not what it claims: larger than the cap (the read stopped), or not parseable as declared. */
export type BodyProblem = { kind: 'oversize'; limitBytes: number; size: number } | { kind: 'unparseable'; reason: string };

export interface ParsedBody {
  /** Parsed JSON when the body is JSON (by Content-Type or by looks); undefined otherwise. */
  json: unknown;
  /** Decoded text of what was read (empty for binary). */
  text: string;
  /** Bytes read (or announced by Content-Length when the read stopped early). */
  size: number;
  truncated: boolean;
  binary: boolean;
  contentType: string | null;
  /** Null when the body was read whole and, if declared JSON, parsed. */
  problem: BodyProblem | null;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Deeper JSON is refused as unparseable: nothing recursive downstream (zod, JSON.stringify) must see it. */
export const MAX_BODY_DEPTH = 256;

export async function readBody(response: Response, maxBytes: number, secrets: readonly string[]): Promise<ParsedBody> {
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
  const body = parseBytes(bytes, contentType, totalSize, truncated, secrets);
  if (truncated) body.problem = { kind: 'oversize', limitBytes: maxBytes, size: totalSize };
  return body;
}

/** A body whose bytes could not be read (a broken Content-Encoding, a reset mid-body). */
export function unreadableBody(contentType: string | null, reason: string): ParsedBody {
  return { json: undefined, text: '', size: 0, truncated: true, binary: false, contentType, problem: { kind: 'unparseable', reason } };
}

const TEXTUAL =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|problem\+json|problem\+xml|x-ndjson|yaml|x-yaml|x-amz-json-\d))|\+(json|xml)\b/i;

export function parseBytes(
  bytes: Buffer,
  contentType: string | null,
  size: number,
  truncated: boolean,
  secrets: readonly string[] = [],
): ParsedBody {
  // A declared media type decides, except the catch-all octet-stream that servers put on anything: sniff that.
  const binary = !contentType || /octet-stream/i.test(contentType) ? looksBinary(bytes) : !TEXTUAL.test(contentType);
  if (binary) return { json: undefined, text: '', size, truncated, binary: true, contentType, problem: null };
  const raw = decode(bytes, contentType);
  // Parsed before scrubbing (a replaced token must not break the JSON); both forms are scrubbed below.
  const text = scrubSecrets(raw, secrets);
  let json: unknown;
  let problem: BodyProblem | null = null;
  const declaredJson = contentType ? /json/i.test(contentType) : false;
  const trimmed = raw.trimStart();
  if (!truncated && (declaredJson || trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      json = trimmed ? JSON.parse(raw) : undefined;
    } catch (error) {
      json = undefined;
      if (declaredJson)
        problem = { kind: 'unparseable', reason: `invalid JSON (${error instanceof Error ? error.message : String(error)})` };
    }
    if (json !== undefined && jsonDepth(json, MAX_BODY_DEPTH + 1) > MAX_BODY_DEPTH) {
      json = undefined;
      problem = { kind: 'unparseable', reason: `JSON nested deeper than ${MAX_BODY_DEPTH} levels` };
    }
    // Scrubbed after parsing: a secret can also hide in an escape (`\u0041…`) that only parsing reveals. A text
    // with neither a secret nor an escape cannot hold one, and the walk over a large document is skipped.
    if (json !== undefined && (text !== raw || raw.includes('\\u'))) json = scrubValue(json, secrets);
  }
  return { json, text, size, truncated, binary: false, contentType, problem };
}

/** Text in the declared charset when the platform knows it (UTF-8 otherwise, invalid bytes replaced). */
function decode(bytes: Buffer, contentType: string | null): string {
  const charset = contentType ? /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] : undefined;
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown charset label: fall back to UTF-8 below.
    }
  }
  return bytes.toString('utf8');
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
