/**
 * One budget of upstream round trips per cancel or result call (JOB_CALL_BUDGET_MS, 25 s): an agent whose
 * tool call times out at 30 s retries it, and a cancel or result that took two or three upstream round trips of
 * up to UPSTREAM_TIMEOUT_MS each would never answer in time. The call runs in a context with a deadline;
 * `sendWithRetry` (poll.ts) gives each request only the time left and sends nothing once it is spent, and the
 * tool then answers with what it knows and what to do next.
 */
import type { RuntimeContext } from '../core/context.js';
import type { UpstreamFailure } from '../upstream/http.js';

/** The context of one cancel or result call: its budget starts now (a budget already running is kept). */
export function withCallBudget(ctx: RuntimeContext): RuntimeContext {
  return ctx.deadline !== undefined ? ctx : { ...ctx, deadline: Date.now() + ctx.config.callBudgetMs };
}

/** The same call with only `share` of what is left of its budget (a step that must leave time for the next). */
export function withBudgetShare(ctx: RuntimeContext, share: number): RuntimeContext {
  if (ctx.deadline === undefined) return ctx;
  return { ...ctx, deadline: Date.now() + Math.max(0, (ctx.deadline - Date.now()) * share) };
}

/** Ms left of the call's budget (Infinity outside one). */
export function budgetLeftMs(ctx: RuntimeContext): number {
  return ctx.deadline === undefined ? Number.POSITIVE_INFINITY : ctx.deadline - Date.now();
}

/** The budget as people read it: `25 s`, `1.5 s`. */
export function budgetText(ctx: RuntimeContext): string {
  return `${Math.round(ctx.config.callBudgetMs / 100) / 10} s`;
}

/** The request that was not sent because the budget was spent. */
export function budgetSpent(ctx: RuntimeContext): UpstreamFailure {
  return {
    ok: false,
    kind: 'timeout',
    message: `not sent: this call's budget of ${budgetText(ctx)} (JOB_CALL_BUDGET_MS) was spent`,
    maybeSent: false,
  };
}

/** Whether a failed request ended on the budget (rather than on the upstream's own timeout or the network). */
export function endedOnBudget(ctx: RuntimeContext, failure: UpstreamFailure): boolean {
  return ctx.deadline !== undefined && failure.kind === 'timeout' && budgetLeftMs(ctx) <= 50;
}
