/**
 * E2E harness for the protocol eras: a generated server driven by the v2 client SDK (`@modelcontextprotocol/client`,
 * pinned to 2026-07-28 or in auto mode) or by the v1 SDK 1.32 client (2025-era `initialize`), over stdio or
 * stateless HTTP, behind one small interface so a test runs the same job flow through each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { GeneratedServer } from './generateServer.js';
import { freePort, serverEnv } from './mcpHarness.js';

export type ClientKind = 'v2-pinned' | 'v2-auto' | 'v1';
export type TransportKind = 'stdio' | 'http';

export interface EraConnection {
  /** `modern` (2026-07-28) or `legacy` (2025 initialize), as the client negotiated it. */
  era: string;
  tools: Tool[];
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: Record<string, any> }>;
  close(): Promise<void>;
}

/** `node dist/index.js --http --port N` on loopback; resolves once it listens. */
export async function startHttp(
  server: GeneratedServer,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output(): string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [server.entry, '--http', '--port', String(port)], {
    env: serverEnv(env),
    cwd: server.dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 20_000;
  while (!output.includes('MCP Streamable HTTP on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    child,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export async function connectEra(
  kind: ClientKind,
  transport: TransportKind,
  server: GeneratedServer,
  env: Record<string, string>,
): Promise<EraConnection> {
  const http = transport === 'http' ? await startHttp(server, env) : null;
  const stdio = { command: process.execPath, args: [server.entry], env: serverEnv(env), cwd: server.dir, stderr: 'ignore' as const };
  if (kind === 'v1') {
    const client = new V1Client({ name: 'e2e-sdk-1.32', version: '1.0.0' });
    await client.connect(http ? new V1Http(new URL(http.url)) : new V1Stdio(stdio));
    const tools = (await client.listTools()).tools;
    return {
      era: 'legacy',
      tools,
      call: (name, args) => client.callTool({ name, arguments: args }) as never,
      async close() {
        await client.close();
        await http?.stop();
      },
    };
  }
  const mode = kind === 'v2-pinned' ? { pin: '2026-07-28' } : ('auto' as const);
  const client = new V2Client({ name: `e2e-${kind}`, version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(http ? new V2Http(new URL(http.url)) : new V2Stdio(stdio));
  const tools = (await client.listTools()).tools as Tool[];
  return {
    era: client.getProtocolEra() ?? 'unknown',
    tools,
    call: (name, args) => client.callTool({ name, arguments: args }) as never,
    async close() {
      await client.close();
      await http?.stop();
    },
  };
}
