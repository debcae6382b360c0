/**
 * An opaque id asked for under another of its names (nounIdPolls.ts): an answered `RecordDetail.RecordId` asked by
 * `DescribeRecord(Id)`. Near misses: another thing's id (`PlanId`), an ARN (another value than the id), a bare id
 * (no noun of its own).
 */
import { describe, expect, it } from 'vitest';
import { nounIdKeys } from '../../../src/detect/idflow/nounIdPolls.js';
import type { Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { expectIdFlowRow, type IdFlowFamily } from './summarize.js';

const RECORD_STATES = ['CREATED', 'IN_PROGRESS', 'IN_PROGRESS_IN_ERROR', 'SUCCEEDED', 'FAILED'];
const record = (idField: string) => obj({ RecordDetail: obj({ [idField]: str(), Status: str(RECORD_STATES) }) });
const provision = (idField: string) =>
  rpc('ProvisionProduct', obj({ ProductId: str(), ProvisionedProductName: str() }, ['ProvisionedProductName']), record(idField));
const describeRecord = rpc('DescribeRecord', obj({ Id: str(), AcceptLanguage: str() }, ['Id']), record('Id'));

describe('an opaque id asked for under another of its names', () => {
  it.each<[string, Operation[], IdFlowFamily | null]>([
    [
      'the answer names the id by its thing, the read of that thing asks for it bare',
      [provision('RecordId'), describeRecord],
      { start: 'ProvisionProduct', poll: 'DescribeRecord', kind: 'job', idFrom: 'body:RecordDetail.RecordId' },
    ],
    ['near miss: the id of another thing (`PlanId`) is not the record’s bare `Id`', [provision('PlanId'), describeRecord], null],
  ])('%s', (_label, ops, family) => {
    expectIdFlowRow(ops, family);
  });

  it.each<[string, string[]]>([
    ['RecordDetail.RecordId', ['id|record', 'identifier|record', 'uuid|record']],
    ['RecordDetail.RecordArn', []],
    ['RecordDetail.Id', []],
    ['id', []],
  ])('keys of %s', (field, keys) => {
    expect(nounIdKeys(field).map((k) => k.key)).toEqual(keys);
  });
});
