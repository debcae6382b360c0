/**
 * Input and output schemas of the job tools. Shared by every family; only `result` in the status and result
 * outputs is typed per family (from the contract) when the generator knows the result's shape.
 */
import { z } from 'zod';
import { CANONICAL_STATES } from '../defaults.js';
import type { JobFamilySpec } from '../definition.js';

const stateEnum = z.enum(CANONICAL_STATES).describe('Canonical state; succeeded, failed and cancelled are terminal.');
const jobId = z.string().min(1).max(200).describe('The job handle returned by the start tool (job_…).');

/** An agent-chosen key for one request; `reuse` ends the sentence saying what a retry with it does. */
export function idempotencyKeyField(reuse: string) {
  return z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional()
    .describe(`Optional key naming this one request: reuse the same key for every retry of it${reuse}`);
}

export const idempotencyKeyInput = idempotencyKeyField(
  ' (a retry with the same key returns the same job instead of starting another); use a new key only for new work.',
);

/** `{job_id, wait_ms}`: the input of every tool that reads one job, `until` saying what wait_ms waits for. */
export function waitForJobInput(id: z.ZodString, waitMaxMs: number, until: string) {
  return z.object({
    job_id: id,
    wait_ms: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(`Long-poll: wait up to this many ms (capped at ${waitMaxMs}) for ${until} before answering.`),
  });
}

/**
 * One schema object per distinct shape, not one per family: tools/list converts each object to JSON Schema once
 * (mcp/toolRegistry.ts convertedOnce), at 1-12 ms a conversion on a cold process, so families whose job tools have
 * the same shape (every status input; every status and result output of families with no typed result) share it.
 * `key` is what tells the shapes apart.
 */
function byShape<K, V>(cache: Map<K, unknown>, key: K, build: () => V): V {
  if (!cache.has(key)) cache.set(key, build());
  return cache.get(key) as V;
}

const statusInputs = new Map<number, unknown>();
const statusOutputs = new Map<z.core.$ZodType | undefined, unknown>();
const setStatusOutputs = new Map<z.core.$ZodType | undefined, unknown>();
const resultOutputs = new Map<z.core.$ZodType | undefined, unknown>();

export function statusInput(waitMaxMs: number) {
  return byShape(statusInputs, waitMaxMs, () => waitForJobInput(jobId, waitMaxMs, 'the job to reach a terminal state'));
}

export const jobIdInput = z.object({ job_id: jobId });

/** A byte offset into a value kept by reference (jobs/resultRefs.ts); `what` names the value. */
export function refOffsetField(what: string) {
  return z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      `Only for ${what} too large to return inline (result_ref is set): the byte offset of the page to read, 0 first, then each page.next_offset.`,
    );
}

/** The result tool's input: the job, and where to read in a result kept by reference. */
export const resultInput = z.object({ job_id: jobId, offset: refOffsetField('a result') });

/** A value served by reference: where to read it, and how big it is. */
export const resultRefOutput = z
  .object({
    uri: z.string().describe('Read with resources/read, a page at a time: then <uri>?offset=<next_offset>.'),
    size_bytes: z.number().int().min(0),
    content_type: z.string().nullable(),
    page_bytes: z.number().int().min(1).describe('Bytes per page (JOB_RESULT_INLINE_MAX_BYTES).'),
    expires_at: z.string().describe('The value is kept until then.'),
  })
  .describe('Set when the value is larger than this server returns inline: it is kept by reference, not in result.');

/** One page of a value kept by reference: UTF-8 text cut on a character boundary. */
export const refPageOutput = z.object({
  offset: z.number().int().min(0),
  next_offset: z.number().int().min(0).nullable().describe('Offset of the next page; null after the last.'),
  text: z.string(),
});

export const startOutput = z.object({
  job_id: jobId,
  state: stateEnum,
  terminal: z.boolean(),
  upstream_status: z.string().nullable(),
  poll_after_ms: z.number().int().min(0),
  deduplicated: z.boolean().describe('True when an identical earlier start was reused instead of starting new work.'),
  expected_duration_ms: z.number().int().min(0).optional(),
  result: z.unknown().optional().describe('The result, when the upstream answered the start with a finished job that holds it.'),
  result_location: z.string().nullable().optional().describe("Where that finished job's result can be fetched (URL or tool)."),
  error: z.unknown().optional().describe("The upstream's reason, when it answered the start with a failed or cancelled job."),
});

/** The upstream's own id of a job: what a user looks for in the vendor's console. */
const upstreamIdField = z
  .string()
  .nullable()
  .optional()
  .describe("The upstream's own id of this job (to find it in the vendor's console or logs), when it gave one; null otherwise.");

/** The members of a job over a set (jobs/memberSet.ts): one per thing its start acted on. */
const membersField = z
  .array(
    z.object({
      id: z.string().describe("The upstream's id of this member."),
      state: stateEnum,
      upstream_status: z.string().nullable(),
    }),
  )
  .optional()
  .describe(
    'Only for a job over a set (one start acting on several things): each member and its own state. The job is terminal when every member is, succeeded only when all succeeded, failed when any failed; progress is members ended / members.',
  );

/** A family's status output, shared by the family's result schema (undefined: untyped), the one part that varies. */
export function statusOutput(family: JobFamilySpec) {
  const { resultOutput } = family;
  // `members` only where a start runs a set: every other family's schema (and a dynamic list) stays as small as before.
  const sets = family.starts.some((s) => s.members !== undefined);
  return byShape(sets ? setStatusOutputs : statusOutputs, resultOutput, () =>
    z.object({
      job_id: jobId,
      family: z.string(),
      state: stateEnum,
      terminal: z.boolean(),
      upstream_status: z.string().nullable().describe("The upstream's own status value, as last seen."),
      upstream_id: upstreamIdField,
      progress: z.number().min(0).max(1).nullable().describe('Fraction done when the upstream reports one; null otherwise.'),
      ...(sets ? { members: membersField } : {}),
      message: z.string(),
      poll_after_ms: z.number().int().min(0).describe('Wait this long before the next status call (0 when terminal).'),
      result: z.optional(resultOutput ?? z.unknown()).describe('The result, once succeeded, when it is part of the job document.'),
      result_location: z.string().nullable().optional().describe('Where the result can be fetched (URL or tool), once succeeded.'),
      result_ref: resultRefOutput.optional(),
      error: z.unknown().optional().describe("The upstream's reason, once failed or cancelled."),
      upstream_document: z
        .unknown()
        .optional()
        .describe("The upstream's last job document, once terminal, when it holds no known result or reason (bounded)."),
      attempts: z
        .number()
        .int()
        .min(0)
        .describe('Sends of the start request by this server (a re-send after its server stopped adds one).'),
      last_error: z.string().nullable().describe('The last failure of that send (no answer, interrupted), or null.'),
      stalled: z.boolean().describe('True when the upstream status has not changed for far longer than the job is expected to take.'),
      waiting_for_input: z
        .boolean()
        .describe(
          'True when upstream_status says the job waits for its user to act (requires_action, waiting_for_user): polling alone will not move it, so tell the user.',
        ),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  );
}

export const cancelOutput = z.object({
  job_id: jobId,
  outcome: z
    .enum(['cancelled', 'cancelling', 'already_terminal', 'not_cancellable', 'unknown'])
    .describe(
      "cancelled: done; cancelling: accepted, not yet terminal (poll status); already_terminal: finished before the cancel; not_cancellable: the upstream refused or offers no cancel; unknown: sent, but no answer within the call's budget (poll status to see).",
    ),
  state: stateEnum,
  terminal: z.boolean(),
  upstream_status: z.string().nullable(),
  message: z.string(),
});

/** A family's result output, shared like its status output (by the family's result schema). */
export function resultOutput(family: JobFamilySpec) {
  const { resultOutput } = family;
  return byShape(resultOutputs, resultOutput, () =>
    z.object({
      job_id: jobId,
      state: stateEnum,
      result: z.optional(resultOutput ?? z.unknown()),
      result_location: z.string().nullable(),
      content_type: z.string().nullable(),
      size_bytes: z.number().int().min(0).nullable(),
      truncated: z.boolean(),
      result_ref: resultRefOutput.optional(),
      page: refPageOutput.optional().describe('The page asked for with offset, of a result kept by reference.'),
    }),
  );
}

export function listInput(families: string[]) {
  return z.object({
    family: z.optional(families.length > 0 ? z.enum(families as [string, ...string[]]) : z.string()).describe('Only jobs of this family.'),
    state: stateEnum.optional(),
    limit: z.number().int().min(1).max(100).optional().describe('Page size (default 20).'),
    cursor: z.string().max(500).optional().describe('next_cursor from the previous page.'),
  });
}

export const listOutput = z.object({
  jobs: z.array(
    z.object({
      job_id: z.string(),
      family: z.string(),
      operation: z.string(),
      state: stateEnum,
      terminal: z.boolean(),
      upstream_status: z.string().nullable(),
      upstream_id: upstreamIdField,
      kind: z.enum(['job', 'call']).describe('job: started by a start tool; call: a slow plain call promoted to a job.'),
      status_tool: z.string().nullable().describe('The tool that reports this job.'),
      attempts: z.number().int().min(0).describe('Sends of work the server ran itself (a start, a promoted call); 0 otherwise.'),
      last_error: z.string().nullable().describe('The last failure of that work (no answer, interrupted), or null.'),
      stalled: z.boolean().describe('Nothing changed for far longer than the job is expected to take.'),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  next_cursor: z.string().nullable(),
});

/**
 * The answers as types, inferred from the schemas above (bullmq's `asJSON(): JobJson`): the builders
 * (jobs/view.ts, startResult.ts, callStatus.ts, cancel.ts, result.ts, list.ts) are checked against them and the
 * readers (mcp/tasks.ts, the tests) read them, so renaming a field here fails the compile where it is built and
 * where it is read (test/unit/runtime/outputRename.test.ts).
 */
export type StartView = z.infer<typeof startOutput>;
export type StatusView = z.infer<ReturnType<typeof statusOutput>>;
export type CancelView = z.infer<typeof cancelOutput>;
export type ResultView = z.infer<ReturnType<typeof resultOutput>>;
export type ListView = z.infer<typeof listOutput>;
