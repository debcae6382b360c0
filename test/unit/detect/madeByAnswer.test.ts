/**
 * A call that answers the new id of its own noun made that thing, whatever its verb (src/detect/idflow/madeByAnswer.ts):
 * Directory Service `ConnectDirectory` → `{DirectoryId}` → `DescribeDirectories {DirectoryIds}`, `Requested → Creating →
 * Active`. Near misses: a call that takes the id (it acts on what exists), an id of another noun, a nested id.
 */
import { describe, expect, it } from 'vitest';
import { madeByAnswer } from '../../../src/detect/idflow/madeByAnswer.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const STAGE = ['Requested', 'Creating', 'Created', 'Active', 'Inoperable', 'Deleting', 'Deleted', 'Failed'];
const describeDirectories = rpc(
  'DescribeDirectories',
  obj({ DirectoryIds: { type: 'array', items: str() }, NextToken: str() }),
  obj({ DirectoryDescriptions: { type: 'array', items: obj({ DirectoryId: str(), Stage: str(STAGE) }) } }),
);
const start = (op: string, input: Record<string, string[] | undefined> = {}, answer = 'DirectoryId') =>
  rpc(
    op,
    obj({ Name: str(), Size: str(), ...Object.fromEntries(Object.keys(input).map((k) => [k, str()])) }, ['Name']),
    obj({ [answer]: str() }),
  );

describe('madeByAnswer', () => {
  const id = { name: 'DirectoryId', in: 'body' as const, required: true };
  it.each([
    ['ConnectDirectory', 'DirectoryId', [], true],
    ['CreateDirectory', 'DirectoryId', [], true],
    // Takes the id: it acts on a directory that exists.
    ['ConnectDirectory', 'DirectoryId', ['DirectoryId'], false],
    // Another noun's id, a nested one, a verb that never starts.
    ['ConnectDirectory', 'TrustId', [], false],
    ['ConnectDirectory', 'Directory.DirectoryId', [], false],
    ['DescribeDirectory', 'DirectoryId', [], false],
  ])('%s answering %s (taking %j): %s', (op, field, taken, made) => {
    const inputs = (taken as string[]).map((name) => ({ name, in: 'body' as const, required: true }));
    expect(madeByAnswer({ flow: 'answer', field, input: id }, nameOfId(op), nameOfId('DescribeDirectories'), inputs)).toBe(made);
  });
  it('a request flow is no answer', () =>
    expect(
      madeByAnswer({ flow: 'request', field: 'DirectoryId', input: id }, nameOfId('ConnectDirectory'), nameOfId('DescribeDirectories'), []),
    ).toBe(false));
});

describe('a connect that answers a new directory id', () => {
  it('is a provisioning start polled by the directory read', () => {
    const d = detectJobs(createModel([start('ConnectDirectory'), describeDirectories]));
    expect(d.families.map((f) => [f.kind, f.start.map((s) => s.op.operationId), f.statusField])).toEqual([
      ['provisioning', ['ConnectDirectory'], 'DirectoryDescriptions.0.Stage'],
    ]);
  });
  it('near miss: a connect that takes the directory id brings nothing up', () => {
    expect(detectJobs(createModel([start('ConnectDirectory', { DirectoryId: undefined }), describeDirectories])).families).toEqual([]);
  });
});
