/**
 * Metrics, the JSON log and the observed store and fetch, in process: every transition a store write makes is
 * one log line and one counter step, `/metrics` text parses with a Prometheus parser and moves as jobs move,
 * and no secret reaches a log line.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogObserver } from '../../templates/runtime/core/log.js';
import { createMetrics } from '../../templates/runtime/core/metrics.js';
import { combineObservers, NOOP_OBSERVER, observedFetch, withToolLabel } from '../../templates/runtime/core/observe.js';
import { observedStore } from '../../templates/runtime/core/observedStore.js';
import { parsePrometheus, sampleValue } from '../support/prometheusText.js';
import { MemoryJobStore } from './memoryStore.js';
import { makeRecord, T0 } from './store/makeRecord.js';

function capture(): { stream: PassThrough; lines: () => Array<Record<string, unknown>> } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('observed store, metrics and log', () => {
  it('counts and logs each transition once, and the scrape follows the store', async () => {
    const inner = new MemoryJobStore();
    const secret = 'sk-live-0123456789abcdef';
    const log = capture();
    const metrics = await createMetrics({ stats: () => inner.stats(), now: () => T0 + 60_000 });
    const store = observedStore(
      inner,
      combineObservers([metrics.observer, createLogObserver({ level: 'info', secrets: [secret], destination: log.stream })]),
    );

    const before = parsePrometheus(await metrics.render());
    expect(sampleValue(before, 'mcp_jobs')).toBe(0);
    const record = makeRecord({ phase: 'pending', state: 'queued', dedupeKey: 'k', createdAt: T0 });
    await store.create(record, T0);
    expect((await store.create(makeRecord({ dedupeKey: 'k' }), T0)).created).toBe(false);
    await store.update(record.id, 1, { phase: 'accepted', state: 'running' }, T0 + 1);
    const polled = await store.update(record.id, 2, { snapshot: { tick: 1 }, state: 'running' }, T0 + 2);
    await store.update(record.id, polled!.version, { state: 'failed', error: { message: `denied for ${secret}` } }, T0 + 3);

    const after = parsePrometheus(await metrics.render());
    expect(after.get('mcp_jobs')?.type).toBe('GAUGE');
    expect(sampleValue(after, 'mcp_jobs', { family: 'batch', state: 'failed' })).toBe(1);
    expect(sampleValue(after, 'mcp_job_starts_total', { family: 'batch', outcome: 'accepted' })).toBe(1);
    expect(sampleValue(after, 'mcp_job_dedupe_hits_total', { family: 'batch' })).toBe(1);
    // created, accepted/running, failed: the poll that changed nothing is not a transition.
    expect(sampleValue(after, 'mcp_job_transitions_total')).toBe(3);
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);

    const lines = log.lines();
    expect(lines.map((l) => [l.event, l.to])).toEqual([
      ['job.created', 'pending/queued'],
      ['job.deduplicated', undefined],
      ['job.transition', 'accepted/running'],
      ['job.transition', 'accepted/failed'],
    ]);
    expect(lines[3]).toMatchObject({
      level: 'info',
      job_id: record.id,
      from: 'accepted/running',
      reason: expect.stringContaining('denied for'),
    });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('reports the oldest active job and store-wide counts from the store', async () => {
    const inner = new MemoryJobStore();
    await inner.create(makeRecord({ state: 'running', createdAt: T0 }), T0);
    await inner.create(makeRecord({ state: 'succeeded', createdAt: T0 - 99_000 }), T0);
    const metrics = await createMetrics({ stats: () => inner.stats(), now: () => T0 + 42_000 });
    const scraped = parsePrometheus(await metrics.render());
    expect(sampleValue(scraped, 'mcp_job_oldest_active_age_seconds')).toBe(42);
    expect(sampleValue(scraped, 'mcp_jobs')).toBe(2);
  });

  it('labels upstream requests by the tool that caused them, with outcome and latency', async () => {
    const metrics = await createMetrics({ stats: null, now: Date.now });
    const answers = [new Response('{}', { status: 200 }), new Response('no', { status: 503 })];
    const fetcher = observedFetch(async () => answers.shift()!, metrics.observer);
    const failing = observedFetch(async () => {
      throw new DOMException('timed out', 'TimeoutError');
    }, metrics.observer);
    const call = withToolLabel({ fetch: fetcher }, 'create_image');
    await call.fetch('http://127.0.0.1:9/a', { method: 'POST' });
    await call.fetch('http://127.0.0.1:9/a', { method: 'POST' });
    await expect(failing('http://127.0.0.1:9/b')).rejects.toThrow('timed out');
    const text = await metrics.render();
    const scraped = parsePrometheus(text);
    expect(scraped.get('mcp_upstream_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds labelled histograms into one sample, so the count line is read as written.
    expect(text).toMatch(/^mcp_upstream_request_duration_seconds_count\{tool="create_image",outcome="ok"\} 1$/m);
    expect(sampleValue(scraped, 'mcp_upstream_errors_total', { tool: 'create_image', kind: 'http_5xx' })).toBe(1);
    expect(sampleValue(scraped, 'mcp_upstream_errors_total', { tool: 'background', kind: 'timeout' })).toBe(1);
  });

  it('labels each call by its own context, however their requests interleave, and leaves the base unlabelled', async () => {
    const tools: string[] = [];
    const gates: Array<() => void> = [];
    const base = observedFetch(() => new Promise<Response>((resolve) => gates.push(() => resolve(new Response('{}')))), {
      ...NOOP_OBSERVER,
      upstream: (event) => tools.push(event.tool),
    });
    const a = withToolLabel({ fetch: base }, 'create_image');
    const b = withToolLabel({ fetch: base }, 'get_batch');
    // Relabelling a labelled context replaces its label; the same tool gets the same fetch back.
    expect(withToolLabel(a, 'get_batch').fetch).toBe(b.fetch);
    const requests = [a.fetch('http://127.0.0.1:9/a'), b.fetch('http://127.0.0.1:9/b'), base('http://127.0.0.1:9/c')];
    // Answered in reverse order: the label travels with the context, not with whatever ran last.
    for (const open of gates.reverse()) open();
    await Promise.all(requests);
    expect(tools).toEqual(['background', 'get_batch', 'create_image']);
    // A fetch that reports nothing has nothing to label: the context comes back as it was.
    const plain = { fetch: globalThis.fetch };
    expect(withToolLabel(plain, 'create_image')).toBe(plain);
  });

  it('keeps a broken observer from breaking a write', async () => {
    const inner = new MemoryJobStore();
    const broken = combineObservers([
      {
        ...(await createMetrics({ stats: null, now: Date.now })).observer,
        jobStep: () => {
          throw new Error('observer bug');
        },
      },
    ]);
    const store = observedStore(inner, broken);
    expect((await store.create(makeRecord(), T0)).created).toBe(true);
  });
});
