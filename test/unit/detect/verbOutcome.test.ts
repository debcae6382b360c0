/**
 * A verb's outcome named by the verb itself (src/detect/status/verbOutcome.ts): the verb failed (`FAILED_CREATE`,
 * `SYNC_FAILED`) beside the verb done (`CREATED`, `IN_SYNC`) makes the done form the success (Shutterstock audio
 * renders, Kinesis Video edge configurations); work under way may be named by a running head (runningHead.ts:
 * `RUNNING_RENDER`). Near misses: no failure of the verb, a tear-down verb, only a waiting word under way, a done
 * form the table calls a failure, two verbs that each end well.
 */
import { describe, expect, it } from 'vitest';
import { runsByHead } from '../../../src/detect/status/runningHead.js';
import { doneForms, failedVerb, judgeVerbOutcome } from '../../../src/detect/status/verbOutcome.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

describe('runsByHead', () => {
  it.each([
    ['RUNNING_RENDER', true],
    ['PROCESSING_UPLOAD', true],
    ['executingStep', true],
    // Near misses: a waiting head is an order's too; a failed tail is read first; a wind-down ends the work.
    ['WAITING_RENDER', false],
    ['submitted_for_settlement', false],
    ['RUNNING_WITH_ERROR', false],
    ['CANCELLING_RENDER', false],
    // The bare word is the table's, not a compound.
    ['RUNNING', false],
  ])('%s', (value, expected) => {
    expect(runsByHead(value)).toBe(expected);
  });
});

describe('failedVerb and doneForms', () => {
  it.each([
    ['FAILED_CREATE', 'create'],
    ['SYNC_FAILED', 'sync'],
    ['HOSTING_FAILED', 'host'],
    ['FailedToSync', 'sync'],
    ['UpdateFailed', 'update'],
    // A noun names its verb: the stem its participle grows from.
    ['REPLICATION_FAILED', 'replicat'],
    // Two words are a step of something, no verb (`DELTA_LAUNCH_FAILED`); a bare failure names none.
    ['DELTA_LAUNCH_FAILED', null],
    ['FAILED', null],
  ])('%s', (value, verb) => {
    expect(failedVerb(value)).toBe(verb);
  });

  it('says a verb is done in its participle or in the state it leaves', () => {
    expect(doneForms('create')).toContain('created');
    expect(doneForms('host')).toContain('hosted');
    expect(doneForms('sync')).toEqual(expect.arrayContaining(['synced', 'insync']));
    expect(doneForms('replicat')).toContain('replicated');
  });
});

describe('judgeVerbOutcome', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[] } | null]> = [
    // Shutterstock audio renders: each step waits and runs; the render is created, or failed to be.
    [
      ['WAITING_COMPOSE', 'RUNNING_COMPOSE', 'WAITING_RENDER', 'RUNNING_RENDER', 'CREATED', 'FAILED_CREATE'],
      { inProgress: ['RUNNING_COMPOSE', 'RUNNING_RENDER'], success: ['CREATED'] },
    ],
    // Kinesis Video edge configurations: the sync is under way, failed, or in sync; deleting is no start's end.
    [
      ['SYNCING', 'ACKNOWLEDGED', 'IN_SYNC', 'SYNC_FAILED', 'DELETING', 'DELETE_FAILED', 'DELETING_ACKNOWLEDGED'],
      { inProgress: ['SYNCING'], success: ['IN_SYNC'] },
    ],
    // Directory Service settings updates.
    [['Updated', 'Updating', 'UpdateFailed'], { inProgress: ['Updating'], success: ['Updated'] }],
    // SMS app replication: the noun fails, the verb is done; `DELTA_REPLICATED` is a step of its own.
    [
      ['READY_FOR_REPLICATION', 'REPLICATION_PENDING', 'REPLICATION_IN_PROGRESS', 'REPLICATED', 'DELTA_REPLICATED', 'REPLICATION_FAILED'],
      { inProgress: ['REPLICATION_IN_PROGRESS'], success: ['REPLICATED'] },
    ],
    // Near miss: an order ships, but nothing says shipping can fail: no step with two ends.
    [['pending', 'shipping', 'shipped', 'cancelled'], null],
    // Near miss: a tear-down verb's done form ends no start's work.
    [['ACTIVE', 'DELETING', 'DELETED', 'DELETE_FAILED'], null],
    // Near miss: only a waiting word before the end says nothing runs.
    [['WAITING_RENDER', 'CREATED', 'FAILED_CREATE'], null],
    // Near miss: a done form the table calls a failure (`Rejected`) is no success.
    [['PendingAcceptance', 'Rejecting', 'Rejected', 'RejectFailed'], null],
    // Near miss: two verbs that each end well leave open which one the start runs.
    [['Copying', 'Copied', 'CopyFailed', 'Syncing', 'Synced', 'SyncFailed'], null],
    // Near miss: a vocabulary that names a success is judgeLifecycle's.
    [['CREATING', 'CREATED', 'CREATE_FAILED', 'COMPLETED'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgeVerbOutcome(values);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('reads a weak success beside the verb done as a state before it (SMS launches)', () => {
    const values = ['READY_FOR_LAUNCH', 'LAUNCH_PENDING', 'LAUNCH_IN_PROGRESS', 'LAUNCHED', 'LAUNCH_FAILED'];
    expect(judgeVerbOutcome(values)?.states).toEqual({
      READY_FOR_LAUNCH: 'queued',
      LAUNCH_PENDING: 'queued',
      LAUNCH_IN_PROGRESS: 'running',
      LAUNCHED: 'succeeded',
      LAUNCH_FAILED: 'failed',
    });
  });

  it('maps the verb done to succeeded and keeps the table for the rest', () => {
    expect(judgeVerbOutcome(['WAITING_RENDER', 'RUNNING_RENDER', 'CREATED', 'FAILED_CREATE'])?.states).toEqual({
      WAITING_RENDER: 'queued',
      RUNNING_RENDER: 'running',
      CREATED: 'succeeded',
      FAILED_CREATE: 'failed',
    });
  });
});

const config = (values: string[]) => [
  rpc('StartConfigSync', obj({ StreamName: str() }, ['StreamName']), obj({ SyncId: str(), SyncStatus: str(values) })),
  rpc('DescribeConfigSync', obj({ SyncId: str() }, ['SyncId']), obj({ SyncId: str(), SyncStatus: str(values) })),
];

describe('a sync whose configuration is in sync when done', () => {
  it('is a job family that ends on the verb done', () => {
    expect(familyVocabulary(config(['SYNCING', 'IN_SYNC', 'SYNC_FAILED', 'DELETING', 'DELETE_FAILED']))).toMatchObject({
      kind: 'job',
      statusField: 'SyncStatus',
      poll: 'DescribeConfigSync',
      states: { SYNCING: 'running', IN_SYNC: 'succeeded', SYNC_FAILED: 'failed' },
    });
  });

  it('near miss: a tear-down done beside its failure makes no family', () => {
    expect(familyVocabulary(config(['SYNCING', 'DELETED', 'DELETE_FAILED', 'ACTIVE']))).toBeNull();
  });
});
