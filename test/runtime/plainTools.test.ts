import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { definition, op, widgetOps } from './defs.js';
import type { Connected } from './harness.js';
import { connect, textOf } from './harness.js';

let upstream: FakeUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  mcp = await connect(definition(widgetOps), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

describe('plain tools', () => {
  it('lists one tool per operation with its schemas and role meta', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_widgets', 'create_widget', 'get_widget', 'slow']);
    const list = tools.find((t) => t.name === 'list_widgets')!;
    expect(list.inputSchema.properties).toHaveProperty('limit');
    expect(list.outputSchema?.properties).toHaveProperty('items');
    expect(list.annotations?.readOnlyHint).toBe(true);
    expect(list._meta?.['mcp-jobgen/role']).toBe('tool');
  });

  it('sends the body, returns structuredContent that fits the output schema, and a text block', async () => {
    const created = await mcp.call('create_widget', { body: { name: 'gear', size: 3, tags: ['a'] } });
    expect(created.isError, textOf(created)).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ name: 'gear', size: 3, tags: ['a'] });
    expect(textOf(created)).toContain('HTTP 201');
    const id = (created.structuredContent as { id: number }).id;
    const got = await mcp.call('get_widget', { widget_id: String(id) });
    expect(got.structuredContent).toMatchObject({ id, name: 'gear' });
    await mcp.call('create_widget', { body: { name: 'cog', tags: ['b'] } });
    await mcp.call('create_widget', { body: { name: 'nut', tags: ['a'] } });
    // The upstream filters by tag and limits: only a correctly sent query yields exactly this.
    const listed = await mcp.call('list_widgets', { tag: 'a', limit: 1 });
    expect((listed.structuredContent as { items: Array<{ name: string }> }).items.map((w) => w.name)).toEqual(['gear']);
    const all = await mcp.call('list_widgets', { tag: 'a' });
    expect((all.structuredContent as { items: unknown[] }).items).toHaveLength(2);
  });

  it('turns a 4xx into an isError result with status, the upstream body and a hint', async () => {
    const result = await mcp.call('create_widget', { body: {} });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('HTTP 422');
    expect(text).toContain('name is required');
    expect(text).toMatch(/Hint: .*argument/);
    const missing = await mcp.call('get_widget', { widget_id: '999' });
    expect(textOf(missing)).toMatch(/HTTP 404[\s\S]*Hint: Not found/);
  });

  it('turns a 5xx and a 429 into retry-later errors', async () => {
    upstream.inject('GET /widgets', { status: 503, times: 1 });
    const result = await mcp.call('list_widgets', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/HTTP 503[\s\S]*retry later/);
  });

  it('times out with a bounded timeout and a hint', async () => {
    const result = await mcp.call('slow', { delay_ms: 600_000 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/within 2000 ms[\s\S]*UPSTREAM_TIMEOUT_MS/);
    // The fake logs a request once it has answered: none logged yet means the tool gave up at its own timeout
    // instead of waiting for the upstream's answer, held 10 min. An order of events, not a stopwatch.
    expect(upstream.log.filter((l) => l.path === '/slow')).toEqual([]);
  });

  it('rejects bad arguments before anything reaches the upstream', async () => {
    const before = upstream.totalCalls();
    const result = await mcp.call('get_widget', { widget_id: '../admin' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('".."');
    const wrongType = await mcp.call('list_widgets', { limit: 'many' });
    expect(wrongType.isError).toBe(true);
    expect(upstream.totalCalls()).toBe(before);
  });
});

describe('output drift', () => {
  it('drops misfitting top-level keys from structuredContent and keeps the full body in text', async () => {
    const strict = op({
      tool: 'get_widget_strict',
      method: 'GET',
      path: '/widgets/{widget_id}',
      input: z.object({ widget_id: z.string() }),
      // The live API sends size as a number; this contract (wrongly) promised a string and a required colour.
      output: z.object({ id: z.number(), name: z.string(), size: z.string(), colour: z.string() }),
      params: [{ arg: 'widget_id', name: 'widget_id', in: 'path', required: true }],
    });
    const local = await connect(definition([...widgetOps, strict]), { env: { API_BASE_URL: upstream.url } });
    try {
      const created = await local.call('create_widget', { body: { name: 'drift', size: 7 } });
      const id = (created.structuredContent as { id: number }).id;
      const result = await local.call('get_widget_strict', { widget_id: String(id) });
      expect(result.isError).toBeFalsy();
      // size misfits and tags is undeclared (the client would reject it): both leave structuredContent.
      expect(result.structuredContent).toEqual({ id, name: 'drift' });
      expect(textOf(result)).toMatch(/left out of structuredContent[^\n]*size, tags/);
      expect(textOf(result)).toContain('"size": 7');
    } finally {
      await local.close();
    }
  });
});

describe('configuration problems', () => {
  it('reports an upstream the request never reached as not sent, with a hint', async () => {
    const local = await connect(definition(widgetOps), { env: { API_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const result = await local.call('list_widgets', {});
      expect(result.isError).toBe(true);
      // Port 9 is one of fetch's blocked ports: nothing leaves, and the hint says so.
      expect(textOf(result)).toMatch(/not sent: [^\n]*bad port[\s\S]*Hint: Nothing reached the upstream[^\n]*API_BASE_URL/);
    } finally {
      await local.close();
    }
  });

  it('explains a missing base URL instead of calling anywhere', async () => {
    const local = await connect(definition(widgetOps), { env: {} });
    try {
      const result = await local.call('list_widgets', {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('API_BASE_URL');
    } finally {
      await local.close();
    }
  });
});
