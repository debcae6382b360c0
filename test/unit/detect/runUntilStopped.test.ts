/**
 * A resource that runs until it is stopped (src/detect/status/runUntilStopped.ts): `Initializing` → `InProgress`
 * (Chime media pipelines), `pending` → `running` (EC2 instances), with stop words and no success word; the run word is
 * up for the start that creates it, as AWS's waiters read it (EC2 `InstanceRunning`, EMR `ClusterRunning`).
 * Near misses: a job whose success the contract forgot (no stop word), a lifecycle that names a success, a run word
 * with nothing before it, a start that brings nothing up.
 */
import { describe, expect, it } from 'vitest';
import { judgeRunUntilStopped } from '../../../src/detect/status/runUntilStopped.js';
import { createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import { obj, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

describe('judgeRunUntilStopped', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[] } | null]> = [
    // Chime media pipelines.
    [['Initializing', 'InProgress', 'Failed', 'Stopping', 'Stopped', 'Paused'], { inProgress: ['Initializing'], success: ['InProgress'] }],
    // EC2 instances.
    [['pending', 'running', 'shutting-down', 'terminated', 'stopping', 'stopped'], { inProgress: ['pending'], success: ['running'] }],
    // Near miss: a job whose success is not listed is no resource that runs: no stop word.
    [['queued', 'running', 'failed', 'cancelled'], null],
    // Near miss: a job that can be stopped names its success (SageMaker training); so does an idle crawler (`READY`).
    [['InProgress', 'Completed', 'Failed', 'Stopping', 'Stopped'], null],
    [['READY', 'RUNNING', 'STOPPING'], null],
    // Near miss: a value no rule places may be the end the run leads to (DRS launches).
    [['PENDING', 'IN_PROGRESS', 'LAUNCHED', 'FAILED', 'TERMINATED'], null],
    // Near miss: nothing before the run word says the resource is coming up.
    [['RUNNING', 'STOPPING', 'STOPPED', 'FAILED'], null],
    // Near miss: two run words leave open which one is up.
    [['PENDING', 'RUNNING', 'IN_PROGRESS', 'STOPPED'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgeRunUntilStopped(values);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('maps the run word to succeeded and keeps the table for the rest', () => {
    expect(judgeRunUntilStopped(['Initializing', 'InProgress', 'Failed', 'Stopping', 'Stopped'])?.states).toEqual({
      Initializing: 'queued',
      InProgress: 'succeeded',
      Failed: 'failed',
      Stopping: 'running',
      Stopped: 'cancelled',
    });
  });
});

const PIPELINE = obj({
  Pipeline: obj({
    PipelineId: { type: 'string' },
    Status: str(['Initializing', 'InProgress', 'Failed', 'Stopping', 'Stopped', 'Paused']),
  }),
});
const ops = (verb: string) => [
  createOperation('POST', '/pipelines', {
    operationId: `${verb}Pipeline`,
    requestBody: createRequestBody(obj({ SourceArn: { type: 'string' } }, ['SourceArn'])),
    responses: [createResponse('200', { schema: PIPELINE })],
  }),
  createOperation('GET', '/pipelines/{pipelineId}', {
    operationId: 'GetPipeline',
    parameters: [createParameter('pipelineId', 'path', { required: true })],
    responses: [createResponse('200', { schema: PIPELINE })],
  }),
];

describe('a create whose pipeline runs until stopped', () => {
  it('is a provisioning family that ends when the pipeline runs', () => {
    expect(familyVocabulary(ops('Create'))).toMatchObject({
      kind: 'provisioning',
      statusField: 'Pipeline.Status',
      poll: 'GetPipeline',
      states: { Initializing: 'queued', InProgress: 'succeeded', Stopped: 'cancelled' },
    });
  });

  it('near miss: a verb that brings nothing up gets no family from it', () => {
    expect(familyVocabulary(ops('Tag'))).toBeNull();
  });
});
