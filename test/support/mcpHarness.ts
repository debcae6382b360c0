/**
 * E2E harness, running half: start a generated server over stdio or Streamable HTTP, connect the MCP SDK
 * `Client`, find job tools by their `_meta` roles (so no test hard-codes a generated tool name), and check
 * every `structuredContent` against the tool's `outputSchema` with the SDK's own Ajv validator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer as createNetServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { GeneratedServer } from './generateServer.js';

export interface Connected {
  client: Client;
  tools: Tool[];
  /** Server process id (for kill -9). */
  pid: number;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
  /** SIGKILL, no goodbye. */
  kill(): void;
}

/**
 * A minimal environment: the server must not depend on the test runner's own variables. JOB_POLL_PACE=off:
 * these tests step fake upstreams one state per status call; tests of the shared pace pass `on`.
 */
export function serverEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'test', JOB_POLL_PACE: 'off' };
  if (process.env.HOME) env.HOME = process.env.HOME;
  return { ...env, ...extra };
}

export async function connectStdio(server: GeneratedServer, env: Record<string, string>, args: string[] = []): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [server.entry, ...args],
    env: serverEnv(env),
    stderr: 'pipe',
    cwd: server.dir,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'mcp-jobgen-e2e', version: '1.0.0' });
  await client.connect(transport).catch((err: unknown) => {
    throw new Error(`stdio connect failed: ${String(err)}\n${stderr}`);
  });
  const tools = (await client.listTools()).tools;
  const pid = transport.pid ?? -1;
  return {
    client,
    tools,
    pid,
    stderr: () => stderr,
    close: async () => {
      await client.close().catch(() => undefined);
    },
    kill: () => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before listening:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not listen on ${port} within ${timeoutMs} ms:\n${output()}`);
}

/** `node dist/index.js --http --port N`, then a Streamable HTTP client on `/mcp`. */
export async function connectHttp(server: GeneratedServer, env: Record<string, string>): Promise<Connected & { port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [server.entry, '--http', '--port', String(port)], {
    env: serverEnv(env),
    cwd: server.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  await waitForPort(port, child, () => output);
  const client = new Client({ name: 'mcp-jobgen-e2e-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  const tools = (await client.listTools()).tools;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    client,
    tools,
    port,
    pid: child.pid ?? -1,
    stderr: () => output,
    close: async () => {
      await client.close().catch(() => undefined);
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}

export type JobRole = 'start' | 'status' | 'result' | 'cancel' | 'list';

export function metaOf(tool: Tool): Record<string, unknown> {
  return (tool._meta ?? {}) as Record<string, unknown>;
}

/** Job tools of one family by role, read from `_meta` (`mcp-jobgen/role`, `mcp-jobgen/job`). */
export function jobTools(
  tools: Tool[],
  family?: string,
): { family: string; start: Tool[]; status: Tool; cancel?: Tool; result?: Tool; list?: Tool } {
  const roleOf = (t: Tool): unknown => metaOf(t)['mcp-jobgen/role'];
  const families = [...new Set(tools.map((t) => metaOf(t)['mcp-jobgen/job']).filter((f): f is string => typeof f === 'string'))];
  const name = family ?? families[0];
  if (!name) throw new Error(`no job family among tools: ${tools.map((t) => t.name).join(', ')}`);
  const mine = tools.filter((t) => metaOf(t)['mcp-jobgen/job'] === name);
  const one = (role: JobRole): Tool | undefined => mine.find((t) => roleOf(t) === role);
  const status = one('status');
  if (!status) throw new Error(`family ${name} has no status tool (families: ${families.join(', ')})`);
  return {
    family: name,
    start: mine.filter((t) => roleOf(t) === 'start'),
    status,
    cancel: one('cancel'),
    result: one('result'),
    list: tools.find((t) => roleOf(t) === 'list'),
  };
}

const validator = new AjvJsonSchemaValidator();

/** Explicit check of structuredContent against the tool's declared outputSchema (besides the SDK's own). */
export function checkOutput(tool: Tool, result: CallToolResult): void {
  if (!tool.outputSchema || result.isError || result.structuredContent === undefined) return;
  const check = validator.getValidator(tool.outputSchema as never)(result.structuredContent);
  if (!check.valid)
    throw new Error(
      `${tool.name}: structuredContent does not match outputSchema: ${check.errorMessage}\n${JSON.stringify(result.structuredContent)}`,
    );
}

/** callTool + explicit outputSchema check; returns the result with structuredContent typed loosely. */
export async function callChecked(
  conn: Pick<Connected, 'client' | 'tools'>,
  name: string,
  args: Record<string, unknown>,
  options: { timeout?: number } = {},
): Promise<CallToolResult & { structuredContent?: Record<string, any> }> {
  const tool = conn.tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const result = (await conn.client.callTool({ name, arguments: args }, undefined, {
    timeout: options.timeout ?? 60_000,
  })) as CallToolResult;
  checkOutput(tool, result);
  return result as CallToolResult & { structuredContent?: Record<string, any> };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}

/** Polls the status tool until a terminal state, with a bounded number of calls. */
export async function pollUntilTerminal(
  conn: Pick<Connected, 'client' | 'tools'>,
  statusTool: string,
  jobId: string,
  options: { waitMs?: number; maxCalls?: number } = {},
): Promise<Record<string, any>[]> {
  const seen: Record<string, any>[] = [];
  for (let i = 0; i < (options.maxCalls ?? 20); i++) {
    const res = await callChecked(conn, statusTool, {
      job_id: jobId,
      ...(options.waitMs !== undefined ? { wait_ms: options.waitMs } : {}),
    });
    if (res.isError) throw new Error(`${statusTool} failed: ${textOf(res)}`);
    const sc = res.structuredContent ?? {};
    seen.push(sc);
    if (sc.terminal === true) return seen;
  }
  throw new Error(`job ${jobId} not terminal after ${seen.length} status calls: ${JSON.stringify(seen.at(-1))}`);
}

const normalise = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Maps wanted arguments (by wire-ish name: `Idempotency-Key`, `batch_id`, `body`) onto the tool's actual input
 * property names, so tests survive the naming module's choices. `body` falls back to the one required object
 * property that is not a declared parameter (Swagger 2 names its body parameter freely).
 */
export function fitArgs(tool: Tool, wanted: Record<string, unknown>): Record<string, unknown> {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  const props = Object.keys(schema.properties ?? {});
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    let prop = props.find((p) => normalise(p) === normalise(key));
    if (!prop && key === 'body') {
      const objects = props.filter((p) => (schema.required ?? []).includes(p) && schema.properties?.[p]?.type === 'object');
      if (objects.length === 1) prop = objects[0];
    }
    if (!prop) throw new Error(`tool ${tool.name} has no input like "${key}" (inputs: ${props.join(', ')})`);
    out[prop] = value;
  }
  return out;
}

/** Waits until a process id is gone (it exited and was reaped), or throws after timeoutMs. */
export async function waitForExit(pid: number, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      process.kill(pid, 0);
    } catch {
      return Date.now() - started;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} still running after ${timeoutMs} ms`);
}
