/**
 * AWS's asynchronous jobs with their paths said as Rails' and Laravel's resource routes say them: each path's last
 * parameter called `{id}` when at most one literal segment follows it (the metamorphic `paramNames` rewrite,
 * scripts/corpus/pathStyles.ts). Each row is detected as written and rewritten, and must find the same family with
 * its id read from the same answer field. What links them once the names are gone: the place of a parameter in the
 * path (paramPlace.ts) and what the contract states about the item's parameter, its schema and description
 * (paramBinding.ts).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema, Operation } from '../../../src/model/ir.js';
import { summarize } from './summarize.js';

const str = (fields: Record<string, unknown> = {}): JsonSchema => ({ type: 'string', ...fields });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const lifecycle = (values: string[]) => str({ enum: values });
const JOB = ['SUBMITTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'];
/** An AWS member: its shared shape by `$ref`, its own documentation beside it. */
const member = (shape: string, description: string): JsonSchema => ({
  allOf: [{ $ref: `#/components/schemas/${shape}` }, { description }],
});

interface Op {
  id: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  answer: JsonSchema;
  /** Path parameters' schema and description, by the name as written. */
  params?: Record<string, { schema?: JsonSchema; description?: string }>;
}

/** The rewrite: the last parameter called `{id}` where at most one literal segment follows it. */
function rails(path: string): string {
  const segs = path.split('/');
  let last = -1;
  segs.forEach((s, k) => {
    if (s.startsWith('{')) last = k;
  });
  if (last < 0 || segs.length - 1 - last > 1) return path;
  segs[last] = '{id}';
  return segs.join('/');
}

const names = (path: string) => [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);

const build = (ops: Op[], rewrite: boolean): Operation[] =>
  ops.map((op) => {
    const path = rewrite ? rails(op.path) : op.path;
    const written = names(op.path);
    return createOperation(op.method, path, {
      operationId: op.id,
      security: [['hmac']],
      parameters: names(path).map((n, k) => createParameter(n, 'path', { required: true, ...(op.params?.[written[k]!] ?? {}) })),
      ...(op.method === 'GET' ? {} : { requestBody: createRequestBody(obj({ ClientToken: str() })) }),
      responses: [createResponse('200', { schema: op.answer })],
    });
  });

/** Signed with SigV4, as every AWS contract is: its operations are Smithy actions (smithyBinding.ts). */
const SIGV4: ApiModel['securitySchemes'] = [{ key: 'hmac', type: 'awsSigv4', service: 'example', region: 'us-east-1' }];

const SHAPES: Record<string, JsonSchema> = {
  TaskId: str({ pattern: '^[a-zA-Z0-9_-]{1,100}$' }),
  ResourceId: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }),
  Uuid: str(),
  string: str(),
};

/**
 * Each family's starts with where each takes its id from, and its poll. Not its name, which may be read from the
 * parameter's name (`{jobRunId}` → `jobrun`, `job_run` from the operation's): the metamorphic signature leaves it out.
 */
const families = (ops: Operation[]) => {
  const schemas = Object.fromEntries(Object.entries(SHAPES).map(([k, v]) => [`#/components/schemas/${k}`, v]));
  const d = detectJobs(createModel(ops, { schemas, securitySchemes: SIGV4, defaultSecurity: [['hmac']] }));
  return d.families.map((f) => {
    const { name: _, ...rest } = summarize({ ...d, families: [f] })[0]!;
    return { ...rest, idFrom: f.start.map((s) => s.idFrom) };
  });
};

const rows: Array<[string, Op[]]> = [
  [
    // Polly: `{TaskId}` becomes `{id}`; the parameter keeps the member's pattern and documentation, as the answer's
    // `SynthesisTask.TaskId` does, beside the `VoiceId` it was asked to use.
    'the item parameter bound by its schema and description',
    [
      {
        id: 'StartSpeechSynthesisTask',
        method: 'POST',
        path: '/v1/synthesisTasks',
        answer: obj({
          SynthesisTask: obj({
            TaskId: member('TaskId', 'The generated identifier for a speech synthesis task.'),
            VoiceId: member('string', 'Voice ID to use for the synthesis.'),
            TaskStatus: lifecycle(['scheduled', 'inProgress', 'completed', 'failed']),
          }),
        }),
      },
      {
        id: 'GetSpeechSynthesisTask',
        method: 'GET',
        path: '/v1/synthesisTasks/{TaskId}',
        answer: obj({
          SynthesisTask: obj({
            TaskId: member('TaskId', 'The generated identifier for a speech synthesis task.'),
            TaskStatus: lifecycle(['scheduled', 'inProgress', 'completed', 'failed']),
          }),
        }),
        params: {
          TaskId: {
            schema: str({ pattern: '^[a-zA-Z0-9_-]{1,100}$' }),
            description: 'The generated identifier for a speech synthesis task.',
          },
        },
      },
    ],
  ],
  [
    // Backup: a plain string, so only the documentation the parameter and the answer share binds them (the answer
    // names a recovery point too).
    'the item parameter bound by its description alone',
    [
      {
        id: 'StartBackupJob',
        method: 'PUT',
        path: '/backup-jobs',
        answer: obj({
          BackupJobId: member('string', 'Uniquely identifies a request to back up a resource.'),
          RecoveryPointArn: member('string', 'The recovery point the backup makes.'),
          CreationDate: str(),
        }),
      },
      {
        id: 'DescribeBackupJob',
        method: 'GET',
        path: '/backup-jobs/{backupJobId}',
        answer: obj({ BackupJobId: str(), State: lifecycle(['CREATED', 'PENDING', 'RUNNING', 'COMPLETED', 'FAILED']) }),
        params: { backupJobId: { description: 'Uniquely identifies a request to back up a resource.' } },
      },
    ],
  ],
  [
    // EMR Serverless: the application's id and the run's share one shape; the one named for the poll's other path
    // parameter is the parent's, so the run's id is the one left.
    'a parent id of the same shape left to its own parameter',
    [
      {
        id: 'StartJobRun',
        method: 'POST',
        path: '/applications/{applicationId}/jobruns',
        answer: obj({
          applicationId: member('ResourceId', 'The application the job run is submitted on.'),
          jobRunId: member('ResourceId', 'The ID of the started job run.'),
        }),
        params: { applicationId: { schema: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }) } },
      },
      {
        id: 'GetJobRun',
        method: 'GET',
        path: '/applications/{applicationId}/jobruns/{jobRunId}',
        answer: obj({ jobRun: obj({ jobRunId: str(), state: lifecycle(JOB) }) }),
        params: {
          applicationId: { schema: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }) },
          jobRunId: { schema: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }), description: 'The ID of the job run.' },
        },
      },
    ],
  ],
  [
    // Amplify UI Builder: the start's `{environmentName}` becomes `{id}` while the poll keeps it; its place names it.
    "the parent carried from the start's parameter at the same place",
    [
      {
        id: 'StartCodegenJob',
        method: 'POST',
        path: '/app/{appId}/environment/{environmentName}/codegen-jobs',
        answer: obj({ entity: obj({ id: member('Uuid', 'The unique ID for the code generation job.'), status: lifecycle(JOB) }) }),
      },
      {
        id: 'GetCodegenJob',
        method: 'GET',
        path: '/app/{appId}/environment/{environmentName}/codegen-jobs/{id}',
        answer: obj({ job: obj({ id: str(), status: lifecycle(JOB) }) }),
      },
    ],
  ],
  [
    // FinSpace: no status beside the id, the item's parameter bound by its schema and description, the parent's
    // `{datasetId}` the start's `{id}` by its place.
    'a create without status in its answer, bound by the item parameter',
    [
      {
        id: 'CreateChangeset',
        method: 'POST',
        path: '/datasets/{datasetId}/changesets',
        answer: obj({
          datasetId: member('string', 'The dataset where the changeset is created.'),
          changesetId: { allOf: [str({ minLength: 1, maxLength: 26 }), { description: 'The unique identifier of the changeset.' }] },
        }),
      },
      {
        id: 'GetChangeset',
        method: 'GET',
        path: '/datasets/{datasetId}/changesets/{changesetId}',
        answer: obj({ changesetId: str(), status: lifecycle(['PENDING', 'RUNNING', 'SUCCESS', 'FAILED']) }),
        params: { changesetId: { schema: str({ minLength: 1, maxLength: 26 }), description: 'The unique identifier of the changeset.' } },
      },
    ],
  ],
  [
    // DataBrew: the run is read elsewhere than the collection the start posts to; the read's name pairs it with the
    // start (`StartJobRun` ↔ `DescribeJobRun`), and the `{runId}` said `{id}` is bound to `RunId` by its shape.
    'a read of the same noun elsewhere, its item parameter bound',
    [
      {
        id: 'StartJobRun',
        method: 'POST',
        path: '/jobs/{name}/startJobRun',
        answer: obj({ RunId: member('ResourceId', 'A system-generated identifier for this particular job run.') }),
      },
      {
        id: 'DescribeJobRun',
        method: 'GET',
        path: '/jobs/{name}/jobRun/{runId}',
        answer: obj({ RunId: str(), State: lifecycle(['STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED']) }),
        params: {
          runId: {
            schema: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }),
            description: 'The unique identifier of the job run.',
          },
        },
      },
    ],
  ],
  [
    // Elastic Transcoder: `{Id}` becomes `{id}`; the job's `Id` one object down, whatever its case.
    'the item id one object down, read ignoring case',
    [
      {
        id: 'CreateJob',
        method: 'POST',
        path: '/jobs',
        answer: obj({ Job: obj({ Id: str(), PipelineId: str(), Status: lifecycle(['Submitted', 'Progressing', 'Complete', 'Error']) }) }),
      },
      {
        id: 'ReadJob',
        method: 'GET',
        path: '/jobs/{Id}',
        answer: obj({ Job: obj({ Id: str(), PipelineId: str(), Status: lifecycle(['Submitted', 'Progressing', 'Complete', 'Error']) }) }),
      },
    ],
  ],
];

describe('AWS jobs whose item parameter is called `id` keep their family', () => {
  it.each(rows)('%s', (_, ops) => {
    const asWritten = families(build(ops, false));
    expect(asWritten).toHaveLength(1);
    expect(families(build(ops, true))).toEqual(asWritten);
  });
});

describe('an `{id}` the contract does not bind links nothing', () => {
  it('two answer fields of the item parameter shape and no name for either: no family', () => {
    const ops = build(
      [
        {
          id: 'StartThing',
          method: 'POST',
          path: '/scopes/{scopeName}/things',
          answer: obj({ ownerId: member('ResourceId', 'Who owns it.'), otherId: member('ResourceId', 'Another one.') }),
        },
        {
          id: 'GetThing',
          method: 'GET',
          path: '/scopes/{scopeName}/things/{thingId}',
          answer: obj({ thing: obj({ status: lifecycle(JOB) }) }),
          params: { thingId: { schema: str({ pattern: '[0-9a-z]+', minLength: 1, maxLength: 64 }), description: 'The thing.' } },
        },
      ],
      true,
    );
    expect(families(ops)).toEqual([]);
  });
});

describe('an answered id the start names as the parent it acts under is the parent’s', () => {
  // HealthImaging: a copy under `/datastore/{datastoreId}` echoes the `datastoreId`; the data store's read, its item
  // parameter called `{id}`, is no poll of the copy: the data store existed before it.
  const ops: Op[] = [
    {
      id: 'CopyImageSet',
      method: 'POST',
      path: '/datastore/{datastoreId}/imageSet/{sourceImageSetId}/copyImageSet',
      answer: obj({ datastoreId: str(), sourceImageSetProperties: obj({ imageSetId: str() }) }),
    },
    {
      id: 'GetDatastore',
      method: 'GET',
      path: '/datastore/{datastoreId}',
      answer: obj({
        datastoreProperties: obj({ datastoreId: str(), datastoreStatus: lifecycle(['CREATING', 'ACTIVE', 'CREATE_FAILED']) }),
      }),
    },
  ];
  it.each([false, true])('rewritten to `{id}`: %s', (rewrite) => {
    expect(families(build(ops, rewrite))).toEqual([]);
  });
});
