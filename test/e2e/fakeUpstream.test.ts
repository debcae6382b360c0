// The fake upstream is the yardstick of every e2e test, so its lifecycles are tested on their own first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, fake.url), {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const batchInput = { input_file_id: 'file-1', endpoint: '/v1/chat/completions', completion_window: '24h' };

describe('OpenAI-like batches', () => {
  it('progresses one step per poll to completed, with request counts', async () => {
    const start = await call('POST', '/batches', batchInput);
    expect(start.body.status).toBe('validating');
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push((await call('GET', `/batches/${start.body.id}`)).body);
    expect(seen.map((b) => b.status)).toEqual(['in_progress', 'finalizing', 'completed', 'completed']);
    expect(seen[2].request_counts).toEqual({ total: 10, completed: 10, failed: 0 });
    expect(seen[2].output_file_id).toMatch(/^file-out-/);
  });

  it('cancel goes through cancelling to cancelled; a second cancel of a finished batch is a 409', async () => {
    const start = await call('POST', '/batches', batchInput);
    expect((await call('POST', `/batches/${start.body.id}/cancel`)).body.status).toBe('cancelling');
    expect((await call('GET', `/batches/${start.body.id}`)).body.status).toBe('cancelled');
    const done = await call('POST', '/batches', batchInput);
    fake.jobs('batch').at(-1)!.finish();
    expect((await call('POST', `/batches/${done.body.id}/cancel`)).status).toBe(409);
  });

  it('cancellation racing completion: completion wins', async () => {
    fake.plan('batch', { cancelRacesCompletion: true });
    const start = await call('POST', '/batches', batchInput);
    expect((await call('POST', `/batches/${start.body.id}/cancel`)).status).toBe(409);
    expect((await call('GET', `/batches/${start.body.id}`)).body.status).toBe('completed');
  });

  it('failed and expired variants, failure as a 4xx, and virtual-clock progress', async () => {
    fake.plan('batch', { outcome: 'expired', pollsPerStep: 0, msPerStep: 1000 });
    const start = await call('POST', '/batches', batchInput);
    expect((await call('GET', `/batches/${start.body.id}`)).body.status).toBe('validating');
    fake.clock.advance(3000);
    expect((await call('GET', `/batches/${start.body.id}`)).body.status).toBe('expired');
    fake.plan('batch', { outcome: 'failed', failMode: 'http' });
    const failing = await call('POST', '/batches', batchInput);
    fake.jobs('batch').at(-1)!.finish();
    const polled = await call('GET', `/batches/${failing.body.id}`);
    expect(polled.status).toBe(400);
    expect(polled.body.error.code).toBe('invalid_file');
  });

  it('records Idempotency-Key and replays the same batch for a repeated key', async () => {
    const before = fake.jobs('batch').length;
    const a = await call('POST', '/batches', batchInput, { 'Idempotency-Key': 'k-1' });
    const b = await call('POST', '/batches', batchInput, { 'Idempotency-Key': 'k-1' });
    expect(b.body.id).toBe(a.body.id);
    expect(fake.jobs('batch').length).toBe(before + 1);
    expect(fake.idempotencyKeys.filter((k) => k === 'k-1')).toHaveLength(2);
  });

  it('injected 500s answer instead of the job and do not advance it', async () => {
    const start = await call('POST', '/batches', batchInput);
    fake.inject('GET /batches/{batch_id}', { status: 500, times: 2 });
    expect((await call('GET', `/batches/${start.body.id}`)).status).toBe(500);
    expect((await call('GET', `/batches/${start.body.id}`)).status).toBe(500);
    expect((await call('GET', `/batches/${start.body.id}`)).body.status).toBe('in_progress');
  });
});

describe('Replicate-like predictions', () => {
  it('201 with absolute urls, succeeds with output; cancel of a running one is canceled', async () => {
    const start = await call('POST', '/predictions', { version: 'v1', input: { prompt: 'hi' } });
    expect(start.status).toBe(201);
    expect(start.body.urls.get).toBe(`${fake.url}/predictions/${start.body.id}`);
    for (let i = 0; i < 3; i++) await call('GET', start.body.urls.get);
    const done = await call('GET', start.body.urls.get);
    expect(done.body).toMatchObject({ status: 'succeeded', output: { echo: { prompt: 'hi' } } });
    fake.plan('prediction', { cancelPolls: 0 });
    const other = await call('POST', '/predictions', { version: 'v1', input: {} });
    expect((await call('POST', other.body.urls.cancel)).body.status).toBe('canceled');
    expect((await call('POST', '/predictions', { input: {} })).status).toBe(422);
  });
});

describe('Azure Operation-Location (translator)', () => {
  it('202 + absolute Operation-Location + Location + Retry-After; monitor to Succeeded; documents', async () => {
    const start = await call('POST', '/translator/batches', { inputs: [{ source: {}, targets: [] }] });
    expect(start.status).toBe(202);
    const monitor = start.headers.get('operation-location')!;
    expect(monitor.startsWith(fake.url)).toBe(true);
    expect(start.headers.get('retry-after')).toBe('1');
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await call('GET', monitor)).body.status);
    expect(states).toEqual(['Running', 'Running', 'Succeeded']);
    const docs = await call('GET', start.headers.get('location')!);
    expect(docs.body.value).toHaveLength(4);
  });

  it('DELETE cancels via Cancelling; a failed job can answer 400 with an Azure error', async () => {
    const start = await call('POST', '/translator/batches', { inputs: [{}] });
    const monitor = start.headers.get('operation-location')!;
    expect((await call('DELETE', monitor)).body.status).toBe('Cancelling');
    expect((await call('GET', monitor)).body.status).toBe('Cancelled');
    fake.plan('translation', { outcome: 'failed', failMode: 'http' });
    const failing = await call('POST', '/translator/batches', { inputs: [{}] });
    fake.jobs('translation').at(-1)!.finish();
    const answer = await call('GET', failing.headers.get('operation-location')!);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('InvalidDocumentAccessLevel');
  });
});

describe('Azure-AsyncOperation with cookie (backup)', () => {
  it('relative URLs, cookie required, no Content-Type, HTTP-date Retry-After', async () => {
    const start = await call('POST', '/backup', { storageResourceUri: 'https://acct.blob.example/c' });
    expect(start.status).toBe(202);
    const op = start.headers.get('azure-asyncoperation')!;
    expect(op).toMatch(/^\/ops\//);
    expect(Number.isNaN(Date.parse(start.headers.get('retry-after')!))).toBe(false);
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    expect((await call('GET', op)).status).toBe(400);
    expect(fake.cookieRejections()).toBe(1);
    const polled = await fetch(new URL(op, fake.url), { headers: { cookie } });
    expect(polled.headers.get('content-type')).toBeNull();
    expect(JSON.parse(await polled.text()).status).toBe('InProgress');
    fake.jobs('backup').at(-1)!.finish();
    const result = await call('GET', start.headers.get('location')!, undefined, { cookie });
    expect(result.body.azureStorageBlobContainerUri).toContain('mhsm-backup-');
  });
});

describe('Google Operation', () => {
  it('slash-holding names (encoded or not), done/response, cancel → error code 1', async () => {
    const start = await call('POST', '/v1/projects%2Fp%2Flocations%2Fl:synthesizeLongAudio', {
      input: { text: 'hi' },
      outputGcsUri: 'gs://b/o.wav',
    });
    expect(start.body).toMatchObject({ done: false });
    expect(start.body.name).toMatch(/^projects\/p\/locations\/l\/operations\/\w+$/);
    for (let i = 0; i < 3; i++) await call('GET', `/v1/${start.body.name}`);
    expect((await call('GET', `/v1/${encodeURIComponent(start.body.name)}`)).body).toMatchObject({
      done: true,
      response: { outputGcsUri: 'gs://b/o.wav' },
    });
    const other = await call('POST', '/v1/projects/p/locations/l:synthesizeLongAudio', { input: {}, outputGcsUri: 'gs://b/2' });
    expect((await call('POST', `/v1/${other.body.name}:cancel`)).body).toEqual({});
    await call('GET', `/v1/${other.body.name}`);
    expect((await call('GET', `/v1/${other.body.name}`)).body).toMatchObject({ done: true, error: { code: 1 } });
  });
});

describe('plain CRUD, slow endpoint and counters', () => {
  it('200/201/404/422/204 and counts per route', async () => {
    fake.resetCounts();
    expect((await call('POST', '/widgets', { name: 'a', size: 2 })).status).toBe(201);
    expect((await call('POST', '/widgets', { name: 'a' })).status).toBe(422);
    expect((await call('GET', '/widgets/1')).body).toMatchObject({ id: 1, name: 'a', size: 2 });
    expect((await call('GET', '/widgets/99')).status).toBe(404);
    expect((await call('DELETE', '/widgets/1')).status).toBe(204);
    expect(fake.count('POST /widgets')).toBe(2);
    expect(fake.count('GET /widgets/{widget_id}')).toBe(2);
    expect(fake.totalCalls()).toBe(5);
  });

  it('a held request is cut by the client timeout and does not hang close', async () => {
    // Cut by the client's signal: the fake holds /slow for 60 s and must not answer it first.
    await expect(fetch(`${fake.url}/slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow(/timeout|abort/i);
    fake.inject('GET /widgets', { delayMs: Infinity });
    await expect(fetch(`${fake.url}/widgets`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
  });
});
