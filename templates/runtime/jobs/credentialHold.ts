/**
 * A 429 or an exhausted rate limit speaks of the credential, not of the one job that was polled: every job
 * polled with that credential counts against the same budget. So a replica that sees one writes a hold to the
 * store (`holdUntil`, raised and never lowered), and every replica reads it before it polls any job with that
 * credential, answering from the store until it passes. The hold's key is a hash of the credential partition
 * (itself an HMAC of the credentials, core/idempotency.ts) and the API's origin: never the secret.
 */
import { createHash } from 'node:crypto';
import type { RuntimeContext } from '../core/context.js';
import { requireStore } from './jobRecords.js';
import { POLL_CEILING_MS, parseRetryAfter, rateLimitWaitMs } from './pollHints.js';

/** What an upstream answer says about the credential's budget: its status and headers. */
export interface LimitAnswer {
  status: number;
  headers: Headers;
}

/** The store key of this context's credential at this API: `h_` + 32 hex of SHA-256. */
export function holdKey(ctx: RuntimeContext): string {
  let origin = ctx.config.baseUrl ?? '';
  try {
    origin = new URL(origin).origin;
  } catch {
    // No usable base URL: nothing is polled anyway; the key still separates credentials.
  }
  return `h_${createHash('sha256').update(`${ctx.partition}\n${origin}`).digest('hex').slice(0, 32)}`;
}

/**
 * How long an answer asks every poll with this credential to wait, or null: a 429 with Retry-After, or a
 * RateLimit / X-RateLimit budget at 0 with its reset (on any status). Capped like any pace.
 */
export function credentialWaitMs(answer: LimitAnswer, now: number): number | null {
  const retryAfter = answer.status === 429 ? parseRetryAfter(answer.headers.get('retry-after'), now) : null;
  const limited = rateLimitWaitMs(answer.headers, now);
  const waits = [retryAfter, limited].filter((ms): ms is number => ms !== null && ms > 0);
  return waits.length > 0 ? Math.min(Math.max(...waits), POLL_CEILING_MS) : null;
}

/** Writes the hold an answer asks for (if any) for every replica; a failed write only loses the sharing. */
export async function noteCredentialHold(ctx: RuntimeContext, waitMs: number | null): Promise<void> {
  if (waitMs === null) return;
  await requireStore(ctx)
    .holdUntil(holdKey(ctx), ctx.now() + waitMs)
    .catch(() => undefined);
}

/** Ms left on this credential's hold, 0 when there is none (or the store cannot say: then polling goes on). */
export async function credentialHeldMs(ctx: RuntimeContext): Promise<number> {
  const now = ctx.now();
  const until = await requireStore(ctx)
    .heldUntil(holdKey(ctx), now)
    .catch(() => 0);
  return Math.max(0, until - now);
}
