/**
 * Status values a description lists in plain words after a lead verb (src/detect/status/lifecycleInDescription.ts
 * plainListValues): Redshift's `RestoreStatus.Status`, "Returns starting, restoring, completed, or failed.". Read, the
 * restore's own status is what RestoreFromClusterSnapshot follows (startAffinity.ts), so it is a family apart from
 * CreateCluster's on the same DescribeClusters, as AWS's `ClusterRestored` waiter reads it. Near misses: prose after
 * the lead, a list joined by `and` (fields, not states), fewer than three words, a word that is no value. A colon leads
 * such a list as well (Fly Machines' `state`); prose after a colon is none.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { plainListValues } from '../../../src/detect/status/lifecycleInDescription.js';
import { createModel } from '../../../src/model/factories.js';
import { obj, rpc, str } from './rpcSchemas.js';

const RESTORE = 'The status of the restore action. Returns starting, restoring, completed, or failed.';

describe('plainListValues', () => {
  it.each<[string, string, string[]]>([
    ['Redshift restore status', RESTORE, ['starting', 'restoring', 'completed', 'failed']],
    ['`can be either`', 'The state of the directory. Can be either Enabled, Disabled, or Deleted.', ['Enabled', 'Disabled', 'Deleted']],
    ['hyphenated states', 'Returns in-progress, done, or error-state.', ['in-progress', 'done', 'error-state']],
    ['near miss: prose after the lead', 'Returns the average rate for a completed backup, or null.', []],
    ['near miss: a list joined by `and` names fields', 'Returns name, address, state, zipCode, and IDs.', []],
    ['near miss: two words', 'Returns starting or failed.', []],
    ['near miss: the lead inside a sentence', 'The call returns starting, restoring, or failed.', []],
    ['near miss: a piece that is no word', 'Returns starting, restoring slowly, or failed.', []],
    ['a value glossed in parentheses is the value', 'Returns starting, restoring (slow), or failed.', ['starting', 'restoring', 'failed']],
    [
      'a colon leads the list (Fly Machines)',
      'The current state of the Machine: created, starting, started, stopping, stopped, failed.',
      ['created', 'starting', 'started', 'stopping', 'stopped', 'failed'],
    ],
    [
      'a colon, `or` before the last (SSM association)',
      'The status of the association. Status can be: Pending, Success, or Failed.',
      ['Pending', 'Success', 'Failed'],
    ],
    [
      'no comma before the last (Buildkite build state)',
      'The build state: scheduled, running, blocked, passed, failed, canceled or not_run.',
      ['scheduled', 'running', 'blocked', 'passed', 'failed', 'canceled', 'not_run'],
    ],
    ['no comma before the last, after a lead', 'Returns starting, restoring or failed.', ['starting', 'restoring', 'failed']],
    ['near miss: a lead list joined by `and` without a comma', 'Returns name, address and IDs.', []],
    [
      'phrases that share their first word (Meta report runs)',
      'Status of the report run: Job Not Started, Job Started, Job Running, Job Completed, Job Failed or Job Skipped.',
      ['Job Not Started', 'Job Started', 'Job Running', 'Job Completed', 'Job Failed', 'Job Skipped'],
    ],
    ['near miss: phrases with different first words', 'Where it stands: Job Running, Task Completed or Export Failed.', []],
    [
      'glosses in parentheses, and a list in each of two sentences (Codemagic build status)',
      'The build status. While it runs: initializing, queued (waiting for a slot), preparing, building. Final: finished, failed, canceled.',
      ['initializing', 'queued', 'preparing', 'building', 'finished', 'failed', 'canceled'],
    ],
    [
      'near miss: a gloss that is a clause of its own',
      'Status: queued, running (it may be retried, or dropped), done.',
      ['queued', 'running', 'done'],
    ],
    ['near miss: prose after the colon', 'Note: the machine may be stopped, restarted, or destroyed by the platform.', []],
    ['near miss: two words after the colon', 'State: on, off.', []],
  ])('%s', (_label, text, values) => {
    expect(plainListValues(text)).toEqual(values);
  });
});

describe('a restore that shares its poll with a create', () => {
  // Redshift's `Cluster`: both starts answer it, DescribeClusters lists it.
  const cluster = (restoreStatus: string) =>
    obj({
      ClusterIdentifier: str(),
      ClusterStatus: str(['creating', 'available', 'modifying', 'deleting', 'hardware-failure']),
      RestoreStatus: obj({ Status: str(undefined, restoreStatus), ProgressInMegaBytes: { type: 'integer' } }),
    });
  const ops = (restoreStatus: string) => [
    rpc('CreateCluster', obj({ ClusterIdentifier: str() }, ['ClusterIdentifier']), obj({ Cluster: cluster(restoreStatus) })),
    rpc(
      'RestoreFromClusterSnapshot',
      obj({ ClusterIdentifier: str(), SnapshotIdentifier: str() }, ['ClusterIdentifier', 'SnapshotIdentifier']),
      obj({ Cluster: cluster(restoreStatus) }),
    ),
    rpc('DescribeClusters', obj({ ClusterIdentifier: str() }), obj({ Clusters: { type: 'array', items: cluster(restoreStatus) } })),
  ];
  const families = (restoreStatus: string) =>
    detectJobs(createModel(ops(restoreStatus))).families.map((f) => ({
      start: f.start.map((s) => s.op.operationId),
      statusField: f.statusField,
      states: f.states,
    }));

  it('is a family of its own, read at the restore’s status', () => {
    expect(families(RESTORE)).toEqual([
      expect.objectContaining({ start: ['CreateCluster'], statusField: 'Clusters.0.ClusterStatus' }),
      {
        start: ['RestoreFromClusterSnapshot'],
        statusField: 'Clusters.0.RestoreStatus.Status',
        states: { starting: 'queued', restoring: 'running', completed: 'succeeded', failed: 'failed' },
      },
    ]);
  });

  it('near miss: a restore status that lists nothing leaves the restore on the cluster’s status', () => {
    expect(families('A value that describes the status of a cluster restore action.')).toEqual([
      expect.objectContaining({ start: ['CreateCluster', 'RestoreFromClusterSnapshot'], statusField: 'Clusters.0.ClusterStatus' }),
    ]);
  });
});
