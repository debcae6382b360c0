/**
 * Starts that reach one poll are one family only when they reach it the same way (src/detect/pollInputForm.ts).
 * A family has one poll link, so two starts whose ids go in by different forms (OpenSearch `CreatePackage` answers a
 * `PackageID`, `AssociatePackage` a `PackageName`, and `DescribePackages` selects by a filter of either name) must be
 * two families: joined, every job of the second start was polled with the first start's filter, and never found
 * itself in the answer (the corpus run sweep, `npm run corpus:runs`). Starts feeding the same form stay one family.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const rest = (path: string, op: string, input: JsonSchema, output: JsonSchema, params: string[] = []): Operation =>
  createOperation('POST', path, {
    operationId: op,
    parameters: params.map((name) => createParameter(name, 'path', { required: true, schema: str() })),
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });

const STATES = ['COPYING', 'VALIDATING', 'AVAILABLE', 'COPY_FAILED'];
const describePackages = rest(
  '/packages/describe',
  'DescribePackages',
  obj({ Filters: list(obj({ Name: str(['PackageID', 'PackageName', 'PackageStatus']), Value: list(str()) })) }),
  obj({ PackageDetailsList: list(obj({ PackageID: str(), PackageName: str(), PackageStatus: str(STATES) })) }),
);
const createPackage = rest(
  '/packages',
  'CreatePackage',
  obj({ PackageName: str() }, ['PackageName']),
  obj({ PackageDetails: obj({ PackageID: str() }) }),
);
const associatePackage = rest(
  '/packages/associate/{PackageID}/{DomainName}',
  'AssociatePackage',
  obj({}),
  obj({ DomainPackageDetails: obj({ PackageName: str(), DomainPackageStatus: str(['ASSOCIATING', 'ACTIVE']) }) }),
  ['PackageID', 'DomainName'],
);

/** `start → poll filter` of every family that polls DescribePackages. */
function filterForms(ops: Operation[]): string[] {
  const d = detectJobs(createModel(ops));
  return d.families.flatMap((f) =>
    isOperationLink(f.poll) && f.poll.op.operationId === 'DescribePackages'
      ? [`${f.start.map((s) => s.op.operationId).join('+')} → ${f.poll.idFilter?.name ?? f.poll.idParam}`]
      : [],
  );
}

describe('starts reaching one poll by different input forms', () => {
  it('CreatePackage alone polls by the PackageID filter', () => {
    expect(filterForms([createPackage, describePackages])).toEqual(['CreatePackage → PackageID']);
  });

  it('a second start whose answer names the package by PackageName is a family of its own', () => {
    const forms = filterForms([associatePackage, createPackage, describePackages]);
    expect(forms).toContain('CreatePackage → PackageID');
    expect(forms.every((f) => f.split(' → ')[0]!.split('+').length === 1)).toBe(true);
  });

  it('two starts feeding the same path parameter stay one family', () => {
    const job = obj({ id: str(), status: str(['queued', 'running', 'succeeded', 'failed']) });
    const ops = [
      createOperation('POST', '/jobs', {
        operationId: 'createJob',
        requestBody: createRequestBody(obj({ kind: str() })),
        responses: [createResponse('202', { schema: job })],
      }),
      createOperation('PUT', '/jobs/{jobId}', {
        operationId: 'putJob',
        parameters: [createParameter('jobId', 'path', { required: true, schema: str() })],
        requestBody: createRequestBody(obj({ kind: str() })),
        responses: [createResponse('202', { schema: job })],
      }),
      createOperation('GET', '/jobs/{jobId}', {
        operationId: 'getJob',
        parameters: [createParameter('jobId', 'path', { required: true, schema: str() })],
        responses: [createResponse('200', { schema: job })],
      }),
    ];
    const d = detectJobs(createModel(ops));
    expect(d.families.map((f) => f.start.map((s) => s.op.operationId))).toEqual([['createJob', 'putJob']]);
  });

  it('two starts carrying a body field from different inputs are two families, each with its own source', () => {
    const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
    const rpc = (op: string, input: JsonSchema, output: JsonSchema) => rest(`/#X-Amz-Target=Svc.${op}`, op, input, output);
    const describeVersions = rpc(
      'DescribeProjectVersions',
      obj({ ProjectArn: str(), VersionNames: list(str()) }, ['ProjectArn']),
      obj({
        ProjectVersionDescriptions: list(
          obj({
            ProjectVersionArn: str(),
            Status: str([
              'TRAINING_IN_PROGRESS',
              'TRAINING_COMPLETED',
              'TRAINING_FAILED',
              'COPYING_IN_PROGRESS',
              'COPYING_COMPLETED',
              'COPYING_FAILED',
            ]),
          }),
        ),
      }),
    );
    // A copy names the project it makes the version in `DestinationProjectArn`; a create in `ProjectArn`.
    const copy = rpc(
      'CopyProjectVersion',
      obj({ SourceProjectArn: str(), SourceProjectVersionArn: str(), DestinationProjectArn: str(), VersionName: str() }, [
        'SourceProjectArn',
        'SourceProjectVersionArn',
        'DestinationProjectArn',
        'VersionName',
      ]),
      obj({ ProjectVersionArn: str() }),
    );
    const create = rpc(
      'CreateProjectVersion',
      obj({ ProjectArn: str(), VersionName: str() }, ['ProjectArn', 'VersionName']),
      obj({ ProjectVersionArn: str() }),
    );
    const d = detectJobs(createModel([copy, create, describeVersions]));
    const carried = d.families.map(
      (f) =>
        `${f.start.map((s) => s.op.operationId).join('+')}: ${isOperationLink(f.poll) ? f.poll.carry.map((c) => `${c.param}<${c.from}`).join(',') : '-'}`,
    );
    expect(carried.sort()).toEqual([
      'CopyProjectVersion: ProjectArn<arg:body.DestinationProjectArn',
      'CreateProjectVersion: ProjectArn<arg:body.ProjectArn',
    ]);
  });
});
