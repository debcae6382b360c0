/**
 * Every structured answer also as JSON text (MCP: a tool returning structuredContent SHOULD return it
 * serialized in a text block): AI SDK and OpenAI Agents hand their model the text content only, so the fields
 * a model polls by (job_id, state, terminal, progress, poll_after_ms) must be readable there as JSON.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRUCTURED_TEXT_CHARS, structuredText, withStructuredText } from '../../templates/runtime/upstream/toolResults.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import type { Connected } from './harness.js';
import { connect } from './harness.js';

/** The JSON text block a model reads: the last text block, parsed. */
function jsonText(result: CallToolResult): Record<string, unknown> {
  const texts = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);
  expect(texts.length).toBeGreaterThanOrEqual(2);
  return JSON.parse(texts.at(-1)!) as Record<string, unknown>;
}

describe('structuredText', () => {
  it('repeats a small structuredContent whole', () => {
    const value = { job_id: 'j1', state: 'running', terminal: false, poll_after_ms: 2000, progress: 0.5 };
    expect(JSON.parse(structuredText(value))).toEqual(value);
  });

  it('stays valid JSON within its bound, naming the large fields it leaves out and keeping the small ones', () => {
    const value = { job_id: 'j1', result: 'x'.repeat(3 * STRUCTURED_TEXT_CHARS), note: 'y'.repeat(1000), terminal: true };
    const text = structuredText(value);
    expect(text.length).toBeLessThanOrEqual(STRUCTURED_TEXT_CHARS);
    const shown = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['job_id', 'result', 'note', 'terminal']);
    expect(shown).toMatchObject({ job_id: 'j1', note: value.note, terminal: true });
    expect(shown.result).toMatch(/^\[60002 characters of JSON, left out of this text: read structuredContent\.result\]$/);
  });

  it('leaves errors and results without structured content alone, and scrubs the JSON text', () => {
    const error: CallToolResult = { isError: true, content: [{ type: 'text', text: 'no' }], structuredContent: { a: 1 } };
    expect(withStructuredText(error, [])).toBe(error);
    const plain: CallToolResult = { content: [{ type: 'text', text: 'hi' }] };
    expect(withStructuredText(plain, [])).toBe(plain);
    const secret = withStructuredText({ content: [], structuredContent: { token: 'sk-live-secret-123' } }, ['sk-live-secret-123']);
    expect(JSON.stringify(secret.content)).not.toContain('sk-live-secret-123');
  });
});

describe('job tools answer with their fields as JSON text', () => {
  let upstream: FakeUpstream;
  let mcp: Connected;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    mcp = await connect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await mcp?.close();
    await upstream?.close();
  });

  it('start, status to the end and list_jobs: the last text block is the structuredContent', async () => {
    const body = { input_file_id: 'file-1', endpoint: '/v1/chat/completions', completion_window: '24h' };
    const start = await mcp.call('create_batch', { body });
    const started = jsonText(start);
    expect(started).toEqual(start.structuredContent);
    expect(started).toMatchObject({ job_id: expect.any(String), state: expect.any(String), poll_after_ms: expect.any(Number) });
    // The human summary comes first.
    expect((start.content[0] as { text: string }).text).toMatch(/batch_status/);
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 12 && status.terminal !== true; i++) {
      const answer = await mcp.call('batch_status', { job_id: started.job_id });
      status = jsonText(answer);
      expect(status).toEqual(answer.structuredContent);
      expect(Object.keys(status)).toEqual(expect.arrayContaining(['job_id', 'state', 'terminal', 'progress', 'poll_after_ms']));
    }
    expect(status).toMatchObject({ state: 'succeeded', terminal: true, poll_after_ms: 0 });
    const listed = await mcp.call('list_jobs', {});
    expect(jsonText(listed)).toEqual(listed.structuredContent);
  });
});
