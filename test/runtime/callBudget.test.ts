/**
 * Cancel and result take at most one budget of upstream round trips (JOB_CALL_BUDGET_MS), so an agent's own
 * timeout never fires first: an upstream that never answers is answered for, honestly, with what is known and
 * what to do. A hang would fail these tests by their own timeout; nothing here measures speed.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchFamily, batchOps, definition, translationFamily, translationOps } from './defs.js';
import { type Connected, connect, structured, textOf } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
const open: Connected[] = [];
beforeEach(async () => {
  api = await startLocalUpstream();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await api.close();
});

const json = (status: number, body: unknown) => (_req: unknown, res: ServerResponse) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** A route that takes the request and never answers (the server's own timeout or budget must end it). */
const never = () => new Promise<void>(() => undefined);
const count = (path: string) => api.requests.filter((r) => r.url.split('?')[0] === path).length;

async function server(def: Parameters<typeof connect>[0], budgetMs: number): Promise<Connected> {
  const env = { API_BASE_URL: api.url, JOB_CALL_BUDGET_MS: String(budgetMs), UPSTREAM_TIMEOUT_MS: '60000' };
  const conn = await connect(def, { env });
  open.push(conn);
  return conn;
}

const body = { input_file_id: 'f', endpoint: '/v1/chat/completions', completion_window: '24h' };
type Cancelled = { outcome: string; state: string; message: string };

describe('cancel within one budget', () => {
  it('a cancel the upstream never answers: outcome unknown, what to do, and one cancel request', async () => {
    api.route('POST /batches', json(200, { id: 'b1', status: 'validating' }));
    api.route('GET /batches/b1', json(200, { id: 'b1', status: 'in_progress' }));
    api.route('POST /batches/b1/cancel', never);
    const mcp = await server(definition(batchOps, [batchFamily]), 1_500);
    const { job_id } = structured<{ job_id: string }>(await mcp.call('create_batch', { body }));
    const answer = await mcp.call('batch_cancel', { job_id });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const cancelled = structured<Cancelled>(answer);
    expect(cancelled.outcome).toBe('unknown');
    expect(cancelled.message).toMatch(/no answer came within this call's budget of 1\.5 s[\s\S]*Poll batch_status/);
    expect(count('/batches/b1/cancel')).toBe(1);
  });

  it('a status check that never answers does not spend the cancel: the cancel still goes out and is reported', async () => {
    api.route('POST /batches', json(200, { id: 'b1', status: 'validating' }));
    api.route('GET /batches/b1', never);
    api.route('POST /batches/b1/cancel', json(200, { id: 'b1', status: 'cancelling' }));
    const mcp = await server(definition(batchOps, [batchFamily]), 2_000);
    const { job_id } = structured<{ job_id: string }>(await mcp.call('create_batch', { body }));
    const cancelled = structured<Cancelled>(await mcp.call('batch_cancel', { job_id }));
    expect(cancelled).toMatchObject({ outcome: 'cancelling', state: 'running' });
    expect(count('/batches/b1/cancel')).toBe(1);
  });
});

describe('result within one budget', () => {
  it('a result the upstream never sends: an error that says so and what to do, after one request', async () => {
    api.route(
      'POST /translator/batches',
      (_req, res) => void res.writeHead(202, { location: '/translator/result', 'operation-location': '/translator/status' }).end(),
    );
    api.route('GET /translator/status', json(200, { status: 'Succeeded' }));
    api.route('GET /translator/result', never);
    const mcp = await server(definition(translationOps, [translationFamily]), 1_500);
    const { job_id } = structured<{ job_id: string }>(await mcp.call('start_translation', { body: { inputs: [] } }));
    expect(structured<{ state: string }>(await mcp.call('translation_status', { job_id })).state).toBe('succeeded');
    const result = await mcp.call('translation_result', { job_id });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/within this call's budget of 1\.5 s \(JOB_CALL_BUDGET_MS\)[\s\S]*Call translation_result again/);
    expect(count('/translator/result')).toBe(1);
  });
});
