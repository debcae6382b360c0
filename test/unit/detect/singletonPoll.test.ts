/**
 * A job whose status read takes no id, one of it per account (src/detect/idflow/singletonPoll.ts): DevOps Guru
 * `StartCostEstimation` → `GetCostEstimation`, Resource Explorer `CreateIndex` → `GetIndex`, IoT FleetWise
 * `RegisterAccount` → `GetRegisterAccountStatus`, SMS `ImportServerCatalog` → `GetServers {serverCatalogStatus}`.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const RUN = ['ONGOING', 'COMPLETED'];
const UP = ['CREATING', 'ACTIVE', 'DELETING', 'DELETED', 'UPDATING'];
const CATALOG = ['NOT_IMPORTED', 'IMPORTING', 'AVAILABLE', 'DELETED', 'EXPIRED'];
const REGISTER = ['REGISTRATION_PENDING', 'REGISTRATION_IN_PROGRESS', 'REGISTRATION_SUCCESS', 'REGISTRATION_FAILURE'];

const startCost = createOperation('PUT', '/cost-estimation', {
  operationId: 'StartCostEstimation',
  requestBody: createRequestBody(obj({ ResourceCollection: obj({}) }, ['ResourceCollection'])),
  responses: [createResponse('200', { schema: obj({}) })],
});
const getCost = (params: Array<[string, boolean]> = [['NextToken', false]]) =>
  createOperation('GET', '/cost-estimation', {
    operationId: 'GetCostEstimation',
    parameters: params.map(([name, required]) => createParameter(name, 'query', { required, schema: str() })),
    responses: [createResponse('200', { schema: obj({ Status: str(RUN), TotalCost: str() }) })],
  });
const createIndex = rpc('CreateIndex', obj({ ClientToken: str() }), obj({ Arn: str(), State: str(UP) }));
const getIndex = rpc('GetIndex', obj({}), obj({ Arn: str(), State: str(UP) }));

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return `${f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(',')} → ${poll ? `${poll.op.operationId}(${poll.idIn})` : null}`;
  });

describe('a singleton: the status read takes no id', () => {
  it.each<[string, Operation[], string[]]>([
    [
      'StartCostEstimation → GetCostEstimation: the same noun, a paging token only',
      [startCost, getCost()],
      ['StartCostEstimation<-null → GetCostEstimation(none)'],
    ],
    [
      'CreateIndex → GetIndex {}: a provisioning, its answered Arn taken by no read',
      [createIndex, getIndex],
      ['CreateIndex<-null → GetIndex(none)'],
    ],
    [
      'RegisterAccount → GetRegisterAccountStatus: a read of the start’s own status',
      [
        rpc('RegisterAccount', obj({ iamResources: obj({}) }), obj({ registerAccountStatus: str(REGISTER) })),
        rpc('GetRegisterAccountStatus', obj({}), obj({ accountStatus: str(REGISTER) })),
      ],
      ['RegisterAccount<-null → GetRegisterAccountStatus(none)'],
    ],
    [
      'ImportServerCatalog → GetServers: its status field names the catalog',
      [
        rpc('ImportServerCatalog', obj({}), obj({})),
        rpc(
          'GetServers',
          obj({ nextToken: str() }),
          obj({ serverCatalogStatus: str(CATALOG), serverList: { type: 'array', items: obj({ serverId: str() }) } }),
        ),
      ],
      ['ImportServerCatalog<-null → GetServers(none)'],
    ],
    [
      'a read keyed by the answered id wins over the keyless one',
      [
        rpc('CreateIndex', obj({}), obj({ IndexArn: str(), State: str(UP) })),
        getIndex,
        rpc('DescribeIndex', obj({ IndexArn: str() }, ['IndexArn']), obj({ State: str(UP) })),
      ],
      ['CreateIndex<-body:IndexArn → DescribeIndex(body)'],
    ],
    [
      'near miss: a read that takes an id, even an optional one, reads one of many',
      [createIndex, rpc('GetIndex', obj({ IndexArn: str() }), obj({ Arn: str(), State: str(UP) }))],
      [],
    ],
    ['near miss: the read requires a value the start does not give', [startCost, getCost([['AccountRegion', true]])], []],
    [
      'near miss: the start takes an id: it acts on one thing of many, which a keyless read does not name',
      [rpc('CreateIndex', obj({ ViewArn: str() }, ['ViewArn']), obj({ State: str(UP) })), getIndex],
      [],
    ],
    [
      'near miss: a read of another noun, its status field not the start’s',
      [rpc('ImportServerCatalog', obj({}), obj({})), rpc('GetServers', obj({}), obj({ serverStatus: str(CATALOG) }))],
      [],
    ],
    [
      'near miss: a verb that brings nothing up (an update) does not start the singleton’s job',
      [rpc('UpdateIndex', obj({ Tags: obj({}) }), obj({ State: str(UP) })), getIndex],
      [],
    ],
    [
      'near miss: the status read belongs to a list’s items, not to one thing',
      [createIndex, rpc('GetIndex', obj({}), obj({ Indexes: { type: 'array', items: obj({ Arn: str(), State: str(UP) }) } }))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
