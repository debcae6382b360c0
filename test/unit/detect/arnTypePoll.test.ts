/**
 * An ARN answered under the name of the resource type the poll's ARN pattern accepts (arnTypePoll.ts): imagebuilder
 * `ImportVmImage` → `{imageArn}` → `GetImage {imageBuildVersionArn}` whose pattern is `…:image/…`. Near misses: the
 * pattern spells another type; the answered ARN names a qualified type (`imageRecipeArn`); the start takes the ARN
 * itself (`PutImagePolicy {imageArn}` echoes what it acts on).
 */
import { describe, expect, it } from 'vitest';
import { arnPatternType } from '../../../src/detect/idflow/arnTypePoll.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const IMAGE_STATES = ['PENDING', 'CREATING', 'BUILDING', 'TESTING', 'AVAILABLE', 'CANCELLED', 'FAILED'];
const arnOf = (type: string) => `^arn:aws[^:]*:imagebuilder:[^:]+:(?:[0-9]{12}|aws):${type}/[a-z0-9-_]+/[0-9]+\\.[0-9]+\\.[0-9]+/[0-9]+$`;
const getImage = (type: string) =>
  createOperation('GET', '/GetImage', {
    operationId: 'GetImage',
    parameters: [createParameter('imageBuildVersionArn', 'query', { required: true, schema: { type: 'string', pattern: arnOf(type) } })],
    responses: [createResponse('200', { schema: obj({ image: obj({ arn: str(), state: obj({ status: str(IMAGE_STATES) }) }) }) })],
  });
const importImage = (answered: string, takes = 'vmImportTaskId') =>
  createOperation('PUT', '/ImportVmImage', {
    operationId: 'ImportVmImage',
    requestBody: createRequestBody(obj({ name: str(), [takes]: str() }, ['name', takes])),
    responses: [createResponse('200', { schema: obj({ requestId: str(), [answered]: str(), clientToken: str() }) })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe("an ARN of the type the poll's pattern accepts", () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'the answered ARN is named for the type the pattern spells',
      [importImage('imageArn'), getImage('image')],
      [['ImportVmImage<-body:imageArn', 'GetImage(imageBuildVersionArn)']],
    ],
    ['near miss: the pattern spells another type', [importImage('imageArn'), getImage('component')], []],
    ['near miss: the answered ARN names a qualified type', [importImage('imageRecipeArn'), getImage('image')], []],
    ['near miss: the start takes that ARN itself (it acts on the image)', [importImage('imageArn', 'imageArn'), getImage('image')], []],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  it.each<[string, string | null]>([
    [arnOf('image'), 'image'],
    ['^arn:aws:sagemaker:[a-z0-9-]+:[0-9]{12}:project-version/.*$', 'project-version'],
    ['^[a-z]+$', null],
  ])('%s spells %s', (pattern, type) => {
    expect(arnPatternType(pattern)).toBe(type);
  });
});
