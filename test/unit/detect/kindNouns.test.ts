/**
 * A bare id answered by a start of a qualified noun is read by the head noun's read (kindNouns.ts): DigitalOcean's
 * `POST /v2/images/{image_id}/actions` → `{id}` → `GET /v2/actions/{action_id}`; IoT Wireless's
 * `StartSingleWirelessDeviceImportTask` → `{Id}` → `GET /wireless_device_import_task/{Id}`. Near misses: the words
 * before the head (the image) are no kind of it; what follows `from` is the source; a read with words of its own
 * reads another thing, and so does one answering another record than the start's (MS Graph's audio routing group); a start that takes the kind's id acted on that thing.
 */
import { describe, expect, it } from 'vitest';
import { kindNouns } from '../../../src/detect/idflow/kindNouns.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const ACTION = obj({ id: { type: 'integer' }, type: str(), status: str(['in-progress', 'completed', 'errored']) });

const post = (path: string, operationId: string, answer: JsonSchema, pathParam?: string): Operation =>
  createOperation('POST', path, {
    operationId,
    parameters: pathParam ? [createParameter(pathParam, 'path', { required: true })] : [],
    requestBody: createRequestBody(obj({ type: str() })),
    responses: [createResponse('201', { schema: answer })],
  });
const get = (path: string, operationId: string, param: string, answer: JsonSchema): Operation =>
  createOperation('GET', path, {
    operationId,
    parameters: [createParameter(param, 'path', { required: true })],
    responses: [createResponse('200', { schema: answer })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('kindNouns', () => {
  it.each<[string[], string[][]]>([
    [
      ['single', 'wireless', 'device', 'import', 'task'],
      [['wireless', 'device', 'import', 'task'], ['device', 'import', 'task'], ['import', 'task'], ['task']],
    ],
    [['image', 'action'], [['action']]],
    [['instance', 'from', 'snapshot'], [['instance']]],
    [
      ['dynamic', 'thing', 'group', 'for', 'index'],
      [['dynamic', 'thing', 'group'], ['thing', 'group'], ['group']],
    ],
    [['action'], []],
    [['dataset', 'async', '1'], []],
  ])('%j', (noun, kinds) => {
    expect(kindNouns(noun)).toEqual(kinds);
  });
});

describe('a bare id read by the head noun of the start', () => {
  const actionRead = get('/v2/actions/{action_id}', 'actions_get', 'action_id', obj({ action: ACTION }));
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'an image action is an action',
      [post('/v2/images/{image_id}/actions', 'imageActions_post', ACTION, 'image_id'), actionRead],
      [['imageActions_post', 'actions_get(action_id)']],
    ],
    [
      'a single import task is an import task, read by a bare `Id`',
      [
        post('/wireless_single_device_import_task', 'StartSingleWirelessDeviceImportTask', obj({ Id: str(), Arn: str() })),
        get(
          '/wireless_device_import_task/{Id}',
          'GetWirelessDeviceImportTask',
          'Id',
          obj({ Id: str(), Status: str(['INITIALIZING', 'PENDING', 'COMPLETE', 'FAILED']) }),
        ),
      ],
      [['StartSingleWirelessDeviceImportTask', 'GetWirelessDeviceImportTask(Id)']],
    ],
    [
      'near miss: the qualifier is not the thing (an image action is no image)',
      [
        post('/v2/images/{image_id}/actions', 'imageActions_post', ACTION, 'image_id'),
        get('/v2/image/{image_id}', 'image_get', 'image_id', obj({ image: ACTION })),
      ],
      [],
    ],
    [
      'near miss: what follows `from` is the source, not the thing made',
      [
        post('/v2/actions-from-image', 'createActionFromImage', obj({ id: str(), status: str() })),
        get('/v2/images/{image_id}', 'getImage', 'image_id', obj({ image: ACTION })),
      ],
      [],
    ],
    [
      'near miss: a read with words of its own reads another thing',
      [
        post('/v2/images/{image_id}/actions', 'imageActions_post', ACTION, 'image_id'),
        get('/v2/actions/{action_id}/progress', 'actions_get_progress', 'action_id', obj({ action: ACTION })),
      ],
      [],
    ],
    [
      'near miss: a group by name only, its record not the read one',
      [
        post(
          '/calls/{call_id}/audioRoutingGroups',
          'calls.CreateAudioRoutingGroups',
          obj({ id: str(), routingMode: str(), sources: str() }),
          'call_id',
        ),
        get(
          '/groups/{group_id}',
          'groups.GetGroup',
          'group_id',
          obj({ id: str(), displayName: str(), status: str(['in-progress', 'completed', 'errored']) }),
        ),
      ],
      [],
    ],
    [
      'near miss: the start takes the id of the kind: it acted on that thing',
      [
        post('/v2/actions/{action_id}/approve', 'approve_an_action', ACTION, 'action_id'),
        get('/v2/approvals/{approval_id}', 'approvals_get', 'approval_id', obj({ approval: ACTION })),
        actionRead,
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
