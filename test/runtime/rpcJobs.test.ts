/**
 * Jobs without a marker, as AWS's JSON protocol runs them: every operation is `POST /#X-Amz-Target=Svc.Op`, the
 * poll and the cancel take the job id in the JSON body, the status sits inside a wrapper object, the target
 * header is a constant the server sends, the `#fragment` of the path key never leaves the server, and every
 * request is signed with AWS Signature V4 from the standard environment variables.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec, SecuritySchemeSpec } from '../../templates/runtime/definition.js';
import { buildUpstreamRequest, withoutFragment } from '../../templates/runtime/upstream/request.js';
import { signRequest } from '../../templates/runtime/upstream/sigv4.js';
import { verifySigv4 } from '../support/sigv4Verify.js';
import { awsRpcOp, definition, family, op } from './defs.js';
import { connect, structured, textOf } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const sigv4: SecuritySchemeSpec = {
  key: 'hmac',
  type: 'awsSigv4',
  service: 'transcribe',
  region: 'us-east-1',
  env: { accessKeyId: 'AWS_ACCESS_KEY_ID', secretAccessKey: 'AWS_SECRET_ACCESS_KEY', sessionToken: 'AWS_SESSION_TOKEN' },
};
const KEYS = { AKIDEXAMPLE: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const awsEnv = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: KEYS.AKIDEXAMPLE, AWS_REGION: 'eu-west-1' };

const rpc = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp('Transcribe', tool, name, role, input, { security: [['hmac']] });
const named = z.object({ body: z.object({ TranscriptionJobName: z.string(), Media: z.object({ MediaFileUri: z.string() }).optional() }) });
const ops = [
  rpc('start_transcription_job', 'StartTranscriptionJob', 'start', named),
  rpc('get_transcription_job', 'GetTranscriptionJob', 'tool', named),
  rpc('delete_transcription_job', 'DeleteTranscriptionJob', 'tool', named),
];
const transcription: JobFamilySpec = family({
  name: 'transcription_job',
  tools: { status: 'transcription_job_status', cancel: 'transcription_job_cancel', result: null },
  starts: [
    {
      operation: 'start_transcription_job',
      idFrom: 'arg:body.TranscriptionJobName',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'get_transcription_job', idParam: 'TranscriptionJobName', idIn: 'body', carry: [] },
  cancel: { operation: 'delete_transcription_job', idParam: 'TranscriptionJobName', idIn: 'body', carry: [] },
  statusField: 'TranscriptionJob.TranscriptionJobStatus',
  errorField: 'TranscriptionJob.FailureReason',
  states: { QUEUED: 'queued', IN_PROGRESS: 'running', COMPLETED: 'succeeded', FAILED: 'failed' },
});

/** What each test opens (its upstream, its MCP connection), closed after it. */
const keep = closedAfterEach();

/** A Transcribe-shaped upstream on `POST /`, dispatching on X-Amz-Target, refusing what is not signed. */
async function fakeTranscribe(statuses: string[]): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  const jobs = new Map<string, number>();
  up.route('POST /', (req, res) => {
    const verdict = verifySigv4({ method: 'POST', url: req.url ?? '/', headers: req.headers, body: req.bodyText }, KEYS);
    if (!verdict.ok)
      return void res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: verdict.reason }));
    const body = JSON.parse(req.bodyText) as { TranscriptionJobName?: string };
    const name = body.TranscriptionJobName ?? '';
    const answer = (status: string) => ({ TranscriptionJob: { TranscriptionJobName: name, TranscriptionJobStatus: status } });
    const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
    switch (req.headers['x-amz-target']) {
      case 'Transcribe.StartTranscriptionJob':
        jobs.set(name, 0);
        return void send(answer(statuses[0]!));
      case 'Transcribe.GetTranscriptionJob': {
        const seen = Math.min((jobs.get(name) ?? 0) + 1, statuses.length - 1);
        jobs.set(name, seen);
        return void send(answer(statuses[seen]!));
      }
      case 'Transcribe.DeleteTranscriptionJob':
        jobs.delete(name);
        return void send({});
      // Accepted; the job goes on (it finishes cancelling later).
      case 'Transcribe.StopTranscriptionJob':
        return void send({});
      default:
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"__type":"UnknownOperationException"}');
    }
  });
  return up;
}

describe('an RPC-style job: body id, nested status, constant target header, SigV4', () => {
  it('starts a job the client names and polls it with the name in the JSON body until COMPLETED', async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED', 'IN_PROGRESS', 'COMPLETED']));
    const def = { ...definition(ops, [transcription]), securitySchemes: [sigv4] };
    const conn = keep(await connect(def, { env: { API_BASE_URL: upstream.url, ...awsEnv } }));
    const started = structured<{ job_id: string; state: string }>(
      await conn.call('start_transcription_job', { body: { TranscriptionJobName: 'meeting-1', Media: { MediaFileUri: 's3://b/k' } } }),
    );
    expect(started.state).toBe('queued');
    // The convention is chosen once, when the start answered, and kept on the job (jobs/protocols.ts).
    expect((await conn.store.get(started.job_id))?.protocol).toBe('rpc');
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      states.push(structured<{ state: string }>(await conn.call('transcription_job_status', { job_id: started.job_id })).state);
    }
    expect(states).toEqual(['running', 'succeeded']);
    const polls = upstream.requests.filter((r) => r.headers['x-amz-target'] === 'Transcribe.GetTranscriptionJob');
    expect(polls).toHaveLength(2);
    for (const poll of polls) {
      expect(poll.url).toBe('/');
      expect(JSON.parse(poll.body)).toEqual({ TranscriptionJobName: 'meeting-1' });
      expect(verifySigv4({ method: 'POST', url: poll.url, headers: poll.headers, body: poll.body }, KEYS)).toMatchObject({
        ok: true,
        region: 'eu-west-1',
        service: 'transcribe',
      });
    }
  });

  it('cancels with the sibling verb, the id in its body', async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED', 'IN_PROGRESS']));
    const conn = keep(
      await connect({ ...definition(ops, [transcription]), securitySchemes: [sigv4] }, { env: { API_BASE_URL: upstream.url, ...awsEnv } }),
    );
    const { job_id } = structured<{ job_id: string }>(
      await conn.call('start_transcription_job', { body: { TranscriptionJobName: 'meeting-2' } }),
    );
    const cancelled = await conn.call('transcription_job_cancel', { job_id });
    expect(cancelled.isError, textOf(cancelled)).toBeFalsy();
    const deletes = upstream.requests.filter((r) => r.headers['x-amz-target'] === 'Transcribe.DeleteTranscriptionJob');
    expect(deletes.map((r) => JSON.parse(r.body))).toEqual([{ TranscriptionJobName: 'meeting-2' }]);
  });

  it("sends the cancel's own idempotency token, derived from the job: the same on every try, another for another job", async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED', 'IN_PROGRESS']));
    // SageMaker's `StopPipelineExecution` requires its `ClientRequestToken` (32 to 128 characters).
    const stop = rpc(
      'stop_transcription_job',
      'StopTranscriptionJob',
      'tool',
      z.object({ body: z.object({ TranscriptionJobName: z.string(), ClientRequestToken: z.string().min(32).max(128) }) }),
    );
    const stoppable: JobFamilySpec = {
      ...transcription,
      cancel: {
        ...(transcription.cancel as object),
        operation: 'stop_transcription_job',
        idempotency: { in: 'body', name: 'ClientRequestToken' },
      },
    } as JobFamilySpec;
    const conn = keep(
      await connect(
        { ...definition([...ops, stop], [stoppable]), securitySchemes: [sigv4] },
        { env: { API_BASE_URL: upstream.url, ...awsEnv } },
      ),
    );
    const jobs: string[] = [];
    for (const name of ['meeting-5', 'meeting-6']) {
      jobs.push(
        structured<{ job_id: string }>(await conn.call('start_transcription_job', { body: { TranscriptionJobName: name } })).job_id,
      );
    }
    for (const job_id of [jobs[0]!, jobs[0]!, jobs[1]!]) {
      const cancelled = await conn.call('transcription_job_cancel', { job_id });
      expect(cancelled.isError, textOf(cancelled)).toBeFalsy();
    }
    const stops = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'Transcribe.StopTranscriptionJob')
      .map((r) => JSON.parse(r.body) as { TranscriptionJobName: string; ClientRequestToken: string });
    expect(stops.map((b) => b.TranscriptionJobName)).toEqual(['meeting-5', 'meeting-5', 'meeting-6']);
    const [first, again, other] = stops.map((b) => b.ClientRequestToken);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it("cancels through a batch stop, the job's id the only item of its list (Glue `BatchStopJobRun {JobRunIds}`)", async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED', 'IN_PROGRESS']));
    const batchStop = rpc(
      'batch_stop_transcription_job',
      'BatchStopTranscriptionJob',
      'tool',
      z.object({ body: z.object({ TranscriptionJobNames: z.array(z.string()) }) }),
    );
    const listed: JobFamilySpec = {
      ...transcription,
      cancel: { operation: 'batch_stop_transcription_job', idParam: 'TranscriptionJobNames', idIn: 'body', idList: true, carry: [] },
    } as JobFamilySpec;
    const conn = keep(
      await connect(
        { ...definition([...ops, batchStop], [listed]), securitySchemes: [sigv4] },
        { env: { API_BASE_URL: upstream.url, ...awsEnv } },
      ),
    );
    const { job_id } = structured<{ job_id: string }>(
      await conn.call('start_transcription_job', { body: { TranscriptionJobName: 'meeting-7' } }),
    );
    await conn.call('transcription_job_cancel', { job_id });
    const stops = upstream.requests.filter((r) => r.headers['x-amz-target'] === 'Transcribe.BatchStopTranscriptionJob');
    expect(stops.map((r) => JSON.parse(r.body))).toEqual([{ TranscriptionJobNames: ['meeting-7'] }]);
  });

  it('without credentials, says which env vars to set and sends nothing', async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED']));
    const conn = keep(
      await connect({ ...definition(ops, [transcription]), securitySchemes: [sigv4] }, { env: { API_BASE_URL: upstream.url } }),
    );
    const result = await conn.call('start_transcription_job', { body: { TranscriptionJobName: 'meeting-3' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/AWS_ACCESS_KEY_ID \+ AWS_SECRET_ACCESS_KEY/);
    expect(upstream.requests).toEqual([]);
  });

  it('never returns or stores the secret key or the session token', async () => {
    const upstream = keep(await fakeTranscribe(['QUEUED', 'FAILED']));
    const env = { API_BASE_URL: upstream.url, ...awsEnv, AWS_SESSION_TOKEN: 'session-token-secret-value' };
    const conn = keep(await connect({ ...definition(ops, [transcription]), securitySchemes: [sigv4] }, { env }));
    const { job_id } = structured<{ job_id: string }>(
      await conn.call('start_transcription_job', { body: { TranscriptionJobName: 'meeting-4' } }),
    );
    const status = await conn.call('transcription_job_status', { job_id });
    expect(structured<{ state: string }>(status).state).toBe('failed');
    expect(upstream.requests[0]!.headers['x-amz-security-token']).toBe('session-token-secret-value');
    const seen = JSON.stringify([status, await conn.store.get(job_id)]);
    expect(seen).not.toContain(KEYS.AKIDEXAMPLE);
    expect(seen).not.toContain('session-token-secret-value');
  });
});

describe('request assembly for AWS path keys', () => {
  const noAuth = { headers: {}, query: {}, cookies: {} };

  it.each([
    ['/#X-Amz-Target=AmazonAthena.GetQueryExecution', '/'],
    ['/access-preview/{id}#analyzerArn', '/access-preview/{id}'],
    ['/v1/items?list-type=2#ListObjectsV2', '/v1/items?list-type=2'],
    ['/items#frag?beta=true', '/items?beta=true'],
    ['/plain/{id}', '/plain/{id}'],
  ])('%s is sent as %s', (path, sent) => {
    expect(withoutFragment(path)).toBe(sent);
  });

  it('sends the query of an operation whose key has a fragment (it used to end up inside the fragment)', () => {
    const spec = op({
      tool: 'get_access_preview',
      method: 'GET',
      path: '/access-preview/{accessPreviewId}#analyzerArn',
      params: [
        { arg: 'accessPreviewId', name: 'accessPreviewId', in: 'path', required: true },
        { arg: 'analyzerArn', name: 'analyzerArn', in: 'query', required: true },
      ],
    });
    const req = buildUpstreamRequest(spec, { accessPreviewId: 'p1', analyzerArn: 'arn:a' }, 'https://aa.example', noAuth);
    expect(req.url).toBe('https://aa.example/access-preview/p1?analyzerArn=arn%3Aa');
  });

  it('sends constant parameters from the definition and never an argument in their place', () => {
    const spec = op({
      tool: 'get_query_execution',
      method: 'POST',
      path: '/#X-Amz-Target=AmazonAthena.GetQueryExecution',
      constants: [
        { name: 'X-Amz-Target', in: 'header', value: 'AmazonAthena.GetQueryExecution' },
        { name: 'Version', in: 'query', value: '2017-05-18' },
      ],
      params: [{ arg: 'X-Amz-Target', name: 'X-Amz-Target', in: 'header', required: false }],
    });
    const req = buildUpstreamRequest(spec, { 'X-Amz-Target': 'AmazonAthena.DeleteWorkGroup' }, 'https://athena.example', noAuth);
    expect(req.headers['x-amz-target']).toBe('AmazonAthena.GetQueryExecution');
    expect(req.url).toBe('https://athena.example/?Version=2017-05-18');
  });
});

describe('signRequest', () => {
  const spec = { service: 'athena', region: 'us-east-1', env: sigv4.env };
  const request = {
    method: 'POST' as const,
    url: 'https://athena.us-east-1.amazonaws.com/',
    headers: { 'content-type': 'application/json', 'x-amz-target': 'AmazonAthena.GetQueryExecution' },
    body: '{"QueryExecutionId":"q-1"}',
  };

  it('adds a signature that verifies, over the target header, for the region of AWS_DEFAULT_REGION', async () => {
    const signed = await signRequest(request, spec, { ...awsEnv, AWS_REGION: undefined, AWS_DEFAULT_REGION: 'ap-south-1' });
    expect(Object.keys(signed.headers).sort()).toEqual(['authorization', 'content-type', 'x-amz-date', 'x-amz-target']);
    expect(signed.headers.authorization).toMatch(/Credential=AKIDEXAMPLE\/\d{8}\/ap-south-1\/athena\/aws4_request/);
    expect(signed.headers.authorization).toMatch(/SignedHeaders=content-length;content-type;host;x-amz-date;x-amz-target/);
    const received = { ...signed.headers, host: 'athena.us-east-1.amazonaws.com', 'content-length': String(request.body.length) };
    expect(verifySigv4({ method: 'POST', url: '/', headers: received, body: request.body }, KEYS).ok).toBe(true);
    const tampered = { method: 'POST', url: '/', headers: received, body: '{"QueryExecutionId":"q-2"}' };
    expect(verifySigv4(tampered, KEYS)).toMatchObject({ ok: false, reason: 'signature does not match' });
  });

  it('falls back to the contract region, and replaces an earlier signature rather than signing over it', async () => {
    const once = await signRequest(request, spec, { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: KEYS.AKIDEXAMPLE });
    expect(once.headers.authorization).toMatch(/\/us-east-1\/athena\//);
    const twice = await signRequest(once, spec, { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: KEYS.AKIDEXAMPLE });
    expect(twice.headers.authorization).toMatch(/SignedHeaders=content-length;content-type;host;x-amz-date;x-amz-target,/);
  });

  it.each([
    ['no credentials', {}, /set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY \(and AWS_SESSION_TOKEN for temporary credentials\)/],
    ['no secret key', { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, /set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
  ])('%s: a clear error naming the env vars', async (_label, env, message) => {
    await expect(signRequest(request, spec, env)).rejects.toThrow(message);
  });

  it('no region anywhere, or no service: an error saying what to set', async () => {
    const creds = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: KEYS.AKIDEXAMPLE };
    await expect(signRequest(request, { ...spec, region: null }, creds)).rejects.toThrow(/set AWS_REGION/);
    await expect(signRequest(request, { ...spec, service: null }, creds)).rejects.toThrow(/names no AWS service/);
  });
});
