/**
 * The cancel of a job read at the thing's last run (src/detect/idflow/runCancel.ts): AppFlow `StartFlow` runs a flow
 * and is read at `DescribeFlow`'s `lastRunExecutionDetails.mostRecentExecutionStatus`; `StopFlow` deactivates the
 * flow (and fails for an on-demand one), `CancelFlowExecutions` ends its runs. Near misses: without a cancel of the
 * runs, the thing's own stop is no cancel; a job read at its own status keeps its sibling stop.
 */
import { describe, expect, it } from 'vitest';
import { readsLastRun } from '../../../src/detect/idflow/runCancel.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const RUN_STATUS = str(['InProgress', 'Successful', 'Error', 'CancelStarted', 'Canceled']);
const FLOW_STATUS = str(['Active', 'Deprecated', 'Deleted', 'Draft', 'Errored', 'Suspended']);
const byName = obj({ flowName: str() }, ['flowName']);

const flow = (describe: JsonSchema, extra: Operation[]) =>
  detectJobs(
    createModel([
      rpc(
        'StartFlow',
        obj({ flowName: str(), clientToken: str() }, ['flowName']),
        obj({ flowArn: str(), flowStatus: FLOW_STATUS, executionId: str() }),
      ),
      rpc('DescribeFlow', byName, describe),
      rpc('StopFlow', byName, obj({ flowArn: str(), flowStatus: FLOW_STATUS })),
      ...extra,
    ]),
  );
const lastRun = obj({
  flowName: str(),
  flowStatus: FLOW_STATUS,
  lastRunExecutionDetails: obj({ mostRecentExecutionMessage: str(), mostRecentExecutionStatus: RUN_STATUS }),
});
const cancelRuns = rpc(
  'CancelFlowExecutions',
  obj({ flowName: str(), executionIds: { type: 'array', items: str() } }, ['flowName']),
  obj({ invalidExecutions: { type: 'array', items: str() } }),
);

describe('readsLastRun', () => {
  it.each<[string, boolean]>([
    ['lastRunExecutionDetails.mostRecentExecutionStatus', true],
    ['Workflow.LastRun.Status', true],
    ['latestDeployment.status', true],
    ['flowStatus', false],
    ['QueryExecution.Status.State', false],
  ])('%s → %s', (field, expected) => {
    expect(readsLastRun(field)).toBe(expected);
  });
});

describe('a run of a thing is cancelled as a run', () => {
  it('takes the cancel of the runs, not the stop that deactivates the thing (AppFlow)', () => {
    const d = flow(lastRun, [cancelRuns]);
    expect(summarize(d)).toMatchObject([{ start: ['StartFlow'], poll: 'DescribeFlow', cancel: 'CancelFlowExecutions' }]);
    expect(d.families[0]!.statusField).toBe('lastRunExecutionDetails.mostRecentExecutionStatus');
  });

  it('near miss: without a cancel of the runs, the thing’s stop is no cancel', () => {
    expect(summarize(flow(lastRun, []))).toMatchObject([{ start: ['StartFlow'], poll: 'DescribeFlow', cancel: null }]);
  });

  it('near miss: a job read at its own status keeps its sibling stop', () => {
    const own = obj({ flowName: str(), status: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'STOPPED']) });
    expect(summarize(flow(own, [cancelRuns]))).toMatchObject([{ start: ['StartFlow'], poll: 'DescribeFlow', cancel: 'StopFlow' }]);
  });
});
