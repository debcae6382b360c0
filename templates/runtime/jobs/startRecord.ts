/**
 * What a 2xx start answer tells us about the job: upstream id, poll/cancel/result URLs (resolved against the
 * URL that answered), path parameters for the family's linked operations, cookies, and the first known state.
 */

import { withoutSecretParams } from '../core/secrets.js';
import { DEFAULT_MEMBERS_MAX } from '../defaults.js';
import type { JobFamilySpec, StartSpec, ValueSource } from '../definition.js';
import type { JobPatch, JobRecord, StoredCookie } from '../store/types.js';
import type { BodyProblem, UpstreamOutcome } from '../upstream/http.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { resolveUrl } from '../upstream/urls.js';
import { arnResourceId } from './arnResourceId.js';
import { observeDocument, readArg, readSource, type StartInputs } from './interpret.js';
import { familyPathParams, type PathOf } from './jobParams.js';
import { boundSnapshot } from './jobRecords.js';
import { chooseProtocol } from './protocols.js';

const FINAL_STATE_HEADERS = {
  location: 'location',
  'operation-location': 'operation-location',
  'azure-async-operation': 'azure-async-operation',
} as const;

export function acceptedPatch(
  family: JobFamilySpec,
  start: StartSpec,
  record: JobRecord,
  request: UpstreamRequest,
  response: Extract<UpstreamOutcome, { ok: true }>,
  secrets: readonly string[] = [],
  pathOf: PathOf = () => undefined,
  /** The job's jar after this answer (urls.ts mergeAnswerCookies: only the API's origin sets cookies). */
  cookies: StoredCookie[] = [],
  /** JOB_MEMBERS_MAX: the most members a job over a set follows (jobs/memberSet.ts). */
  membersMax: number = DEFAULT_MEMBERS_MAX,
  /** The start's operation, whose parameters `arg:` sources name by their wire names (interpret.ts readArg). */
  startOp?: StartInputs,
): JobPatch {
  const { headers } = response;
  const json = response.body.json;
  const firstUrl = (sources: Array<Parameters<typeof readSource>[0]>): string | null => {
    for (const source of sources) {
      const value = readSource(source, headers, json);
      const url = value ? resolveUrl(value, response.url) : null;
      if (url) return url;
    }
    return null;
  };
  const upstreamId = idOfStart(start, record.args, headers, json, startOp);
  // A start answered 303 See Other was sent to the job's own resource: that is where to look next.
  const seeOther = response.redirects.some((hop) => hop.status === 303);
  const pollUrl = firstUrl(start.pollUrlFrom) ?? (seeOther ? response.url : null);
  const cancelUrl = start.cancelUrlFrom ? firstUrl([start.cancelUrlFrom]) : null;

  const via = start.finalStateVia ?? (family.result && 'finalStateVia' in family.result ? family.result.finalStateVia : undefined);
  let resultUrl: string | null = null;
  if (via === 'original-uri') resultUrl = withoutSecretParams(request.url, secrets);
  else if (via) resultUrl = firstUrl([`header:${FINAL_STATE_HEADERS[via]}`]);

  const pathParams = familyPathParams(family, upstreamId, record.args, headers, json, pathOf, startOp, pollUrl);

  const obs = observeDocument(family, json);
  // The job's convention is chosen here, once, and recorded: every later call follows it (jobs/protocols.ts).
  const protocol = chooseProtocol(family, start);
  const pollable = protocol.canFollow(family, upstreamId, pollUrl);
  const problem = response.body.problem;
  if (problem && !pollable) {
    // An answer that could not be read whole says nothing about the job, least of all that it is done.
    const message = `The upstream accepted the start (HTTP ${response.status}) but ${describeProblem(problem)}, so the job cannot be followed; it may be running upstream.`;
    return {
      phase: 'accepted',
      protocol: protocol.name,
      state: 'failed',
      upstreamStatus: null,
      cookies,
      snapshot: null,
      error: { reason: problem.kind, message },
    };
  }
  // A 200/201 with nothing to poll and no status is a start that completed synchronously.
  const state = obs.state ?? (!pollable && response.status !== 202 ? 'succeeded' : 'queued');
  const patch: JobPatch = {
    phase: 'accepted',
    protocol: protocol.name,
    state,
    upstreamStatus: obs.upstreamStatus,
    upstreamId,
    pollUrl,
    cancelUrl,
    resultUrl,
    pathParams,
    cookies,
    snapshot: problem ? { body_problem: describeProblem(problem) } : boundSnapshot(json ?? null, secrets),
    error: obs.error !== undefined ? boundSnapshot(obs.error, secrets) : null,
  };
  // A convention may read more from the answer (an Azure LRO decides its polling from its actual headers).
  return protocol.started(patch, { family, start, request, response, secrets, membersMax });
}

export function describeProblem(problem: BodyProblem): string {
  return problem.kind === 'oversize'
    ? `its answer (${problem.size} bytes) is larger than the ${problem.limitBytes} bytes the server reads`
    : `its answer could not be parsed (${problem.reason})`;
}

/** The job id a start names: in its answer (`body:`, `header:`), or (`arg:`) in its own request, for a job the client named. */
function idOfStart(
  start: Pick<StartSpec, 'idFrom' | 'idFromArn'>,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  startOp: StartInputs | undefined,
): string | null {
  const { idFrom } = start;
  if (!idFrom) return null;
  if (idFrom.startsWith('arg:')) return readArg(idFrom as `arg:${string}`, args, startOp) ?? null;
  const value = readSource(idFrom as ValueSource, headers, json);
  // The poll asks for the thing's id, which the answered ARN ends in (StartSpec.idFromArn).
  return (value !== undefined && start.idFromArn ? arnResourceId(value, start.idFromArn) : value) ?? null;
}
