/**
 * Lower-case states written one `<code>` each (src/detect/status/lifecycleInDescription.ts codeListValues): Redshift's
 * `ClusterStatus` ("<li><code>available</code></li><li><code>creating</code></li>…") and ElastiCache's inline
 * "- <code>creating</code>, <code>available</code>, …"; and, in statusByMeaning.ts, the thing's own status read
 * before a part's status nested below it (`Clusters.0.ReservedNodeExchangeStatus.Status`), FSx's `Lifecycle` included.
 */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { codeListValues } from '../../../src/detect/status/lifecycleInDescription.js';
import { findStatusByMeaning } from '../../../src/detect/status/statusByMeaning.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';

const item = (code: string) => `<li> <p> <code>${code}</code> </p> </li>`;
const REDSHIFT = `<p> The current state of the cluster. Possible values are the following:</p> <ul> ${[
  'available',
  'available, prep-for-resize',
  'creating',
  'deleting',
  'hardware-failure',
  'modifying',
]
  .map(item)
  .join(' ')} </ul>`;
const ELASTICACHE =
  'The current state of this replication group - <code>creating</code>, <code>available</code>, <code>modifying</code>, ' +
  '<code>deleting</code>, <code>create-failed</code>, <code>snapshotting</code>.';

describe('codeListValues', () => {
  it.each<[string, string, string[]]>([
    [
      'one code per list item; an item of two states kept out',
      REDSHIFT,
      ['available', 'creating', 'deleting', 'hardware-failure', 'modifying'],
    ],
    ['an inline run of codes', ELASTICACHE, ['creating', 'available', 'modifying', 'deleting', 'create-failed', 'snapshotting']],
    ['codes joined by `or`', 'Either <code>pending</code> or <code>done</code>.', ['pending', 'done']],
    [
      'capitalised codes (Elastic Transcoder)',
      ' The status of the job: <code>Submitted</code>, <code>Progressing</code>, <code>Complete</code>, <code>Canceled</code>, or <code>Error</code>. ',
      ['Submitted', 'Progressing', 'Complete', 'Canceled', 'Error'],
    ],
    ['near miss: a camel-case code is a field name, not a state', 'Set <code>jobName</code> or <code>Status</code>.', []],
    ['near miss: a list item explained in prose', `<ul>${item('creating')}<li><code>available</code> once ready</li></ul>`, []],
    ['near miss: codes apart in prose', 'Set <code>enabled</code> to make the <code>name</code> visible.', []],
    ['near miss: one code', 'Always <code>active</code>.', []],
    ['near miss: upper-case codes are the identifier scan’s (statusValuesInDescription)', 'One of <code>A_B</code>, <code>C_D</code>', []],
  ])('%s', (_label, text, values) => {
    expect(codeListValues(text)).toEqual(values);
  });
});

describe('a part’s status is no stand-in for the thing’s own', () => {
  const reader = new SchemaReader(createModel([]));
  const exchange = obj({ RequestId: str(), Status: str(['REQUESTED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED']) });
  const clusters = (own: JsonSchema): JsonSchema =>
    obj({
      Clusters: { type: 'array', items: obj({ ClusterIdentifier: str(), ClusterStatus: own, ReservedNodeExchangeStatus: exchange }) },
    });
  it('reads the own status once its values are listed', () => {
    const found = findStatusByMeaning(reader, clusters(str(undefined, REDSHIFT)));
    expect('field' in found && found.field).toBe('Clusters.0.ClusterStatus');
  });
  it('near miss: the own status lists nothing, so the nested part’s status is not taken instead', () => {
    expect(findStatusByMeaning(reader, clusters(str()))).toEqual({ rejected: '`Clusters.0.ClusterStatus` lists no values' });
  });
  it('FSx’s `Lifecycle` is the thing’s own status, read before its administrative actions’', () => {
    const action = obj({ AdministrativeActionType: str(), Status: str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED']) });
    const fileSystem = obj({
      FileSystemId: str(),
      Lifecycle: str(['AVAILABLE', 'CREATING', 'FAILED', 'DELETING', 'UPDATING']),
      AdministrativeActions: { type: 'array', items: action },
    });
    const found = findStatusByMeaning(reader, obj({ FileSystems: { type: 'array', items: fileSystem } }));
    expect('field' in found && [found.field, found.judgement.kind]).toEqual(['FileSystems.0.Lifecycle', 'provisioning']);
  });
  // Directory Service's directory: `Stage` is its own lifecycle; `ShareStatus` that of sharing it. Read without
  // `Stage`, the share's `Shared` ended a CreateDirectory job at its first poll (the run sweep's wrong end).
  const directory = (stage: JsonSchema) =>
    obj({
      DirectoryDescriptions: {
        type: 'array',
        items: obj({
          DirectoryId: str(),
          Stage: stage,
          ShareStatus: str([
            'Shared',
            'PendingAcceptance',
            'Rejected',
            'Rejecting',
            'RejectFailed',
            'Sharing',
            'ShareFailed',
            'Deleted',
            'Deleting',
          ]),
        }),
      },
    });
  it('Directory Service’s `Stage` is the thing’s own status, read before its share’s', () => {
    const stage = str([
      'Requested',
      'Creating',
      'Created',
      'Active',
      'Inoperable',
      'Impaired',
      'Restoring',
      'RestoreFailed',
      'Deleting',
      'Deleted',
      'Failed',
    ]);
    const found = findStatusByMeaning(reader, directory(stage));
    expect('field' in found && [found.field, found.judgement.kind]).toEqual(['DirectoryDescriptions.0.Stage', 'provisioning']);
  });
  it('near miss: a `Stage` whose values are no lifecycle (a deployment stage’s name) leaves the share’s status', () => {
    const found = findStatusByMeaning(reader, directory(str(['dev', 'test', 'prod'])));
    expect('field' in found && found.field).toBe('DirectoryDescriptions.0.ShareStatus');
  });
});
