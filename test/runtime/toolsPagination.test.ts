/**
 * tools/list pages (MCP_TOOLS_PAGE_SIZE) in both protocol eras, a tampered cursor refused with -32602 in both,
 * MCP_TOOLSETS narrowing what is listed and what may be called, and dynamic mode's call_operation answering a
 * Tasks-declaring 2026-07-28 client with a task, exactly as a start tool does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import { connect } from './harness.js';
import type { RawMcp } from './rawMcp.js';
import { pollTask, rawConnect, WITH_TASKS } from './rawMcp.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

const allNames = async (env: Record<string, string>) => {
  const mcp = await connect(allJobsDefinition(), { env: { ...env, MCP_TOOLS_PAGE_SIZE: '0' } });
  try {
    return (await mcp.client.listTools()).tools.map((t) => t.name);
  } finally {
    await mcp.close();
  }
};

describe('tools/list pages, 2025 era', () => {
  it('answers with every tool in one page unless the operator asks for pages', async () => {
    // Mastra and mcp-use read only the first page: a default page size dropped the rest of a big API's tools.
    const mcp = await connect(allJobsDefinition(), { env: {} });
    try {
      const page = await mcp.client.listTools({});
      expect(page.nextCursor).toBeUndefined();
      expect(page.tools.map((t) => t.name)).toEqual(await allNames({}));
      expect(page.tools.length).toBeGreaterThan(5);
    } finally {
      await mcp.close();
    }
  });

  it('walks every tool once, in order, in pages of MCP_TOOLS_PAGE_SIZE', async () => {
    const expected = await allNames({});
    const mcp = await connect(allJobsDefinition(), { env: { MCP_TOOLS_PAGE_SIZE: '4' } });
    try {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await mcp.client.listTools(cursor === undefined ? {} : { cursor });
        expect(page.tools.length).toBeLessThanOrEqual(4);
        seen.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== undefined && pages < 100);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 4));
      await expect(mcp.client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await mcp.close();
    }
  });
});

describe('tools/list pages, 2026-07-28 era', () => {
  let raw: RawMcp;
  beforeAll(async () => {
    raw = await rawConnect(allJobsDefinition(), { env: { MCP_TOOLS_PAGE_SIZE: '5' } });
  });
  afterAll(async () => raw?.close());

  it('hands out a cursor that the next request follows, and refuses a tampered one', async () => {
    const first = await raw.modern('tools/list');
    expect(first.result?.tools).toHaveLength(5);
    const cursor = first.result?.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await raw.modern('tools/list', { cursor });
    expect(second.result?.tools[0].name).not.toBe(first.result?.tools[0].name);
    const tampered = `${cursor.slice(0, -1)}${cursor.endsWith('x') ? 'y' : 'x'}`;
    const refused = await raw.modern('tools/list', { cursor: tampered });
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toMatch(/Invalid cursor/);
  });
});

describe('MCP_TOOLSETS', () => {
  it('lists and accepts only the selected tools, in static and in dynamic mode', async () => {
    const def = allJobsDefinition();
    const tagged = {
      ...def,
      toolsets: [
        { name: 'widgets', description: 'Widgets.' },
        { name: 'batch', description: 'Batches.' },
      ],
      operations: def.operations.map((op) => ({
        ...op,
        toolsets: op.path.startsWith('/widgets') ? ['widgets'] : op.path.startsWith('/batches') ? ['batch'] : [],
      })),
    };
    const statics = await connect(tagged, { env: { API_BASE_URL: upstream.url, MCP_TOOLSETS: 'widgets' } });
    const dynamic = await connect(tagged, { env: { API_BASE_URL: upstream.url, MCP_TOOLSETS: 'widgets', MCP_TOOL_MODE: 'dynamic' } });
    try {
      expect((await statics.client.listTools()).tools.map((t) => t.name)).toEqual(['list_widgets', 'create_widget', 'get_widget']);
      await expect(statics.call('create_batch', {})).rejects.toMatchObject({ code: -32602 });
      // No job family is selected: dynamic mode lists the meta-tools only.
      expect((await dynamic.client.listTools()).tools.map((t) => t.name)).toEqual([
        'search_operations',
        'describe_operation',
        'call_operation',
      ]);
      const outside = await dynamic.call('call_operation', { name: 'create_batch', arguments: {} });
      expect(outside.isError).toBe(true);
      expect(outside.content).toEqual([
        expect.objectContaining({ text: expect.stringMatching(/No operation named create_batch[\s\S]*toolsets widgets/) }),
      ]);
      const found = (await dynamic.call('search_operations', { query: 'batch' })).structuredContent as { results: unknown[] };
      expect(found.results).toEqual([]);
    } finally {
      await statics.close();
      await dynamic.close();
    }
  });
});

describe('dynamic mode and the Tasks extension', () => {
  it('answers call_operation of a start with a task for a client that declares it, and a handle otherwise', async () => {
    const raw = await rawConnect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, MCP_TOOL_MODE: 'dynamic' } });
    try {
      const call = (file: string) => ({
        name: 'call_operation',
        arguments: { name: 'create_batch', arguments: { body: { input_file_id: file, endpoint: '/e', completion_window: '24h' } } },
      });
      const task = await raw.modern('tools/call', call('file-task-dyn'), WITH_TASKS);
      expect(task.result).toMatchObject({ resultType: 'task', taskId: expect.stringMatching(/^job_/), status: 'working' });
      const polled = await pollTask(raw, task.result!.taskId);
      expect(polled.at(-1)).toMatchObject({ status: 'completed' });
      const plain = await raw.modern('tools/call', call('file-plain-dyn'));
      expect(plain.result?.structuredContent.job_id).toMatch(/^job_/);
      const status = await raw.modern('tools/call', { name: 'job_status', arguments: { job_id: plain.result?.structuredContent.job_id } });
      expect(status.result?.structuredContent.family).toBe('batch');
    } finally {
      await raw.close();
    }
  });
});
