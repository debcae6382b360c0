/**
 * What a 2xx start answer tells us about the job: upstream id, poll/cancel/result URLs (resolved against the
 * URL that answered), path parameters for the family's linked operations, cookies, and the first known state.
 */

import { withoutSecretParams } from '../core/secrets.js';
import type { JobFamilySpec, JobOperationLinkSpec, StartSpec, ValueSource } from '../definition.js';
import type { JobPatch, JobRecord, StoredCookie } from '../store/types.js';
import type { BodyProblem, UpstreamOutcome } from '../upstream/http.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { resolveUrl } from '../upstream/urls.js';
import { azureAcceptedPatch } from './azureJob.js';
import { observeDocument, readArg, readSource } from './interpret.js';
import { boundSnapshot } from './jobRecords.js';
import { isOperationLink } from './pollRequest.js';

const FINAL_STATE_HEADERS = {
  location: 'location',
  'operation-location': 'operation-location',
  'azure-async-operation': 'azure-async-operation',
} as const;

/** OperationSpec.tool → its path template, for reading ids out of URLs. */
export type PathOf = (operation: string) => string | undefined;

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
  const upstreamId = idOfStart(start.idFrom, record.args, headers, json);
  // A start answered 303 See Other was sent to the job's own resource: that is where to look next.
  const seeOther = response.redirects.some((hop) => hop.status === 303);
  const pollUrl = firstUrl(start.pollUrlFrom) ?? (seeOther ? response.url : null);
  const cancelUrl = start.cancelUrlFrom ? firstUrl([start.cancelUrlFrom]) : null;

  const via = start.finalStateVia ?? (family.result && 'finalStateVia' in family.result ? family.result.finalStateVia : undefined);
  let resultUrl: string | null = null;
  if (via === 'original-uri') resultUrl = withoutSecretParams(request.url, secrets);
  else if (via) resultUrl = firstUrl([`header:${FINAL_STATE_HEADERS[via]}`]);

  const pathParams = familyPathParams(family, upstreamId, record.args, headers, json, pathOf);

  const obs = observeDocument(family, json);
  const pollable = isOperationLink(family.poll) ? upstreamId !== null || pollUrl !== null : pollUrl !== null;
  const problem = response.body.problem;
  if (problem && !pollable) {
    // An answer that could not be read whole says nothing about the job, least of all that it is done.
    const message = `The upstream accepted the start (HTTP ${response.status}) but ${describeProblem(problem)}, so the job cannot be followed; it may be running upstream.`;
    return {
      phase: 'accepted',
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
  // An Azure LRO decides its polling from the answer's actual headers, the core-lro way.
  return start.azureLro ? azureAcceptedPatch(family, start, patch, request, response, secrets) : patch;
}

export function describeProblem(problem: BodyProblem): string {
  return problem.kind === 'oversize'
    ? `its answer (${problem.size} bytes) is larger than the ${problem.limitBytes} bytes the server reads`
    : `its answer could not be parsed (${problem.reason})`;
}

/** Path parameter values for every linked operation of the family (poll, cancel, result). */
export function familyPathParams(
  family: JobFamilySpec,
  upstreamId: string | null,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  pathOf: PathOf,
): Record<string, string> {
  const pathParams: Record<string, string> = {};
  for (const link of [family.poll, family.cancel, family.result]) {
    if (isOperationLink(link)) Object.assign(pathParams, linkParams(link, upstreamId, args, headers, json, pathOf(link.operation)));
  }
  return pathParams;
}

/**
 * Some contracts name a header holding the job's URL as its id source (Operation-Location). When the value is
 * a URL, the linked operation's path template is matched against its path to read the id (and any other path
 * parameters) out of it; a plain id is used as is. Google names (`projects/p/operations/o`) are not URLs.
 */
export function paramsFromIdValue(value: string, template: string | undefined, idParam: string): Record<string, string> {
  const isUrl = /^https?:\/\//i.test(value) || value.startsWith('/');
  if (!isUrl || !template) return { [idParam]: value };
  const pathname = new URL(value, 'http://placeholder.invalid').pathname;
  return matchPathSuffix(pathname, template.split('?')[0]!) ?? { [idParam]: value };
}

/**
 * The path parameters of `template` read from the end of `pathname` (a base path may come before it), segment
 * by segment, without a regular expression: both come from strangers (the contract and the upstream), so the
 * work stays linear. A segment holds at most one parameter (`{id}`, `{id}.json`); one with more (`{a}.{b}`) has
 * no single reading and is not matched. Null when the path does not fit the template.
 */
function matchPathSuffix(pathname: string, template: string): Record<string, string> | null {
  if (!template.startsWith('/')) return null;
  const want = template.split('/');
  const have = pathname.split('/');
  if (have.length < want.length) return null;
  const out: Record<string, string> = {};
  for (let i = 1; i < want.length; i++) {
    const t = want[want.length - i]!;
    const p = have[have.length - i]!;
    const open = t.indexOf('{');
    if (open < 0) {
      if (t !== p) return null;
      continue;
    }
    const close = t.indexOf('}', open);
    if (close < 0 || t.indexOf('{', close) >= 0) return null;
    const before = t.slice(0, open);
    const after = t.slice(close + 1);
    if (p.length <= before.length + after.length || !p.startsWith(before) || !p.endsWith(after)) return null;
    try {
      out[t.slice(open + 1, close)] = decodeURIComponent(p.slice(before.length, p.length - after.length));
    } catch {
      return null; // Not valid percent-encoding: the value is used whole, as an id that is not a URL.
    }
  }
  return out;
}

function linkParams(
  link: JobOperationLinkSpec,
  upstreamId: string | null,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  template: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (upstreamId !== null) Object.assign(out, paramsFromIdValue(upstreamId, template, link.idParam));
  for (const carry of link.carry) {
    let value: string | undefined;
    // `arg:thread_id`, or a dotted path into the start's arguments (`arg:body.Region`), own properties only.
    if (carry.from.startsWith('arg:')) value = readArg(carry.from as `arg:${string}`, args);
    else {
      value = readSource(carry.from as Parameters<typeof readSource>[0], headers, json);
    }
    if (value !== undefined) out[carry.param] = value;
  }
  return out;
}

/** The job id a start names: in its answer (`body:`, `header:`), or (`arg:`) in its own request, for a job the client named. */
function idOfStart(idFrom: StartSpec['idFrom'], args: Record<string, unknown>, headers: Headers, json: unknown): string | null {
  if (!idFrom) return null;
  if (idFrom.startsWith('arg:')) return readArg(idFrom as `arg:${string}`, args) ?? null;
  return readSource(idFrom as ValueSource, headers, json) ?? null;
}
