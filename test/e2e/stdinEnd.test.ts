/**
 * The end of stdin is the normal end of a stdio session, and the bin exits there (runtime/index.ts runMain).
 * A tools/list answer is written in pieces as the pipe drains (mcp/stdioList.ts): a client that sends initialize
 * and tools/list, closes stdin and only then reads must still get the whole list, as the SDK's one-piece send
 * gave it. OpenAI's spec in static mode: a list of ~1.3 MB, far beyond what a pipe holds unread.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { serverEnv } from '../support/mcpHarness.js';

let server: GeneratedServer;

beforeAll(async () => {
  server = await generateServer('fixtures/real/openai.yaml', 'stdin-end');
}, 600_000);

const REQUESTS = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
];

/** Writes the requests, ends stdin, and starts reading stdout only after `readAfterMs` (a slow reader). */
function listThenHangUp(readAfterMs: number): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [server.entry], {
      cwd: server.dir,
      env: serverEnv({ MCP_TOOL_MODE: 'static', MCP_TOOLS_PAGE_SIZE: '0', JOB_STORE_URL: 'sqlite::memory:' }),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdin.end(REQUESTS.map((r) => `${JSON.stringify(r)}\n`).join(''));
    child.stdout.pause();
    const chunks: Buffer[] = [];
    setTimeout(() => {
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
    }, readAfterMs);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }));
  });
}

describe('the end of stdin right after tools/list', () => {
  it('writes the whole list before the server exits', async () => {
    const { code, stdout } = await listThenHangUp(1_500);
    expect(code).toBe(0);
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const list = JSON.parse(lines[1] ?? '') as { id: number; result: { tools: unknown[]; nextCursor?: string } };
    expect(list.id).toBe(2);
    expect(list.result.nextCursor).toBeUndefined();
    expect(list.result.tools.length).toBeGreaterThan(300);
    expect(Buffer.byteLength(lines[1] ?? '')).toBeGreaterThan(1_000_000);
  }, 120_000);
});
