/**
 * Terminal outcome fields: the status says "finished" (`completed`, `TERMINATED`), a sibling says how
 * (`conclusion`, `state.result_state`). The canonical state follows the outcome; the status tool shows both raw values.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { observeDocument } from '../../templates/runtime/jobs/interpret.js';
import { definition, family, op } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const idParam = [{ arg: 'id', name: 'id', in: 'path' as const, required: true }];
const ops = [
  op({
    tool: 'create_run',
    method: 'POST',
    path: '/runs',
    role: 'start',
    input: z.object({ body: z.object({ n: z.number() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({ tool: 'get_run', method: 'GET', path: '/runs/{id}', role: 'internal', input: z.object({ id: z.string() }), params: idParam }),
];
const runFamily = family({
  name: 'run',
  starts: [{ operation: 'create_run', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_run', idParam: 'id', carry: [] },
  states: { queued: 'queued', in_progress: 'running', completed: 'succeeded' },
  outcomeField: 'conclusion',
  outcomes: { success: 'succeeded', failure: 'failed', cancelled: 'cancelled', neutral: 'succeeded' },
});
const nested = family({
  name: 'nested_run',
  starts: runFamily.starts,
  poll: runFamily.poll,
  statusField: 'state.life_cycle_state',
  states: { RUNNING: 'running', TERMINATED: 'succeeded', INTERNAL_ERROR: 'failed' },
  outcomeField: 'state.result_state',
  outcomes: { SUCCESS: 'succeeded', FAILED: 'failed', CANCELED: 'cancelled' },
});

describe('observeDocument with an outcome field', () => {
  const rows: Array<[label: string, fam: typeof runFamily, body: unknown, state: string, upstream: string]> = [
    ['completed + failure → failed', runFamily, { status: 'completed', conclusion: 'failure' }, 'failed', 'completed/failure'],
    ['completed + success → succeeded', runFamily, { status: 'completed', conclusion: 'success' }, 'succeeded', 'completed/success'],
    ['completed + cancelled → cancelled', runFamily, { status: 'completed', conclusion: 'cancelled' }, 'cancelled', 'completed/cancelled'],
    ['case-insensitive outcome lookup', runFamily, { status: 'completed', conclusion: 'FAILURE' }, 'failed', 'completed/FAILURE'],
    ['a null outcome keeps the status mapping', runFamily, { status: 'completed', conclusion: null }, 'succeeded', 'completed'],
    ['a running status ignores a stale outcome', runFamily, { status: 'in_progress', conclusion: 'failure' }, 'running', 'in_progress'],
    [
      'an unknown outcome keeps the status mapping, raw value shown',
      runFamily,
      { status: 'completed', conclusion: 'mystery' },
      'succeeded',
      'completed/mystery',
    ],
    [
      'unlisted values fall back to common outcome words',
      { ...runFamily, outcomes: {} },
      { status: 'completed', conclusion: 'timed_out' },
      'failed',
      'completed/timed_out',
    ],
    [
      'unlisted failure-ish words are not a success',
      { ...runFamily, outcomes: {} },
      { status: 'completed', conclusion: 'success_with_failures' },
      'failed',
      'completed/success_with_failures',
    ],
    [
      'nested status and outcome',
      nested,
      { state: { life_cycle_state: 'TERMINATED', result_state: 'FAILED' } },
      'failed',
      'TERMINATED/FAILED',
    ],
    ['nested success', nested, { state: { life_cycle_state: 'TERMINATED', result_state: 'SUCCESS' } }, 'succeeded', 'TERMINATED/SUCCESS'],
    [
      'no outcome field: unchanged behaviour',
      { ...runFamily, outcomeField: null },
      { status: 'completed', conclusion: 'failure' },
      'succeeded',
      'completed',
    ],
  ];
  it.each(rows)('%s', (_label, fam, body, state, upstream) => {
    const obs = observeDocument(fam, body);
    expect(obs.state).toBe(state);
    expect(obs.upstreamStatus).toBe(upstream);
  });

  // A hostile upstream's outcome may name what every object inherits: unknown, so the status's state stands.
  it.each(['constructor', 'CONSTRUCTOR', '__proto__'])('an inherited name (%s) as the outcome keeps the status state', (word) => {
    expect(observeDocument(runFamily, { status: 'completed', conclusion: word }).state).toBe('succeeded');
  });

  it('a failure known only by its outcome carries the outcome as the error', () => {
    expect(observeDocument(runFamily, { status: 'completed', conclusion: 'failure' }).error).toEqual({ conclusion: 'failure' });
    expect(
      observeDocument({ ...runFamily, errorField: 'error' }, { status: 'completed', conclusion: 'failure', error: { message: 'boom' } })
        .error,
    ).toEqual({ message: 'boom' });
    expect(observeDocument(runFamily, { status: 'completed', conclusion: 'success' }).error).toBeUndefined();
  });
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

describe('status tool with an outcome field', () => {
  it('reports a completed-but-failed run as failed, with both raw values, through the MCP tool', async () => {
    const conclusions: Record<string, string | null> = { r1: 'failure', r2: 'success', r3: 'cancelled', r4: 'mystery' };
    let next = 0;
    upstream = await startLocalUpstream();
    upstream.route('POST /runs', (_req, res) => {
      const id = Object.keys(conclusions)[next++]!;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: 'queued', conclusion: null }));
    });
    for (const [id, conclusion] of Object.entries(conclusions)) {
      upstream.route(`GET /runs/${id}`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: 'completed', conclusion }));
      });
    }
    conn = await connect(definition(ops, [runFamily]), { env: { API_BASE_URL: upstream.url } });

    const seen: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 4; i++) {
      const started = await conn.call('create_run', { body: { n: i } });
      expect(started.isError).toBeFalsy();
      expect(started.structuredContent).toMatchObject({ state: 'queued', terminal: false });
      const status = await conn.call('run_status', { job_id: (started.structuredContent as { job_id: string }).job_id });
      expect(status.isError).toBeFalsy();
      seen.push(status.structuredContent as Record<string, unknown>);
    }
    expect(seen[0]).toMatchObject({
      state: 'failed',
      terminal: true,
      upstream_status: 'completed/failure',
      error: { conclusion: 'failure' },
    });
    expect(seen[1]).toMatchObject({ state: 'succeeded', terminal: true, upstream_status: 'completed/success' });
    expect(seen[2]).toMatchObject({ state: 'cancelled', terminal: true, upstream_status: 'completed/cancelled' });
    expect(seen[3]).toMatchObject({ state: 'succeeded', upstream_status: 'completed/mystery' });
    expect(String(seen[3]!['message'])).toContain('mystery');
  });
});
