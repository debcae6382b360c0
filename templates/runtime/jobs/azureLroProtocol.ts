/**
 * Convention: Azure long-running operations (`x-ms-long-running-operation`, StartSpec.azureLro), followed the way
 * @azure/core-lro does (the rules are in jobs/azureLro.ts): the start's actual answer picks the polling mode, which
 * the record keeps (`JobRecord.azureLro`), and every poll answer is read in that mode; the result is the planned
 * final GET, else the last answer. Non-2xx poll answers never get here: the HTTP-code rules shared by every
 * family (jobs/pollVerdict.ts) settle them first.
 */
import { withoutSecretParams } from '../core/secrets.js';
import type { CanonicalState, JobFamilySpec, StartSpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
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
import { getPath, mapState } from './interpret.js';
import type { Answer, InlineResult, JobProtocol, Unreadable } from './jobProtocol.js';
import { boundSnapshot } from './jobRecords.js';
import { hasMorePages, pageableOf } from './pageable.js';
import { isOperationLink, prepareJobUrl, prepareLinked } from './pollRequest.js';
import { prepareCancelByLink } from './protocolDefaults.js';

export const azureLroProtocol: JobProtocol = {
  name: 'azure-lro',
  // Whether an unreadable start answer leaves anything to follow is asked before core-lro's plan is made.
  canFollow: (family, upstreamId, pollUrl) => (isOperationLink(family.poll) ? upstreamId !== null || pollUrl !== null : pollUrl !== null),
  started: (base, answer) => azureAcceptedPatch(answer.family, answer.start, base, answer.request, answer.response, answer.secrets),
  // Polled where its start's answer pointed, whatever the family links.
  preparePoll: (ctx, family, record) => prepareJobUrl(ctx, family, record, 'GET', record.pollUrl, 'status'),
  readPoll: (ctx, family, record, answer) => interpretAzurePoll(family, record, answer, ctx.config.baseUrl, ctx.now()),
  prepareCancel: prepareCancelByLink,
  // The state of an Azure LRO comes only from its monitor.
  readCancelAnswer: () => null,
  prepareResult(ctx, family, record) {
    // core-lro's final GET when its answers planned one.
    if (record.resultUrl) return prepareJobUrl(ctx, family, record, 'GET', record.resultUrl, 'result');
    return isOperationLink(family.result) ? prepareLinked(ctx, family.result, record) : null;
  },
  locateResult: locateAzureResult,
  succeededNote: resourceState,
};

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

/**
 * core-lro's result: the final GET when there is one (resultUrl), else the last answer (the monitor's result
 * field when the contract names one). A delete's 204 has no body, and then there is no result at all.
 */
function locateAzureResult(family: JobFamilySpec, record: JobRecord): InlineResult {
  if (record.resultUrl) return { result_location: record.resultUrl };
  const doc = record.snapshot;
  if (doc === null || doc === undefined) return {};
  // The first page of a longer list: the result tool gathers the rest.
  const pageable = pageableOf(family, record);
  if (pageable && family.tools.result && hasMorePages(doc, pageable))
    return { result_location: `call ${family.tools.result} with this job_id` };
  const field = family.resultField ? getPath(doc, family.resultField) : undefined;
  return { result: field !== undefined ? field : doc };
}

/**
 * core-lro reads a Location monitor by its HTTP code alone, so a delete can succeed while the resource it
 * returns is in another state (`provisioningState: Deleting`; Failed and Canceled end the job that way, see
 * jobs/azureLro.ts): say so rather than let "succeeded" hide it.
 */
function resourceState(record: JobRecord): string {
  const word = getPath(record.snapshot, 'properties.provisioningState') ?? getPath(record.snapshot, 'provisioningState');
  return typeof word === 'string' && !/succeeded/i.test(word) ? ` The resource it returned reports provisioningState ${word}.` : '';
}
