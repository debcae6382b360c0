/**
 * A job whose upstream status says it waits for its user (`requires_action`, `waiting_for_user`): the status tool
 * keeps it non-terminal and says so, in `waiting_for_input` and in its sentence, so the agent tells the user
 * instead of polling a job that polling cannot move. The word rule row by row, then a server against a local
 * upstream whose job waits and then finishes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitsForInput } from '../../templates/runtime/jobs/interpret.js';
import { definition, predictionFamily, predictionOps } from './defs.js';
import { connect, type Status, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

describe('waitsForInput', () => {
  // Waiting for the user in any spelling (true); ordinary waiting, someone else's review and look-alikes (false).
  const rows: Array<[string, boolean]> = [
    ['requires_action', true],
    ['REQUIRES_ACTION', true],
    ['requiresAction', true],
    ['waiting_for_user', true],
    ['waiting-for-input', true],
    ['awaiting_confirmation', true],
    ['awaiting approval', true],
    ['input_required', true],
    ['action_required', true],
    ['user_action_required', true],
    ['needs_input', true],
    ['pending_approval', true],
    ['pending_user_action', true],
    ['waiting_on_customer', true],
    ['REQUIRES_ACCEPTANCE', true],
    ['CRITICAL_ACTION_REQUIRED', true],
    ['manual_action_required', true],
    ['pending_acceptance', true],
    ['pending', false],
    ['waiting', false],
    ['queued', false],
    ['in_progress', false],
    ['pending_review', false],
    ['waiting_for_capacity', false],
    ['awaiting_payment_processing', false],
    ['requires_payment_method_update_later', false],
    ['actioned', false],
    ['accepted', false],
    ['acceptance_test_running', false],
    ['critical', false],
    ['', false],
  ];

  it.each(rows)('%s → %s', (word, waits) => {
    expect(waitsForInput(word)).toBe(waits);
  });

  it('null or missing does not', () => {
    expect(waitsForInput(null)).toBe(false);
    expect(waitsForInput(undefined)).toBe(false);
  });
});

describe('the status tool on a job that waits for its user', () => {
  let api: LocalUpstream;
  let upstreamStatus = 'requires_action';

  beforeAll(async () => {
    api = await startLocalUpstream();
    api.route('POST /predictions', (_req, res) => {
      const body = { id: 'w1', status: 'starting', urls: { get: `${api.url}/predictions/w1`, cancel: `${api.url}/predictions/w1/cancel` } };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    api.route('GET /predictions/w1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'w1', status: upstreamStatus, output: 'done' }));
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('says so while the upstream waits, and not once it has moved on', async () => {
    const server = await connect(definition(predictionOps, [predictionFamily]), { env: { API_BASE_URL: api.url } });
    try {
      const started = structured<{ job_id: string; state: string }>(
        await server.call('create_prediction', { body: { version: 'v', input: {} } }),
      );
      const waiting = structured<Status & { waiting_for_input: boolean; message: string }>(
        await server.call('prediction_status', { job_id: started.job_id }),
      );
      expect(waiting.terminal).toBe(false);
      expect(waiting.upstream_status).toBe('requires_action');
      expect(waiting.waiting_for_input).toBe(true);
      expect(waiting.message).toContain('waits for its user to act (requires_action): polling alone will not move it');

      upstreamStatus = 'succeeded';
      const done = structured<Status & { waiting_for_input: boolean; message: string }>(
        await server.call('prediction_status', { job_id: started.job_id }),
      );
      expect(done.state).toBe('succeeded');
      expect(done.waiting_for_input).toBe(false);
      expect(done.message).not.toContain('waits for its user');
    } finally {
      await server.close();
    }
  });

  it.each([
    ['static', 'prediction_status'],
    ['dynamic', 'job_status'],
  ])('the status tool teaches the field (%s mode: %s)', async (mode, name) => {
    const server = await connect(definition(predictionOps, [predictionFamily]), { env: { API_BASE_URL: api.url, MCP_TOOL_MODE: mode } });
    try {
      const tools = (await server.client.listTools()).tools;
      const status = tools.find((t) => t.name === name);
      expect(status).toBeDefined();
      expect(status!.description).toContain('waiting_for_input true');
      expect(Object.keys((status!.outputSchema as { properties: object }).properties)).toContain('waiting_for_input');
    } finally {
      await server.close();
    }
  });
});
