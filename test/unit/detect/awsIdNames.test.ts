/**
 * Start and poll whose id names differ in AWS contracts (issue 24), linked by structure, not by a looser name match:
 * - a path key's `#fragment` is no part of the URL (resourcePath.ts): `GET /access-preview/{accessPreviewId}#analyzerArn`
 *   reads the item of the collection `PUT /access-preview` creates, answering `{id}`;
 * - a bare `identifier` whose pattern is an ARN's is asked for by the ARN the start answers (`GetLoggingConfiguration`);
 * - a `<Thing>Name` input that admits the ARN (its pattern, or "The name or Amazon Resource Name (ARN) of …") is
 *   asked for by the `<Thing>Arn` answered (nameOrArn.ts): `CreateModelPackage` → `DescribeModelPackage`;
 * - a read named after the start's verb reads the action on the item the start names (actionRecordRead.ts):
 *   `ResizeCluster(ClusterIdentifier)` → `DescribeResize(ClusterIdentifier)`.
 * Rows over factory-built IR, a near miss beside each guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const PROVISIONING = ['ACTIVE', 'CREATING', 'UPDATING', 'DELETING', 'FAILED'];
const ARN: JsonSchema = { type: 'string', pattern: '^arn:aws:ivschat:[a-z0-9-]+:[0-9]+:logging-configuration/[a-zA-Z0-9-]+$' };

const detect = (ops: Operation[]) => summarize(detectJobs(createModel(ops))).map((f) => [f.start, f.poll]);

/** `PUT /access-preview` answering `{id}`, read at `readPath` by `{accessPreviewId}` and the analyzer's ARN. */
function accessPreview(readPath: string): Operation[] {
  return [
    createOperation('PUT', '/access-preview', {
      operationId: 'CreateAccessPreview',
      requestBody: createRequestBody(obj({ analyzerArn: str(), configurations: obj({}) }, ['analyzerArn', 'configurations'])),
      responses: [createResponse('200', { schema: obj({ id: str() }) })],
    }),
    createOperation('GET', readPath, {
      operationId: 'GetAccessPreview',
      parameters: [
        createParameter('accessPreviewId', 'path', { required: true }),
        createParameter('analyzerArn', 'query', { required: true }),
      ],
      responses: [
        createResponse('200', { schema: obj({ accessPreview: obj({ id: str(), status: str(['COMPLETED', 'CREATING', 'FAILED']) }) }) }),
      ],
    }),
  ];
}

/** `CreateLoggingConfiguration` answering `{arn, id}`, read by an `identifier` of schema `identifier`. */
function loggingConfiguration(identifier: JsonSchema): Operation[] {
  return [
    createOperation('POST', '/CreateLoggingConfiguration', {
      operationId: 'CreateLoggingConfiguration',
      requestBody: createRequestBody(obj({ destinationConfiguration: obj({}) }, ['destinationConfiguration'])),
      responses: [createResponse('200', { schema: obj({ arn: str(), id: str(), state: str(['CREATING', 'ACTIVE']) }) })],
    }),
    createOperation('POST', '/GetLoggingConfiguration', {
      operationId: 'GetLoggingConfiguration',
      requestBody: createRequestBody({ type: 'object', required: ['identifier'], properties: { identifier } }),
      responses: [createResponse('200', { schema: obj({ arn: str(), id: str(), state: str(PROVISIONING) }) })],
    }),
  ];
}

/** `ResizeCluster(ClusterIdentifier, SnapshotIdentifier)` and a read `readId(readInput)` of the resize's status. */
function resize(readId: string, readInput: string): Operation[] {
  const input = obj({ ClusterIdentifier: str(), SnapshotIdentifier: str() }, ['ClusterIdentifier', 'SnapshotIdentifier']);
  return [
    rpc('ResizeCluster', input, obj({ Cluster: obj({ ClusterStatus: str() }) })),
    rpc(
      readId,
      obj({ [readInput]: str() }, [readInput]),
      obj({ Status: str(['NONE', 'IN_PROGRESS', 'FAILED', 'SUCCEEDED', 'CANCELLING']) }),
    ),
  ];
}

const NAME_OR_ARN: JsonSchema = {
  type: 'string',
  pattern: '(arn:aws[a-z\\-]*:sagemaker:[a-z0-9\\-]*:[0-9]{12}:[a-z\\-]*\\/)?([a-zA-Z0-9]){1,63}$',
};
const PACKAGE = ['Pending', 'InProgress', 'Completed', 'Failed', 'Deleting'];

/** `startId(startInput)` answering the package's ARN, and `DescribeModelPackage(ModelPackageName: name)`. */
function modelPackage(name: JsonSchema, startId = 'CreateModelPackage', startInput = 'ModelPackageDescription'): Operation[] {
  return [
    rpc(startId, obj({ [startInput]: str() }, [startInput]), obj({ ModelPackageArn: str() })),
    rpc('DescribeModelPackage', obj({ ModelPackageName: name }, ['ModelPackageName']), obj({ ModelPackageStatus: str(PACKAGE) })),
  ];
}

describe('AWS start and poll whose id names differ', () => {
  it('a `#fragment` naming the dispatching query is no part of the item’s path', () => {
    expect(detect(accessPreview('/access-preview/{accessPreviewId}#analyzerArn'))).toEqual([[['CreateAccessPreview'], 'GetAccessPreview']]);
  });

  it('near miss: a bare `id` read elsewhere than the created item is too common to link by', () => {
    expect(detect(accessPreview('/previews/{accessPreviewId}#analyzerArn'))).toEqual([]);
  });

  it('a bare `identifier` typed as an ARN is asked for by the ARN the start answers', () => {
    expect(detect(loggingConfiguration(ARN))).toEqual([[['CreateLoggingConfiguration'], 'GetLoggingConfiguration']]);
  });

  it('a `<Thing>Name` whose pattern admits the ARN is asked for by the `<Thing>Arn` answered', () => {
    expect(detect(modelPackage(NAME_OR_ARN))).toEqual([[['CreateModelPackage'], 'DescribeModelPackage']]);
  });

  it('a `<Thing>Name` described as "the name or Amazon Resource Name (ARN)" is too', () => {
    const described = str(undefined, 'The name or Amazon Resource Name (ARN) of the model package to describe.');
    expect(detect(modelPackage(described))).toEqual([[['CreateModelPackage'], 'DescribeModelPackage']]);
  });

  it('near miss: a plain `<Thing>Name` takes a name, not the ARN answered', () => {
    expect(detect(modelPackage(str()))).toEqual([]);
  });

  it('near miss: a start that takes that `<Thing>Name` itself answers the ARN of what exists', () => {
    expect(detect(modelPackage(NAME_OR_ARN, 'CreateModelPackageUrl', 'ModelPackageName'))).toEqual([]);
  });

  it('a read named after the start’s verb, by the id of the thing the start acts on', () => {
    expect(detect(resize('DescribeResize', 'ClusterIdentifier'))).toEqual([[['ResizeCluster'], 'DescribeResize']]);
  });

  it('near miss: a read of the verb by another thing’s id (`SnapshotIdentifier`) is not that action’s', () => {
    expect(detect(resize('DescribeResize', 'SnapshotIdentifier'))).toEqual([]);
  });

  it('near miss: the same id, read by a noun of its own (`DescribeResizeOption`) is another thing', () => {
    expect(detect(resize('DescribeResizeOption', 'ClusterIdentifier'))).toEqual([]);
  });

  it('near miss: an untyped `identifier` names neither the `arn` nor the `id` the start answers', () => {
    expect(detect(loggingConfiguration(str()))).toEqual([]);
  });
});
