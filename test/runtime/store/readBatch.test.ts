/**
 * The batching of reads by id (store/readBatch.ts) over a fake read: what goes out per event-loop round, and
 * how answers and failures reach each caller. The backends' own batches are in the contract suite.
 */
import { describe, expect, it } from 'vitest';
import { ReadBatch } from '../../../templates/runtime/store/readBatch.js';

/** A read that records each call's ids and answers `data:<id>`, or null for ids starting with `missing`. */
function recordingRead() {
  const calls: string[][] = [];
  const readMany = async (ids: string[]) => {
    calls.push(ids);
    return ids.map((id) => (id.startsWith('missing') ? null : `data:${id}`));
  };
  return { calls, readMany };
}

describe('ReadBatch', () => {
  it('sends the reads of one round together, each id once, and answers every caller', async () => {
    const { calls, readMany } = recordingRead();
    const batch = new ReadBatch(readMany);
    const answers = await Promise.all(['a', 'b', 'a', 'missing-1', 'c'].map((id) => batch.read(id)));
    expect(answers).toEqual(['data:a', 'data:b', 'data:a', null, 'data:c']);
    expect(calls).toEqual([['a', 'b', 'missing-1', 'c']]);
  });

  it('starts a new batch for reads asked after the previous one went out', async () => {
    const { calls, readMany } = recordingRead();
    const batch = new ReadBatch(readMany);
    expect(await batch.read('a')).toBe('data:a');
    expect(await Promise.all([batch.read('b'), batch.read('c')])).toEqual(['data:b', 'data:c']);
    expect(calls).toEqual([['a'], ['b', 'c']]);
  });

  it('splits a large round into reads of at most the bound', async () => {
    const { calls, readMany } = recordingRead();
    const batch = new ReadBatch(readMany, 2);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect(await Promise.all(ids.map((id) => batch.read(id)))).toEqual(ids.map((id) => `data:${id}`));
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails the callers of a failed read only, whether it rejected or threw at once', async () => {
    let call = 0;
    const batch = new ReadBatch((ids) => {
      call += 1;
      if (call === 1) throw new Error('connection lost');
      if (ids.includes('c')) return Promise.reject(new Error('timeout'));
      return Promise.resolve(ids.map((id) => `data:${id}`));
    }, 2);
    const first = ['a', 'b', 'c', 'd', 'e'].map((id) => batch.read(id));
    const settled = await Promise.allSettled(first);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'connection lost',
      'connection lost',
      'timeout',
      'timeout',
      'data:e',
    ]);
    // The batch goes on serving after a failure.
    expect(await batch.read('a')).toBe('data:a');
  });
});
