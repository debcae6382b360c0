/**
 * Dynamic mode (MCP_TOOL_MODE=dynamic) over hand-written definitions: the handful of listed tools, search,
 * describe with the very schemas static mode lists, and call_operation with the same validation, results,
 * job starts, idempotency and partitions as the static tools; the shared job tools serve every family.
 * The SDK 1.x client validates every structuredContent against the advertised output schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import type { Connected, Status } from './harness.js';
import { connect, structured, textOf } from './harness.js';
import { MemoryJobStore } from './memoryStore.js';

let upstream: FakeUpstream;
let dynamic: Connected;
let statics: Connected;
const store = new MemoryJobStore();
const batchArgs = (file: string) => ({ body: { input_file_id: file, endpoint: '/v1/chat/completions', completion_window: '24h' } });
const META = ['search_operations', 'describe_operation', 'call_operation', 'job_status', 'job_result', 'job_cancel', 'list_jobs'];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  const env = { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' };
  dynamic = await connect(allJobsDefinition(), { env: { ...env, MCP_TOOL_MODE: 'dynamic' }, store });
  statics = await connect(allJobsDefinition(), { env, store: new MemoryJobStore() });
});
afterAll(async () => {
  await dynamic?.close();
  await statics?.close();
  await upstream?.close();
});

type Hit = { name: string; kind: string; method: string | null; path: string | null };

describe('what dynamic mode lists', () => {
  it('lists the meta-tools, the shared job tools and list_jobs, and says so in the instructions', async () => {
    const { tools } = await dynamic.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(META);
    expect(dynamic.client.getInstructions()).toMatch(/dynamic mode[\s\S]*search_operations[\s\S]*job_status polls any job/);
    expect(statics.client.getInstructions()).not.toMatch(/dynamic mode/);
  });

  it('keeps every other tool callable by name (a job answer names its family tool)', async () => {
    const widgets = await dynamic.call('list_widgets', {});
    expect(widgets.isError).toBeFalsy();
  });
});

describe('search_operations', () => {
  it('ranks by words and reports kind, method and path', async () => {
    const found = structured<{ results: Hit[]; total: number }>(await dynamic.call('search_operations', { query: 'create widget' }));
    expect(found.results[0]).toMatchObject({ name: 'create_widget', kind: 'tool', method: 'POST', path: '/widgets' });
    const batch = structured<{ results: Hit[] }>(await dynamic.call('search_operations', { query: 'create batch' }));
    expect(batch.results[0]).toMatchObject({ name: 'create_batch', kind: 'start' });
  });

  it('pages with a cursor and refuses a tampered one', async () => {
    const first = structured<{ results: Hit[]; total: number; next_cursor: string | null }>(
      await dynamic.call('search_operations', { query: 'widget', limit: 1 }),
    );
    expect(first.total).toBeGreaterThan(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = structured<{ results: Hit[] }>(
      await dynamic.call('search_operations', { query: 'widget', limit: 1, cursor: first.next_cursor! }),
    );
    expect(second.results[0]!.name).not.toBe(first.results[0]!.name);
    const tampered = await dynamic.call('search_operations', { query: 'other words', limit: 1, cursor: first.next_cursor! });
    expect(tampered.isError).toBe(true);
    expect(textOf(tampered)).toMatch(/Invalid cursor/);
  });
});

describe('describe_operation', () => {
  it('returns exactly the schemas static mode lists for the tool', async () => {
    const listed = (await statics.client.listTools()).tools.find((t) => t.name === 'create_widget')!;
    const described = structured<{ input_schema: unknown; output_schema: unknown; method: string }>(
      await dynamic.call('describe_operation', { name: 'create_widget' }),
    );
    expect(described.input_schema).toEqual(listed.inputSchema);
    expect(described.output_schema).toEqual(listed.outputSchema);
    expect(described.method).toBe('POST');
  });

  it('answers an unknown name with close matches', async () => {
    const answer = await dynamic.call('describe_operation', { name: 'create_widgets' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/No operation named create_widgets[\s\S]*create_widget/);
  });
});

describe('call_operation', () => {
  it('answers exactly as the static tool', async () => {
    const created = structured<{ id: number }>(
      await dynamic.call('call_operation', { name: 'create_widget', arguments: { body: { name: 'gear-dyn', size: 3, tags: ['x'] } } }),
    );
    const args = { widget_id: String(created.id) };
    const viaStatic = await statics.call('get_widget', args);
    const viaDynamic = await dynamic.call('call_operation', { name: 'get_widget', arguments: args });
    expect(viaDynamic.isError, textOf(viaDynamic)).toBeFalsy();
    expect(viaDynamic).toEqual(viaStatic);
    expect(viaDynamic.structuredContent).toMatchObject({ name: 'gear-dyn', size: 3 });
  });

  it('validates the arguments as strictly as the static tool, with the same message', async () => {
    for (const args of [{ body: { name: 7 } }, { limt: 5 }, {}]) {
      const viaStatic = await statics.call('list_widgets', args);
      const viaDynamic = await dynamic.call('call_operation', { name: 'list_widgets', arguments: args });
      expect(Boolean(viaDynamic.isError), JSON.stringify(args)).toBe(Boolean(viaStatic.isError));
      if (viaStatic.isError) expect(textOf(viaDynamic)).toContain(textOf(viaStatic));
    }
    const createStatic = await statics.call('create_widget', { body: { name: 7 } });
    const createDynamic = await dynamic.call('call_operation', { name: 'create_widget', arguments: { body: { name: 7 } } });
    expect(createStatic.isError).toBe(true);
    expect(textOf(createDynamic)).toContain(textOf(createStatic));
    expect(textOf(createDynamic)).toMatch(/describe_operation with name create_widget/);
  });

  it('refuses an unknown operation and a meta-tool as a target', async () => {
    for (const name of ['no_such_tool', 'call_operation', 'search_operations']) {
      const answer = await dynamic.call('call_operation', { name, arguments: {} });
      expect(answer.isError, name).toBe(true);
      expect(textOf(answer)).toMatch(/No operation named/);
    }
  });

  it('starts a job whose id the shared job tools poll, fetch and cancel', async () => {
    const start = structured<{ job_id: string; deduplicated: boolean }>(
      await dynamic.call('call_operation', { name: 'create_batch', arguments: batchArgs('file-dyn-1') }),
    );
    expect(start.job_id).toMatch(/^job_/);
    const seen: Status[] = [];
    for (let i = 0; i < 12 && !seen.at(-1)?.terminal; i++)
      seen.push(structured<Status>(await dynamic.call('job_status', { job_id: start.job_id })));
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true });
    // The family's own status tool, unlisted, gives the same view.
    const own = structured<Status>(await dynamic.call('batch_status', { job_id: start.job_id }));
    expect(own.state).toBe('succeeded');
    const result = structured<{ state: string }>(await dynamic.call('job_result', { job_id: start.job_id }));
    expect(result.state).toBe('succeeded');

    const other = structured<{ job_id: string }>(
      await dynamic.call('call_operation', { name: 'create_batch', arguments: batchArgs('file-dyn-2') }),
    );
    const cancel = structured<{ outcome: string }>(await dynamic.call('job_cancel', { job_id: other.job_id }));
    expect(['cancelled', 'cancelling']).toContain(cancel.outcome);
  });

  it('deduplicates and keys starts as the static start does', async () => {
    const args = { ...batchArgs('file-dyn-key'), idempotency_key: 'dyn-key-1' };
    const first = structured<{ job_id: string }>(await dynamic.call('call_operation', { name: 'create_batch', arguments: args }));
    const again = structured<{ job_id: string; deduplicated: boolean }>(
      await dynamic.call('call_operation', { name: 'create_batch', arguments: args }),
    );
    expect(again).toMatchObject({ job_id: first.job_id, deduplicated: true });
    const clash = await dynamic.call('call_operation', {
      name: 'create_batch',
      arguments: { ...args, body: { ...args.body, endpoint: '/x' } },
    });
    expect(clash.isError).toBe(true);
  });

  it('serves a job of every family through one status tool, and refuses an unknown id', async () => {
    const translation = structured<{ job_id: string }>(
      await dynamic.call('call_operation', { name: 'start_translation', arguments: { body: { inputs: [{ source: 'a' }] } } }),
    );
    const status = structured<Status & { family: string }>(await dynamic.call('job_status', { job_id: translation.job_id }));
    expect(status.family).toBe('translation');
    const missing = await dynamic.call('job_status', { job_id: 'job_nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/No job with id "job_nope"[\s\S]*list_jobs/);
  });
});

describe('partitions', () => {
  it("never shows one credential's job to another through the shared tools", async () => {
    const def = allJobsDefinition();
    const secured = {
      ...def,
      securitySchemes: [{ key: 'bearer', type: 'bearer' as const, env: { token: 'UPSTREAM_TOKEN' } }],
      operations: def.operations.map((op) => ({ ...op, security: [['bearer']] })),
    };
    const shared = new MemoryJobStore();
    const env = { API_BASE_URL: upstream.url, MCP_TOOL_MODE: 'dynamic', JOB_PARTITION_SECRET: 'p' };
    const alice = await connect(secured, { env: { ...env, UPSTREAM_TOKEN: 'alice-token-1' }, store: shared });
    const bob = await connect(secured, { env: { ...env, UPSTREAM_TOKEN: 'bob-token-22' }, store: shared });
    try {
      const start = structured<{ job_id: string }>(
        await alice.call('call_operation', { name: 'create_batch', arguments: batchArgs('file-part') }),
      );
      for (const tool of ['job_status', 'job_result', 'job_cancel']) {
        const answer = await bob.call(tool, { job_id: start.job_id });
        expect(answer.isError, tool).toBe(true);
        expect(textOf(answer)).toMatch(/No job with id/);
      }
      expect(structured<Status>(await alice.call('job_status', { job_id: start.job_id })).state).toBeDefined();
    } finally {
      await alice.close();
      await bob.close();
    }
  });
});
