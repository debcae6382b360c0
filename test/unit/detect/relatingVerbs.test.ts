/**
 * A verb that relates two things is not polled at the read of its own noun unless that read's status speaks of the
 * link (src/detect/idflow/relatingVerbs.ts): SageMaker `AssociateTrialComponent` does not run the trial component that
 * `DescribeTrialComponent` reports; a status `ASSOCIATING | ASSOCIATED | FAILED` there would be the link's.
 */
import { describe, expect, it } from 'vitest';
import { readsThingNotLink } from '../../../src/detect/idflow/relatingVerbs.js';
import { detectJobs } from '../../../src/detect/index.js';
import type { StatusByMeaning } from '../../../src/detect/status/statusByMeaning.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const RUN = ['InProgress', 'Completed', 'Failed', 'Stopping', 'Stopped'];
const LINK = ['ASSOCIATING', 'ASSOCIATED', 'FAILED', 'DISASSOCIATING', 'DISASSOCIATED'];

const start = (id: string) =>
  rpc(id, obj({ TrialComponentName: str(), TrialName: str() }, ['TrialComponentName', 'TrialName']), obj({ TrialComponentArn: str() }));
const describeComponent = (values: string[], field = 'Status') =>
  rpc(
    'DescribeTrialComponent',
    obj({ TrialComponentName: str() }, ['TrialComponentName']),
    obj({ TrialComponentArn: str(), TrialComponentName: str(), [field]: str(values) }),
  );

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

const status = (field: string, values: string[]): StatusByMeaning => ({
  field,
  values,
  valuesFrom: 'enum',
  depth: 0,
  inList: false,
  judgement: { kind: 'job', states: {}, inProgress: [], success: [] },
});

describe('a verb that relates two things and the read of its own noun', () => {
  it.each<[string, string, string, string, string[], boolean]>([
    ['associate, the thing’s own run', 'AssociateTrialComponent', 'DescribeTrialComponent', 'Status', RUN, true],
    ['attach, the thing’s own state', 'AttachDisk', 'GetDisk', 'disk.state', ['pending', 'available', 'error'], true],
    ['detach too', 'DetachDisk', 'GetDisk', 'disk.state', ['pending', 'available', 'error'], true],
    ['near miss: the values speak of the link', 'AssociatePackage', 'DescribePackages', 'PackageStatus', LINK, false],
    ['near miss: the field speaks of the link', 'AttachVolume', 'DescribeVolume', 'AttachmentState', RUN, false],
    ['near miss: the read of the link itself', 'AssociateResolverRule', 'GetResolverRuleAssociation', 'Status', RUN, false],
    ['near miss: a verb that makes the thing', 'CreateTrialComponent', 'DescribeTrialComponent', 'Status', RUN, false],
  ])('%s', (_why, startId, pollId, field, values, expected) => {
    expect(readsThingNotLink(nameOfId(startId), nameOfId(pollId), status(field, values))).toBe(expected);
  });

  it.each<[string, Operation[], string[][]]>([
    ['an associate is not polled at its noun’s own run', [start('AssociateTrialComponent'), describeComponent(RUN)], []],
    [
      'near miss: the create of that noun is',
      [start('CreateTrialComponent'), describeComponent(RUN)],
      [['CreateTrialComponent', 'DescribeTrialComponent(TrialComponentName)']],
    ],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
