/**
 * Google Cloud's older Operation resource (src/detect/marked/cloudOperations.ts): a method answering
 * `{name, status: PENDING|RUNNING|DONE, selfLink, error}` is a start, polled at the operations read of its own scope.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { toExplainJson } from '../../../src/explain/explainJson.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const OPERATION: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    status: { type: 'string', enum: ['PENDING', 'RUNNING', 'DONE'] },
    selfLink: { type: 'string' },
    progress: { type: 'integer' },
    error: { type: 'object', properties: { errors: { type: 'array', items: { type: 'object' } } } },
  },
};
const params = (path: string) => [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => createParameter(m[1]!, 'path'));
const op = (method: 'GET' | 'POST' | 'DELETE', path: string, operationId: string, schema = 'Operation'): Operation =>
  createOperation(method, path, {
    operationId,
    parameters: params(path),
    responses: [createResponse('200', { schema: createSchemaRef(schema) })],
  });
const READS = [
  op('GET', '/projects/{project}/zones/{zone}/operations/{operation}', 'zoneOperations.get'),
  op('GET', '/projects/{project}/regions/{region}/operations/{operation}', 'regionOperations.get'),
  op('GET', '/projects/{project}/global/operations/{operation}', 'globalOperations.get'),
];
const detect = (ops: Operation[], schema: JsonSchema = OPERATION) =>
  detectJobs(createModel([...ops, ...READS], { schemas: componentSchemas({ Operation: schema }) }));
const polled = (d: ReturnType<typeof detectJobs>) =>
  d.families.map((f) => ({
    start: f.start.map((s) => s.op.operationId),
    poll: isOperationLink(f.poll) ? f.poll.op.operationId : null,
    carry: isOperationLink(f.poll) ? f.poll.carry.map((c) => `${c.param}<-${c.from}`) : [],
    neutralEnds: f.neutralEnds,
  }));

describe("Google Cloud's Operation resource", () => {
  it('each start is polled at the operations read of the scope its path names, the scope carried from its arguments', () => {
    const d = detect([
      op('POST', '/projects/{project}/zones/{zone}/instances', 'instances.insert'),
      op('DELETE', '/projects/{project}/regions/{region}/addresses/{address}', 'addresses.delete'),
      op('POST', '/projects/{project}/global/images', 'images.insert'),
    ]);
    expect(polled(d)).toEqual([
      { start: ['instances.insert'], poll: 'zoneOperations.get', carry: ['project<-arg:project', 'zone<-arg:zone'], neutralEnds: ['DONE'] },
      {
        start: ['addresses.delete'],
        poll: 'regionOperations.get',
        carry: ['project<-arg:project', 'region<-arg:region'],
        neutralEnds: ['DONE'],
      },
      { start: ['images.insert'], poll: 'globalOperations.get', carry: ['project<-arg:project'], neutralEnds: ['DONE'] },
    ]);
    expect(d.families[0]!).toMatchObject({ statusField: 'status', errorField: 'error', states: { DONE: 'succeeded', PENDING: 'queued' } });
  });

  it('spelled in another case (`self_link`, `done`), it is the same convention (metamorphic nameCase, enumCase)', () => {
    const props = (OPERATION as { properties: Record<string, JsonSchema> }).properties;
    const spelled = {
      type: 'object',
      properties: {
        name: props.name!,
        status: { type: 'string', enum: ['pending', 'running', 'done'] },
        self_link: props.selfLink!,
        error: props.error!,
      },
    };
    const d = detect([op('POST', '/projects/{project}/global/images', 'images.insert')], spelled);
    expect(polled(d)).toEqual([
      { start: ['images.insert'], poll: 'globalOperations.get', carry: ['project<-arg:project'], neutralEnds: ['done'] },
    ]);
  });

  it('a wait on an operation that exists starts nothing', () => {
    const d = detect([op('POST', '/projects/{project}/zones/{zone}/operations/{operation}/wait', 'zoneOperations.wait')]);
    expect(d.families).toEqual([]);
  });

  it.each([
    ['without `selfLink`', 'selfLink'],
    ['without `error`', 'error'],
  ])('near miss: a record %s is no Google Cloud Operation', (_, dropped) => {
    const { [dropped]: _gone, ...rest } = (OPERATION as { properties: Record<string, JsonSchema> }).properties;
    const d = detect([op('POST', '/projects/{project}/zones/{zone}/instances', 'instances.insert')], { type: 'object', properties: rest });
    expect(d.families.some((f) => f.neutralEnds)).toBe(false);
  });

  it('near miss: an AIP-151 Operation (`done`) is read the AIP-151 way', () => {
    const aip = { type: 'object', properties: { ...(OPERATION as { properties: object }).properties, done: { type: 'boolean' } } };
    const d = detect([op('POST', '/projects/{project}/zones/{zone}/instances', 'instances.insert')], aip);
    expect(d.families.some((f) => f.neutralEnds)).toBe(false);
    expect(d.families[0]?.doneField).toBe('done');
  });
});

describe("explain shows a Google Cloud Operation's neutral end", () => {
  it('in the JSON (after cancelCall) and as an evidence line', () => {
    const model = createModel([op('POST', '/projects/{project}/global/images', 'images.insert'), ...READS], {
      schemas: componentSchemas({ Operation: OPERATION }),
    });
    const [job] = toExplainJson(model, detectJobs(model)).jobs;
    expect(Object.keys(job!).at(-1)).toBe('neutralEnds');
    expect(job!.neutralEnds).toEqual(['DONE']);
    expect(job!.evidence).toContain('`DONE` says the operation ended; `error` there says it failed');
  });
});
