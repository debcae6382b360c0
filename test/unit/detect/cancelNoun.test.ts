/**
 * How a sibling verb's noun names the polled job (idflow/cancelNoun.ts): the same noun; the poll reading the thing's
 * status or a version of its read (Cloud Control `GetResourceRequestStatus` ↔ `CancelResourceRequest`, SageMaker
 * `DescribeAutoMLJobV2` ↔ `StopAutoMLJob`); the cancel of the start's own act (Image Builder `CreateImage` →
 * `CancelImageCreation`). Names read from operationIds as detection reads them; each rule with its near misses.
 */
import { describe, expect, it } from 'vitest';
import { cancelsNoun } from '../../../src/detect/idflow/cancelNoun.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

describe("a cancel's noun against the poll's", () => {
  it.each<[string, string, string, string | null, string | null]>([
    ['the same noun', 'StopQueryExecution', 'GetQueryExecution', 'start', 'on the same query execution'],
    [
      'the poll reads its status',
      'CancelResourceRequest',
      'GetResourceRequestStatus',
      'create',
      'on the resource request whose status the poll reads',
    ],
    ['the poll is a version of its read', 'StopAutoMLJob', 'DescribeAutoMLJobV2', 'create', 'on the auto ml job the poll reads as v2'],
    ["the start's own act", 'CancelImageCreation', 'GetImage', 'create', "on the creation of the image, the start's own act"],
    [
      "the start's own act, `-ment`",
      'CancelStackDeployment',
      'DescribeStack',
      'deploy',
      "on the deployment of the stack, the start's own act",
    ],
    ['near miss: another noun', 'StopCrawler', 'GetQueryExecution', 'start', null],
    ['near miss: a status of another thing', 'CancelExport', 'GetResourceRequestStatus', 'create', null],
    ["near miss: an act that is not the start's", 'CancelServiceInstanceDeployment', 'GetServiceInstance', 'create', null],
    ['near miss: an act with no start verb to own it', 'CancelImageCreation', 'GetImage', null, null],
    ['near miss: the act on a part of the thing', 'CancelImageLayerCreation', 'GetImage', 'create', null],
  ])('%s: %s beside %s', (_case, cancel, poll, startVerb, expected) => {
    expect(cancelsNoun(nameOfId(cancel)!, nameOfId(poll)!, startVerb)).toBe(expected);
  });
});

describe('detection takes the cancel of the thing whose status the poll reads', () => {
  const REQUEST = obj({
    RequestToken: str(),
    OperationStatus: str(['PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILED', 'CANCEL_IN_PROGRESS', 'CANCEL_COMPLETE']),
  });
  const ops = (cancel: string) => [
    rpc('CreateResource', obj({ TypeName: str() }, ['TypeName']), obj({ ProgressEvent: REQUEST })),
    rpc('GetResourceRequestStatus', obj({ RequestToken: str() }, ['RequestToken']), obj({ ProgressEvent: REQUEST })),
    rpc(cancel, obj({ RequestToken: str() }, ['RequestToken']), obj({ ProgressEvent: REQUEST })),
  ];
  const cancelOf = (cancel: string) => {
    const f = detectJobs(createModel(ops(cancel))).families[0];
    return f && isOperationLink(f.cancel) ? f.cancel.op.operationId : null;
  };

  it('CancelResourceRequest cancels what GetResourceRequestStatus polls', () => {
    expect(cancelOf('CancelResourceRequest')).toBe('CancelResourceRequest');
  });

  it('near miss: a cancel of another noun taking the same token is not the cancel', () => {
    expect(cancelOf('CancelResourceImport')).toBeNull();
  });
});
