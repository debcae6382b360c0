/**
 * The corpus truth's async signals (scripts/corpus/corpusTruth.ts): what makes a spec "no-signal", read both ways
 * (the stop-38 reading and issue 24's), so the figure's definition is pinned by cases rather than by its outcome.
 */
import { describe, expect, it } from 'vitest';
import { describedValues, isInProgressValue, specTruth } from '../../scripts/corpus/corpusTruth.js';

/** One POST /x whose 200 answers `schema` as `media`, with `schemas` under components. */
const spec = (schema: unknown, schemas: Record<string, unknown> = {}, media = 'application/json') => ({
  openapi: '3.0.0',
  paths: { '/x': { post: { responses: { '200': { description: 'ok', content: { [media]: { schema } } } } } } },
  components: { schemas },
});
const status = (s: unknown) => ({ type: 'object', properties: { Status: s } });

describe('describedValues', () => {
  it.each([
    ['one of the following values: <code>available</code>, <code>creating</code>', ['available', 'creating']],
    ['Can be one of the following: creating | modifying | active', ['creating', 'modifying', 'active']],
    ['Possible values are: RUNNING, COMPLETED, CANCELLING and FAILED.', ['RUNNING', 'COMPLETED', 'CANCELLING', 'FAILED']],
    ['CREATE PENDING &gt; CREATE IN_PROGRESS &gt; ACTIVE', ['CREATE PENDING', 'CREATE IN_PROGRESS', 'ACTIVE']],
    ['The cluster name.', []],
  ])('%s', (text, values) => {
    for (const v of values) expect(describedValues(text)).toContain(v);
    if (values.length === 0) expect(describedValues(text)).toEqual([]);
  });
});

describe('isInProgressValue', () => {
  it.each([
    ['IN_PROGRESS', true, true],
    ['running', true, true],
    ['CREATING', false, true],
    ['CREATE_IN_PROGRESS', false, true],
    ['DeploymentInProgress', false, true],
    ['CREATE PENDING', false, false],
    ['pending', false, false],
    ['ACTIVE', false, false],
    ['INPROGRESSIVE', false, false],
  ])('%s: stop38 %s, issue24 %s', (value, stop38, issue24) => {
    expect(isInProgressValue(value, 'stop38')).toBe(stop38);
    expect(isInProgressValue(value, 'issue24')).toBe(issue24);
  });
});

describe('specTruth work-in-progress signal', () => {
  it('reads a list whose items sit under an allOf wrapper (issue24 only)', () => {
    const doc = spec(
      { type: 'object', properties: { jobs: { allOf: [{ $ref: '#/components/schemas/List' }, { description: 'The jobs.' }] } } },
      { List: { type: 'array', items: status({ type: 'string', enum: ['RUNNING', 'SUCCEEDED'] }) } },
    );
    const truth = specTruth(doc);
    expect(truth.signals).toEqual(['work-in-progress-status']);
    expect(truth.signalsStop38).toEqual([]);
  });

  it('reads an XML body (issue24 only) and a provisioning word listed in a description', () => {
    const doc = spec(status({ type: 'string', description: 'One of: creating | active | deleting' }), {}, 'text/xml');
    expect(specTruth(doc).signals).toEqual(['work-in-progress-status']);
    expect(specTruth(doc).signalsStop38).toEqual([]);
  });

  it('is no signal for an order whose status is pending or shipped', () => {
    const doc = spec(status({ type: 'string', enum: ['pending', 'paid', 'shipped', 'cancelled'] }));
    expect(specTruth(doc).signals).toEqual([]);
    expect(specTruth(doc).signalsStop38).toEqual([]);
  });

  it('needs a status-named field: a `type` listing running is no signal', () => {
    const doc = spec({ type: 'object', properties: { kind: { type: 'string', enum: ['running', 'walking'] } } });
    expect(specTruth(doc).signals).toEqual([]);
  });

  it('agrees in both readings on a quoted in-progress value', () => {
    const doc = spec(status({ type: 'string', description: 'Either "queued" or "done".' }));
    expect(specTruth(doc).signals).toEqual(['work-in-progress-status']);
    expect(specTruth(doc).signalsStop38).toEqual(['work-in-progress-status']);
  });
});
