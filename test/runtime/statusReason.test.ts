/**
 * The words beside the status that say why it is so (a family's `reasonField`: `StatusReason`, `message`), read by
 * observeDocument (templates/runtime/jobs/interpret.ts) as the upstream's reason of a job that failed or was cancelled,
 * when no error field gave one. Near misses: a running or succeeded job has no error however its message reads, an
 * error field stands before the reason, and an empty reason is none.
 */
import { describe, expect, it } from 'vitest';
import { observeDocument } from '../../templates/runtime/jobs/interpret.js';
import { family } from './defs.js';

const poll = { operation: 'describe_export', idParam: 'ExportId', carry: [] };
const exportFamily = family({
  name: 'export',
  starts: [],
  poll,
  statusField: 'Export.Status',
  reasonField: 'Export.StatusMessage',
  states: { IN_PROGRESS: 'running', COMPLETED: 'succeeded', FAILED: 'failed', CANCELLED: 'cancelled' },
});

describe('observeDocument with a reason field', () => {
  const rows: Array<[label: string, body: unknown, state: string, error: unknown]> = [
    [
      'a failed job: the reason is the error',
      { Export: { Status: 'FAILED', StatusMessage: 'The bucket does not exist' } },
      'failed',
      { StatusMessage: 'The bucket does not exist' },
    ],
    [
      'a cancelled job: the reason is the error',
      { Export: { Status: 'CANCELLED', StatusMessage: 'Stopped by the user' } },
      'cancelled',
      { StatusMessage: 'Stopped by the user' },
    ],
    [
      'near miss: a running job says how it goes, no error',
      { Export: { Status: 'IN_PROGRESS', StatusMessage: '40 of 100 rows' } },
      'running',
      undefined,
    ],
    ['near miss: a succeeded job has no error', { Export: { Status: 'COMPLETED', StatusMessage: 'Done' } }, 'succeeded', undefined],
    ['near miss: an empty reason is none', { Export: { Status: 'FAILED', StatusMessage: '' } }, 'failed', undefined],
  ];
  it.each(rows)('%s', (_label, body, state, error) => {
    const obs = observeDocument(exportFamily, body);
    expect(obs.state).toBe(state);
    expect(obs.error).toEqual(error);
  });

  it('near miss: an error field stands before the reason', () => {
    const both = { ...exportFamily, errorField: 'Export.FailureReason' };
    const obs = observeDocument(both, { Export: { Status: 'FAILED', StatusMessage: 'Failed', FailureReason: 'AccessDenied' } });
    expect(obs.error).toBe('AccessDenied');
  });

  it('near miss: without a reason field the job fails with no reason, as before', () => {
    const { reasonField: _, ...none } = exportFamily;
    expect(observeDocument(none, { Export: { Status: 'FAILED', StatusMessage: 'x' } }).error).toBeUndefined();
  });
});
