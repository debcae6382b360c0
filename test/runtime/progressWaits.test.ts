/**
 * Progress notifications while a call waits on work in this process, received by a real SDK client that asked
 * (a progress token): a plain call before it is promoted, and call_status with wait_ms. The upstream's answer is
 * held until the client has heard a notification, so the test waits for events, never for a time.
 */
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerDefinition } from '../../templates/runtime/definition.js';
import { definition, op } from './defs.js';
import { type Connected, connect, structured, textOf } from './harness.js';
import { heldRoute, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const render = op({
  tool: 'create_render',
  method: 'POST',
  path: '/renders',
  input: z.object({ body: z.object({ prompt: z.string() }) }),
  output: z.object({ url: z.string() }),
  body: { arg: 'body', mediaType: 'application/json', required: true },
  promote: {},
});
const def: ServerDefinition = { ...definition([render]), callStatusTool: 'call_status' };

let upstream: LocalUpstream;
let mcp: Connected | undefined;

beforeEach(async () => {
  upstream = await startLocalUpstream();
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  await upstream.close();
});

/** Collects a request's progress notifications; `first` resolves at the first one. */
function listener() {
  const notes: Progress[] = [];
  let heard: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    heard = resolve;
  });
  return {
    notes,
    first,
    onprogress: (progress: Progress) => {
      notes.push(progress);
      heard();
    },
  };
}

function expectIncreasing(notes: Progress[], about: string): void {
  expect(notes.length).toBeGreaterThan(0);
  for (const [i, note] of notes.entries()) {
    expect(note.message).toContain(about);
    expect(note.total).toBeUndefined();
    if (i > 0) expect(note.progress).toBeGreaterThan(notes[i - 1]!.progress);
  }
}

describe('progress while a call waits', () => {
  it('a plain call not yet answered tells a client that asked that it is still running, until it answers', async () => {
    const held = heldRoute(upstream, 'POST /renders', () => ({ url: 'https://img/1' }));
    mcp = await connect(def, { env: { API_BASE_URL: upstream.url, JOB_PROMOTE_AFTER_MS: '600000' } });
    const progress = listener();
    const call = mcp.client.callTool({ name: 'create_render', arguments: { body: { prompt: 'harbour' } } }, undefined, {
      onprogress: progress.onprogress,
    });
    await progress.first;
    await held.release();
    const result = await call;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(JSON.stringify(result.structuredContent)).toContain('https://img/1');
    expectIncreasing(progress.notes, 'create_render is still running');
  });

  it('call_status with wait_ms tells a client that asked that the promoted call is still running', async () => {
    const held = heldRoute(upstream, 'POST /renders', () => ({ url: 'https://img/2' }));
    mcp = await connect(def, { env: { API_BASE_URL: upstream.url, JOB_PROMOTE_AFTER_MS: '50' } });
    const first = await mcp.call('create_render', { body: { prompt: 'harbour' } });
    const handle = (first.structuredContent as { mcp_job?: { job_id: string } }).mcp_job;
    expect(handle, textOf(first)).toBeDefined();
    const progress = listener();
    const waiting = mcp.client.callTool({ name: 'call_status', arguments: { job_id: handle!.job_id, wait_ms: 20_000 } }, undefined, {
      onprogress: progress.onprogress,
    });
    await progress.first;
    await held.release();
    const done = structured<{ state: string }>((await waiting) as CallToolResult);
    expect(done.state).toBe('succeeded');
    expectIncreasing(progress.notes, 'create_render is still running');
  });
});
