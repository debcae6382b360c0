/**
 * A status the upstream sends as a numeric code the contract names (`statusCodes`: detect/status/namedCodes.ts): the
 * code read is its name from then on, for the state map, upstream_status and the message. Pure: observeDocument.
 * The whole flow through an MCP client is test/e2e/jobLifecycles.test.ts `batches-coded`.
 */
import { describe, expect, it } from 'vitest';
import { observeDocument } from '../../templates/runtime/jobs/interpret.js';
import { family } from './defs.js';

const base = family({
  name: 'report',
  starts: [{ operation: 'create_report', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_report', idParam: 'id', carry: [] },
  states: { Queued: 'queued', Running: 'running', Completed: 'succeeded', Failed: 'failed', Cancelled: 'cancelled' },
  statusCodes: { '0': 'Queued', '1': 'Running', '2': 'Completed', '3': 'Failed', '4': 'Cancelled' },
});

describe('observeDocument with named codes', () => {
  it.each<[label: string, body: unknown, state: string, upstream: string, unknown: boolean]>([
    ['a code is read as its name', { status: 2 }, 'succeeded', 'Completed', false],
    ['a running code', { status: 1 }, 'running', 'Running', false],
    ['a code sent as a string', { status: '3' }, 'failed', 'Failed', false],
    ['a code the contract does not name runs on, shown as sent', { status: 9 }, 'running', '9', true],
    ['the name itself, where an upstream sends it', { status: 'Cancelled' }, 'cancelled', 'Cancelled', false],
    ['a hostile code naming what objects inherit', { status: 'constructor' }, 'running', 'constructor', true],
  ])('%s', (_label, body, state, upstream, unknown) => {
    const obs = observeDocument(base, body);
    expect(obs).toMatchObject({ state, upstreamStatus: upstream, unknownStatus: unknown });
  });

  it('a state map keyed by the codes themselves (a configured `states`) still reads them', () => {
    const configured = {
      ...base,
      states: { ...base.states, '5': 'failed' as const },
      statusCodes: { ...base.statusCodes, '5': 'Expired' },
    };
    expect(observeDocument(configured, { status: 5 })).toMatchObject({ state: 'failed', upstreamStatus: 'Expired', unknownStatus: false });
  });

  it('an outcome sent as a code refines a finished status by its name', () => {
    const run = {
      ...base,
      states: { Queued: 'queued' as const, Completed: 'succeeded' as const },
      outcomeField: 'conclusion',
      outcomes: { success: 'succeeded' as const, failure: 'failed' as const },
      outcomeCodes: { '0': 'success', '1': 'failure' },
    };
    expect(observeDocument(run, { status: 2, conclusion: 1 })).toMatchObject({ state: 'failed', upstreamStatus: 'Completed/failure' });
    expect(observeDocument(run, { status: 2, conclusion: 0 })).toMatchObject({ state: 'succeeded', upstreamStatus: 'Completed/success' });
  });

  it('without statusCodes a numeric status stays its digits', () => {
    const plain = { ...base, statusCodes: undefined, states: { '2': 'succeeded' as const } };
    expect(observeDocument(plain, { status: 2 })).toMatchObject({ state: 'succeeded', upstreamStatus: '2' });
  });
});
