/**
 * The server's own work assembled on a runtime context: store and fetch wrapped by the observers, the lease
 * keeper and recovery scan in place, metrics that move as recovery acts, and the promotable tools' text.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRuntimeConfig } from '../../templates/runtime/core/config.js';
import type { RuntimeContext } from '../../templates/runtime/core/context.js';
import { Lifecycle } from '../../templates/runtime/core/lifecycle.js';
import type { OperationSpec } from '../../templates/runtime/definition.js';
import { attachServerWork, describePromotable, needsStore } from '../../templates/runtime/jobs/serverWork.js';
import { successResult } from '../../templates/runtime/mcp/plainTools.js';
import { parsePrometheus, sampleValue } from '../support/prometheusText.js';
import { definition, op } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';
import { makeRecord } from './store/makeRecord.js';

const render = op({
  tool: 'create_render',
  method: 'POST',
  path: '/renders',
  description: 'Render an image.',
  input: z.object({ body: z.object({ prompt: z.string() }) }),
  body: { arg: 'body', mediaType: 'application/json', required: true },
  promote: { expectedDurationMs: 45_000, announce: true },
});

function context(store: MemoryJobStore | null, env: Record<string, string> = {}): RuntimeContext {
  const def = { ...definition([render, op({ tool: 'list_pets', method: 'GET', path: '/pets' })]), callStatusTool: 'call_status' };
  return {
    def,
    config: readRuntimeConfig(def, { API_BASE_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', ...env }),
    store,
    fetch: async () => new Response('{}'),
    now: Date.now,
    operations: new Map(def.operations.map((o: OperationSpec) => [o.tool, o])),
    lifecycle: new Lifecycle(),
    partition: 'anonymous',
  };
}

describe('attachServerWork', () => {
  it('wires leases and recovery into the context, and metrics follow what recovery does', async () => {
    const store = new MemoryJobStore();
    const ctx = context(store);
    const orphan = makeRecord({
      family: 'call:create_render',
      operation: 'create_render',
      phase: 'pending',
      state: 'running',
      attempts: 1,
      partition: 'anonymous',
    });
    await store.create(orphan, orphan.createdAt, { owner: 'r_dead', until: Date.now() - 1 });
    const work = await attachServerWork(ctx, { metrics: true, present: (o, s, b) => successResult(o, s, b, []), scanTimer: false });
    expect(ctx.leases?.owner).toMatch(/^r_\d+_[0-9a-f]{8}$/);
    expect(ctx.store).not.toBe(store); // observed
    expect(await work.scanner!.scanOnce()).toMatchObject({ interrupted: 1 });
    expect((await store.get(orphan.id))?.phase).toBe('interrupted');
    const scraped = parsePrometheus(await work.metrics!.render());
    expect(sampleValue(scraped, 'mcp_job_recoveries_total', { action: 'interrupt' })).toBe(1);
    expect(sampleValue(scraped, 'mcp_job_leases_expired_total')).toBe(1);
    expect(sampleValue(scraped, 'mcp_job_transitions_total', { family: 'call:create_render', phase: 'interrupted' })).toBe(1);
    expect(sampleValue(scraped, 'mcp_jobs', { family: 'call:create_render', state: 'failed' })).toBe(1);
    await ctx.fetch('http://127.0.0.1:9/x');
    expect(sampleValue(parsePrometheus(await work.metrics!.render()), 'mcp_upstream_errors_total')).toBe(0);
    await work.close();
  });

  it('without a store only observes', async () => {
    const ctx = context(null);
    const work = await attachServerWork(ctx, { metrics: false, present: (o, s, b) => successResult(o, s, b, []) });
    expect(work.keeper).toBeNull();
    expect(work.metrics).toBeNull();
    expect(ctx.leases).toBeUndefined();
    await work.close();
  });
});

describe('promotable tools', () => {
  it('need a store, and say what they return and how retries behave', () => {
    expect(needsStore(definition([render]))).toBe(true);
    expect(needsStore(definition([op({ tool: 'a', method: 'GET', path: '/a' })]))).toBe(false);
    const text = describePromotable(context(new MemoryJobStore()), render);
    expect(text).toContain('Render an image.\nReturns the result, or a job_id (structuredContent.mcp_job) if it takes longer than 20 s');
    expect(text).toContain('poll call_status');
    expect(text).toContain('usually takes about 45 s');
    expect(text).toContain('pass a new idempotency_key to run it anew');
    expect(describePromotable(context(new MemoryJobStore(), { JOB_PROMOTE_AFTER_MS: '0' }), render)).toBe('Render an image.');
  });

  it('leave the description alone where the contract shows nothing slow (the handle explains itself)', () => {
    const quiet = { ...render, description: 'Create a pet.', promote: {} };
    expect(needsStore(definition([quiet]))).toBe(true);
    expect(describePromotable(context(new MemoryJobStore()), quiet)).toBe('Create a pet.');
  });
});

describe('job tool texts and hints', () => {
  it('marks starts idempotent, tells to reuse one key across retries, and that cancelling may not avoid charges', async () => {
    const { createRuntime } = await import('../../templates/runtime/mcp/server.js');
    const { allJobsDefinition } = await import('./defs.js');
    const runtime = await createRuntime(allJobsDefinition(), {
      store: new MemoryJobStore(),
      env: { API_BASE_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' },
    });
    const listed = runtime.tools.list();
    const starts = listed.filter((t) => t._meta['mcp-jobgen/role'] === 'start');
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) {
      expect(start.annotations.idempotentHint, start.name).toBe(true);
      const key = (start.inputSchema.properties as Record<string, { description?: string }>).idempotency_key;
      expect(key?.description).toContain('reuse the same key for every retry');
    }
    const cancels = listed.filter((t) => t._meta['mcp-jobgen/role'] === 'cancel');
    expect(cancels.length).toBeGreaterThan(0);
    for (const cancel of cancels) expect(cancel.description).toContain('Cancelling may not avoid charges');
    await runtime.close();
  });
});
