/**
 * Id flow across vendors' naming (issue 24): the created item's path parameter named otherwise than the answer's id
 * (itemIdentity.ts), a start that sends the status itself (clientSetsStatus.ts), and operation names that put the
 * resource before the verb or do a thing again (operationNames.ts). Rows over factory-built IR, near misses beside
 * each rule.
 */
import { describe, expect, it } from 'vitest';
import { operationName } from '../../../src/detect/read/operationNames.js';
import { itemIdMatch } from '../../../src/detect/resource/itemIdentity.js';
import { createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { expectIdFlowRow, type IdFlowFamily } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
const path = (...names: string[]) => names.map((n) => createParameter(n, 'path', { required: true }));
const PROVISIONING = ['CREATE_IN_PROGRESS', 'ACTIVE', 'DELETE_IN_PROGRESS', 'CREATE_FAILED'];

const TRIAL = ['InProgress', 'Completed', 'Failed', 'Stopping', 'Stopped'];

/**
 * SageMaker's `CreateTrialComponent {TrialComponentName, [holder]: requestStatus}` → `DescribeTrialComponent`, the
 * status `PrimaryStatus` in `holder`.
 */
function trialComponent(requestStatus: JsonSchema, holder = 'Status'): Operation[] {
  const name = { TrialComponentName: str() };
  return [
    createOperation('POST', '/#X-Amz-Target=Svc.CreateTrialComponent', {
      operationId: 'CreateTrialComponent',
      requestBody: createRequestBody(obj({ ...name, [holder]: requestStatus }, ['TrialComponentName'])),
      responses: [createResponse('200', { schema: obj({ TrialComponentArn: str() }) })],
    }),
    createOperation('POST', '/#X-Amz-Target=Svc.DescribeTrialComponent', {
      operationId: 'DescribeTrialComponent',
      requestBody: createRequestBody(obj(name, ['TrialComponentName'])),
      responses: [
        createResponse('200', {
          schema: obj({ ...name, [holder]: obj({ PrimaryStatus: str(TRIAL), Message: str() }), CreationTime: str() }),
        }),
      ],
    }),
  ];
}

/** `POST {collection}` answering `answer`, `GET {collection}/{param}` answering `status`. */
function createAndItem(
  collection: string,
  param: string,
  answer: JsonSchema,
  status: JsonSchema,
  ids = ['CreateThing', 'GetThing'],
): Operation[] {
  return [
    createOperation('POST', collection, {
      operationId: ids[0]!,
      requestBody: createRequestBody(obj({ title: str() })),
      responses: [createResponse('201', { schema: answer })],
    }),
    createOperation('GET', `${collection}/{${param}}`, {
      operationId: ids[1]!,
      parameters: path(param),
      responses: [createResponse('200', { schema: status })],
    }),
  ];
}

/** ARM-style `PUT …/shares/{shareName}` and its GET; with `marked`, another operation of the contract is an x-ms LRO. */
function putAndGet(marked: boolean): Operation[] {
  const item = '/subscriptions/{subscriptionId}/accounts/{accountName}/shares/{shareName}';
  const params = path('subscriptionId', 'accountName', 'shareName');
  const state = obj({ properties: obj({ provisioningState: str(['Creating', 'Succeeded', 'Failed', 'Deleting']) }) });
  const ops = [
    createOperation('PUT', item, {
      operationId: 'Shares_Create',
      parameters: params,
      responses: [createResponse('200', { schema: state })],
    }),
    createOperation('GET', item, { operationId: 'Shares_Get', parameters: params, responses: [createResponse('200', { schema: state })] }),
  ];
  if (marked)
    ops.push(
      createOperation('POST', '/subscriptions/{subscriptionId}/accounts/{accountName}/regenerateKey', {
        operationId: 'Accounts_RegenerateKey',
        parameters: path('subscriptionId', 'accountName'),
        responses: [createResponse('200', { schema: obj({ key: str() }) })],
        extensions: { 'x-ms-long-running-operation': true },
      }),
    );
  return ops;
}

/** GitHub's `POST …/check-suites/{check_suite_id}/{verb}` and the suite's read. */
function checkSuiteAction(verb: string): Operation[] {
  const suite = '/repos/{owner}/{repo}/check-suites/{check_suite_id}';
  const status = obj({ id: str(), status: str(['queued', 'in_progress', 'completed']) });
  return [
    createOperation('POST', `${suite}/${verb}`, {
      operationId: `checks/${verb}-suite`,
      parameters: path('owner', 'repo', 'check_suite_id'),
      responses: [createResponse('201', { schema: obj({}) })],
    }),
    createOperation('GET', suite, {
      operationId: 'checks/get-suite',
      parameters: path('owner', 'repo', 'check_suite_id'),
      responses: [createResponse('200', { schema: status })],
    }),
  ];
}

/** An AWS JSON-protocol create naming its notebook instance, and its Describe answering `status`. */
function pendingThenUp(status: string[]): Operation[] {
  const named = obj({ NotebookInstanceName: str() }, ['NotebookInstanceName']);
  return [
    ['CreateNotebookInstance', obj({ NotebookInstanceArn: str() })],
    ['DescribeNotebookInstance', obj({ NotebookInstanceStatus: str(status) })],
  ].map(([op, answer]) =>
    createOperation('POST', `/#X-Amz-Target=SageMaker.${op}`, {
      operationId: op as string,
      requestBody: createRequestBody(named),
      responses: [createResponse('200', { schema: answer as JsonSchema })],
    }),
  );
}

interface Row {
  name: string;
  ops: Operation[];
  family: IdFlowFamily | null;
}

const rows: Row[] = [
  {
    name: 'the answer `id` fills `{serviceIdentifier}` of the item it created (AWS REST: "the ID or ARN")',
    ops: createAndItem(
      '/services',
      'serviceIdentifier',
      obj({ id: str(), arn: str(), status: str(PROVISIONING) }),
      obj({ status: str(PROVISIONING) }),
      ['CreateService', 'GetService'],
    ),
    family: { start: 'CreateService', poll: 'GetService', kind: 'provisioning', idFrom: 'body:id' },
  },
  {
    name: 'the answer `sid` fills `{Sid}`; `account_sid` beside it is another thing’s',
    ops: createAndItem(
      '/v1/Profiles',
      'Sid',
      obj({ account_sid: str(), sid: str(), status: str(['new', 'provisioning', 'available', 'failed']) }),
      obj({ sid: str(), status: str(['new', 'provisioning', 'available', 'failed']) }),
      ['CreateProfile', 'FetchProfile'],
    ),
    family: { start: 'CreateProfile', poll: 'FetchProfile', kind: 'provisioning', idFrom: 'body:sid' },
  },
  {
    name: 'one object down: `{database: {id, status}}` fills `{database_cluster_uuid}`',
    ops: createAndItem(
      '/v2/databases',
      'database_cluster_uuid',
      obj({ database: obj({ id: str(), name: str(), status: str(['creating', 'online', 'resizing']) }) }),
      obj({ database: obj({ id: str(), status: str(['creating', 'online', 'resizing']) }) }),
      ['databases_create_cluster', 'databases_get_cluster'],
    ),
    family: { start: 'databases_create_cluster', poll: 'databases_get_cluster', kind: 'provisioning', idFrom: 'body:database.id' },
  },
  {
    name: 'near miss: a create that answers no status has no lifecycle to follow at its item',
    ops: createAndItem('/services', 'serviceIdentifier', obj({ id: str(), arn: str() }), obj({ status: str(PROVISIONING) }), [
      'CreateService',
      'GetService',
    ]),
    family: null,
  },
  {
    name: 'near miss: the answer holds only another thing’s id (`account_sid`), none of the item’s',
    ops: createAndItem(
      '/v1/Profiles',
      'Sid',
      obj({ account_sid: str(), status: str(['new', 'provisioning', 'available', 'failed']) }),
      obj({ status: str(['new', 'provisioning', 'available', 'failed']) }),
      ['CreateProfile', 'FetchProfile'],
    ),
    family: null,
  },
  {
    name: 'a check suite requested again: `checks/rerequest-suite` → `checks/get-suite` (GitHub’s `{category}/{verb}-…`)',
    ops: checkSuiteAction('rerequest'),
    family: { start: 'checks/rerequest-suite', poll: 'checks/get-suite', kind: 'job', idFrom: 'arg:check_suite_id' },
  },
  {
    name: 'near miss: resetting the item (`checks/reset-suite`) starts no work',
    ops: checkSuiteAction('reset'),
    family: null,
  },
  {
    name: 'near miss: a create whose request sets the status records what the client reports (a lineage action)',
    ops: ['CreateAction', 'DescribeAction'].map((op, i) =>
      createOperation('POST', `/#X-Amz-Target=Svc.${op}`, {
        operationId: op,
        requestBody: createRequestBody(
          i === 0
            ? obj({ ActionName: str(), Status: str(['InProgress', 'Completed', 'Failed']) }, ['ActionName'])
            : obj({ ActionName: str() }, ['ActionName']),
        ),
        responses: [
          createResponse('200', {
            schema: i === 0 ? obj({ ActionArn: str() }) : obj({ Status: str(['InProgress', 'Completed', 'Failed']) }),
          }),
        ],
      }),
    ),
    family: null,
  },
  {
    name: 'near miss: a create whose request sets the status object records it too (a trial component’s `Status.PrimaryStatus`)',
    ops: trialComponent(obj({ PrimaryStatus: str(TRIAL), Message: str() })),
    family: null,
  },
  {
    name: 'a create whose request sends only a message beside the status runs work of its own',
    ops: trialComponent(obj({ Message: str() })),
    family: { start: 'CreateTrialComponent', poll: 'DescribeTrialComponent', kind: 'job', idFrom: 'arg:body.TrialComponentName' },
  },
  {
    name: 'a create whose request shares the bag of properties that holds the status only echoes it (Azure’s `properties`)',
    ops: trialComponent(obj({ PrimaryStatus: str(TRIAL), Message: str() }), 'properties'),
    family: { start: 'CreateTrialComponent', poll: 'DescribeTrialComponent', kind: 'job', idFrom: 'arg:body.TrialComponentName' },
  },
  {
    name: 'a create by PUT names the thing in its last path parameter, not in the parent ids before it',
    ops: putAndGet(false),
    family: { start: 'Shares_Create', poll: 'Shares_Get', kind: 'job', idFrom: 'arg:shareName' },
  },
  {
    name: 'near miss: a contract that marks its long-running operations (x-ms) says the unmarked PUT finishes at once',
    ops: putAndGet(true),
    family: null,
  },
  {
    name: 'Pending → InService: a queued word before a steady word only a resource being up uses',
    ops: pendingThenUp(['Pending', 'InService', 'Failed', 'Deleting', 'Updating']),
    family: {
      start: 'CreateNotebookInstance',
      poll: 'DescribeNotebookInstance',
      kind: 'provisioning',
      idFrom: 'arg:body.NotebookInstanceName',
    },
  },
  {
    name: 'near miss: pending → active also ends an account’s pending; no word says a resource comes up',
    ops: pendingThenUp(['Pending', 'Active', 'Closing', 'Closed']),
    family: null,
  },
  {
    name: 'an export being built: `building` → `ready` at the item the POST created',
    ops: createAndItem(
      '/history_exports',
      'id',
      obj({ id: str(), status: str(['building', 'ready', 'failed']) }),
      obj({ status: str(['building', 'ready', 'failed']) }),
      ['PostHistoryExports', 'GetHistoryExportsId'],
    ),
    family: { start: 'PostHistoryExports', poll: 'GetHistoryExportsId', kind: 'provisioning', idFrom: 'body:id' },
  },
  {
    name: 'IN_PROGRESS before DEPLOYED: a resource coming up whose lifecycle names no success of a job',
    ops: [
      createOperation('POST', '/#X-Amz-Target=GA.CreateAccelerator', {
        operationId: 'CreateAccelerator',
        requestBody: createRequestBody(obj({ Name: str() }, ['Name'])),
        responses: [
          createResponse('200', { schema: obj({ Accelerator: obj({ AcceleratorArn: str(), Status: str(['DEPLOYED', 'IN_PROGRESS']) }) }) }),
        ],
      }),
      createOperation('POST', '/#X-Amz-Target=GA.DescribeAccelerator', {
        operationId: 'DescribeAccelerator',
        requestBody: createRequestBody(obj({ AcceleratorArn: str() }, ['AcceleratorArn'])),
        responses: [createResponse('200', { schema: obj({ Accelerator: obj({ Status: str(['DEPLOYED', 'IN_PROGRESS']) }) }) })],
      }),
    ],
    family: { start: 'CreateAccelerator', poll: 'DescribeAccelerator', kind: 'provisioning', idFrom: 'body:Accelerator.AcceleratorArn' },
  },
];

describe('id flow across vendors’ naming', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    expectIdFlowRow(ops, family);
  });
});

describe('itemIdMatch', () => {
  const table: Array<[string, string, number]> = [
    ['id', 'export_id', 2],
    ['name', 'codespace_name', 2],
    ['sid', 'Sid', 2],
    ['id', 'serviceIdentifier', 1],
    ['EnvironmentId', 'EnvironmentIdentifier', 1],
    ['database.id', 'database_cluster_uuid', 1],
    ['account_sid', 'Sid', 0],
    ['id', 'codespace_name', 0],
    ['arn', 'serviceIdentifier', 0],
    ['user.id', 'export_id', 0],
    ['status', 'export_id', 0],
  ];
  it.each(table)('%s fills {%s}: %i', (field, param, score) => {
    expect(itemIdMatch(field, param)).toBe(score);
  });
});

describe('operationName', () => {
  const table: Array<[string, string | null]> = [
    ['StartQueryExecution', 'start|query execution'],
    ['databases_create_cluster', 'create|database cluster'],
    ['codespaces/create-for-authenticated-user', 'create|codespace for authenticated user'],
    ['actions/re-run-job-for-workflow-run', 'run|action job for workflow run'],
    ['checks/rerequest-suite', 'request|check suite'],
    ['RestartApp', 'start|app'],
    ['ResetPassword', 'reset|password'],
    ['RestoreTableFromBackup', 'restore|table from backup'],
    ['RequestCertificate', 'request|certificate'],
    ['imageActions_post', 'post|image action'],
    ['actions_get', 'get|action'],
    ['ProjectSettings', 'project|setting'],
    ['ScheduleRun', 'schedule|run'],
    ['Workflows_Enable', 'enable|workflow'],
    // Nouns are singular by familyName.ts's rule, so family names read right and `Entities` meets `Entity`.
    ['StartEntitiesDetectionV2Job', 'start|entity detection v2 job'],
    ['DescribeBatches', 'describe|batch'],
    ['CreateAnalyses', 'create|analysis'],
    ['GetStatus', 'get|status'],
    ['list', null],
  ];
  it.each(table)('%s → %s', (operationId, expected) => {
    const n = operationName(createOperation('POST', '/x', { operationId }));
    expect(n ? `${n.verb}|${n.noun.join(' ')}` : null).toBe(expected);
  });
});
