/**
 * Record patches for Azure LRO starts (StartSpec.azureLro): the start's answer picks core-lro's polling mode,
 * and every poll answer is read in that mode (jobs/azureLro.ts). Non-2xx poll answers never get here: the
 * HTTP-code rules shared by every family (jobs/pollVerdict.ts) settle them first.
 */
import { withoutSecretParams } from '../core/secrets.js';
import type { CanonicalState, JobFamilySpec, StartSpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import type { UpstreamOutcome } from '../upstream/http.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { mergeAnswerCookies } from '../upstream/urls.js';
import type { AzureReading } from './azureLro.js';
import {
  apiVersionOf,
  nextPollUrl,
  planAzureLro,
  readAzureAnswer,
  readAzureStart,
  resourceLocationOf,
  withApiVersion,
} from './azureLro.js';
import { mapState } from './interpret.js';
import { boundSnapshot } from './jobRecords.js';

type Answer = Extract<UpstreamOutcome, { ok: true }>;

/** A poll answer that could not be read: the caller counts it and retries (jobs/pollVerdict.ts). */
export interface Unreadable {
  unreadable: string;
}

/**
 * The contract's own word for a still-running status may say more (`NotStarted` → queued); core-lro's
 * reading decides everything terminal.
 */
function canonical(family: JobFamilySpec, reading: AzureReading): CanonicalState {
  if (reading.status !== 'running') return reading.status;
  const listed = mapState(family.states, reading.upstreamStatus);
  return listed.known && listed.state === 'queued' ? 'queued' : 'running';
}

/** The reason of a failed or cancelled operation: error.code/message when the body has them, else the body. */
function reasonOf(reading: AzureReading, answer: Answer): unknown {
  if (reading.error) return reading.error;
  if (reading.status === 'cancelled') return undefined;
  const body = answer.body.json ?? (answer.body.text.trim() === '' ? null : answer.body.text.slice(0, 4000));
  return { http_status: answer.status, upstream_status: reading.upstreamStatus, ...(body === null ? {} : { body }) };
}

/** Overrides what the generic start reading found with core-lro's plan for this answer. */
export function azureAcceptedPatch(
  family: JobFamilySpec,
  start: StartSpec,
  base: JobPatch,
  request: UpstreamRequest,
  answer: Answer,
  secrets: readonly string[],
): JobPatch {
  const requestUrl = withoutSecretParams(request.url, secrets);
  const plan = planAzureLro(request.method, requestUrl, answer.headers, start.finalStateVia);
  const apiVersion = apiVersionOf(requestUrl);
  const reading = readAzureStart(request.method, plan, answer.status, answer.body);
  // Done at once: the start's own answer is the result (core-lro), there is no final GET to make.
  const finished = reading.status !== 'running' && reading.unreadable === undefined;
  const patch: JobPatch = {
    ...base,
    azureLro: { mode: plan.mode },
    pollUrl: withApiVersion(plan.pollUrl, apiVersion),
    resultUrl: finished ? null : withApiVersion(plan.finalUrl, apiVersion),
    upstreamStatus: base.upstreamStatus ?? reading.upstreamStatus,
    unreadablePolls: 0,
  };
  if (plan.mode !== null && plan.pollUrl === null && !finished) {
    // The monitor header is there but holds no usable URL: nothing can ever be polled.
    return {
      ...patch,
      state: 'failed',
      error: { message: `The start answered HTTP ${answer.status} with a monitor header that is not a usable URL.` },
    };
  }
  if (reading.unreadable !== undefined) {
    // core-lro cannot deserialise such an answer either: the operation's outcome is unknowable.
    return { ...patch, state: 'failed', error: { message: `The start answered HTTP ${answer.status}, but ${reading.unreadable}.` } };
  }
  patch.state = canonical(family, reading);
  patch.error = patch.state === 'failed' || patch.state === 'cancelled' ? (boundSnapshot(reasonOf(reading, answer)) ?? null) : null;
  return patch;
}

/** One 1xx–3xx poll answer of an Azure LRO job, read in the record's mode. */
export function interpretAzurePoll(
  family: JobFamilySpec,
  record: JobRecord,
  answer: Answer,
  baseUrl: string | null,
  now: number,
): JobPatch | Unreadable {
  const mode = record.azureLro?.mode ?? null;
  if (mode === null) return {};
  if (answer.status >= 300) {
    return { cookies: mergeAnswerCookies(record.cookies, answer, baseUrl, now) };
  }
  const reading = readAzureAnswer(mode, answer.status, answer.body);
  if (reading.unreadable !== undefined) return { unreadable: reading.unreadable };
  const apiVersion = record.pollUrl ? apiVersionOf(record.pollUrl) : null;
  const state = canonical(family, reading);
  const patch: JobPatch = {
    cookies: mergeAnswerCookies(record.cookies, answer, baseUrl, now),
    state,
    upstreamStatus: reading.upstreamStatus,
    snapshot: boundSnapshot(answer.body.json ?? null),
    unreadablePolls: 0,
  };
  if (state === 'succeeded') {
    // A monitor naming the finished resource wins over the planned final GET.
    const resource = resourceLocationOf(answer.body, answer.url);
    if (resource !== null) patch.resultUrl = withApiVersion(resource, apiVersion);
  } else if (state === 'failed' || state === 'cancelled') {
    const reason = reasonOf(reading, answer);
    if (reason !== undefined) patch.error = boundSnapshot(reason);
  } else {
    const next = nextPollUrl(mode, answer.headers, answer.url);
    if (next !== null) patch.pollUrl = withApiVersion(next, apiVersion);
  }
  return patch;
}
