/**
 * Other vendors' routes with the item's own path parameter called `{id}` (Rails' and Laravel's resource routes), as
 * the metamorphic `paramNames` rewrite says them: in every path the last parameter, when at most one literal segment
 * follows it, is renamed `{id}`, so a nested collection's parent (`/Assistants/{id}/ModelBuilds`) and the item of
 * that collection (`/Assistants/{AssistantSid}/ModelBuilds/{id}`) may name one value twice. Each row is detected as
 * written and so renamed, and must find the same families, each start's id read from the same answer field.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });

/** The path as a resource route says it: its last parameter `{id}` when at most one literal segment follows. */
function railsPath(path: string): string {
  const segments = path.split('/');
  const params = segments.flatMap((s, i) => (/^\{[^{}]+\}$/.test(s) ? [i] : []));
  const last = params.at(-1) ?? -1;
  if (last < 0 || segments.length - 1 - last > 1) return path;
  return [...segments.slice(0, last), '{id}', ...segments.slice(last + 1)].join('/');
}

type Op = [string, 'GET' | 'POST', string, JsonSchema];
const build = (ops: Op[], rails: boolean): Operation[] =>
  ops.map(([operationId, method, path, answer]) =>
    createOperation(method, rails ? railsPath(path) : path, {
      operationId,
      ...(method === 'GET' ? {} : { requestBody: createRequestBody(obj({ type: str() })) }),
      responses: [createResponse('200', { schema: answer })],
    }),
  );

/** A start's own argument by its place in the path (`arg:@3`), which the rename keeps; an answer field as it is. */
const placeOf = (path: string, idFrom: string | null) =>
  idFrom?.startsWith('arg:') ? `arg:@${path.split('/').indexOf(`{${idFrom.slice(4)}}`)}` : idFrom;

const SCAN = obj({
  id: str(),
  target: obj({ id: str() }),
  created: { type: 'string', format: 'date-time' },
  status: str(['queued', 'started', 'completed', 'failed', 'canceled']),
});

const families = (ops: Operation[]) => {
  const d = detectJobs(createModel(ops, { schemas: { '#/components/schemas/Scan': SCAN } }));
  return d.families.map((f) => ({
    ...summarize({ ...d, families: [f] })[0],
    idFrom: f.start.map((s) => placeOf(s.op.path, s.idFrom)),
  }));
};

const SUITE = obj({ id: str(), head_sha: str(), status: str(['queued', 'in_progress', 'completed']) });
const TASK = obj({
  Id: str(),
  Name: str(),
  State: str(['Idle', 'Cancelling', 'Running']),
  LastExecutionResult: obj({
    StartTimeUtc: { type: 'string', format: 'date-time' },
    Status: str(['Completed', 'Failed', 'Cancelled', 'Aborted']),
  }),
});
const BUILD = obj({
  sid: str(),
  account_sid: str(),
  assistant_sid: str(),
  unique_name: str(),
  status: str(['enqueued', 'building', 'completed', 'failed', 'canceled']),
});
const ACTION = obj({ id: str(), status: str(['in-progress', 'completed', 'errored']), type: str(), resource_id: str() });

const rows: Array<[string, Op[]]> = [
  [
    // GitHub's check-suite rerequest: the start's `{id}` is one verb segment below the item the poll reads, so it is
    // that item's by the path's hierarchy, as `{check_suite_id}` is by its name.
    'a verb on the item, spelled after its id',
    [
      ['rerequestSuite', 'POST', '/repos/{owner}/{repo}/check-suites/{check_suite_id}/rerequest', obj({})],
      ['getSuite', 'GET', '/repos/{owner}/{repo}/check-suites/{check_suite_id}', SUITE],
    ],
  ],
  [
    // Jellyfin's StartTask: the verb before the id.
    'a verb on the item, spelled before its id',
    [
      ['StartTask', 'POST', '/ScheduledTasks/Running/{taskId}', obj({})],
      ['GetTask', 'GET', '/ScheduledTasks/{taskId}', TASK],
    ],
  ],
  [
    // Twilio Autopilot's CreateModelBuild: the collection's parent is `{id}` in the create's path and `{AssistantSid}`
    // in the item's; the same segment carries it, and the item's `{id}` is the build's `sid`, not the assistant's.
    'a create into a nested collection whose parent is named otherwise in each route',
    [
      ['CreateModelBuild', 'POST', '/v1/Assistants/{AssistantSid}/ModelBuilds', BUILD],
      ['FetchModelBuild', 'GET', '/v1/Assistants/{AssistantSid}/ModelBuilds/{Sid}', BUILD],
    ],
  ],
  [
    // DigitalOcean's image action: the start's `{id}` is the image the action is posted under, the answer's `id` the
    // new action's, read at the actions' own item.
    'an action posted under a parent called `{id}`, answering its own `id`',
    [
      ['imageActions_post', 'POST', '/v2/images/{image_id}/actions', ACTION],
      ['imageActions_list', 'GET', '/v2/images/{image_id}/actions', obj({ actions: { type: 'array', items: ACTION } })],
      ['imageActions_get', 'GET', '/v2/images/{image_id}/actions/{action_id}', obj({ action: ACTION })],
      ['actions_get', 'GET', '/v2/actions/{action_id}', obj({ action: ACTION })],
    ],
  ],
  [
    // Probely's scan_now: a verb on the target (`{id}` there) answering the scan its read answers (the same named
    // document); the read's `{target_id}` is the start's `{id}` by its place under `/targets`, and the read's own
    // `{id}` is the scan's, another collection's.
    'a start answering the document its read answers, under a parent called `{id}`',
    [
      ['scanNow', 'POST', '/targets/{target_id}/scan_now', { $ref: '#/components/schemas/Scan' }],
      ['getScan', 'GET', '/targets/{target_id}/scans/{id}', { $ref: '#/components/schemas/Scan' }],
    ],
  ],
];

describe("other vendors' item parameter called `id` changes no family", () => {
  it.each(rows)('%s', (_, ops) => {
    const asWritten = families(build(ops, false));
    expect(asWritten).toHaveLength(1);
    expect(families(build(ops, true))).toEqual(asWritten);
  });

  // Square: a payment link's `checkout` and a card reader's `checkout` share an envelope name, not a record. Asked as
  // `{checkout_id}` no rule weighed them; asked as `{id}`, the envelope rule must still find them two things.
  it('two records under one envelope name stay apart', () => {
    const ops: Op[] = [
      ['CreateCheckout', 'POST', '/v2/locations/{location_id}/checkouts', obj({ checkout: obj({ id: str(), checkout_page_url: str() }) })],
      [
        'GetTerminalCheckout',
        'GET',
        '/v2/terminals/checkouts/{checkout_id}',
        obj({ checkout: obj({ id: str(), device_id: str(), status: str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELED']) }) }),
      ],
    ];
    expect(families(build(ops, false))).toEqual([]);
    expect(families(build(ops, true))).toEqual([]);
  });

  // The runtime keeps the last value it reads for a parameter: a start's argument of the parameter's own name comes
  // after one taken by its place, so the retest's `{id}` (a finding's) never fills the scan read's `{target_id}`.
  it("a start's own argument of the name outranks another start's by place", () => {
    const ops = build(
      [
        ['retest', 'POST', '/targets/{target_id}/findings/{finding_id}/retest', { $ref: '#/components/schemas/Scan' }],
        ['scanNow', 'POST', '/targets/{target_id}/scan_now', { $ref: '#/components/schemas/Scan' }],
        ['getScan', 'GET', '/targets/{target_id}/scans/{id}', { $ref: '#/components/schemas/Scan' }],
      ],
      true,
    );
    const [family] = detectJobs(createModel(ops, { schemas: { '#/components/schemas/Scan': SCAN } })).families;
    const poll = family?.poll;
    expect(poll && 'carry' in poll ? poll.carry.filter((c) => c.param === 'target_id').map((c) => c.from) : []).toEqual([
      'arg:id',
      'arg:target_id',
    ]);
  });

  it('renames as the rewrite does', () => {
    expect(railsPath('/v1/Assistants/{AssistantSid}/ModelBuilds')).toBe('/v1/Assistants/{id}/ModelBuilds');
    expect(railsPath('/v1/Assistants/{AssistantSid}/ModelBuilds/{Sid}')).toBe('/v1/Assistants/{AssistantSid}/ModelBuilds/{id}');
    expect(railsPath('/a/{x}/b/c')).toBe('/a/{x}/b/c');
  });
});
