/**
 * Tool results: every failure is an `isError` result with a hint at what to do next (never a thrown protocol
 * error), every text is scrubbed of credentials, and nothing the agent reads is megabytes long.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { scrubSecrets } from '../core/secrets.js';
import type { ParsedBody, UpstreamOutcome } from './http.js';
import { withoutRefusedKeys } from './refusedKeys.js';

export const TEXT_PREVIEW_CHARS = 20_000;
export const ERROR_BODY_CHARS = 4_000;

/** A failed tool call: text only, never structured content (the output schema describes successes). */
export type ToolError = CallToolResult & { isError: true; structuredContent?: undefined };

/** A tool call that answered `T` as its structured content. */
export type ToolSuccess<T> = CallToolResult & { isError?: false; structuredContent: T };

/** What a tool that answers `T` returns: `T` as structured content, or a failure the caller narrows away. */
export type ToolAnswer<T> = ToolError | ToolSuccess<T>;

export function errorResult(message: string, secrets: readonly string[], hint?: string): ToolError {
  const text = hint ? `${message}\nHint: ${hint}` : message;
  return { isError: true, content: [{ type: 'text', text: scrubSecrets(text, secrets) }] };
}

/** Text shown for a response body: JSON pretty-printed, text as is, binary as a size line; always bounded. */
export function bodyPreview(body: ParsedBody, limit = TEXT_PREVIEW_CHARS): string {
  if (body.binary) return `[binary body: ${body.size} bytes, ${body.contentType ?? 'no Content-Type'}]`;
  const text = body.json !== undefined ? JSON.stringify(body.json, null, 2) : body.text;
  if (text.length <= limit && !body.truncated) return text;
  return `${text.slice(0, limit)}\n… [truncated: ${body.size} bytes in all]`;
}

export function statusHint(status: number, headers: Headers, credentialEnv: string[]): string {
  if (status === 401 || status === 403) {
    const names = credentialEnv.length ? credentialEnv.join(', ') : 'the credential env vars';
    return `The upstream refused the credentials: check ${names} (set, correct and allowed to do this).`;
  }
  if (status === 404 || status === 410) return 'Not found: check the identifiers and path arguments.';
  if (status === 400 || status === 422) return 'The upstream rejected the arguments: read the error body and fix them.';
  if (status === 409) return 'Conflict with the current state of the resource: re-read it before retrying.';
  if (status === 429 || status >= 500) {
    const retryAfter = headers.get('retry-after');
    return `Temporary upstream problem: retry later${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}.`;
  }
  return 'The upstream did not accept the request.';
}

export function httpErrorResult(
  outcome: Extract<UpstreamOutcome, { ok: true }>,
  secrets: readonly string[],
  credentialEnv: string[],
  what = 'The upstream',
): ToolError {
  const preview = bodyPreview(outcome.body, ERROR_BODY_CHARS);
  const message = `${what} answered HTTP ${outcome.status} for ${outcome.url}${preview ? `:\n${preview}` : '.'}`;
  return errorResult(message, secrets, statusHint(outcome.status, outcome.headers, credentialEnv));
}

export function transportErrorResult(outcome: Extract<UpstreamOutcome, { ok: false }>, secrets: readonly string[], url: string): ToolError {
  return errorResult(`Request to ${url} failed: ${outcome.message}`, secrets, TRANSPORT_HINTS[outcome.kind]);
}

const TRANSPORT_HINTS: Record<Extract<UpstreamOutcome, { ok: false }>['kind'], string> = {
  timeout: 'The upstream is slow or unreachable; retry later, or raise UPSTREAM_TIMEOUT_MS.',
  network: 'Check API_BASE_URL and that the upstream is reachable; retry later.',
  'not-sent': 'Nothing reached the upstream: fix the cause named above (API_BASE_URL, a credential or an argument), then call again.',
  cancelled: 'The call was cancelled before the upstream answered.',
  'redirect-refused': 'If that host is trusted, the server operator can allow it with JOB_ALLOWED_ORIGINS (comma-separated origins).',
  'too-many-redirects': 'The upstream redirects in a loop; check API_BASE_URL or report it to the API owner.',
};

/**
 * Makes a JSON object satisfy an output schema by dropping the top-level keys that fail it. The SDK rejects a
 * whole call whose structuredContent misfits, so a live API's drift must never reach it. Tools are registered
 * with the schema's `.partial()`, so dropping keys always yields something valid.
 */
export function fitStructured(schema: z.ZodObject, value: unknown): { structured: Record<string, unknown>; dropped: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { structured: {}, dropped: ['(whole body)'] };
  const original = value as Record<string, unknown>;
  const candidate: Record<string, unknown> = { ...original };
  const relaxed = relaxOutputSchema(schema);
  for (let round = 0; round < 50; round++) {
    const parsed = relaxed.safeParse(candidate);
    if (parsed.success) {
      // The parsed value, not the input: clients check structuredContent against the JSON Schema form of the
      // output schema, where undeclared keys of a plain z.object are forbidden (additionalProperties: false).
      const structured = parsed.data as Record<string, unknown>;
      return { structured, dropped: Object.keys(original).filter((key) => !(key in structured)) };
    }
    const keys = new Set<string>();
    for (const issue of parsed.error.issues) {
      const top = issue.path[0];
      if (typeof top === 'string' || typeof top === 'number') keys.add(String(top));
      else if (issue.code === 'unrecognized_keys') for (const key of issue.keys) keys.add(key);
    }
    if (keys.size === 0) break;
    for (const key of keys) delete candidate[key];
  }
  return { structured: {}, dropped: ['(whole body)'] };
}

/** The schema tools are registered with: every top-level key optional, so dropped keys never fail a call. */
export function relaxOutputSchema(schema: z.ZodObject): z.ZodObject {
  try {
    return schema.partial();
  } catch {
    // zod refuses .partial() on objects carrying refinements; the original schema is then the best we have.
    return schema;
  }
}

/** Characters of structuredContent repeated as JSON text (whole fields past it are named, not cut). */
export const STRUCTURED_TEXT_CHARS = 20_000;

/**
 * structuredContent serialized as JSON, for the text block the MCP spec asks a tool with structured output to
 * add: several agent frameworks (AI SDK, OpenAI Agents) hand the model the text content only, and a model reads
 * `job_id`, `state`, `terminal` or `poll_after_ms` as fields only from JSON. Always valid JSON and bounded: past
 * `limit`, the largest fields are replaced, in order, by a note saying how long they are and where they are, so
 * the small fields (the job's handle and state) always reach the model.
 */
export function structuredText(
  structured: Record<string, unknown>,
  limit = STRUCTURED_TEXT_CHARS,
  whole = JSON.stringify(structured),
): string {
  if (whole.length <= limit) return whole;
  const sizes = Object.entries(structured).map(([key, value]) => [key, JSON.stringify(value)?.length ?? 0] as const);
  const omitted = new Set<string>();
  let total = whole.length;
  for (const [key, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    if (total <= limit) break;
    omitted.add(key);
    total -= size;
  }
  const shown: Record<string, unknown> = {};
  for (const [key, size] of sizes) {
    shown[key] = omitted.has(key) ? `[${size} characters of JSON, left out of this text: read structuredContent.${key}]` : structured[key];
  }
  return JSON.stringify(shown);
}

/** Whether `structured` is repeated whole by structuredText (nothing left out). */
export function fitsStructuredText(structured: Record<string, unknown>, limit = STRUCTURED_TEXT_CHARS): boolean {
  return JSON.stringify(structured).length <= limit;
}

/**
 * A successful result with structuredContent, plus its JSON as the last text block (after the human summary
 * the handler wrote). Error results and results without structured content are returned as they are.
 */
export function withStructuredText(result: CallToolResult, secrets: readonly string[]): CallToolResult {
  const structured = result.structuredContent;
  if (result.isError || structured === undefined || structured === null) return result;
  const whole = JSON.stringify(structured);
  const text = scrubSecrets(structuredText(structured as Record<string, unknown>, STRUCTURED_TEXT_CHARS, whole), secrets);
  const safe = withoutRefusedKeys(structured as Record<string, unknown>, whole);
  if (safe.removed.length === 0) return { ...result, content: [...(result.content ?? []), { type: 'text', text }] };
  const where =
    whole.length <= STRUCTURED_TEXT_CHARS
      ? 'The JSON text below has them.'
      : 'The JSON text below has them unless their field is left out of it for size.';
  const note = `Note: left out of structuredContent, because some MCP clients refuse a whole message holding such a key: ${safe.removed.join(', ')}. ${where}`;
  return {
    ...result,
    structuredContent: safe.value,
    content: [...(result.content ?? []), { type: 'text', text: scrubSecrets(note, secrets) }, { type: 'text', text }],
  };
}
