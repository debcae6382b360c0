/**
 * A link made between two things is read in one side's list of its links, by the other side's id
 * (src/detect/idflow/linkRecordList.ts): App Runner `AssociateCustomDomain {ServiceArn, DomainName}` →
 * `DescribeCustomDomains {ServiceArn}` → `CustomDomains: [{DomainName, Status}]`; OpenSearch `AssociatePackage`
 * `POST /packages/associate/{PackageID}/{DomainName}` → `ListPackagesForDomain` `GET /domain/{DomainName}/packages`.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const DOMAIN = str(['CREATING', 'CREATE_FAILED', 'ACTIVE', 'DELETING', 'DELETE_FAILED', 'BINDING_CERTIFICATE']);
const PACKAGE = str(['ASSOCIATING', 'ASSOCIATION_FAILED', 'ACTIVE', 'DISSOCIATING', 'DISSOCIATION_FAILED']);
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

const associate = (id = 'AssociateCustomDomain') =>
  rpc(id, obj({ ServiceArn: str(), DomainName: str() }, ['ServiceArn', 'DomainName']), obj({ ServiceArn: str() }));
const describeDomains = (key = 'DomainName', required = ['ServiceArn']) =>
  rpc(
    'DescribeCustomDomains',
    obj({ ServiceArn: str(), ClusterArn: str(), NextToken: str() }, required),
    obj({ ServiceArn: str(), CustomDomains: list(obj({ [key]: str(), Status: DOMAIN })) }),
  );
const rest = (method: 'GET' | 'POST', path: string, operationId: string, schema: JsonSchema) =>
  createOperation(method, path, { operationId, responses: [createResponse('200', { schema })] });
const packageLinks = (key: string) => obj({ DomainPackageDetailsList: list(obj({ [key]: str(), DomainPackageStatus: PACKAGE })) });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return [
      f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','),
      poll ? `${poll.op.operationId}(${poll.idIn}:${poll.idParam}${poll.itemsAt ? ` in ${poll.itemsAt}` : ''})` : null,
    ];
  });

describe('a link read in one side’s list of its links', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the custom domain the client names, in the service’s list of its domains',
      [associate(), describeDomains()],
      [['AssociateCustomDomain<-arg:body.DomainName', 'DescribeCustomDomains(item:DomainName in CustomDomains)']],
    ],
    [
      'REST: the package in the domain’s list of its packages, not the package’s list of its domains',
      [
        rest(
          'POST',
          '/packages/associate/{PackageID}/{DomainName}',
          'AssociatePackage',
          obj({ DomainPackageDetails: obj({ PackageID: str() }) }),
        ),
        rest('GET', '/packages/{PackageID}/domains', 'ListDomainsForPackage', packageLinks('DomainName')),
        rest('GET', '/domain/{DomainName}/packages', 'ListPackagesForDomain', packageLinks('PackageID')),
      ],
      [['AssociatePackage<-arg:PackageID', 'ListPackagesForDomain(item:PackageID in DomainPackageDetailsList)']],
    ],
    ['near miss: the listed items name the domain otherwise', [associate(), describeDomains('Name')], []],
    [
      'near miss: the read also requires an id the start does not give',
      [associate(), describeDomains('DomainName', ['ServiceArn', 'ClusterArn'])],
      [],
    ],
    ['near miss: a verb that breaks the link', [associate('DisassociateCustomDomain'), describeDomains()], []],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
