// AWS-shaped jobs through generated servers over stdio: a Transcribe-shaped JSON-RPC job (body id, nested status,
// X-Amz-Target sent by the server) and an EKS-shaped provisioning, every request signed with SigV4 and verified by
// the fake upstream. The families are declared with the config's `operations` overrides (fixtures/e2e/aws-*.config.json).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AWS_KEYS, type FakeAws, startFakeAws } from '../support/fakeAws.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectStdio, fitArgs, jobTools, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';

const [accessKeyId, secretAccessKey] = Object.entries(FAKE_AWS_KEYS)[0]!;
const SESSION = 'fake-e2e-session-token-0000000000000001';

async function connectTo(server: GeneratedServer, fake: FakeAws, extra: Record<string, string> = {}): Promise<Connected> {
  return connectStdio(server, {
    API_BASE_URL: fake.url,
    JOB_STORE_URL: join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-aws-')), 'jobs.sqlite'),
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: SESSION,
    AWS_REGION: 'eu-west-1',
    ...extra,
  });
}

describe('Transcribe-shaped job (JSON-RPC, X-Amz-Target, id in the body)', () => {
  let fake: FakeAws;
  let server: GeneratedServer;
  let conn: Connected;
  let tools: ReturnType<typeof jobTools>;

  beforeAll(async () => {
    fake = await startFakeAws('transcribe');
    server = await generateServer('fixtures/e2e/aws-transcribe.json', 'aws-transcribe', ['-c', 'fixtures/e2e/aws-transcribe.config.json']);
    conn = await connectTo(server, fake);
    tools = jobTools(conn.tools);
  });
  afterAll(async () => {
    await conn?.close();
    await fake?.close();
  });

  const start = async (name: string, uri: string) => {
    const tool = tools.start[0]!;
    const res = await callChecked(conn, tool.name, fitArgs(tool, { body: { TranscriptionJobName: name, Media: { MediaFileUri: uri } } }));
    if (res.isError) throw new Error(`${tool.name} failed: ${textOf(res)}\n${conn.stderr()}`);
    return res.structuredContent!;
  };

  it('asks the agent for neither X-Amz-Target nor the signature headers', () => {
    expect(metaOf(tools.start[0]!)['mcp-jobgen/operation']).toBe('StartTranscriptionJob');
    for (const tool of conn.tools) {
      const props = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
      expect(
        props.filter((p) => /amz/i.test(p)),
        tool.name,
      ).toEqual([]);
    }
  });

  it('runs QUEUED → IN_PROGRESS → COMPLETED, each poll a signed POST / with the name in its body', async () => {
    const started = await start('e2e-meeting-1', 's3://bucket/meeting-1.wav');
    expect(started).toMatchObject({ state: 'queued', upstream_status: 'QUEUED', terminal: false });
    const seen = await pollUntilTerminal(conn, tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true });
    const polls = fake.requests.filter((r) => r.target === 'Transcribe.GetTranscriptionJob');
    expect(polls.length).toBe(2);
    for (const poll of polls) {
      expect([poll.method, poll.url, JSON.parse(poll.body)]).toEqual(['POST', '/', { TranscriptionJobName: 'e2e-meeting-1' }]);
      expect(poll.signature).toMatchObject({ ok: true, service: 'transcribe', region: 'eu-west-1', accessKeyId });
      expect(poll.headers['x-amz-security-token']).toBe(SESSION);
    }
  });

  it('a FAILED job ends failed with the upstream reason', async () => {
    const started = await start('e2e-meeting-2', 's3://bucket/fail.wav');
    const last = (await pollUntilTerminal(conn, tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'failed', upstream_status: 'FAILED' });
    expect(JSON.stringify(last.error)).toContain('could not be decoded');
  });

  it('cancels with the sibling DeleteTranscriptionJob, the name in its body', async () => {
    const started = await start('e2e-meeting-3', 's3://bucket/meeting-3.wav');
    const res = await callChecked(conn, tools.cancel!.name, { job_id: started.job_id });
    expect(res.isError, textOf(res)).toBeFalsy();
    const deletes = fake.requests.filter((r) => r.target === 'Transcribe.DeleteTranscriptionJob');
    expect(deletes.map((r) => JSON.parse(r.body))).toEqual([{ TranscriptionJobName: 'e2e-meeting-3' }]);
    expect(deletes[0]!.signature.ok).toBe(true);
  });

  it('every request was signed, and the secret key never reached the log', () => {
    expect(fake.requests.every((r) => r.signature.ok)).toBe(true);
    expect(conn.stderr()).not.toContain(secretAccessKey);
    expect(conn.stderr()).not.toContain(SESSION);
  });
});

describe('EKS-shaped provisioning (REST-JSON, a name the client chooses)', () => {
  let fake: FakeAws;
  let server: GeneratedServer;
  let conn: Connected;
  let tools: ReturnType<typeof jobTools>;

  beforeAll(async () => {
    fake = await startFakeAws('eks');
    server = await generateServer('fixtures/e2e/aws-eks.json', 'aws-eks', ['-c', 'fixtures/e2e/aws-eks.config.json']);
    conn = await connectTo(server, fake);
    tools = jobTools(conn.tools);
  });
  afterAll(async () => {
    await conn?.close();
    await fake?.close();
  });

  const create = async (name: string) => {
    const tool = tools.start[0]!;
    const body = { name, roleArn: 'arn:aws:iam::1:role/eks', resourcesVpcConfig: { subnetIds: ['subnet-1'] } };
    const res = await callChecked(conn, tool.name, fitArgs(tool, { body }));
    if (res.isError) throw new Error(`${tool.name} failed: ${textOf(res)}\n${conn.stderr()}`);
    return res.structuredContent!;
  };

  it('brings a cluster up: CREATING → ACTIVE is succeeded for the create', async () => {
    const started = await create('e2e-cluster-1');
    expect(started).toMatchObject({ state: 'running', upstream_status: 'CREATING' });
    const seen = await pollUntilTerminal(conn, tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['CREATING', 'ACTIVE']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true });
    const reads = fake.requests.filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.url)).toEqual(['/clusters/e2e-cluster-1', '/clusters/e2e-cluster-1']);
    expect(reads.every((r) => r.signature.ok && r.signature.service === 'eks')).toBe(true);
  });

  it('cancels a cluster still CREATING with DELETE /clusters/{name}', async () => {
    const started = await create('e2e-cluster-2');
    const res = await callChecked(conn, tools.cancel!.name, { job_id: started.job_id });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/clusters/e2e-cluster-2']);
    const last = (await pollUntilTerminal(conn, tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'cancelled', upstream_status: 'DELETING' });
  });

  it('without AWS credentials the start names the variables to set and sends nothing', async () => {
    const bare = await connectStdio(server, {
      API_BASE_URL: fake.url,
      JOB_STORE_URL: join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-aws-')), 'jobs.sqlite'),
    });
    try {
      const before = fake.requests.length;
      const tool = jobTools(bare.tools).start[0]!;
      const body = { name: 'e2e-cluster-3', roleArn: 'arn:aws:iam::1:role/eks', resourcesVpcConfig: {} };
      const res = await callChecked(bare, tool.name, fitArgs(tool, { body }));
      expect(res.isError).toBe(true);
      expect(textOf(res)).toMatch(/AWS_ACCESS_KEY_ID \+ AWS_SECRET_ACCESS_KEY/);
      expect(fake.requests.length).toBe(before);
    } finally {
      await bare.close();
    }
  });
});
