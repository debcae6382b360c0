/**
 * Reading one poll answer as a job document (every convention but Azure's, which reads it the core-lro way): the
 * status by the family's state map, a Location that moves the monitor or names the result, the job id a bare start
 * did not give. `monitor`: the poll is a URL the upstream handed out, so its HTTP code may be the state.
 */
import type { RuntimeContext } from '../core/context.js';
import type { CanonicalState, JobFamilySpec, ValueSource } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { mergeAnswerCookies, resolveUrl } from '../upstream/urls.js';
import { arnResourceId } from './arnResourceId.js';
import { isTerminal, observeDocument, readSource } from './interpret.js';
import { familyPathParams } from './jobParams.js';
import type { Answer, Unreadable } from './jobProtocol.js';
import { boundSnapshot } from './jobRecords.js';
import { isOperationLink } from './pollRequest.js';
import { unreadableBody } from './pollVerdict.js';

function pollsVia(family: JobFamilySpec, source: string): boolean {
  return !isOperationLink(family.poll) && family.poll.via.toLowerCase() === source;
}

/** Turns one 1xx–3xx poll answer into a record patch (other codes are settled by pollVerdict first). */
export function interpretPoll(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  outcome: Answer,
  monitor: boolean,
): JobPatch | Unreadable {
  const { status, headers, body } = outcome;
  const obs = observeDocument(family, body.json);
  const patch: JobPatch = { cookies: mergeAnswerCookies(record.cookies, outcome, ctx.config.baseUrl, ctx.now()) };
  const location = headers.get('location');
  const resolvedLocation = location ? resolveUrl(location, outcome.url) : null;
  let state: CanonicalState | null = obs.state;

  if (status >= 300 && status < 400) {
    // Redirects were followed by the outbound policy (never stored as the poll URL; a 303 is "see other",
    // never a state): a 3xx that reaches here (304, 300, no Location) says nothing about the job.
  } else if (state === null) {
    // No status in the answer. 202 means "still working". 200/201/204 means "done" only where the protocol
    // says so: Location polling, or a family that has no status field at all (HTTP status is the signal). A job
    // handed out as a 202's Content-Location (JSON:API's asynchronous processing) answers 200 while pending and
    // 303 See Other to what it made when done: there only the 303 says done.
    const jobDocument = monitor && pollsVia(family, 'header:content-location');
    const seeOther = outcome.redirects.some((hop) => hop.status === 303);
    // Or a linked read the contract says answers its state by code alone (JobFamilySpec.statusByCode).
    const httpSignalled =
      family.statusByCode === true ||
      (monitor &&
        (pollsVia(family, 'header:location') || (jobDocument ? seeOther : family.statusField === null && family.doneField === null)));
    // A monitor the state is read from that sent a body nobody can read (an HTML error page, a cut body).
    const unreadable = httpSignalled ? null : unreadableBody(body);
    if (unreadable !== null) return { unreadable };
    if (status === 202 || (jobDocument && !httpSignalled)) state = isTerminal(record.state) ? record.state : 'running';
    else if (httpSignalled) state = 'succeeded';
  }

  // A monitor that answered 303 See Other pointed at the resource this answer came from.
  if (status >= 200 && status < 300 && !record.resultUrl && outcome.redirects.some((hop) => hop.status === 303))
    patch.resultUrl = outcome.url;
  if (resolvedLocation && status >= 200 && status < 300) {
    if (status === 202 && monitor) patch.pollUrl = resolvedLocation;
    else if (!record.resultUrl) patch.resultUrl = resolvedLocation;
  }
  // Some starts (a bare 202) only reveal the job id in the first status document; linked cancel/result need it.
  const start = family.starts.find((s) => s.operation === record.operation);
  const idFrom = start?.idFrom;
  if (record.upstreamId === null && idFrom?.startsWith('body:')) {
    const read = readSource(idFrom as ValueSource, headers, body.json);
    const id = read !== undefined && start?.idFromArn ? arnResourceId(read, start.idFromArn) : read;
    if (id !== undefined) {
      patch.upstreamId = id;
      patch.pathParams = {
        ...familyPathParams(
          family,
          id,
          record.args,
          headers,
          body.json,
          (tool) => ctx.operations.get(tool)?.path,
          ctx.operations.get(record.operation),
        ),
        ...record.pathParams,
      };
    }
  }
  if (state !== null) patch.state = state;
  if (obs.upstreamStatus !== null) patch.upstreamStatus = obs.upstreamStatus;
  if (obs.error !== undefined) patch.error = boundSnapshot(obs.error);
  if (body.json !== undefined) patch.snapshot = boundSnapshot(body.json);
  return patch;
}
