/**
 * A copy or a restore names what it makes `target<X>` beside the `source<X>` it reads (sourceTarget.ts): Keyspaces
 * `RestoreTable {sourceKeyspaceName, sourceTableName, targetKeyspaceName, targetTableName}` is polled at
 * `GetTable {keyspaceName, tableName}`, both values from the `target…` inputs; Rekognition's `destination…` says the
 * same (`CopyProjectVersion {SourceProjectArn, DestinationProjectArn}`). Near miss: a lone `target…` input
 * (no `source…` beside it) names a thing that exists, not one the call makes.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const TABLE_STATES = ['ACTIVE', 'CREATING', 'UPDATING', 'DELETING', 'DELETED', 'RESTORING'];
const getTable = rpc(
  'GetTable',
  obj({ keyspaceName: str(), tableName: str() }, ['keyspaceName', 'tableName']),
  obj({ keyspaceName: str(), tableName: str(), status: str(TABLE_STATES) }),
);
const restore = (fields: string[]): Operation =>
  rpc('RestoreTable', obj(Object.fromEntries(fields.map((f) => [f, str()])), fields), obj({ restoredTableARN: str() }));

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll)
      ? `${f.poll.op.operationId}(${f.poll.idParam}; ${(f.poll.carry ?? []).map((c) => `${c.param}<-${c.from}`).join(',')})`
      : null,
  ]);

describe('what a copy or restore makes, named target…', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'target… beside source… is the made thing, read by its unprefixed names',
      [restore(['sourceKeyspaceName', 'sourceTableName', 'targetKeyspaceName', 'targetTableName']), getTable],
      [['RestoreTable', 'GetTable(tableName; keyspaceName<-arg:body.targetKeyspaceName)']],
    ],
    [
      'destination… beside source… is the made thing too',
      [restore(['sourceKeyspaceName', 'sourceTableName', 'destinationKeyspaceName', 'destinationTableName']), getTable],
      [['RestoreTable', 'GetTable(tableName; keyspaceName<-arg:body.destinationKeyspaceName)']],
    ],
    [
      'near miss: a lone destination… names what exists',
      [restore(['keyspace', 'destinationKeyspaceName', 'destinationTableName']), getTable],
      [],
    ],
    ['near miss: a lone target… names what exists', [restore(['keyspace', 'targetKeyspaceName', 'targetTableName']), getTable], []],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
