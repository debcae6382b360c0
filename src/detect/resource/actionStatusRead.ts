/**
 * Convention: a job's item with a status read of its own (`GET /Builds/{Sid}/Status`, `GET /uploads/{id}/status`)
 * is polled there. Job APIs split the status from the item so that polling stays cheap and says only how far the
 * work has got (statusSubresource.ts); the item read holds the thing made. The resource convention finds the item
 * by the REST layout and weighs the status read as a sign of a job (assessJobResource.ts); once the item is judged
 * a job, this unit makes the status read its poll, reached by the same path parameters.
 */

import { type OperationIndex, pathParams, splitPath, toOperationRef } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { jobItemPath } from './findCompanions.js';
import type { PollFound } from './findPollOperation.js';
import { findStatusSubresource } from './statusSubresource.js';

/** The item's own status read as the poll, when the poll is the item and the read needs nothing else; else `poll`. */
export function pollStatusRead(poll: PollFound, index: OperationIndex, reader: SchemaReader): PollFound {
  const item = jobItemPath(poll.op.path, poll.link.idParam);
  if (splitPath(poll.op.path).pathname !== splitPath(item).pathname) return poll;
  const read = findStatusSubresource(item, index, reader);
  if (read === null) return poll;
  const params = new Set(pathParams(read.path));
  // The same path parameters reach it; a required query or header input the start cannot name is not ours to fill.
  if (read.parameters.some((p) => p.required && !(p.in === 'path' && params.has(p.name)))) return poll;
  if (pathParams(poll.op.path).some((p) => !params.has(p))) return poll;
  return { ...poll, op: read, link: { ...poll.link, op: toOperationRef(read) } };
}
