/**
 * An optional id of a read that answers one record is that record's key (src/detect/idflow/optionalRecordKey.ts):
 * Server Migration Service `CreateApp` → `{appSummary: {appId, status}}`, polled by `GetApp {appId?}` →
 * `{appSummary}`. Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const APP_STATES = ['CREATING', 'ACTIVE', 'UPDATING', 'DELETING', 'DELETED', 'DELETE_FAILED'];
const summary = obj({ appId: str(), name: str(), status: str(APP_STATES) });
const createApp = (input: JsonSchema = obj({ name: str(), roleName: str() })) => rpc('CreateApp', input, obj({ appSummary: summary }));
const getApp = (name: string, input: JsonSchema): Operation => rpc(name, input, obj({ appSummary: summary }));

describe('an optional id of a read of one record', () => {
  it.each<[string, Operation, boolean]>([
    ['GetApp {appId?} answers the one app: its optional id is the key', getApp('GetApp', obj({ appId: str() })), true],
    ['near miss: the start answers another id than the one the read takes', getApp('GetApp', obj({ appArn: str() })), false],
    [
      'near miss: a read of another noun (`GetAppLaunchConfiguration`) takes the app as its parent',
      getApp('GetAppLaunchConfiguration', obj({ appId: str() })),
      false,
    ],
  ])('%s', (_label, poll, linked) => {
    const found = onlyLinkedFamily([createApp(), poll], linked ? { start: 'CreateApp' } : null);
    if (found === null) return;
    expect([found.f.start[0]!.idFrom, found.poll.op.operationId, found.poll.idParam, found.poll.idIn]).toEqual([
      'body:appSummary.appId',
      'GetApp',
      'appId',
      'body',
    ]);
  });
});
