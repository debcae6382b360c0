/**
 * Convention: an HTTP 202 (or 201) whose answer hands out a status monitor URL (`Location`, `Operation-Location`,
 * `Azure-AsyncOperation` without Azure's LRO extension, a `urls.get` field), RFC 9110 15.3.3. The job is followed
 * only at that URL (moved by a later 202's Location); where the family has no status field, or polls the Location,
 * the monitor's HTTP code is the state (202 running, 2xx done).
 */
import type { JobProtocol } from './jobProtocol.js';
import { interpretPoll } from './pollAnswer.js';
import { prepareJobUrl } from './pollRequest.js';
import { locateInDocument, prepareCancelByLink, prepareResultByLink } from './protocolDefaults.js';

export const monitorProtocol: JobProtocol = {
  name: 'monitor',
  canFollow: (_family, _upstreamId, pollUrl) => pollUrl !== null,
  started: (base) => base,
  preparePoll: (ctx, family, record) => prepareJobUrl(ctx, family, record, 'GET', record.pollUrl, 'status'),
  readPoll: (ctx, family, record, answer) => interpretPoll(ctx, family, record, answer, true),
  prepareCancel: prepareCancelByLink,
  readCancelAnswer: (ctx, family, record, answer) => interpretPoll(ctx, family, record, answer, true),
  prepareResult: prepareResultByLink,
  locateResult: locateInDocument,
  succeededNote: () => '',
};
