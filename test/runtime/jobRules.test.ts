/** Pure job rules: status interpretation, poll hints, URL resolution and the origin rule, cookies. */
import { describe, expect, it } from 'vitest';
import { isTerminal, mapState, observeDocument, readSource } from '../../templates/runtime/jobs/interpret.js';
import { paramsFromIdValue } from '../../templates/runtime/jobs/jobParams.js';
import { parseRetryAfter, suggestPollAfter } from '../../templates/runtime/jobs/pollHints.js';
import { isAllowedOrigin, mergeAnswerCookies, resolveUrl } from '../../templates/runtime/upstream/urls.js';
import { batchFamily, family, googleFamily } from './defs.js';

describe('status words', () => {
  it.each([
    ['in_progress', 'running', true],
    ['COMPLETED', 'succeeded', true],
    ['Cancelled', 'cancelled', true],
    ['paused_for_review', 'running', false],
  ])('%s → %s', (word, state, known) => {
    expect(mapState({ in_progress: 'running', completed: 'succeeded', cancelled: 'cancelled' }, word)).toEqual({ state, known });
  });

  // A hostile upstream's status may name what every object inherits: it is an unknown word, not a state.
  it.each(['constructor', '__proto__', 'toString', 'CONSTRUCTOR'])('an inherited name (%s) is an unknown word', (word) => {
    expect(mapState({ in_progress: 'running', completed: 'succeeded' }, word)).toEqual({ state: 'running', known: false });
    expect(observeDocument(batchFamily, { status: word })).toMatchObject({ state: 'running', unknownStatus: true });
  });

  it('an unknown word is running with the raw value kept, never a crash', () => {
    expect(observeDocument(batchFamily, { status: 'brand_new_state' })).toMatchObject({
      state: 'running',
      upstreamStatus: 'brand_new_state',
      unknownStatus: true,
    });
    expect(observeDocument(batchFamily, { status: { nested: true } })).toMatchObject({ state: null, upstreamStatus: null });
    expect(observeDocument(batchFamily, 'not an object')).toMatchObject({ state: null });
  });

  it.each([
    [{ done: false, metadata: { progressPercentage: 40 } }, 'running', 0.4, undefined],
    [{ done: true, response: { uri: 'x' } }, 'succeeded', null, { uri: 'x' }],
    [{ done: true, error: { code: 13, message: 'boom' } }, 'failed', null, undefined],
    [{ done: true, error: { code: 1, message: 'Operation cancelled' } }, 'cancelled', null, undefined],
  ])('Google operation %j', (doc, state, progress, result) => {
    const obs = observeDocument(googleFamily, doc);
    expect(obs.state).toBe(state);
    expect(obs.progress).toBe(progress);
    expect(obs.result).toEqual(result);
  });

  it('a status monitor with an error and no status word is failed', () => {
    const monitor = family({ name: 'm', starts: [], poll: { via: 'header:Location' }, statusField: null, errorField: 'error' });
    expect(observeDocument(monitor, { error: { message: 'x' } }).state).toBe('failed');
    expect(observeDocument(monitor, { error: null }).state).toBeNull();
  });

  it("Google Cloud's Operation: `DONE` ends it, and the error beside it says it failed (neutralEnds)", () => {
    const operation = family({
      name: 'zone_operation',
      starts: [],
      poll: { operation: 'get', idParam: 'operation', carry: [] },
      statusField: 'status',
      errorField: 'error',
      states: { PENDING: 'queued', RUNNING: 'running', DONE: 'succeeded' },
      neutralEnds: ['DONE'],
    });
    const failure = { errors: [{ code: 'QUOTA_EXCEEDED', message: 'Quota exceeded' }] };
    expect(observeDocument(operation, { status: 'DONE', error: failure })).toMatchObject({ state: 'failed', error: failure });
    expect(observeDocument(operation, { status: 'DONE' }).state).toBe('succeeded');
    expect(observeDocument(operation, { status: 'DONE', error: {} }).state).toBe('succeeded');
    // While it runs, an error beside the status is not its end; nor is an error beside an end that says how.
    expect(observeDocument(operation, { status: 'RUNNING', error: failure }).state).toBe('running');
    const saysHow = family({ ...operation, neutralEnds: undefined });
    expect(observeDocument(saysHow, { status: 'DONE', error: failure }).state).toBe('succeeded');
  });

  it('a vocabulary with no failure value: `DONE` beside a final error failed, beside an empty message not', () => {
    // BigQuery's job: `status.state` PENDING | RUNNING | DONE, `status.errorResult` set only when it failed.
    const job = family({
      name: 'job',
      starts: [],
      poll: { operation: 'get', idParam: 'jobId', carry: [] },
      statusField: 'status.state',
      errorField: 'status.errorResult',
      states: { PENDING: 'queued', RUNNING: 'running', DONE: 'succeeded' },
      neutralEnds: ['DONE'],
    });
    const failure = { reason: 'invalidQuery', message: 'Syntax error' };
    expect(observeDocument(job, { status: { state: 'DONE', errorResult: failure } })).toMatchObject({ state: 'failed', error: failure });
    expect(observeDocument(job, { status: { state: 'DONE', errors: [{ reason: 'warning' }] } }).state).toBe('succeeded');
    // A message field left empty on a success says nothing went wrong.
    const ended = family({ ...job, errorField: 'status.errorMessage' });
    expect(observeDocument(ended, { status: { state: 'DONE', errorMessage: '' } }).state).toBe('succeeded');
    expect(observeDocument(ended, { status: { state: 'DONE', errorMessage: 'out of memory' } }).state).toBe('failed');
  });

  it('a done flag: `true` ends it, failed when the error beside it is set, and an error before it ends fails it too', () => {
    // Yandex Cloud's Operation `{id, done, error}`; Mapbox's upload `{complete, error}` (doneFlag.ts).
    const operation = family({
      name: 'operation',
      starts: [],
      poll: { operation: 'get', idParam: 'operationId', carry: [] },
      statusField: 'done',
      errorField: 'error',
      states: { false: 'running', true: 'succeeded' },
      neutralEnds: ['true'],
    });
    const failure = { code: 9, message: 'Instance quota exceeded' };
    expect(observeDocument(operation, { id: 'o1', done: false }).state).toBe('running');
    expect(observeDocument(operation, { id: 'o1', done: true, response: {} }).state).toBe('succeeded');
    expect(observeDocument(operation, { id: 'o1', done: true, error: failure })).toMatchObject({ state: 'failed', error: failure });
    expect(observeDocument(operation, { id: 'o1', done: false, error: failure }).state).toBe('failed');
    expect(observeDocument(operation, { id: 'o1', done: false, error: null }).state).toBe('running');
    // Its error a google.rpc.Status (Yandex Cloud): code 1 says the operation was cancelled.
    expect(observeDocument(operation, { id: 'o1', done: true, error: { code: 1, message: 'Operation cancelled' } }).state).toBe(
      'cancelled',
    );
    expect(observeDocument(operation, { id: 'o1', done: true, error: 'code 1' }).state).toBe('failed');
    // A `false` that is a word of a vocabulary with no flag's neutral end says nothing of an error.
    const worded = family({ ...operation, neutralEnds: undefined });
    expect(observeDocument(worded, { id: 'o1', done: false, error: failure }).state).toBe('running');
  });

  it('progress is read only where the upstream reports a real fraction, and clamped', () => {
    const pct = family({ name: 'p', starts: [], poll: { via: 'header:Location' }, progress: { field: 'percent', scale: 100 } });
    expect(observeDocument(pct, { percent: 250 }).progress).toBe(1);
    expect(observeDocument(pct, { percent: '50' }).progress).toBe(0.5);
    expect(observeDocument(pct, { percent: 'half' }).progress).toBeNull();
    expect(observeDocument(batchFamily, { status: 'in_progress' }).progress).toBeNull();
  });

  it('without a state map, conventional words are understood and the conventional error field is kept', () => {
    const bare = family({ name: 'b', starts: [], poll: { via: 'header:Azure-AsyncOperation' }, statusField: null, states: {} });
    expect(observeDocument(bare, { status: 'InProgress' })).toMatchObject({ state: 'running', upstreamStatus: 'InProgress' });
    expect(observeDocument(bare, { status: 'Succeeded' }).state).toBe('succeeded');
    expect(observeDocument(bare, { status: 'Canceled' }).state).toBe('cancelled');
    expect(observeDocument(bare, { status: 'Failed', error: { code: 'X' } })).toMatchObject({ state: 'failed', error: { code: 'X' } });
    expect(observeDocument(bare, { status: 'Mysterious' })).toMatchObject({ state: 'running', unknownStatus: true });
    // A family with a state map keeps its own vocabulary: a word it does not list stays running, unless the common
    // words read it as an end (interpret.ts mapState; unlistedStatus.test.ts).
    expect(observeDocument(batchFamily, { status: 'Mysterious' })).toMatchObject({ state: 'running', unknownStatus: true });
    expect(observeDocument(batchFamily, { status: 'succeeded' })).toMatchObject({ state: 'succeeded', unknownStatus: true });
  });

  it('terminal states', () => {
    expect(['queued', 'running', 'succeeded', 'failed', 'cancelled'].map((s) => isTerminal(s as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('reads header and dotted body sources', () => {
    const headers = new Headers({ 'Operation-Location': 'https://x/op/1' });
    expect(readSource('header:operation-location', headers, null)).toBe('https://x/op/1');
    expect(readSource('body:urls.get', headers, { urls: { get: '/p/1' } })).toBe('/p/1');
    expect(readSource('body:id', headers, { id: 7 })).toBe('7');
    expect(readSource('body:id', headers, { id: '' })).toBeUndefined();
    // `body:` alone is the whole answer: an id answered bare (Climate's `POST /v4/uploads` → `"3f2c…"`).
    expect(readSource('body:', headers, '3f2c-9a')).toBe('3f2c-9a');
    expect(readSource('body:', headers, { id: '3f2c-9a' })).toBeUndefined();
  });
});

describe('ids handed out as URLs', () => {
  it.each([
    ['https://h/translator/batches/abc-1', '/translator/batches/{id}', { id: 'abc-1' }],
    ['https://h/base/v1/jobs/j%201/operations/o2?api-version=1', '/jobs/{job}/operations/{id}', { job: 'j 1', id: 'o2' }],
    ['/relative/ops/77', '/ops/{id}', { id: '77' }],
    ['plain-id', '/ops/{id}', { id: 'plain-id' }],
    ['projects/p/locations/l/operations/o', '/v1/{id}', { id: 'projects/p/locations/l/operations/o' }],
    ['https://h/unrelated/path', '/ops/{id}', { id: 'https://h/unrelated/path' }],
    ['https://h/ops/77.json', '/ops/{id}.json', { id: '77' }],
    ['https://h/ops/.json', '/ops/{id}.json', { id: 'https://h/ops/.json' }],
    ['https://h/ops/a.b', '/ops/{x}.{id}', { id: 'https://h/ops/a.b' }],
    ['https://h/ops/%E0%A4%A', '/ops/{id}', { id: 'https://h/ops/%E0%A4%A' }],
    ['https://h/ops/7/', '/ops/{id}/', { id: '7' }],
    ['https://h/ops/7', '/ops/{id}/', { id: 'https://h/ops/7' }],
  ])('%s with %s', (value, template, expected) => {
    expect(paramsFromIdValue(value, template, 'id')).toEqual(expected);
  });

  it('stays linear on a hostile template and a long upstream value (no regular expression is built from them)', () => {
    // As a RegExp, `([^/]+)\.([^/]+)…` over a 4,000-character segment backtracks for ages; here it is one pass.
    const template = `/ops/${Array.from({ length: 12 }, (_, i) => `{p${i}}`).join('.')}x`;
    const value = `https://h/ops/${'a.'.repeat(2_000)}`;
    expect(paramsFromIdValue(value, template, 'id')).toEqual({ id: value });
    expect(paramsFromIdValue(value, `/ops/${'{a}'.repeat(30)}`, 'id')).toEqual({ id: value });
  });
});

describe('poll hints', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['5', 5000],
    ['0.5', 500],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['soon', null],
    [null, null],
    // Hostile values (issue 23): never Infinity, never a date Date.parse would invent from a number.
    ['1e308', null],
    ['-5', null],
    ['+5', null],
    ['Infinity', null],
    ['9'.repeat(400), 24 * 3600_000],
    ['Fri, 31 Dec 9999 23:59:59 GMT', 24 * 3600_000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 0],
    [`${'1'.repeat(20_000)}x`, null],
  ])('Retry-After %j → %j ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('prefers Retry-After, clamped to a floor and a ceiling', () => {
    expect(suggestPollAfter({ retryAfterMs: 0, expectedDurationMs: null, ageMs: 0 })).toBe(1000);
    expect(suggestPollAfter({ retryAfterMs: 7000, expectedDurationMs: 60_000, ageMs: 0 })).toBe(7000);
    expect(suggestPollAfter({ retryAfterMs: 86_400_000, expectedDurationMs: null, ageMs: 0 })).toBe(300_000);
  });

  it('else a fifth of the expected duration, else a schedule that backs off with age', () => {
    expect(suggestPollAfter({ retryAfterMs: null, expectedDurationMs: 60_000, ageMs: 0 })).toBe(12_000);
    expect(suggestPollAfter({ retryAfterMs: null, expectedDurationMs: 60_000, ageMs: 55_000 })).toBe(5_000);
    const byAge = [0, 30_000, 120_000, 600_000, 7_200_000].map((ageMs) =>
      suggestPollAfter({ retryAfterMs: null, expectedDurationMs: null, ageMs }),
    );
    expect(byAge).toEqual([1000, 2000, 5000, 15_000, 30_000]);
  });
});

describe('URLs handed out by the upstream', () => {
  it('resolves relative URLs against the request URL and refuses other schemes', () => {
    expect(resolveUrl('/ops/1', 'https://api.example/v1/backup?x=1')).toBe('https://api.example/ops/1');
    expect(resolveUrl('ops/1', 'https://api.example/v1/backup')).toBe('https://api.example/v1/ops/1');
    expect(resolveUrl('file:///etc/passwd', 'https://api.example/')).toBeNull();
    expect(resolveUrl('http://[bad', 'https://api.example/')).toBeNull();
  });

  it('allows the base origin and listed origins only', () => {
    const base = 'https://api.example/v1';
    expect(isAllowedOrigin('https://api.example/ops/1', base, [])).toBe(true);
    expect(isAllowedOrigin('https://evil.example/ops/1', base, [])).toBe(false);
    expect(isAllowedOrigin('http://api.example/ops/1', base, [])).toBe(false);
    expect(isAllowedOrigin('https://api.example:8443/ops/1', base, [])).toBe(false);
    expect(isAllowedOrigin('https://blob.example/r', base, ['https://blob.example'])).toBe(true);
    expect(isAllowedOrigin('http://169.254.169.254/latest', base, ['junk'])).toBe(false);
  });

  it('merges Set-Cookie into the job jar and drops expired cookies', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'affinity=abc; Path=/; HttpOnly');
    headers.append('set-cookie', 'old=1; Max-Age=0; Path=/');
    const now = Date.UTC(2026, 0, 1);
    // The jar of a record written before the cookie list existed (name → value) is read as cookies for `/`.
    const jar = mergeAnswerCookies({ old: 'x', keep: 'y' }, { headers, url: 'https://api.example/v1/jobs' }, 'https://api.example/v1', now);
    expect(jar.map((c) => [c.name, c.value, c.path])).toEqual([
      ['keep', 'y', '/'],
      ['affinity', 'abc', '/'],
    ]);
  });
});
