/**
 * A read of a thing's settings, named after the thing (src/detect/idflow/attributeReads.ts): Directory Service
 * `EnableLDAPS(DirectoryId)` → `DescribeLDAPSSettings(DirectoryId)` reporting `Enabling` → `Enabled`, GameLift
 * `CreateFleetLocations` → `DescribeFleetLocationAttributes`. Near misses: the settings of another thing sharing a
 * word, and a read whose last word is no settings word.
 */
import { describe, expect, it } from 'vitest';
import { readsOwnSettings } from '../../../src/detect/idflow/attributeReads.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const LDAPS = str(['Enabling', 'Enabled', 'EnableFailed', 'Disabled']);
const enable = rpc('EnableLDAPS', obj({ DirectoryId: str(), Type: str() }, ['DirectoryId', 'Type']), obj({}));
const settings = (op: string) =>
  rpc(
    op,
    obj({ DirectoryId: str(), NextToken: str() }, ['DirectoryId']),
    obj({ LDAPSSettingsInfo: { type: 'array', items: obj({ LDAPSStatus: LDAPS, LastUpdatedDateTime: str() }) } }),
  );

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
    f.kind,
  ]);

describe('a read of the settings of the thing the start names', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'an enable polled by the read of its settings',
      [enable, settings('DescribeLDAPSSettings')],
      [['EnableLDAPS', 'DescribeLDAPSSettings(DirectoryId)', 'provisioning']],
    ],
    // A word of its own (`Client`) makes it the settings of another thing, which shares only `LDAPS`.
    ['near miss: the settings of another thing sharing a word', [enable, settings('DescribeLDAPSClientSettings')], []],
    ['near miss: a read of another thing of the same words', [enable, settings('DescribeLDAPSCertificates')], []],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  it.each<[string, string, boolean]>([
    ['EnableLDAPS', 'DescribeLDAPSSettings', true],
    ['CreateFleetLocations', 'DescribeFleetLocationAttributes', true],
    ['CreateFleetLocations', 'DescribeFleetAttributes', false],
    ['EnableLDAPS', 'DescribeLDAPS', false],
    ['EnableLDAPS', 'DescribeLDAPSCertificates', false],
  ])('%s ↔ %s reads its settings: %s', (start, poll, expected) => {
    expect(readsOwnSettings(nameOfId(start), nameOfId(poll))).toBe(expected);
  });
});
