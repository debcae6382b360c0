// The aggregate of a job over a set (jobs/memberSet.ts): read from the start's answer, its state, progress and error
// from its members'. Pure rows; the job run through the tools is in memberSetJobs.test.ts.
import { describe, expect, it } from 'vitest';
import type { CanonicalState } from '../../templates/runtime/definition.js';
import { membersToPoll } from '../../templates/runtime/jobs/memberPoll.js';
import { aggregateState, memberProgress, membersPatch, readMembers } from '../../templates/runtime/jobs/memberSet.js';
import type { JobMember } from '../../templates/runtime/store/types.js';

const m = (state: CanonicalState, id: string = state): JobMember => ({ id, state, upstreamStatus: null });

describe('aggregateState', () => {
  it.each<[string, CanonicalState[], CanonicalState]>([
    ['all queued', ['queued', 'queued'], 'queued'],
    ['one started', ['queued', 'running'], 'running'],
    ['one failed, one still running: not terminal yet', ['failed', 'running'], 'running'],
    ['one succeeded, one queued', ['succeeded', 'queued'], 'running'],
    ['all succeeded', ['succeeded', 'succeeded'], 'succeeded'],
    ['all ended, one failed', ['succeeded', 'failed'], 'failed'],
    ['all ended, one cancelled, none failed', ['succeeded', 'cancelled'], 'cancelled'],
    ['failed wins over cancelled', ['cancelled', 'failed'], 'failed'],
  ])('%s', (_label, states, expected) => {
    expect(aggregateState(states.map((s, i) => m(s, `m${i}`)))).toBe(expected);
  });

  it('progress is members ended over members', () => {
    expect(memberProgress([m('succeeded'), m('running'), m('failed'), m('queued')])).toBe(0.5);
    expect(memberProgress([])).toBeNull();
  });
});

describe('readMembers', () => {
  it('reads each listed item’s id, in order, once, and skips items without one', () => {
    const answer = { operations: [{ id: 'a' }, { id: 7 }, { id: 'a' }, { other: 'x' }, { id: '' }] };
    expect(readMembers({ itemsAt: 'operations', itemId: 'id' }, answer).map((x) => x.id)).toEqual(['a', '7']);
  });
  it('reads a list the answer embeds one level down (HAL `_embedded.activities`)', () => {
    const answer = { status: 'Accepted', code: 202, _embedded: { activities: [{ id: 'act-1' }, { id: 'act-2' }] } };
    expect(readMembers({ itemsAt: '_embedded.activities', itemId: 'id' }, answer).map((x) => x.id)).toEqual(['act-1', 'act-2']);
  });
  it("reads a list of bare ids as the ids themselves (`itemId` '': Lambda’s `data.instance_ids`), once each", () => {
    const answer = { data: { instance_ids: ['i-1', 'i-2', 'i-1', '', { id: 'x' }, 9] } };
    expect(readMembers({ itemsAt: 'data.instance_ids', itemId: '' }, answer).map((x) => x.id)).toEqual(['i-1', 'i-2', '9']);
  });

  it('reads nothing where the answer holds no list there', () => {
    expect(readMembers({ itemsAt: 'operations', itemId: 'id' }, { operations: { id: 'a' } })).toEqual([]);
    expect(readMembers({ itemsAt: 'constructor', itemId: 'id' }, {})).toEqual([]);
  });
});

describe('membersPatch', () => {
  it('names the members that did not succeed in the error, and counts the upstream words', () => {
    const patch = membersPatch([
      { id: 'op-a', state: 'succeeded', upstreamStatus: 'Succeeded' },
      { id: 'op-b', state: 'failed', upstreamStatus: 'Failed', error: 'no capacity' },
    ]);
    expect(patch.state).toBe('failed');
    expect(patch.upstreamStatus).toBe('2 of 2 members ended: Succeeded ×1, Failed ×1');
    expect(patch.error).toEqual({
      message: '1 of 2 members did not succeed (op-b: failed).',
      members: [{ id: 'op-b', state: 'failed', upstream_status: 'Failed', error: 'no capacity' }],
    });
  });
  it('sets no error while the job runs', () => {
    expect(membersPatch([m('failed', 'a'), m('running', 'b')]).error).toBeUndefined();
  });
});

describe('membersToPoll', () => {
  const many = Array.from({ length: 40 }, (_, i) => m(i % 10 === 0 ? 'succeeded' : 'running', `m${i}`));
  it('polls a bounded few open members per check, never an ended one', () => {
    const chosen = [...membersToPoll(many, 16)];
    expect(chosen).toHaveLength(16);
    expect(chosen.every((i) => many[i]!.state === 'running')).toBe(true);
  });
  it('polls the longest unpolled first, so every member moves over successive checks', () => {
    const first = membersToPoll(many, 16);
    const after = many.map((x, i) => (first.has(i) ? { ...x, polledAt: 1_000 } : x));
    const second = membersToPoll(after, 16);
    expect([...second].some((i) => first.has(i))).toBe(false);
    const third = membersToPoll(
      after.map((x, i) => (second.has(i) ? { ...x, polledAt: 2_000 } : x)),
      16,
    );
    // 36 open members: the third check takes the 4 never polled, then the 12 polled longest ago.
    expect([...third].filter((i) => !first.has(i) && !second.has(i))).toHaveLength(4);
    expect([...third].filter((i) => first.has(i))).toHaveLength(12);
  });
});
