/**
 * AWS provisioning under the metamorphic `paramNames` rewrite: the item's own path parameter called `{id}` (Rails'
 * and Laravel's resource routes), the last parameter of every path with at most one literal segment after it, as
 * scripts/corpus/pathStyles.ts renames it. AWS names a path parameter after the input member it binds (Smithy's
 * `@httpLabel`); with `{id}` that name is gone, and the place must say what it said: the collection before the
 * `{id}` names whose id it is (bareItemParam.ts), the same place below the same segments is the same parent
 * (read/paramPlace.ts), a verb spelled before the id or in a path naming its action acts at that item (infixAction.ts,
 * namedActionItem.ts). Each row is detected as written and rewritten, and must find the same family, its id read from
 * the same place. The pattern is itemParamNames.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

/** operationId, method, path, the body it takes (required fields), the answer, the path parameters' descriptions. */
type Op = [string, 'GET' | 'POST' | 'PUT', string, string[], JsonSchema, Record<string, string>?];

/** The last parameter of a path, when at most one literal segment follows it (pathStyles.ts `paramNames`). */
function itemParam(path: string): string | null {
  const segs = path.split('/');
  const params = segs.flatMap((s, k) => (s.startsWith('{') ? [k] : []));
  const at = params.at(-1);
  return at !== undefined && segs.length - 1 - at <= 1 ? segs[at]!.slice(1, -1) : null;
}

const build = (ops: Op[], rewrite: boolean): Operation[] =>
  ops.map(([operationId, method, path, body, answer, said = {}]) => {
    const item = rewrite ? itemParam(path) : null;
    const to = (n: string) => (n === item ? 'id' : n);
    const params = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
    return createOperation(method, item ? path.replace(`{${item}}`, '{id}') : path, {
      operationId,
      parameters: params.map((n) => createParameter(to(n), 'path', { required: true, ...(said[n] ? { description: said[n] } : {}) })),
      ...(body.length > 0 ? { requestBody: createRequestBody(obj(Object.fromEntries(body.map((b) => [b, str()])), body)) } : {}),
      responses: [createResponse(method === 'GET' ? '200' : '201', { schema: answer })],
    });
  });

/** Each family's starts with where each takes its id from, its poll, and where the poll's other inputs come from. */
const families = (ops: Operation[]) => {
  const d = detectJobs(createModel(ops));
  return d.families.map((f) => ({
    ...summarize({ ...d, families: [f] })[0],
    idFrom: f.start.map((s) => s.idFrom),
    carry: f.poll && 'op' in f.poll ? f.poll.carry.map((c) => `${c.param}←${c.from}`) : [],
  }));
};

const UP = ['CREATING', 'ACTIVE', 'DELETING', 'FAILED'];

const rows: Array<[string, Op[]]> = [
  [
    // IoT Analytics: the client names the channel; `/channels/{id}` is the item of the collection the create posts to.
    'a create the client names, read at `/channels/{id}`',
    [
      ['CreateChannel', 'POST', '/channels', ['channelName'], obj({ channelName: str(), channelArn: str() })],
      [
        'DescribeChannel',
        'GET',
        '/channels/{channelName}',
        [],
        obj({ channel: obj({ name: str(), status: str(UP) }) }),
        { channelName: 'The name of the channel whose information is retrieved.' },
      ],
    ],
  ],
  [
    // Route 53 ARC: the client names the cluster, the create answers its ARN, the read takes the ARN, as it says.
    'a create read by the ARN it answers, beside the name the client gave',
    [
      ['CreateCluster', 'POST', '/cluster', ['ClusterName'], obj({ Cluster: obj({ ClusterArn: str(), Name: str() }) })],
      [
        'DescribeCluster',
        'GET',
        '/cluster/{ClusterArn}',
        [],
        obj({ Cluster: obj({ ClusterArn: str(), Status: str(['PENDING', 'DEPLOYED', 'PENDING_DELETION']) }) }),
        { ClusterArn: 'The Amazon Resource Name (ARN) of the cluster.' },
      ],
    ],
  ],
  [
    // MediaLive: the create answers the channel's `Arn` and `Id`; the read's parameter is described by a label,
    // `channel ID`, which says which of the two it takes as the sentence form does.
    'a create answering an ARN and an id, read by the id its label names',
    [
      ['CreateChannel', 'POST', '/prod/channels', ['name'], obj({ Channel: obj({ Arn: str(), Id: str(), Name: str() }) })],
      [
        'DescribeChannel',
        'GET',
        '/prod/channels/{channelId}',
        [],
        obj({ Arn: str(), Id: str(), State: str(UP) }),
        { channelId: 'channel ID' },
      ],
    ],
  ],
  [
    // GuardDuty: the start's own `{detectorId}` becomes `{id}`, the poll's stays: the same place names the same parent.
    'an answered id read at the item below a parent each side names otherwise',
    [
      ['CreateIPSet', 'POST', '/detector/{detectorId}/ipset', ['name', 'location'], obj({ IpSetId: str() })],
      [
        'GetIPSet',
        'GET',
        '/detector/{detectorId}/ipset/{ipSetId}',
        [],
        obj({ name: str(), status: str(['ACTIVATING', 'ACTIVE', 'ERROR']) }),
      ],
    ],
  ],
  [
    // CodeCatalyst: the start's `{id}` is the project it posts under; the `id` it answers is the new item's `{id}`.
    "an answered `id` while the start's own `{id}` is its parent",
    [
      [
        'CreateDevEnvironment',
        'PUT',
        '/spaces/{spaceName}/projects/{projectName}/devEnvironments',
        ['instanceType'],
        obj({ spaceName: str(), projectName: str(), id: str() }, ['id']),
      ],
      [
        'GetDevEnvironment',
        'GET',
        '/spaces/{spaceName}/projects/{projectName}/devEnvironments/{id}',
        [],
        obj({ id: str(), status: str(['PENDING', 'RUNNING', 'STARTING', 'STOPPING', 'STOPPED', 'FAILED']) }),
      ],
    ],
  ],
  [
    // MediaConnect: the verb spelled before the id acts at the flow the read addresses.
    'a start at `/flows/start/{id}` read at `/flows/{id}`',
    [
      ['StartFlow', 'POST', '/v1/flows/start/{flowArn}', [], obj({ FlowArn: str(), Status: str(['STANDBY', 'STARTING', 'ACTIVE']) })],
      [
        'DescribeFlow',
        'GET',
        '/v1/flows/{flowArn}',
        [],
        obj({ Flow: obj({ FlowArn: str(), Status: str(['STANDBY', 'STARTING', 'ACTIVE', 'ERROR']) }) }),
      ],
    ],
  ],
  [
    // OSIS: paths that name their actions, the item after each.
    'a start and a read whose paths name their actions, the same item after each',
    [
      ['StartPipeline', 'PUT', '/osis/startPipeline/{PipelineName}', [], obj({ Pipeline: obj({ Status: str(['STARTING', 'ACTIVE']) }) })],
      [
        'GetPipeline',
        'GET',
        '/osis/getPipeline/{PipelineName}',
        [],
        obj({ Pipeline: obj({ PipelineName: str(), Status: str(['CREATING', 'ACTIVE', 'STARTING', 'STOPPED', 'CREATE_FAILED']) }) }),
      ],
    ],
  ],
  [
    // IoT: a dynamic thing group is a thing group, read at the same item in its head noun's collection.
    'a kind made at its item, read in the collection of its head noun',
    [
      [
        'CreateDynamicThingGroup',
        'POST',
        '/dynamic-thing-groups/{thingGroupName}',
        ['queryString'],
        obj({ thingGroupName: str(), thingGroupArn: str() }),
      ],
      [
        'DescribeThingGroup',
        'GET',
        '/thing-groups/{thingGroupName}',
        [],
        obj({ thingGroupName: str(), status: str(['BUILDING', 'ACTIVE', 'REBUILDING']) }),
      ],
    ],
  ],
];

describe("AWS provisioning with the item's parameter called `id`", () => {
  it.each(rows)('%s', (_, ops) => {
    const asWritten = families(build(ops, false));
    expect(asWritten).toHaveLength(1);
    // A start that takes the id in its own path passes it as its own renamed argument (`arg:flowArn` → `arg:id`).
    const renamed = itemParam(ops[0]![2]);
    const arg = (s: string | null) => s?.replace(`arg:${renamed}`, 'arg:id') ?? null;
    const rewritten = asWritten.map((f) => ({ ...f, idFrom: f.idFrom.map(arg), carry: f.carry.map(arg) }));
    expect(families(build(ops, true))).toEqual(rewritten);
  });

  it('links a bare `{id}` only to the id its collection names', () => {
    // `pipelineName` is no channel's: `/channels/{id}` reads another thing.
    const ops: Op[] = [
      ['CreateChannel', 'POST', '/channels', ['pipelineName'], obj({ pipelineName: str(), pipelineArn: str() })],
      ['DescribeChannel', 'GET', '/channels/{channelName}', [], obj({ channel: obj({ name: str(), status: str(UP) }) })],
    ];
    expect(families(build(ops, true))).toEqual([]);
  });
});
