/**
 * A poll that needs one more input the start does not take (detect/idflow/askedInputs.ts): Chime's
 * `GetVoiceToneAnalysisTask` requires `?isCaller=`, which `StartVoiceToneAnalysisTask` never sees. The start tool
 * asks the agent for it (a top-level argument the start request leaves out), the runtime keeps it with the job
 * and sends it on every poll; an RPC poll (RAM-shaped `GetResourceShares {resourceShareArns, resourceOwner}`) gets
 * it in its JSON body. The fake upstream refuses a poll without it, and a start that carries it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const json = { 'content-type': 'application/json' };
const START = 'POST /voice-connectors/vc-1/voice-tone-analysis-tasks';
const connector = { arg: 'VoiceConnectorId', name: 'VoiceConnectorId', in: 'path' as const, required: true };
const toneOps = [
  op({
    tool: 'StartVoiceToneAnalysisTask',
    method: 'POST',
    path: '/voice-connectors/{VoiceConnectorId}/voice-tone-analysis-tasks',
    role: 'start',
    input: z.strictObject({ VoiceConnectorId: z.string(), body: z.object({ TransactionId: z.string() }), isCaller: z.boolean() }),
    params: [connector],
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'GetVoiceToneAnalysisTask',
    method: 'GET',
    path: '/voice-connectors/{VoiceConnectorId}/voice-tone-analysis-tasks/{VoiceToneAnalysisTaskId}',
    input: z.strictObject({ VoiceConnectorId: z.string(), VoiceToneAnalysisTaskId: z.string(), isCaller: z.boolean() }),
    params: [
      connector,
      { arg: 'VoiceToneAnalysisTaskId', name: 'VoiceToneAnalysisTaskId', in: 'path', required: true },
      { arg: 'isCaller', name: 'isCaller', in: 'query', required: true },
    ],
  }),
];
const toneFamily = family({
  name: 'voice_tone_analysis_task',
  starts: [
    {
      operation: 'StartVoiceToneAnalysisTask',
      idFrom: 'body:VoiceToneAnalysisTask.VoiceToneAnalysisTaskId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'GetVoiceToneAnalysisTask',
    idParam: 'VoiceToneAnalysisTaskId',
    carry: [
      { param: 'VoiceConnectorId', from: 'arg:VoiceConnectorId' },
      { param: 'isCaller', from: 'arg:isCaller', in: 'query' },
    ],
  },
  statusField: 'VoiceToneAnalysisTask.VoiceToneAnalysisTaskStatus',
  states: { IN_QUEUE: 'queued', IN_PROGRESS: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed', STOPPED: 'cancelled' },
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

/** The job's canonical state after each status call, until a terminal one (at most `limit` calls). */
async function statesUntilEnd(c: Connected, tool: string, jobId: string, limit = 4): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < limit; i++) {
    const status = await c.call(tool, { job_id: jobId });
    expect(status.isError).toBeFalsy();
    const s = status.structuredContent as { state: string; terminal: boolean };
    states.push(s.state);
    if (s.terminal) break;
  }
  return states;
}

describe('a poll input the agent gives at the start', () => {
  it.each([true, false])('sends isCaller=%s on every poll of a Chime-shaped task, never on the start', async (isCaller) => {
    upstream = await startLocalUpstream();
    upstream.route(START, (req, res) => {
      if (new URL(req.url ?? '', 'http://x').searchParams.has('isCaller')) return void res.writeHead(400, json).end('{}');
      res.writeHead(201, json).end('{"VoiceToneAnalysisTask":{"VoiceToneAnalysisTaskId":"t-9","VoiceToneAnalysisTaskStatus":"IN_QUEUE"}}');
    });
    let polls = 0;
    upstream.route('GET /voice-connectors/vc-1/voice-tone-analysis-tasks/t-9', (req, res) => {
      const asked = new URL(req.url ?? '', 'http://x').searchParams.get('isCaller');
      if (asked !== String(isCaller)) return void res.writeHead(400, json).end('{"Message":"isCaller is required"}');
      const status = ++polls < 2 ? 'IN_PROGRESS' : 'SUCCEEDED';
      res.writeHead(200, json).end(`{"VoiceToneAnalysisTask":{"VoiceToneAnalysisTaskId":"t-9","VoiceToneAnalysisTaskStatus":"${status}"}}`);
    });
    conn = await connect(definition(toneOps, [toneFamily]), { env: { API_BASE_URL: upstream.url } });

    const started = await conn.call('StartVoiceToneAnalysisTask', { VoiceConnectorId: 'vc-1', body: { TransactionId: 'tx' }, isCaller });
    expect(started.isError).toBeFalsy();
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    expect(await statesUntilEnd(conn, 'voice_tone_analysis_task_status', jobId)).toEqual(['running', 'succeeded']);
    const startSent = upstream.requests.find((r) => r.method === 'POST');
    expect(startSent?.url).toBe('/voice-connectors/vc-1/voice-tone-analysis-tasks');
    expect(JSON.parse(String(startSent?.body))).toEqual({ TransactionId: 'tx' });
  });

  it('refuses a start without the asked input before anything is sent', async () => {
    upstream = await startLocalUpstream();
    conn = await connect(definition(toneOps, [toneFamily]), { env: { API_BASE_URL: upstream.url } });
    const started = await conn.call('StartVoiceToneAnalysisTask', { VoiceConnectorId: 'vc-1', body: { TransactionId: 'tx' } });
    expect(started.isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });

  it('sends an asked enum in the JSON body of an RPC poll (RAM-shaped GetResourceShares)', async () => {
    upstream = await startLocalUpstream();
    upstream.route('POST /createresourceshare', (_req, res) => {
      res.writeHead(200, json).end('{"resourceShare":{"resourceShareArn":"arn:share/1","status":"PENDING"}}');
    });
    upstream.route('POST /getresourceshares', (req, res) => {
      const body = JSON.parse(req.bodyText) as Record<string, unknown>;
      if (body.resourceOwner !== 'SELF') return void res.writeHead(400, json).end('{"message":"resourceOwner is required"}');
      const arns = body.resourceShareArns as string[];
      res.writeHead(200, json).end(`{"resourceShares":[{"resourceShareArn":"${arns[0]}","status":"ACTIVE"}]}`);
    });
    const ops = [
      op({
        tool: 'CreateResourceShare',
        method: 'POST',
        path: '/createresourceshare',
        role: 'start',
        input: z.strictObject({ body: z.object({ name: z.string() }), resourceOwner: z.enum(['SELF', 'OTHER-ACCOUNTS']) }),
        body: { arg: 'body', mediaType: 'application/json', required: true },
      }),
      op({
        tool: 'GetResourceShares',
        method: 'POST',
        path: '/getresourceshares',
        input: z.object({ body: z.object({}).loose() }),
        body: { arg: 'body', mediaType: 'application/json', required: true },
      }),
    ];
    const shares = family({
      name: 'resource_share',
      kind: 'provisioning',
      starts: [
        {
          operation: 'CreateResourceShare',
          idFrom: 'body:resourceShare.resourceShareArn',
          pollUrlFrom: [],
          cancelUrlFrom: null,
          preferAsync: false,
          idempotency: null,
        },
      ],
      poll: {
        operation: 'GetResourceShares',
        idParam: 'resourceShareArns',
        idIn: 'body',
        idList: true,
        itemsAt: 'resourceShares',
        itemId: 'resourceShareArn',
        carry: [{ param: 'resourceOwner', from: 'arg:resourceOwner', in: 'body' }],
      },
      statusField: 'resourceShares.0.status',
      states: { PENDING: 'queued', ACTIVE: 'succeeded', FAILED: 'failed' },
    });
    conn = await connect(definition(ops, [shares]), { env: { API_BASE_URL: upstream.url } });
    const started = await conn.call('CreateResourceShare', { body: { name: 'n' }, resourceOwner: 'SELF' });
    expect(started.isError).toBeFalsy();
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    expect(await statesUntilEnd(conn, 'resource_share_status', jobId)).toEqual(['succeeded']);
    const polled = upstream.requests.find((r) => r.url === '/getresourceshares');
    expect(JSON.parse(String(polled?.body))).toEqual({ resourceShareArns: ['arn:share/1'], resourceOwner: 'SELF' });
  });
});
