/**
 * Links other vendors' layouts make between a start and its poll (vendorLinks.ts, issue 24): the same named
 * representation at both ends (sameRepresentation.ts), the item of the collection a POST creates into or that an
 * answer's `<thing>_id` names (collectionItemOfId.ts), a job item's own status read as its poll (actionStatusRead.ts),
 * the status that can fail among two equally the item's (statusByMeaning.ts), and compound status words read by
 * their head (stateWords.ts).
 * Rows over factory-built IR, a near miss beside each rule.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgeLifecycle, readStateWord } from '../../../src/detect/status/stateWords.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { expectIdFlowRow, type IdFlowFamily, summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** Named schemas keyed as the IR keys them: by the ref string. */
const named = (schemas: Record<string, JsonSchema>) =>
  Object.fromEntries(Object.entries(schemas).map(([name, s]) => [`#/components/schemas/${name}`, s]));
const path = (...names: string[]) => names.map((n) => createParameter(n, 'path', { required: true }));
const JOB = ['queued', 'started', 'under_review', 'completed', 'completed_with_errors', 'failed', 'canceled'];
const ORDER = ['pending', 'paid', 'shipped', 'cancelled'];

/** A POST and a GET, each answering `answer`/`read` (a `$ref` or an inline schema). */
function startAndRead(
  start: [string, string, JsonSchema, string[]?],
  read: [string, string, JsonSchema, string[]],
  body = obj({ title: str() }),
): Operation[] {
  const [startId, startPath, answer, startParams = []] = start;
  const [readId, readPath, readAnswer, readParams] = read;
  return [
    createOperation('POST', startPath, {
      operationId: startId,
      parameters: path(...startParams),
      requestBody: createRequestBody(body),
      responses: [createResponse('200', { schema: answer })],
    }),
    createOperation('GET', readPath, {
      operationId: readId,
      parameters: path(...readParams),
      responses: [createResponse('200', { schema: readAnswer })],
    }),
  ];
}

/** Vercel-style: `POST /v13/deployments` answering the deployment, read at `{idOrUrl}`, with the checks' state. */
function deployment(more: Record<string, JsonSchema>): Operation[] {
  const doc = obj({ id: str(), checksState: str(['registered', 'running', 'completed']), ...more });
  return startAndRead(['createDeployment', '/v13/deployments', doc], ['getDeployment', '/v13/deployments/{idOrUrl}', doc, ['idOrUrl']]);
}

interface Row {
  name: string;
  ops: Operation[];
  schemas?: Record<string, JsonSchema>;
  family: IdFlowFamily | null;
}

const SCAN = obj({ id: str(), target: str(), status: str(JOB) });
const rows: Row[] = [
  {
    name: 'the same named representation at both ends: a scan started on a target, read among its scans',
    ops: startAndRead(
      ['scanNow', '/targets/{target_id}/scan_now/', ref('Scan'), ['target_id']],
      ['getScan', '/targets/{target_id}/scans/{id}/', ref('Scan'), ['target_id', 'id']],
    ),
    schemas: named({ Scan: SCAN }),
    family: { start: 'scanNow', poll: 'getScan', kind: 'job', idFrom: 'body:id' },
  },
  {
    // The metamorphic test's `schemaNames` (every schema renamed S1, S2, …) lost LGTM's requestAnalysis → getOperation:
    // the type's name said `operation`; the path says it too.
    name: 'the same named representation under an opaque name, read at the item its path keys (`/operations/{operation-id}`)',
    ops: startAndRead(
      ['requestAnalysis', '/analyses/{project_id}', ref('S3'), ['project_id']],
      ['getOperation', '/operations/{operation-id}', ref('S3'), ['operation-id']],
    ),
    schemas: named({ S3: SCAN }),
    family: { start: 'requestAnalysis', poll: 'getOperation', kind: 'job', idFrom: 'body:id' },
  },
  {
    name: 'near miss: under an opaque name, a parameter that keys a parent (`/operations/{operation-id}/owner`) keys no document',
    ops: startAndRead(
      ['requestAnalysis', '/analyses/{project_id}', ref('S3'), ['project_id']],
      ['getOperationOwner', '/operations/{operation-id}/owner', ref('S3'), ['operation-id']],
    ),
    schemas: named({ S3: SCAN }),
    family: null,
  },
  {
    name: 'the same named representation, asked for by the document’s own `modelId` (a start no name reads)',
    ops: startAndRead(
      ['retrain', '/v2/language/retrain', ref('TrainResponse')],
      ['getTrainStatusAndProgress', '/v2/language/train/{modelId}', ref('TrainResponse'), ['modelId']],
    ),
    schemas: named({ TrainResponse: obj({ modelId: str(), status: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']) }) }),
    family: { start: 'retrain', poll: 'getTrainStatusAndProgress', kind: 'job', idFrom: 'body:modelId' },
  },
  {
    name: 'the same named representation, read by a parameter named after its type (`{video_id}` of `VideoResource`)',
    ops: startAndRead(
      ['CreateVideoEdit', '/videos/edits', ref('VideoResource')],
      ['GetVideo', '/videos/{video_id}', ref('VideoResource'), ['video_id']],
    ),
    schemas: named({ VideoResource: obj({ id: str(), status: str(['queued', 'in_progress', 'completed', 'failed']) }) }),
    family: { start: 'CreateVideoEdit', poll: 'GetVideo', kind: 'job', idFrom: 'body:id' },
  },
  {
    name: 'near miss: a parameter named after another thing (`{educationClass-id}`) keys a parent, not the document',
    ops: startAndRead(
      ['CreateGroup', '/groups', ref('Group')],
      ['GetClassGroup', '/education/classes/{educationClass-id}/group', ref('Group'), ['educationClass-id']],
    ),
    schemas: named({ Group: obj({ id: str(), status: str(['queued', 'in_progress', 'completed', 'failed']) }) }),
    family: null,
  },
  {
    name: 'near miss: the start’s own collection has an item read, which the resource convention judges',
    ops: [
      ...startAndRead(
        ['CreateTask', '/users/{user_id}/tasks', ref('Task'), ['user_id']],
        ['GetMyTask', '/me/tasks/{task_id}', ref('Task'), ['task_id']],
      ),
      createOperation('GET', '/users/{user_id}/tasks/{task_id}', {
        operationId: 'GetUserTask',
        parameters: path('user_id', 'task_id'),
        responses: [createResponse('200', { schema: ref('Task') })],
      }),
    ],
    schemas: named({ Task: obj({ id: str(), status: str(['notStarted', 'inProgress', 'completed', 'deferred']) }) }),
    family: null,
  },
  {
    // The metamorphic test's `inlineRefs` (every schema ref replaced by its schema, as code-first generators write
    // specs) lost Probely's, LGTM's and Einstein's starts: a ref means its target, so the document is its content.
    name: 'the same document written out inline at both ends (a code-first contract), read among its scans',
    ops: startAndRead(
      ['scanNow', '/targets/{target_id}/scan_now/', SCAN, ['target_id']],
      [
        'getScan',
        '/targets/{target_id}/scans/{id}/',
        { ...(SCAN as Record<string, unknown>), description: 'The scan, as it stands' } as JsonSchema,
        ['target_id', 'id'],
      ],
    ),
    family: { start: 'scanNow', poll: 'getScan', kind: 'job', idFrom: 'body:id' },
  },
  {
    name: 'near miss: two small inline answers alike (`{id, status}`) are what unrelated answers share, no document',
    ops: startAndRead(
      ['scanNow', '/targets/{target_id}/scan_now/', obj({ id: str(), status: str(JOB) }), ['target_id']],
      ['getScan', '/targets/{target_id}/scans/{id}/', obj({ id: str(), status: str(JOB) }), ['target_id', 'id']],
    ),
    family: null,
  },
  {
    name: 'near miss: two inline documents that differ by a field are two documents',
    ops: startAndRead(
      ['scanNow', '/targets/{target_id}/scan_now/', SCAN, ['target_id']],
      [
        'getScan',
        '/targets/{target_id}/scans/{id}/',
        obj({ id: str(), target: str(), status: str(JOB), owner: str() }),
        ['target_id', 'id'],
      ],
    ),
    family: null,
  },
  {
    name: 'near miss: the same representation of an order: its statuses never say work ended well',
    ops: startAndRead(
      ['checkout', '/carts/{cart_id}/checkout', ref('Order'), ['cart_id']],
      ['getOrder', '/carts/{cart_id}/orders/{id}', ref('Order'), ['cart_id', 'id']],
    ),
    schemas: named({ Order: obj({ id: str(), status: str(ORDER) }) }),
    family: null,
  },
  {
    name: 'near miss: the same representation whose only lifecycle is a part’s (a source’s `code_verification.status`)',
    ops: startAndRead(
      ['PostCustomerCards', '/customers/{customer}/cards', ref('Source'), ['customer']],
      ['GetCustomerSource', '/customers/{customer}/sources/{id}', ref('Source'), ['customer', 'id']],
    ),
    schemas: named({
      Source: obj({ id: str(), code_verification: obj({ status: str(['pending', 'processing', 'succeeded', 'failed']) }) }),
    }),
    family: null,
  },
  {
    name: 'the item of the collection the POST creates into, whatever its parameter is called (`{cluster_id}`)',
    ops: startAndRead(
      [
        'kubernetes_create_cluster',
        '/v2/kubernetes/clusters',
        obj({ kubernetes_cluster: obj({ id: str(), name: str(), status: obj({ state: str() }) }) }),
      ],
      [
        'kubernetes_get_cluster',
        '/v2/kubernetes/clusters/{cluster_id}',
        obj({ kubernetes_cluster: obj({ id: str(), status: obj({ state: str(['provisioning', 'running', 'error', 'deleted']) }) }) }),
        ['cluster_id'],
      ],
    ),
    family: {
      start: 'kubernetes_create_cluster',
      poll: 'kubernetes_get_cluster',
      kind: 'provisioning',
      idFrom: 'body:kubernetes_cluster.id',
    },
  },
  {
    name: 'of two statuses equally the item’s, the one that can fail is its own (`readyState`, not `checksState`)',
    ops: deployment({ readyState: str(['QUEUED', 'BUILDING', 'ERROR', 'READY', 'CANCELED']) }),
    family: { start: 'createDeployment', poll: 'getDeployment', kind: 'provisioning', idFrom: 'body:id' },
  },
  {
    name: 'near miss: the checks’ state alone, at the item the resource convention judges',
    ops: deployment({}),
    family: null,
  },
  {
    name: 'near miss: two opaque ids in the answer, and the layout alone cannot choose',
    ops: startAndRead(
      ['createCluster', '/clusters', obj({ id: str(), uuid: str(), state: str() })],
      ['getCluster', '/clusters/{cluster_ref}', obj({ state: str(['provisioning', 'running', 'error']) }), ['cluster_ref']],
    ),
    family: null,
  },
  {
    // Files.com names the read `GetFileMigrationsId`, the method and the path spelled out, which is read as no name
    // since stop 67 (read/generatedIds.ts), and then the names link the two: the layout is tested under another name.
    name: 'an answer’s `file_migration_id` names the `/file_migrations` item the poll reads by `{id}`',
    ops: startAndRead(
      ['FileActionCopy', '/file_actions/copy/{path}', obj({ file_migration_id: str(), status: str() }), ['path']],
      [
        'ShowMigration',
        '/file_migrations/{id}',
        obj({ id: str(), status: str(['pending', 'counting', 'processing_subfolders', 'completed', 'failed']) }),
        ['id'],
      ],
    ),
    family: { start: 'FileActionCopy', poll: 'ShowMigration', kind: 'job', idFrom: 'body:file_migration_id' },
  },
  {
    // The same in JSON:API's style: both answers wrap their resource in `data` (read/envelope.ts).
    name: 'an answer’s `data.file_migration_id` names the `/file_migrations` item, each answer in a `data` envelope',
    ops: startAndRead(
      ['FileActionCopy', '/file_actions/copy/{path}', obj({ data: obj({ file_migration_id: str(), status: str() }) }), ['path']],
      [
        'ShowMigration',
        '/file_migrations/{id}',
        obj({ data: obj({ id: str(), status: str(['pending', 'counting', 'processing_subfolders', 'completed', 'failed']) }) }),
        ['id'],
      ],
    ),
    family: { start: 'FileActionCopy', poll: 'ShowMigration', kind: 'job', idFrom: 'body:data.file_migration_id' },
  },
  {
    name: 'near miss: beside the answer’s own `id`, a `payment_id` refers to another thing',
    ops: startAndRead(
      ['createOrder', '/orders', obj({ id: str(), payment_id: str() })],
      ['getPayment', '/payments/{id}', obj({ id: str(), status: str(['processing', 'succeeded', 'failed']) }), ['id']],
    ),
    family: null,
  },
];

describe('links by other vendors’ layouts', () => {
  it.each(rows)('$name', ({ ops, schemas, family }) => {
    const d = expectIdFlowRow(ops, family, schemas);
    if (family) expect(d.families[0]!.evidence.some((e) => e.startsWith('linked by layout:'))).toBe(true);
  });

  it('Files.com as it spells the read (`GetFileMigrationsId`) is linked too, by the names', () => {
    const ops = startAndRead(
      ['FileActionCopy', '/file_actions/copy/{path}', obj({ file_migration_id: str(), status: str() }), ['path']],
      [
        'GetFileMigrationsId',
        '/file_migrations/{id}',
        obj({ id: str(), status: str(['pending', 'processing', 'completed', 'failed']) }),
        ['id'],
      ],
    );
    expectIdFlowRow(ops, { start: 'FileActionCopy', poll: 'GetFileMigrationsId', kind: 'job', idFrom: 'body:file_migration_id' });
  });
});

/** Twilio-style builds: the item and its own `/Status` read (which takes `query` when asked to). */
function buildWithStatusRead(query?: string): Operation[] {
  const status = obj({ sid: str(), status: str(['building', 'completed', 'failed']) });
  return [
    createOperation('POST', '/v1/Builds', {
      operationId: 'CreateBuild',
      requestBody: createRequestBody(obj({ Runtime: str() })),
      responses: [createResponse('201', { schema: status })],
    }),
    createOperation('GET', '/v1/Builds/{Sid}', {
      operationId: 'FetchBuild',
      parameters: path('Sid'),
      responses: [createResponse('200', { schema: status })],
    }),
    createOperation('GET', '/v1/Builds/{Sid}/Status', {
      operationId: 'FetchBuildStatus',
      parameters: [...path('Sid'), ...(query ? [createParameter(query, 'query', { required: true })] : [])],
      responses: [createResponse('200', { schema: status })],
    }),
  ];
}

describe('a job item’s own status read is its poll', () => {
  it.each([
    ['the status read, reached by the item’s own path parameters', undefined, 'FetchBuildStatus'],
    ['near miss: a status read that needs an input the start cannot name leaves the item the poll', 'Region', 'FetchBuild'],
  ])('%s', (_name, query, poll) => {
    const [family] = summarize(detectJobs(createModel(buildWithStatusRead(query))));
    expect(family).toMatchObject({ start: ['CreateBuild'], poll });
  });
});

describe('compound status words read by their head', () => {
  it.each([
    ['processing_subfolders', 'running', true],
    ['WAITING_RENDER', 'queued', true],
    ['completedWithWarnings', 'succeeded', true],
    // An end qualified by its failures did not end well, whichever convention reads it (stateWords.ts: AWS's own
    // omics waiters fail on COMPLETED_WITH_FAILURES).
    ['completedWithErrors', 'failed', true],
    ['creating-dest-folder', 'running', true],
    // An unknown head is left to the rules: an order's `awaiting_payment` is no work under way.
    ['awaiting_payment', 'queued', false],
    ['under_review', 'running', false],
  ])('%s reads as %s (known: %s)', (value, state, known) => {
    const w = readStateWord(value);
    expect({ state: w.state, known: w.known, strong: w.strong }).toEqual({ state, known, strong: false });
  });

  it.each([
    [['pending', 'counting', 'processing', 'completed', 'processing_subfolders', 'waiting_for_other_jobs', 'failed', 'unused'], 'job'],
    [['awaiting_payment', 'paid', 'shipped', 'cancelled'], null],
    [['waiting_for_payment', 'processing_payment', 'paid', 'refunded'], null],
  ])('%j → %s', (values, kind) => {
    expect(judgeLifecycle(values).kind).toBe(kind);
  });
});
