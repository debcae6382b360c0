/**
 * The cancel of a job followed at a URL the start hands out (a 303's Location, a status link: the runtime's `monitor`
 * protocol), where the contract says which GET that URL is: a cancel found at that read's item as on any job resource
 * (`POST /rest/api/3/task/{taskId}/cancel` beside `GET /rest/api/3/task/{taskId}`: findCompanions.ts). The job has no
 * id of its own, so the cancel's path parameters are read out of the URL by the read's path
 * (JobOperationLink.fromPollUrl). A cancel taking a parameter the read does not name (`…/task/{id}/cancel`) is
 * dropped by checkLinks.ts, which says so (MJG306): the URL cannot fill it.
 */
import type { Operation } from '../../model/ir.js';
import type { CanonicalState, JobOperationLink } from '../../model/jobs.js';
import type { DetectContext, ResourceAssessment } from '../detectTypes.js';
import { splitPath, toOperationRef } from '../read/operationIndex.js';
import { findCancel, jobItemPath } from './findCompanions.js';

const PARAM_SEGMENT = /^\{[^{}]+\}$/;

export function urlCancel(read: Operation, states: Record<string, CanonicalState>, ctx: DetectContext): ResourceAssessment | null {
  const last = splitPath(read.path)
    .pathname.split('/')
    .reverse()
    .find((s) => PARAM_SEGMENT.test(s));
  if (last === undefined) return null;
  const idParam = last.slice(1, -1);
  const link: JobOperationLink = { op: toOperationRef(read), idParam, carry: [] };
  const found = findCancel(jobItemPath(read.path, idParam), read, link, ctx.index, ctx.reader, states);
  if (found === null) return null;
  return {
    score: 0,
    evidence: [`cancelled by ${found.why}, its parameters read out of the URL the job is followed at (${read.path})`],
    cancel: { ...found, link: { ...found.link, fromPollUrl: read.path } },
    result: null,
    strongEnum: false,
  };
}
