/**
 * An upstream status the contract does not list (an upstream newer than its contract, an enum left short): it is
 * still running, unless the common words read it as an end, and the status tool says it is unlisted while the job
 * runs (interpret.ts mapState, view.ts). A listed value in another spelling is the listed value. The word rule row
 * by row, then a server against a local upstream whose job passes through words its contract never named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedStatus, mapState, observeDocument } from '../../templates/runtime/jobs/interpret.js';
import { batchFamily, definition, family, predictionFamily, predictionOps } from './defs.js';
import { connect, type Status, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

describe('mapState of a word the map may not list', () => {
  const states = { InProgress: 'running', Completed: 'succeeded', Failed: 'failed', cancelled: 'cancelled' } as const;
  const rows: Array<[string, string, boolean]> = [
    ['InProgress', 'running', true],
    ['COMPLETED', 'succeeded', true],
    // Another spelling of a listed value is that value.
    ['IN_PROGRESS', 'running', true],
    ['in progress', 'running', true],
    // Unlisted ends in the common words end the job; the map never learns them.
    ['SUCCEEDED', 'succeeded', false],
    ['Done', 'succeeded', false],
    ['ERROR', 'failed', false],
    ['timed_out', 'failed', false],
    // A fault ends the job badly (CodeBuild's `FAULT`), as the generator reads it (detect/status/faultWords.ts).
    ['FAULT', 'failed', false],
    ['Faulted', 'failed', false],
    ['Canceled', 'cancelled', false],
    // Unlisted words that end nothing in the common words stay running, whatever they look like.
    ['PAUSED', 'running', false],
    ['queued', 'running', false],
    ['done_soon', 'running', false],
    ['constructor', 'running', false],
    ['', 'running', false],
  ];
  it.each(rows)('%s → %s (listed: %s)', (word, state, known) => {
    expect(mapState(states, word)).toEqual({ state, known });
  });

  it('reads a numeric code by its name, the unlisted name by the common words', () => {
    const coded = family({ ...batchFamily, statusCodes: { '1': 'in_progress', '2': 'succeeded' } });
    expect(observeDocument(coded, { status: 1 })).toMatchObject({ state: 'running', unknownStatus: false, upstreamStatus: 'in_progress' });
    expect(observeDocument(coded, { status: 2 })).toMatchObject({ state: 'succeeded', unknownStatus: true, upstreamStatus: 'succeeded' });
    expect(listedStatus(coded, 'in_progress')).toBe(true);
    expect(listedStatus(coded, 'succeeded')).toBe(false);
  });

  it('a family without a map lists every word (its words are the common ones by design)', () => {
    expect(listedStatus(family({ ...batchFamily, states: {} }), 'anything')).toBe(true);
  });
});

describe('the status tool on a job whose upstream says words its contract does not list', () => {
  let api: LocalUpstream;
  const statuses = new Map<string, string>();

  beforeAll(async () => {
    api = await startLocalUpstream();
    let n = 0;
    api.route('POST /predictions', (_req, res) => {
      const id = `u${++n}`;
      statuses.set(id, 'starting');
      const body = { id, status: 'starting', urls: { get: `${api.url}/predictions/${id}`, cancel: `${api.url}/predictions/${id}/cancel` } };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    for (const id of ['u1', 'u2'])
      api.route(`GET /predictions/${id}`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: statuses.get(id) }));
      });
  });
  afterAll(async () => {
    await api?.close();
  });

  const view = async (server: Awaited<ReturnType<typeof connect>>, id: string) =>
    structured<Status & { message: string }>(await server.call('prediction_status', { job_id: id }));

  it('runs through an unlisted word saying so, and ends at an unlisted end word', async () => {
    const server = await connect(definition(predictionOps, [predictionFamily]), { env: { API_BASE_URL: api.url } });
    try {
      // Different inputs: the same ones would be the same job (the start dedupes on its inputs).
      const start = (version: string) => server.call('create_prediction', { body: { version, input: {} } });
      const first = structured<{ job_id: string }>(await start('v1'));
      statuses.set('u1', 'PAUSED_FOR_QUOTA');
      const paused = await view(server, first.job_id);
      expect([paused.state, paused.terminal, paused.upstream_status]).toEqual(['running', false, 'PAUSED_FOR_QUOTA']);
      expect(paused.message).toContain(
        'The upstream status "PAUSED_FOR_QUOTA" is not one of the states this server knows for its family: it is read as still running.',
      );

      statuses.set('u1', 'PROCESSING');
      const listed = await view(server, first.job_id);
      expect(listed.state).toBe('running');
      expect(listed.message).not.toContain('not one of the states');

      statuses.set('u1', 'completed');
      const done = await view(server, first.job_id);
      expect([done.state, done.terminal, done.upstream_status]).toEqual(['succeeded', true, 'completed']);

      const second = structured<{ job_id: string }>(await start('v2'));
      statuses.set('u2', 'ERROR');
      const failed = await view(server, second.job_id);
      expect([failed.state, failed.terminal]).toEqual(['failed', true]);
      expect(failed.message).not.toContain('not one of the states');
    } finally {
      await server.close();
    }
  });
});
