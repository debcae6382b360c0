/**
 * One row per rule stop 65 took from the eighth generality batch's misses (fixtures/generality/, batch 8), over the
 * smallest IR that carries the shape, beside a near miss that must stay as it was. Each rule's own row was checked to
 * fail with the rule taken out.
 */
import { describe, it } from 'vitest';
import {
  componentSchemas,
  createModel,
  createOperation,
  createRequestBody,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { answers, expectRow, obj, path, type RuleRow, str } from './ruleRows.js';

const JOB_STATUS = str("The job's status: 'queued', 'processing', 'error', 'finished' or 'cancelled'.");

/** Sieve: `POST /v2/push` (`pushJob`) answers the job's bare `id`, read at `GET /v2/jobs/{job_id}`. */
function sieve(pushPath: string, operationId: string, withItemRead = false): ApiModel {
  return createModel(
    [
      createOperation('POST', pushPath, {
        operationId,
        requestBody: createRequestBody(obj({ function: str(), inputs: obj({}) })),
        // Beside other ids, and its own undescribed: only the start's name says whose it is.
        ...answers('200', obj({ id: str(), run_id: str(), organization_id: str(), status: JOB_STATUS })),
      }),
      ...(withItemRead
        ? [
            createOperation('GET', `${pushPath}/{push_id}`, {
              operationId: 'getPush',
              ...path('push_id'),
              ...answers('200', obj({ id: str() })),
            }),
          ]
        : []),
      createOperation('GET', '/v2/jobs/{job_id}', { operationId: 'getJob', ...path('job_id'), ...answers('200', createSchemaRef('Job')) }),
    ],
    {
      schemas: componentSchemas({ Job: obj({ id: str(), status: JOB_STATUS, error: str(), outputs: { type: 'array', items: obj({}) } }) }),
    },
  );
}

/** Reducto: `GET /job/{job_id}` reads the job, `POST /cancel/{job_id}` (the verb in the noun's place) cancels it. */
function reducto(cancelPath: string): ApiModel {
  const job: JsonSchema = obj({
    status: { type: 'string', enum: ['Pending', 'Idle', 'Completed', 'Failed'] },
    progress: { type: 'number' },
  });
  return createModel(
    [
      createOperation('POST', '/parse_async', {
        operationId: 'parse_async',
        requestBody: createRequestBody(obj({ input: str() })),
        responses: [createResponse('200', { schema: obj({ job_id: str() }), description: 'The job was queued.' })],
      }),
      createOperation('GET', '/job/{job_id}', { operationId: 'retrieve_job', ...path('job_id'), ...answers('200', job) }),
      createOperation('POST', cancelPath, { operationId: 'cancel_it', ...path('job_id'), ...answers('200', obj({})) }),
    ],
    {},
  );
}

const rows: RuleRow[] = [
  [
    'a bare id an action answers is the job its own noun names (`pushJob` → `{id}` → `GET /v2/jobs/{job_id}`)',
    () => sieve('/v2/push', 'pushJob'),
    [{ start: ['pushJob'], poll: 'getJob', status: 'status' }],
  ],
  [
    'near miss: a POST to a collection with item reads answers one of its own items, not a job elsewhere',
    () => sieve('/v2/push', 'pushJob', true),
    [],
  ],
  ['near miss: the action names another noun than the read', () => sieve('/v2/push', 'pushModel'), []],
  [
    'a cancel verb in the place of the item’s noun, before the same id (`POST /cancel/{job_id}` beside `GET /job/{job_id}`)',
    () => reducto('/cancel/{job_id}'),
    [{ start: ['parse_async'], poll: 'retrieve_job', cancel: 'cancel_it' }],
  ],
  [
    'a cancel verb after the item’s noun, before the id (`POST /job/cancel/{job_id}`)',
    () => reducto('/job/cancel/{job_id}'),
    [{ start: ['parse_async'], poll: 'retrieve_job', cancel: 'cancel_it' }],
  ],
  [
    'near miss: another verb before the id cancels nothing',
    () => reducto('/rerun/{job_id}'),
    [{ start: ['parse_async'], poll: 'retrieve_job', cancel: null }],
  ],
];

describe('stop 65: the conventions the eighth generality batch’s misses shared', () => {
  it.each(rows)('%s', (_label, build, expected) => expectRow(build, expected));
});
