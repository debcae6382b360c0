/**
 * Idempotency for job starts: pure functions that turn a start call into the values the store dedupes on.
 *
 * - inputHash = sha256 over (family, operation, canonical arguments): the same request spelt differently
 *   (key order, defaults given or omitted, undefined members) hashes the same.
 * - partition = keyed hash of the credentials the call uses: two tenants never share a job, and the store
 *   never holds anything that reveals a credential.
 * - dedupeKey = the agent's key (`k:` namespace) or the input hash (`h:` namespace), unique per partition.
 * - upstream key = derived from partition + dedupeKey (+ generation), so a retry forwards the same key.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { DEFAULT_DEDUPE_WINDOW_MS } from '../defaults.js';
import { copyJson } from './jsonBounds.js';

/**
 * Sorted keys, `undefined` members dropped, -0 as 0; arrays keep their order (it is meaningful). Iterative
 * (core/jsonBounds.ts): a 10,000-deep argument must not overflow the stack here.
 */
export function canonicalValue(value: unknown): unknown {
  return copyJson(value, { sortKeys: true });
}

/**
 * The start arguments in canonical form. With the tool's input schema, defaults are applied first so that
 * `{}` and `{ limit: 20 }` (20 being the default) are the same request. Arguments the schema rejects are
 * canonicalised as given: validation is the tool handler's job, this must never throw. `omit` drops
 * arguments that are not part of the request, normally the agent's `idempotency_key`.
 */
export function canonicalArgs(
  args: Record<string, unknown>,
  schema?: z.ZodObject,
  omit: readonly string[] = ['idempotency_key'],
): Record<string, unknown> {
  const parsed = schema?.safeParse(args);
  const source = parsed?.success && isPlainObject(parsed.data) ? parsed.data : args;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!omit.includes(key)) kept[key] = value;
  return canonicalValue(kept) as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON with sorted keys: the byte string that is hashed. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(canonicalValue(value)) ?? 'null';
}

/** sha256 (hex) of family, operation and canonical arguments; `v1` lets the scheme change without collisions. */
export function hashInputs(family: string, operation: string, canonical: Record<string, unknown>): string {
  return createHash('sha256')
    .update(stableStringify(['v1', family, operation, canonical]))
    .digest('hex');
}

/**
 * The credential partition: an HMAC over the credential values the call actually sends (name → value;
 * unset ones ignored), so records of different tenants never match. With `secret` (JOB_PARTITION_SECRET,
 * the same on every replica) someone reading the store cannot test guesses of a weak password against it.
 * No credentials at all → `anonymous`.
 */
export function credentialPartition(credentials: Record<string, string | null | undefined>, secret?: string): string {
  const used = Object.keys(credentials)
    .filter((name) => credentials[name] !== undefined && credentials[name] !== null && credentials[name] !== '')
    .sort()
    .map((name) => [name, credentials[name]]);
  if (used.length === 0) return 'anonymous';
  const mac = createHmac('sha256', secret || 'mcp-jobgen/partition/v1')
    .update(JSON.stringify(used))
    .digest('hex');
  return `p_${mac.slice(0, 32)}`;
}

/**
 * The store's dedupe key: the agent's key when given (so the agent decides what "the same request" means),
 * else the input hash. Separate prefixes keep an agent key from ever equalling a hash.
 */
export function dedupeKeyFor(agentKey: string | null | undefined, inputHash: string): string {
  return agentKey ? `k:${agentKey}` : `h:${inputHash}`;
}

/** A key reused with other arguments (IETF idempotency draft: 422): the agent must pick a new key. */
export function isKeyConflict(existing: { inputHash: string }, inputHash: string): boolean {
  return existing.inputHash !== inputHash;
}

/**
 * How long a new record claims its key. An agent key is a promise about one request, so it holds as long
 * as the record is kept; a derived key only guards against accidental double starts, inside the window.
 */
export function dedupeUntil(now: number, agentKey: boolean, windowMs: number, retentionMs: number): number {
  return now + (agentKey ? retentionMs : windowMs);
}

/**
 * The window for a family: JOB_DEDUPE_WINDOW_MS when set (0 turns derived dedupe off), else the family's
 * generated value, else 10 minutes. A malformed env value throws: a typo must not silently disable dedupe.
 */
export function dedupeWindowMs(familyWindowMs: number | null | undefined, env: Record<string, string | undefined>): number {
  const raw = env.JOB_DEDUPE_WINDOW_MS;
  if (raw !== undefined && raw.trim() !== '') {
    const parsed = Number(raw);
    if (!Number.isSafeInteger(parsed) || parsed < 0) {
      throw new Error(`JOB_DEDUPE_WINDOW_MS=${raw}: expected a whole number of milliseconds (0 disables dedupe)`);
    }
    return parsed;
  }
  return familyWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
}

export type UpstreamKeyFormat = 'uuid' | 'token';

/**
 * The idempotency key forwarded upstream, derived (never random) so that re-deriving it for a retry gives
 * the same value. `generation` separates successive jobs under one derived key: pass the new record's id when
 * the key is a hash (after the window, the same arguments are new work and must not replay the old upstream
 * job), and nothing for an agent key (the agent's key alone names the request). Store the result in the
 * record and re-send that on retries. `uuid` (RFC 9562 version 8 layout) suits Repeatability-Request-ID and
 * most APIs; `token` is 43 URL-safe characters.
 */
export function deriveUpstreamKey(
  partition: string,
  dedupeKey: string,
  generation: string | null = null,
  format: UpstreamKeyFormat = 'uuid',
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(['mcp-jobgen/upstream-key/v1', partition, dedupeKey, generation]))
    .digest();
  if (format === 'token') return digest.toString('base64url');
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom, name-based
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `Repeatability-First-Sent`: when the first attempt went out (an HTTP date), the same on every retry. */
export function repeatabilityFirstSent(firstSentAt: number): string {
  return new Date(firstSentAt).toUTCString();
}

/** A new job handle: `job_` + 128 random bits, URL-safe, so handles cannot be guessed or enumerated. */
export function newJobId(): string {
  return `job_${randomBytes(16).toString('base64url')}`;
}
