/**
 * The one value the table does not place is the good end of a job that runs and can fail and that nothing else ends
 * (src/detect/status/oneEndLeft.ts): OpsWorks CM backups `IN_PROGRESS`, `OK`, `FAILED`, `DELETING`; GitHub Pages
 * builds. Near misses, each a shape the bare rule made families of (lifecycleGaps.ts): a review that only waits, a
 * health's guessed gerund, a thing that is stopped, a negation, a default-rule word, a condition, two values left.
 */
import { describe, expect, it } from 'vitest';
import { judgeOneEndLeft } from '../../../src/detect/status/oneEndLeft.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

describe('judgeOneEndLeft', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[] } | null]> = [
    [['IN_PROGRESS', 'OK', 'FAILED', 'DELETING'], { inProgress: ['IN_PROGRESS'], success: ['OK'] }],
    [['built', 'building', 'errored'], { inProgress: ['building'], success: ['built'] }],
    // Near miss: a participle is one verb's done, the end of that verb's start only (startVerbDone.ts).
    [['Processing', 'Acquired', 'Failed'], null],
    [['CLAIMED', 'IN_PROGRESS', 'FAILED'], null],
    // Near miss: a review waits for a reviewer, and `Rejected` is a weak no (MTurk assignments).
    [['Submitted', 'Approved', 'Rejected'], null],
    // Near miss: a health's `warning` is a gerund guessed from its ending, not the table's running word.
    [['ok', 'warning', 'error'], null],
    // Near miss: a campaign is paused and stopped; a launch is terminated: they run until stopped.
    [['Initialized', 'Running', 'Paused', 'Stopped', 'Failed'], null],
    [['PENDING', 'IN_PROGRESS', 'LAUNCHED', 'FAILED', 'TERMINATED'], null],
    // Near miss: a negation or a default-rule word is no good end.
    [['unknown', 'error', 'running'], null],
    [['RUNNING', 'ERROR', 'NOT_AVAILABLE'], null],
    [['failed', 'processing', 'submitted', 'timeout'], null],
    // Near miss: a condition the thing stands in (a secret replica `InSync`) says how it is, not that work ended.
    [['InProgress', 'Failed', 'InSync'], null],
    // Near miss: two values left leave open which one ends well (savings plans).
    [['IN_PROGRESS', 'OK', 'GOOD', 'FAILED'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgeOneEndLeft(values);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('maps the value left to succeeded and keeps the table for the rest', () => {
    expect(judgeOneEndLeft(['IN_PROGRESS', 'OK', 'FAILED', 'DELETING'])?.states).toEqual({
      IN_PROGRESS: 'running',
      OK: 'succeeded',
      FAILED: 'failed',
      DELETING: 'running',
    });
  });
});

const backups = (values: string[]) => [
  rpc('CreateBackup', obj({ ServerName: str() }, ['ServerName']), obj({ Backup: obj({ BackupId: str(), Status: str(values) }) })),
  rpc('DescribeBackup', obj({ BackupId: str() }, ['BackupId']), obj({ Backup: obj({ BackupId: str(), Status: str(values) }) })),
];

describe('a backup that is OK when done', () => {
  it('is a job family that ends on the value left', () => {
    expect(familyVocabulary(backups(['IN_PROGRESS', 'OK', 'FAILED', 'DELETING']))).toMatchObject({
      kind: 'job',
      statusField: 'Backup.Status',
      poll: 'DescribeBackup',
      states: { IN_PROGRESS: 'running', OK: 'succeeded', FAILED: 'failed' },
    });
  });

  it('near miss: a condition left (`InSync`) makes no family', () => {
    expect(familyVocabulary(backups(['IN_PROGRESS', 'IN_SYNC', 'FAILED', 'DELETING']))).toBeNull();
  });
});
