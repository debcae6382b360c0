/**
 * A thing made, then started (src/detect/status/startVerbEnds.ts): a create ends at rest (`IDLE`, `ready`,
 * `CREATED` beside `CREATING`; `STOPPED` where no other rest is named), a start when the thing runs (`RUNNING`,
 * `ACTIVE`, `ACTIVATED`), the rest before it queued. One poll, two families, each with its own map. Near misses: no starting word, a bare `Created` with no
 * `Creating` (GitHub codespaces), a job family (a start that runs until `Completed`).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { jobStatesForStart, restBeforeStart, statesForPhase, verbPhase } from '../../../src/detect/status/startVerbEnds.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import type { CanonicalState } from '../../../src/model/jobs.js';
import { obj } from './rpcSchemas.js';

type Map = Record<string, CanonicalState>;
const MEDIALIVE: Map = { CREATING: 'running', IDLE: 'running', STARTING: 'queued', RUNNING: 'succeeded', DELETING: 'failed' };
const REKOGNITION: Map = { STOPPED: 'cancelled', STARTING: 'queued', RUNNING: 'succeeded', FAILED: 'failed', STOPPING: 'running' };
const DMS: Map = { creating: 'running', ready: 'queued', starting: 'queued', running: 'succeeded', stopped: 'cancelled', failed: 'failed' };
const GLUE: Map = { CREATING: 'running', CREATED: 'succeeded', ACTIVATING: 'running', ACTIVATED: 'succeeded', DELETING: 'failed' };

describe('statesForPhase', () => {
  const table: Array<[string, Map, 'make' | 'start', Partial<Map> | null]> = [
    ['MediaLive create ends at IDLE', MEDIALIVE, 'make', { IDLE: 'succeeded', RUNNING: 'succeeded', STARTING: 'queued' }],
    ['MediaLive start ends at RUNNING', MEDIALIVE, 'start', { IDLE: 'queued', RUNNING: 'succeeded' }],
    ['Glue start ends at ACTIVATED', GLUE, 'start', { CREATED: 'queued', ACTIVATED: 'succeeded' }],
    ['Glue create ends at CREATED', GLUE, 'make', { CREATED: 'succeeded' }],
    ['near miss: no starting word', { CREATING: 'running', IDLE: 'running', RUNNING: 'succeeded' }, 'start', null],
    ['near miss: a bare Created', { Created: 'queued', Starting: 'queued', Available: 'succeeded' }, 'start', null],
    ['near miss: no rest word', { PENDING: 'queued', STARTING: 'queued', RUNNING: 'succeeded' }, 'start', null],
    [
      'Rekognition stream processor: made STOPPED, the create ends there',
      REKOGNITION,
      'make',
      { STOPPED: 'succeeded', RUNNING: 'succeeded' },
    ],
    [
      'Rekognition stream processor: for the start STOPPED keeps its reading',
      REKOGNITION,
      'start',
      { STOPPED: 'cancelled', RUNNING: 'succeeded' },
    ],
    ['near miss: beside a word of rest (DMS ready), stopped is a task stopped', DMS, 'make', { ready: 'succeeded', stopped: 'cancelled' }],
  ];
  it.each(table)('%s', (_, states, phase, expected) => {
    const got = statesForPhase(states, phase);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });

  it('reads start and activate as the start phase, every other verb as making', () => {
    expect(['start', 'activate', 'create', 'restore', undefined].map(verbPhase)).toEqual(['start', 'start', 'make', 'make', 'make']);
  });
});

describe('restBeforeStart', () => {
  it.each([
    ['MediaLive: IDLE, not STARTING', MEDIALIVE, ['IDLE']],
    ['DMS: ready', DMS, ['ready']],
    ['Glue: CREATED', GLUE, ['CREATED']],
    ['near miss: Rekognition STOPPED keeps its own reading for the start, no rest', REKOGNITION, []],
  ])('%s', (_, states, expected) => {
    expect(restBeforeStart(statesForPhase(states, 'make')!, statesForPhase(states, 'start')!)).toEqual(expected);
  });
});

describe('jobStatesForStart', () => {
  const LOOKOUT: Map = {
    TRAINING: 'running',
    TRAINED: 'succeeded',
    TRAINING_FAILED: 'failed',
    STARTING_HOSTING: 'running',
    HOSTED: 'running',
    HOSTING_FAILED: 'failed',
    STOPPING_HOSTING: 'running',
  };
  const table: Array<[string, Map, Partial<Map> | null]> = [
    ['Lookout for Vision: a model trained, then hosted: the start ends at HOSTED', LOOKOUT, { HOSTED: 'succeeded', TRAINED: 'queued' }],
    [
      'a plain starting word: STARTED is the start done',
      { TRAINING: 'running', TRAINED: 'succeeded', STARTING: 'running', STARTED: 'running', FAILED: 'failed' },
      { STARTED: 'succeeded', TRAINED: 'queued' },
    ],
    [
      'near miss: a job that ends in its own word (an inference experiment Completed)',
      { Creating: 'running', Created: 'queued', Starting: 'queued', Running: 'running', Completed: 'succeeded', Cancelled: 'cancelled' },
      null,
    ],
    [
      'near miss: a transcription job (COMPLETED is no making done)',
      { IN_PROGRESS: 'running', COMPLETED: 'succeeded', FAILED: 'failed' },
      null,
    ],
    ['near miss: a made thing with no starting word', { TRAINING: 'running', TRAINED: 'succeeded', DEPLOYED: 'running' }, null],
    [
      'near miss: the work a compound starting names, still under way, is no end',
      { ...LOOKOUT, HOSTING: 'running' },
      { HOSTED: 'succeeded', HOSTING: 'running', TRAINED: 'queued' },
    ],
  ];
  it.each(table)('%s', (_, states, expected) => {
    const got = jobStatesForStart(states);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });

  it('the start of a trained model is followed until the model is hosted', () => {
    const status: JsonSchema = { type: 'string', enum: Object.keys(LOOKOUT) };
    const model = obj({ ModelVersion: { type: 'string' }, Status: status });
    const d = detectJobs(
      createModel([
        createOperation('POST', '/projects/{projectName}/models', {
          operationId: 'CreateModel',
          parameters: [createParameter('projectName', 'path', { required: true })],
          responses: [createResponse('202', { schema: obj({ ModelMetadata: model }) })],
        }),
        createOperation('GET', '/projects/{projectName}/models/{modelVersion}', {
          operationId: 'DescribeModel',
          parameters: [
            createParameter('projectName', 'path', { required: true }),
            createParameter('modelVersion', 'path', { required: true }),
          ],
          responses: [createResponse('200', { schema: obj({ ModelDescription: model }) })],
        }),
        createOperation('POST', '/projects/{projectName}/models/{modelVersion}/start', {
          operationId: 'StartModel',
          parameters: [
            createParameter('projectName', 'path', { required: true }),
            createParameter('modelVersion', 'path', { required: true }),
          ],
          responses: [createResponse('202', { schema: obj({ Status: status }) })],
        }),
      ]),
    );
    const start = d.families.find((f) => f.start.some((s) => s.op.operationId === 'StartModel'));
    expect(start?.start.map((s) => s.op.operationId)).toEqual(['StartModel']);
    expect([start!.states.TRAINED, start!.states.HOSTED]).toEqual(['queued', 'succeeded']);
    // TRAINED, where the model rests before it is started: back there once it began hosting, the start did not take.
    expect(start!.restsBeforeStart).toEqual(['TRAINED']);
    expect(start!.evidence).toContain(
      'its start runs the thing the job made: it ends when the thing is up, and the made state before it is queued; back at `TRAINED` after it left, the start failed',
    );
  });
});

const STATUS: JsonSchema = { type: 'string', enum: ['CREATING', 'CREATE_FAILED', 'IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'DELETING'] };
const channel = (status: JsonSchema) => obj({ Id: { type: 'string' }, State: status });
const ops = (status: JsonSchema) => [
  createOperation('POST', '/prod/channels', {
    operationId: 'CreateChannel',
    responses: [createResponse('201', { schema: obj({ Channel: channel(status) }) })],
  }),
  createOperation('GET', '/prod/channels/{channelId}', {
    operationId: 'DescribeChannel',
    parameters: [createParameter('channelId', 'path', { required: true })],
    responses: [createResponse('200', { schema: channel(status) })],
  }),
  createOperation('POST', '/prod/channels/{channelId}/start', {
    operationId: 'StartChannel',
    parameters: [createParameter('channelId', 'path', { required: true })],
    responses: [createResponse('202', { schema: channel(status) })],
  }),
];

describe('a create and a start polled by one read', () => {
  it('are two families, each ending at its own verb', () => {
    const d = detectJobs(createModel(ops(STATUS)));
    const byStart = Object.fromEntries(d.families.map((f) => [f.start.map((s) => s.op.operationId).join(','), f]));
    expect(Object.keys(byStart).sort()).toEqual(['CreateChannel', 'StartChannel']);
    expect([byStart.CreateChannel!.states.IDLE, byStart.StartChannel!.states.IDLE]).toEqual(['succeeded', 'queued']);
    expect(byStart.StartChannel!.states.RUNNING).toBe('succeeded');
    expect(byStart.StartChannel!.name).toBe(`${byStart.CreateChannel!.name}_start`);
    // The rest the start leaves (jobs/startFromRest.ts): only the start's; never the starting under way.
    expect([byStart.CreateChannel!.restsBeforeStart, byStart.StartChannel!.restsBeforeStart]).toEqual([undefined, ['IDLE']]);
  });

  it("says the start's own lifecycle: the made word the link called success is under way before the thing runs", () => {
    // READY, a steady word, is success for the making and, read of the whole vocabulary, for the start too (DMS's
    // `ready`): the start's line, written by the link before its map was its own, named it success.
    const made: JsonSchema = {
      type: 'string',
      enum: ['CREATING', 'CREATE_FAILED', 'READY', 'STARTING', 'RUNNING', 'STOPPING', 'DELETING'],
    };
    const d = detectJobs(createModel(ops(made)));
    const byStart = Object.fromEntries(d.families.map((f) => [f.start.map((s) => s.op.operationId).join(','), f]));
    const lifecycle = (name: string) => byStart[name]!.evidence.filter((line) => line.includes('lifecycle'));
    expect(byStart.StartChannel!.states).toMatchObject({ READY: 'queued', RUNNING: 'succeeded' });
    expect(lifecycle('StartChannel')).toEqual([
      'provisioning lifecycle: CREATING, STARTING, STOPPING, READY until the thing runs; RUNNING is success for the start that runs it',
    ]);
    expect(lifecycle('CreateChannel')).toEqual([expect.stringMatching(/^provisioning lifecycle: .* while the resource comes up; READY\b/)]);
  });

  const stop = (status: JsonSchema) =>
    createOperation('POST', '/prod/channels/{channelId}/stop', {
      operationId: 'StopChannel',
      parameters: [createParameter('channelId', 'path', { required: true })],
      responses: [createResponse('202', { schema: channel(status) })],
    });

  it("a Stop of the thing cancels the start's run, not the making: the create has no cancel", () => {
    const d = detectJobs(createModel([...ops(STATUS), stop(STATUS)]));
    const byStart = Object.fromEntries(d.families.map((f) => [f.start.map((s) => s.op.operationId).join(','), f]));
    const cancelOf = (name: string) => {
      const cancel = byStart[name]!.cancel;
      return cancel && 'op' in cancel ? cancel.op.operationId : null;
    };
    expect([cancelOf('CreateChannel'), cancelOf('StartChannel')]).toEqual([null, 'StopChannel']);
    expect(byStart.CreateChannel!.evidence).toContain(
      'no cancel: POST /prod/channels/{channelId}/stop stops the run a start begins, not the making of the thing',
    );
    // The evidence says one thing of the cancel: the link's own line, naming the Stop as the cancel, is gone from the
    // create's (explain printed both), and stays in the start's, whose cancel it is.
    const cancelLines = (name: string) => byStart[name]!.evidence.filter((line) => line.startsWith('cancel: '));
    expect(cancelLines('CreateChannel')).toEqual([]);
    expect(cancelLines('StartChannel')).toEqual([expect.stringContaining('cancel: POST /prod/channels/{channelId}/stop ')]);
  });

  it('near miss: without a starting word the vocabulary has one phase, and the starts one family', () => {
    const d = detectJobs(createModel(ops({ type: 'string', enum: ['CREATING', 'CREATE_FAILED', 'IDLE', 'RUNNING', 'DELETING'] })));
    const starts = d.families.map((f) => f.start.map((s) => s.op.operationId).join(','));
    expect(starts).toEqual(['CreateChannel,StartChannel']);
  });

  it('near miss: one phase, one family, and its Stop stays its cancel', () => {
    const onePhase: JsonSchema = { type: 'string', enum: ['CREATING', 'CREATE_FAILED', 'IDLE', 'RUNNING', 'DELETING'] };
    const [family] = detectJobs(createModel([...ops(onePhase), stop(onePhase)])).families;
    expect(family?.cancel && 'op' in family.cancel ? family.cancel.op.operationId : null).toBe('StopChannel');
  });
});
