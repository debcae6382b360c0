/**
 * AWS lifecycles written as chains in a description (src/detect/status/lifecycleInDescription.ts): "CREATE PENDING >
 * CREATE IN_PROGRESS > ACTIVE -or- CREATE FAILED" (Personalize's shape), read as status values, and a
 * Personalize-shaped create found as a provisioning family through them; states as the terms of a definition list
 * (ECS). Near misses: prose with `>`, a chain with a sentence in it, a term that is no state.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { lifecycleListValues } from '../../../src/detect/status/lifecycleInDescription.js';
import { statusValuesInDescription } from '../../../src/detect/status/statusByMeaning.js';
import { createModel } from '../../../src/model/factories.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const CHAIN =
  '<p>The status of the dataset group.</p> <p>A dataset group can be in one of the following states:</p> <ul> <li> ' +
  '<p>CREATE PENDING &gt; CREATE IN_PROGRESS &gt; ACTIVE -or- CREATE FAILED</p> </li> <li> <p>DELETE PENDING</p> </li> </ul>';

describe('lifecycleListValues', () => {
  const table: Array<[string, string, string[]]> = [
    ['a chain and a lone state', CHAIN, ['CREATE PENDING', 'CREATE IN_PROGRESS', 'ACTIVE', 'CREATE FAILED', 'DELETE PENDING']],
    [
      'two chains',
      '<li>START PENDING &gt; START IN_PROGRESS &gt; ACTIVE</li><li>STOP PENDING &gt; STOP IN_PROGRESS &gt; INACTIVE</li>',
      ['START PENDING', 'START IN_PROGRESS', 'ACTIVE', 'STOP PENDING', 'STOP IN_PROGRESS', 'INACTIVE'],
    ],
    ['a plain-text chain', 'CREATING > ACTIVE -or- FAILED', ['CREATING', 'ACTIVE', 'FAILED']],
    ['prose with an arrow is no chain', '<p>Returns items whose SIZE &gt; LIMIT are dropped.</p>', []],
    ['a chain with a sentence in it is no chain', '<li>CREATE PENDING &gt; then it becomes ACTIVE</li><li>DELETE PENDING</li>', []],
    [
      'a list whose every item is a state',
      '<p>The status is one of the following values:</p> <ul> <li> <p>PENDING</p> </li> <li> <p>IN PROGRESS</p> </li> <li> <p>ACTIVE</p> </li> <li> <p>CREATE FAILED</p> </li> </ul>',
      ['PENDING', 'IN PROGRESS', 'ACTIVE', 'CREATE FAILED'],
    ],
    ['a list with a sentence in it is no list of states', '<ul><li>ACTIVE</li><li>The job is done.</li></ul>', []],
    ['one listed state is not a lifecycle', '<ul><li>ACTIVE</li></ul>', []],
    [
      'a definition list whose every term is a state (ECS)',
      '<p>The status of the cluster.</p> <dl> <dt>ACTIVE</dt> <dd> <p>The cluster is ready.</p> </dd> <dt>PROVISIONING</dt> <dd> <p>Resources are being created.</p> </dd> <dt>FAILED</dt> <dd> <p>Creating them failed.</p> </dd> </dl>',
      ['ACTIVE', 'PROVISIONING', 'FAILED'],
    ],
    [
      'a definition list of terms that are not states',
      '<dl><dt>ACTIVE</dt><dd>Up.</dd><dt>The cluster name</dt><dd>Its name.</dd></dl>',
      [],
    ],
  ];
  it.each(table)('%s', (_name, text, values) => {
    expect(lifecycleListValues(text)).toEqual(values);
  });

  it('feeds statusValuesInDescription, which the identifier scans alone could not', () => {
    expect(statusValuesInDescription(CHAIN).sort()).toEqual(
      ['ACTIVE', 'CREATE FAILED', 'CREATE IN_PROGRESS', 'CREATE PENDING', 'DELETE PENDING'].sort(),
    );
  });
});

describe('a create whose describe states its lifecycle as a chain', () => {
  const ops = (description: string) => [
    rpc('CreateDatasetGroup', obj({ name: str() }, ['name']), obj({ datasetGroupArn: str() })),
    rpc(
      'DescribeDatasetGroup',
      obj({ datasetGroupArn: str() }, ['datasetGroupArn']),
      obj({ datasetGroup: obj({ datasetGroupArn: str(), status: str(undefined, description) }) }),
    ),
  ];

  it('is a provisioning family: ACTIVE is the create’s success, CREATE FAILED its failure', () => {
    const d = detectJobs(createModel(ops(CHAIN)));
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect(f.kind).toBe('provisioning');
    expect(f.statusField).toBe('datasetGroup.status');
    expect(isOperationLink(f.poll) ? f.poll.op.operationId : null).toBe('DescribeDatasetGroup');
    expect(f.states).toMatchObject({
      'CREATE PENDING': 'queued',
      'CREATE IN_PROGRESS': 'running',
      ACTIVE: 'succeeded',
      'CREATE FAILED': 'failed',
    });
  });

  it('near miss: the same pair whose status states no values is no family', () => {
    expect(detectJobs(createModel(ops('The status of the dataset group.'))).families).toEqual([]);
  });
});
