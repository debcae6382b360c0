/**
 * Schemas of promoted calls: the handle a promotable tool may answer with (one optional key beside the
 * operation's own output), and the call status tool's input and output.
 */
import { z } from 'zod';
import { CANONICAL_STATES } from '../defaults.js';
import { HANDLE_KEY } from './promotedCall.js';
import { idempotencyKeyField, refOffsetField, refPageOutput, resultRefOutput, waitForJobInput } from './schemas.js';

const stateEnum = z.enum(CANONICAL_STATES).describe('Canonical state; succeeded, failed and cancelled are terminal.');
const jobId = z.string().min(1).max(200).describe('The job handle a promoted call answered with (job_…).');

/**
 * The handle as every promotable tool's output lists it: on GitHub's spec 1,196 tools list it, so each byte here
 * is a kilobyte of tools/list (the handle was a quarter of that 4.3 MB list, its descriptions a tenth). The fields' meaning is said
 * once, where an agent reads it: the server instructions, the call status tool's own schema and answer text, and
 * the description of a tool the contract shows slow; here only the shape and one sentence.
 */
export const handleOutput = z
  .object({
    job_id: z.string().min(1).max(200),
    state: z.enum(CANONICAL_STATES),
    poll_after_ms: z.number().int().min(0),
    status_tool: z.string(),
    deduplicated: z.boolean(),
    expected_duration_ms: z.number().int().min(0).optional(),
  })
  .describe('Only when the call outlived JOB_PROMOTE_AFTER_MS or its answer is too large to return inline: poll status_tool with job_id.');

/**
 * A promotable tool's output: its own (every key optional, as plain tools are registered) plus the handle, so
 * the SDK's check of structuredContent passes for both answers. zod refuses `.partial()`/`.extend()` on an
 * object carrying refinements: such a tool declares only the handle, in an object that accepts any other key.
 */
export function promotableOutput(output: z.ZodObject | undefined): z.ZodObject {
  const handle = { [HANDLE_KEY]: handleOutput.optional() };
  if (!output) return z.looseObject(handle);
  try {
    return output.partial().extend(handle);
  } catch {
    return z.looseObject(handle);
  }
}

/** Key of a plain call's large answer in its structuredContent (jobs/largeAnswer.ts). */
export const LARGE_ANSWER_KEY = 'mcp_answer';

export const largeAnswerOutput = z
  .object({
    size_bytes: z.number().int().min(0).describe("The answer's size in bytes."),
    content_type: z.string().nullable(),
    truncated: z
      .boolean()
      .describe('True when only the preview in the text content was returned and the rest was not kept (a server with no job store).'),
    result_ref: resultRefOutput.optional(),
  })
  .describe(
    "Present only when the upstream's answer is larger than JOB_RESULT_INLINE_MAX_BYTES: the answer is then not in structuredContent. result_ref says where it is kept (read it with resources/read, a page at a time); without it, truncated is true and only a preview was returned.",
  );

/**
 * A plain (unpromoted) tool's output: its own, every key optional, plus the large-answer key, so the SDK's check
 * of structuredContent passes for both answers. As promotableOutput, a refined object falls back to a loose one.
 */
export function plainOutput(output: z.ZodObject): z.ZodObject {
  const answer = { [LARGE_ANSWER_KEY]: largeAnswerOutput.optional() };
  try {
    return output.partial().extend(answer);
  } catch {
    return z.looseObject(answer);
  }
}

export const idempotencyKeyInput = idempotencyKeyField(
  ', and an identical call returns the earlier outcome (or its job) instead of running again; a new key runs it anew.',
);

export function callStatusInput(waitMaxMs: number) {
  return waitForJobInput(jobId, waitMaxMs, 'the call to finish').extend({ offset: refOffsetField('an answer') });
}

export const callStatusOutput = z.object({
  job_id: jobId,
  operation: z.string().describe('The tool whose call this is.'),
  state: stateEnum,
  terminal: z.boolean(),
  message: z.string(),
  poll_after_ms: z.number().int().min(0).describe('Wait this long before the next status call (0 when terminal).'),
  http_status: z.number().int().optional().describe("The upstream's HTTP status, once answered."),
  result: z.unknown().optional().describe("The upstream's answer, once succeeded (JSON, or text)."),
  result_ref: resultRefOutput.optional(),
  page: refPageOutput.optional().describe('The page asked for with offset, of an answer kept by reference.'),
  answer_problem: z
    .string()
    .optional()
    .describe('Set when the answer could not be read whole or parsed (result then holds what was read); the work did run.'),
  error: z.unknown().optional().describe('Why it failed, once failed.'),
  attempts: z.number().int().min(0).describe('Times the request was sent (a re-send after its server stopped adds one).'),
  last_error: z.string().nullable().describe('The last failure of the work (no answer, interrupted), or null.'),
  stalled: z.boolean().describe('True when nothing changed for far longer than the call is expected to take.'),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The answers as types (see jobs/schemas.ts): built by promotedCall.ts and callStatus.ts. */
export type HandleView = z.infer<typeof handleOutput>;
export type CallStatusView = z.infer<typeof callStatusOutput>;
