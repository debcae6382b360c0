/**
 * Status vocabularies judgeLifecycle rejects for one missing part (src/detect/status/lifecycleGaps.ts): a step named under
 * way and failed ends in its participle or its unplaced values; a bare waiting word is the work not yet done, taken
 * by id flow only when the poll reads what the start makes. Near misses: an order's shipping/shipped, a pipeline
 * that never ends well, a lone unknown word beside in-progress and failed, a refund read elsewhere than it is made.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgeLifecycleGaps, withStepEnds } from '../../../src/detect/status/lifecycleGaps.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

describe('judgeLifecycleGaps', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[]; waitingOnly?: true } | null]> = [
    // LookoutVision models: the training step's participle is its success.
    [['TRAINING', 'TRAINED', 'TRAINING_FAILED', 'HOSTED'], { inProgress: ['TRAINING'], success: ['TRAINED'] }],
    // Proton template versions: registration under way and failed; what no rule places is how it ends.
    [
      ['REGISTRATION_IN_PROGRESS', 'REGISTRATION_FAILED', 'DRAFT', 'PUBLISHED'],
      { inProgress: ['REGISTRATION_IN_PROGRESS'], success: ['DRAFT', 'PUBLISHED'] },
    ],
    // Near miss: two steps that can fail leave open which one the start runs (Directory Service shares).
    [['Shared', 'PendingAcceptance', 'Rejected', 'Rejecting', 'RejectFailed', 'Sharing', 'ShareFailed', 'Deleting'], null],
    // Near miss: a gerund step without its participle leaves its end unsaid.
    [['SYNCING', 'ACKNOWLEDGED', 'IN_SYNC', 'SYNC_FAILED'], null],
    // Near miss: an order ships, but names no failed shipping step.
    [['pending', 'processing', 'shipping', 'shipped', 'delivered', 'cancelled', 'failed'], null],
    // Near miss: one unknown word beside work under way and a failure is no success (MTurk, savings plans).
    [['CLAIMED', 'IN_PROGRESS', 'FAILED'], null],
    [['Submitted', 'Approved', 'Rejected'], null],
    // Near miss: a pipeline that runs until stopped never ends well as a job (runUntilStopped.ts reads it).
    [['Initializing', 'InProgress', 'Failed', 'Stopping', 'Stopped', 'Paused'], null],
    // A bare waiting word, then done: Increase exports, Lightsail snapshots, Transcribe vocabularies.
    [['pending', 'complete'], { inProgress: ['pending'], success: ['complete'], waitingOnly: true }],
    [['pending', 'completed', 'error', 'unknown'], { inProgress: ['pending'], success: ['completed'], waitingOnly: true }],
    [['PENDING', 'READY', 'FAILED'], { inProgress: ['PENDING'], success: ['READY'], waitingOnly: true }],
    // A request met: GameLift game session placements (`FULFILLED`, or `TIMED_OUT`/`FAILED`), EC2 spot requests.
    [['PENDING', 'FULFILLED', 'CANCELLED', 'TIMED_OUT', 'FAILED'], { inProgress: ['PENDING'], success: ['FULFILLED'], waitingOnly: true }],
    // Near miss: fulfilled is an order's word too; without a failure beside it, it is no end of work.
    [['pending', 'fulfilled', 'cancelled'], null],
    // Near miss: a step's own participle is no failure of it: `EXPIRED` is the expiring over, not a failed step whose
    // done form would end the work well.
    [['EXPIRING', 'EXPIRED', 'WAITING'], null],
    // Near miss: a weak end (`READY`) needs a failure beside it; a compound waiting word is no bare one.
    [['PENDING', 'READY'], null],
    [['PENDING_DELETION', 'COMPLETED'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgeLifecycleGaps(values);
    expect(
      j === null ? null : { inProgress: j.inProgress, success: j.success, ...(j.waitingOnly ? { waitingOnly: j.waitingOnly } : {}) },
    ).toEqual(expected);
  });

  it('maps the found success to succeeded and keeps the rest', () => {
    expect(judgeLifecycleGaps(['TRAINING', 'TRAINED', 'TRAINING_FAILED', 'HOSTED'])?.states).toEqual({
      TRAINING: 'running',
      TRAINED: 'succeeded',
      TRAINING_FAILED: 'failed',
      HOSTED: 'running',
    });
  });
});

describe('withStepEnds', () => {
  const IMAGE_SET = ['CREATED', 'COPIED', 'COPYING', 'COPY_FAILED', 'UPDATING', 'UPDATED', 'UPDATE_FAILED', 'DELETING', 'DELETED'];
  it('adds the participle of a step under way and failed to a provisioning lifecycle (Medical Imaging image sets)', () => {
    const judged = judgeLifecycle(IMAGE_SET);
    expect(judged.kind).toBe('provisioning');
    const j = withStepEnds(judged as Exclude<typeof judged, { kind: null }>, IMAGE_SET);
    expect(j.success).toContain('COPIED');
    expect(j.states['COPIED']).toBe('succeeded');
  });
  it('near miss: a participle the table reads as a failure stays one (Graph delegated admin relationships)', () => {
    const values = ['activating', 'active', 'approvalPending', 'created', 'expired', 'expiring', 'terminated', 'terminating'];
    const judged = judgeLifecycle(values) as Exclude<ReturnType<typeof judgeLifecycle>, { kind: null }>;
    expect(judged.kind).toBe('provisioning');
    const j = withStepEnds(judged, values);
    expect(j.success).toEqual(['active']);
    expect(j.states['expired']).toBe('failed');
  });
  it('near miss: without the step’s failure listed the participle stays unread', () => {
    const values = IMAGE_SET.filter((v) => v !== 'COPY_FAILED');
    const judged = judgeLifecycle(values) as Exclude<ReturnType<typeof judgeLifecycle>, { kind: null }>;
    expect(withStepEnds(judged, values).success).not.toContain('COPIED');
  });
});

describe('provisioning words of AWS resource enums', () => {
  const table: Array<[string[], 'job' | 'provisioning' | null]> = [
    // Batch compute environments and job queues.
    [['CREATING', 'UPDATING', 'DELETING', 'DELETED', 'VALID', 'INVALID'], 'provisioning'],
    // EventBridge connections.
    [['CREATING', 'UPDATING', 'DELETING', 'AUTHORIZED', 'DEAUTHORIZED', 'AUTHORIZING'], 'provisioning'],
    // Ground Station ephemerides: validated, then enabled.
    [['VALIDATING', 'INVALID', 'ERROR', 'ENABLED', 'DISABLED', 'EXPIRED'], 'provisioning'],
    // Near miss: a payment is authorized too, with no word that brings anything up.
    [['pending', 'authorized', 'captured', 'failed'], null],
    [['VALID', 'INVALID', 'EXPIRED'], null],
  ];
  it.each(table)('%j → %s', (values, kind) => {
    expect(judgeLifecycle(values).kind).toBe(kind);
  });
});

const SNAPSHOT_STATE = str(['pending', 'completed', 'error', 'unknown']);

describe('a create whose thing waits, then completes', () => {
  it('is a job when the poll reads what the start makes', () => {
    const d = detectJobs(
      createModel([
        rpc('CreateDiskSnapshot', obj({ diskSnapshotName: str() }, ['diskSnapshotName']), obj({ operations: obj({ id: str() }) })),
        rpc(
          'GetDiskSnapshot',
          obj({ diskSnapshotName: str() }, ['diskSnapshotName']),
          obj({ diskSnapshot: obj({ name: str(), state: SNAPSHOT_STATE }) }),
        ),
      ]),
    );
    expect(summarize(d)).toMatchObject([{ start: ['CreateDiskSnapshot'], poll: 'GetDiskSnapshot' }]);
    expect(d.families[0]!.statusField).toBe('diskSnapshot.state');
    expect(d.families[0]!.states).toMatchObject({ pending: 'queued', completed: 'succeeded', error: 'failed' });
  });

  it('reads a placement the start makes at its own read, not at the session it places (GameLift)', () => {
    const placement = obj({
      PlacementId: str(),
      GameSessionId: str(),
      Status: str(['PENDING', 'FULFILLED', 'CANCELLED', 'TIMED_OUT', 'FAILED']),
    });
    const d = detectJobs(
      createModel([
        rpc('StartGameSessionPlacement', obj({ PlacementId: str() }, ['PlacementId']), obj({ GameSessionPlacement: placement })),
        rpc('DescribeGameSessionPlacement', obj({ PlacementId: str() }, ['PlacementId']), obj({ GameSessionPlacement: placement })),
        rpc(
          'DescribeGameSessions',
          obj({ GameSessionId: str() }),
          obj({
            GameSessions: {
              type: 'array',
              items: obj({ GameSessionId: str(), Status: str(['ACTIVE', 'ACTIVATING', 'TERMINATED', 'ERROR']) }),
            },
          }),
        ),
      ]),
    );
    expect(summarize(d)).toMatchObject([{ start: ['StartGameSessionPlacement'], poll: 'DescribeGameSessionPlacement' }]);
    expect(d.families[0]!.states).toMatchObject({ PENDING: 'queued', FULFILLED: 'succeeded', TIMED_OUT: 'failed' });
  });

  it('near miss: a refund made at a terminal and read as a payment refund is no job', () => {
    const refund = (extra: Record<string, JsonSchema>): JsonSchema =>
      obj({ refund: obj({ id: str(), status: str(['PENDING', 'COMPLETED', 'REJECTED', 'FAILED']), ...extra }) });
    const d = detectJobs(
      createModel([
        createOperation('POST', '/v2/terminals/refunds', {
          operationId: 'CreateTerminalRefund',
          responses: [createResponse('200', { schema: refund({ refund_id: str() }) })],
        }),
        createOperation('GET', '/v2/refunds/{refund_id}', {
          operationId: 'GetPaymentRefund',
          parameters: [createParameter('refund_id', 'path', { required: true })],
          responses: [createResponse('200', { schema: refund({}) })],
        }),
      ]),
    );
    expect(d.families).toEqual([]);
  });
});
