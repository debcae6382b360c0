/**
 * Promoted calls in dynamic mode (MCP_TOOL_MODE=dynamic), in process: the status tool of promoted calls is
 * listed beside list_jobs and named in the instructions, so a handle a call_operation answered with can be
 * polled; job_status given a promoted call's id says which tool serves it. The SDK client validates every
 * structuredContent against the advertised output schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerDefinition } from '../../templates/runtime/definition.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { batchFamily, batchOps, definition, op } from './defs.js';
import { type Connected, connect, textOf } from './harness.js';

const render = op({
  tool: 'create_render',
  method: 'POST',
  path: '/renders',
  input: z.object({ body: z.object({ prompt: z.string() }) }),
  body: { arg: 'body', mediaType: 'application/json', required: true },
  promote: {},
});
const def: ServerDefinition = { ...definition([...batchOps, render], [batchFamily]), callStatusTool: 'call_status' };

let upstream: FakeUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.slow.setHoldMs(600);
  mcp = await connect(def, { env: { API_BASE_URL: upstream.url, MCP_TOOL_MODE: 'dynamic', JOB_PROMOTE_AFTER_MS: '50' } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

describe('promoted calls in dynamic mode', () => {
  it('lists call_status, and a handle from call_operation is polled there to the real result', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_operations',
      'describe_operation',
      'call_operation',
      'job_status',
      'job_result',
      'job_cancel',
      'list_jobs',
      'call_status',
    ]);
    expect(mcp.client.getInstructions()).toContain('poll call_status with that job_id');
    const first = await mcp.call('call_operation', { name: 'create_render', arguments: { body: { prompt: 'harbour' } } });
    const handle = (first.structuredContent as { mcp_job?: { job_id: string; status_tool: string } }).mcp_job;
    expect(handle, textOf(first)).toMatchObject({ status_tool: 'call_status' });

    const wrong = await mcp.call('job_status', { job_id: handle!.job_id });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain(`is a promoted call of create_render`);
    expect(textOf(wrong)).toContain(`Call call_status with {"job_id":"${handle!.job_id}"}`);

    const done = await mcp.call('call_status', { job_id: handle!.job_id, wait_ms: 10_000 });
    expect(done.structuredContent).toMatchObject({ state: 'succeeded', http_status: 200, result: { prompt: 'harbour' } });
    expect(upstream.slow.requests()).toBe(1);
  });
});
