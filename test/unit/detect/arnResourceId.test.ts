/**
 * The id an answered ARN ends in, asked by the read of that thing under its id (src/detect/idflow/arnResourceId.ts):
 * SageMaker `CreateDomain` → `{DomainArn}` typed `…:domain/.*` → `DescribeDomain {DomainId}`. Near misses: an ARN of
 * another type, an answer that also carries the id, a read that asks by the name the start takes.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATUS = ['Deleting', 'Failed', 'InService', 'Pending', 'Updating', 'Update_Failed', 'Delete_Failed'];
const arn = (type: string): JsonSchema => ({
  allOf: [
    { type: 'string', pattern: `arn:aws[a-z\\-]*:sagemaker:[a-z0-9\\-]*:[0-9]{12}:${type}/.*`, maxLength: 256 },
    { description: 'The Amazon Resource Name (ARN) of the created domain.' },
  ],
});
const createDomain = (answer: Record<string, JsonSchema>) =>
  rpc('CreateDomain', obj({ DomainName: str(), VpcId: str() }, ['DomainName', 'VpcId']), obj(answer));
const describeDomain = (key = 'DomainId') =>
  rpc('DescribeDomain', obj({ [key]: str() }, [key]), obj({ DomainId: str(), DomainArn: str(), DomainName: str(), Status: str(STATUS) }));

const links = (ops: ReturnType<typeof rpc>[]) =>
  detectJobs(createModel(ops)).families.map((f) => ({
    kind: f.kind,
    idFrom: f.start[0]!.idFrom,
    idFromArn: f.start[0]!.idFromArn ?? null,
    idParam: isOperationLink(f.poll) ? f.poll.idParam : null,
  }));

describe('an answered ARN of the start’s own type, read by the id it ends in', () => {
  it('links CreateDomain’s DomainArn to DescribeDomain’s DomainId', () => {
    expect(links([createDomain({ DomainArn: arn('domain'), Url: str() }), describeDomain()])).toEqual([
      { kind: 'provisioning', idFrom: 'body:DomainArn', idFromArn: 'domain', idParam: 'DomainId' },
    ]);
  });
  it('near miss: an ARN whose pattern spells another type links nothing', () => {
    expect(links([createDomain({ DomainArn: arn('user-profile'), Url: str() }), describeDomain()])).toEqual([]);
  });
  it('near miss: an answer that carries the id itself is read by it', () => {
    expect(links([createDomain({ DomainArn: arn('domain'), DomainId: str() }), describeDomain()])).toEqual([
      { kind: 'provisioning', idFrom: 'body:DomainId', idFromArn: null, idParam: 'DomainId' },
    ]);
  });
  it('near miss: a read by the name the start takes follows that name', () => {
    expect(links([createDomain({ DomainArn: arn('domain') }), describeDomain('DomainName')]).map((l) => l.idFromArn)).not.toContain(
      'domain',
    );
  });
});
