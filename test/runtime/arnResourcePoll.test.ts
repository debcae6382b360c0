/**
 * A start that answers the thing's ARN, polled by its id (StartSpec.idFromArn, jobs/arnResourceId.ts): SageMaker's
 * `CreateDomain` answers `{DomainArn: "arn:aws:sagemaker:…:domain/d-abc123"}` and `DescribeDomain` takes
 * `{DomainId: "d-abc123"}`, the id the ARN ends in.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arnResourceId } from '../../templates/runtime/jobs/arnResourceId.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

describe('arnResourceId', () => {
  it.each([
    ['arn:aws:sagemaker:us-east-1:123456789012:domain/d-abc123', 'domain', 'd-abc123'],
    ['arn:aws-cn:sagemaker:cn-north-1:123456789012:domain/d-abc123', 'domain', 'd-abc123'],
    ['arn:aws:codecommit:us-east-1:123456789012:domain:d-abc123', 'domain', 'd-abc123'],
    // Another type, a bare type, not an ARN.
    ['arn:aws:sagemaker:us-east-1:123456789012:user-profile/d-abc123/me', 'domain', undefined],
    ['arn:aws:sagemaker:us-east-1:123456789012:domain/', 'domain', undefined],
    ['d-abc123', 'domain', undefined],
  ])('%s (%s): %s', (arn, type, id) => expect(arnResourceId(arn, type)).toBe(id));
});

const ARN = 'arn:aws:sagemaker:us-east-1:123456789012:domain/d-abc123';
const ops = [
  awsRpcOp('SageMaker', 'create_domain', 'CreateDomain', 'start', z.object({ body: z.object({ DomainName: z.string() }) })),
  awsRpcOp('SageMaker', 'describe_domain', 'DescribeDomain', 'tool', z.object({ body: z.object({ DomainId: z.string() }) })),
];
const domain = family({
  name: 'domain',
  kind: 'provisioning',
  starts: [
    {
      operation: 'create_domain',
      idFrom: 'body:DomainArn',
      idFromArn: 'domain',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'describe_domain', idParam: 'DomainId', idIn: 'body', carry: [] },
  statusField: 'Status',
  states: { Pending: 'queued', InService: 'succeeded', Failed: 'failed' },
});

const keep = closedAfterEach();

describe('a domain created by ARN, read by its id (SageMaker CreateDomain → DescribeDomain)', () => {
  it('sends the id the answered ARN ends in', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
      if (req.headers['x-amz-target'] === 'SageMaker.CreateDomain') return void send({ DomainArn: ARN, Url: 'https://d-abc123.example' });
      polls++;
      const asked = (JSON.parse(req.bodyText) as { DomainId?: string }).DomainId;
      return void send({ DomainId: asked, DomainArn: ARN, Status: asked === 'd-abc123' && polls > 1 ? 'InService' : 'Pending' });
    });
    const conn = keep(await connect(definition(ops, [domain]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('create_domain', { body: { DomainName: 'studio' } }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('domain_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'succeeded']);
    const asked = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'SageMaker.DescribeDomain')
      .map((r) => (JSON.parse(r.body) as { DomainId: string }).DomainId);
    expect(asked).toEqual(['d-abc123', 'd-abc123']);
  });
});
