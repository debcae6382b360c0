/**
 * A thing made, then started (detect/status/startVerbEnds.ts), MediaLive-shaped: `CreateChannel` and `StartChannel`
 * are read back by one `DescribeChannel`, and detection makes them two families with a map each. Through the MCP
 * client against a fake upstream, the create's job ends when the channel rests (`IDLE`), the start's only when it
 * runs (`RUNNING`): the `IDLE` the start's first poll still reads is, for it, not started yet. Back at `IDLE` once
 * it was `STARTING`, the start did not take: the job fails (`back_at_rest`, jobs/startFromRest.ts), or ends cancelled
 * after a Stop the upstream accepted, instead of waiting at `queued` until it expires.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { restBeforeStart, statesForPhase } from '../../src/detect/status/startVerbEnds.js';
import type { StartSpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const json = { 'content-type': 'application/json' };
const channelId = [{ arg: 'channelId', name: 'channelId', in: 'path' as const, required: true }];
const ops = [
  op({ tool: 'create_channel', method: 'POST', path: '/prod/channels', role: 'start', input: z.object({}) }),
  op({
    tool: 'start_channel',
    method: 'POST',
    path: '/prod/channels/{channelId}/start',
    role: 'start',
    input: z.object({ channelId: z.string() }),
    params: channelId,
  }),
  op({
    tool: 'stop_channel',
    method: 'POST',
    path: '/prod/channels/{channelId}/stop',
    input: z.object({ channelId: z.string() }),
    params: channelId,
  }),
  op({
    tool: 'describe_channel',
    method: 'GET',
    path: '/prod/channels/{channelId}',
    input: z.object({ channelId: z.string() }),
    params: channelId,
  }),
];
// The one map the lifecycle rules read, and each phase's map as detection states it.
const shared = { CREATING: 'running', IDLE: 'running', STARTING: 'queued', RUNNING: 'succeeded', DELETING: 'failed' } as const;
const start = (operation: string): StartSpec => ({
  operation,
  idFrom: 'body:Id',
  pollUrlFrom: [],
  cancelUrlFrom: null,
  preferAsync: false,
  idempotency: null,
});
const poll = { operation: 'describe_channel', idParam: 'channelId', carry: [] };
const makeStates = statesForPhase(shared, 'make')!;
const startStates = statesForPhase(shared, 'start')!;
const families = [
  family({ name: 'channel', starts: [start('create_channel')], poll, statusField: 'State', states: makeStates }),
  family({
    name: 'channel_start',
    starts: [start('start_channel')],
    poll,
    statusField: 'State',
    states: startStates,
    // As detection states it (status/phaseCandidate.ts): the rest the making ends at, queued for the start.
    restsBeforeStart: restBeforeStart(makeStates, startStates),
    tools: { status: 'channel_start_status', cancel: 'channel_start_cancel', result: null },
    cancel: { operation: 'stop_channel', idParam: 'channelId', carry: [] },
  }),
];

const keep = closedAfterEach();

describe('a create and a start read back by one poll', () => {
  it('each ends at its own verb: the create at IDLE, the start at RUNNING', async () => {
    const upstream = keep(await startLocalUpstream());
    let state = 'CREATING';
    const answers: Record<string, string[]> = { create: ['CREATING', 'IDLE'], start: ['IDLE', 'STARTING', 'RUNNING'] };
    let phase: string[] = [];
    upstream.route('POST /prod/channels', (_req, res) => {
      phase = [...answers.create!];
      res.writeHead(201, json).end(`{"Id":"ch-1","State":"${state}"}`);
    });
    upstream.route('POST /prod/channels/ch-1/start', (_req, res) => {
      phase = [...answers.start!];
      res.writeHead(200, json).end(`{"Id":"ch-1","State":"IDLE"}`);
    });
    upstream.route('GET /prod/channels/ch-1', (_req, res) => {
      state = phase.length > 1 ? phase.shift()! : phase[0]!;
      res.writeHead(200, json).end(`{"Id":"ch-1","State":"${state}"}`);
    });
    const conn = keep(await connect(definition(ops, families), { env: { API_BASE_URL: upstream.url } }));
    const follow = async (tool: string, args: Record<string, unknown>, statusTool: string, polls: number) => {
      const started = await conn.call(tool, args);
      expect(started.isError).toBeFalsy();
      const jobId = structured<{ job_id: string }>(started).job_id;
      const seen: string[] = [];
      for (let i = 0; i < polls; i++) seen.push(structured<{ state: string }>(await conn.call(statusTool, { job_id: jobId })).state);
      return seen;
    };
    expect(await follow('create_channel', {}, 'channel_status', 2)).toEqual(['running', 'succeeded']);
    expect(await follow('start_channel', { channelId: 'ch-1' }, 'channel_start_status', 3)).toEqual(['queued', 'queued', 'succeeded']);
  });
});

describe('a start from rest that does not take', () => {
  /** A channel that answers `reads` to its describes in turn (the last one for good); a stop makes it `afterStop`. */
  async function channel(reads: string[], afterStop: string[] = []) {
    const upstream = keep(await startLocalUpstream());
    let queue = [...reads];
    upstream.route('POST /prod/channels/ch-1/start', (_req, res) => {
      res.writeHead(200, json).end('{"Id":"ch-1","State":"IDLE"}');
    });
    upstream.route('POST /prod/channels/ch-1/stop', (_req, res) => {
      queue = [...afterStop];
      res.writeHead(200, json).end('{"Id":"ch-1","State":"STOPPING"}');
    });
    upstream.route('GET /prod/channels/ch-1', (_req, res) => {
      const state = queue.length > 1 ? queue.shift()! : queue[0]!;
      res.writeHead(200, json).end(`{"Id":"ch-1","State":"${state}"}`);
    });
    const conn = keep(await connect(definition(ops, families), { env: { API_BASE_URL: upstream.url } }));
    const jobId = structured<{ job_id: string }>(await conn.call('start_channel', { channelId: 'ch-1' })).job_id;
    const status = async () =>
      structured<{ state: string; error?: { reason: string } }>(await conn.call('channel_start_status', { job_id: jobId }));
    return { conn, jobId, status };
  }

  it('detection reads IDLE as the rest before the start', () => {
    expect(restBeforeStart(makeStates, startStates)).toEqual(['IDLE']);
  });

  it('fails as back_at_rest when the channel is IDLE again after STARTING', async () => {
    const { status } = await channel(['IDLE', 'STARTING', 'IDLE']);
    const seen = [await status(), await status(), await status()];
    expect(seen.map((s) => s.state)).toEqual(['queued', 'queued', 'failed']);
    expect(seen[2]!.error).toMatchObject({ reason: 'back_at_rest' });
  });

  it('ends cancelled when a stop the upstream accepted brings it back to IDLE', async () => {
    const { conn, jobId, status } = await channel(['STARTING'], ['STOPPING', 'IDLE']);
    expect((await status()).state).toBe('queued');
    const cancel = await conn.call('channel_start_cancel', { job_id: jobId });
    expect(cancel.isError).toBeFalsy();
    // The cancel reads the channel once more (STOPPING); the next status finds it back at IDLE: the stop's end.
    expect(structured<{ state: string }>(cancel).state).toBe('running');
    expect((await status()).state).toBe('cancelled');
  });

  it('near miss: IDLE read before the channel ever left it is the start not taken yet', async () => {
    const { status } = await channel(['IDLE', 'IDLE', 'STARTING', 'RUNNING']);
    const seen = [await status(), await status(), await status(), await status()];
    expect(seen.map((s) => s.state)).toEqual(['queued', 'queued', 'queued', 'succeeded']);
  });
});
