/**
 * Entry points of the generated server. `src/index.ts` of a generated project calls
 * `runMain(definition, process.argv.slice(2))`; its smoke test calls `createServer(definition, { env })`.
 *
 *   node dist/index.js                          MCP over stdio
 *   node dist/index.js --http --port 3000 [--host 127.0.0.1]   Streamable HTTP (stateless) at /mcp, /healthz
 */
import type { Server } from 'node:http';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { bindProblem } from './mcp/httpGuard.js';
import { startHttpServer } from './mcp/httpServer.js';
import { buildMcpServer, createRuntime, type Runtime, stdioTransport } from './mcp/server.js';
import { StdioListTransport } from './mcp/stdioList.js';

// The one zod of a project: it is compiled into this bundle (BUNDLED_PACKAGES in defaults.ts), and schemas the
// generated code builds with another copy would be foreign to the runtime's. Generated files import `z` from here.
export { z } from 'zod';
export { anyJson } from './core/anyJson.js';
export type { RuntimeConfig } from './core/config.js';
// matchesPattern, lazy, once, pairs, listForm, anyJson, schemaModule: what the generated tool and schema files call. They import it
// from here, the one module a project ships (runtime/index.js is the whole runtime bundled by
// scripts/runtimeBundle.mjs), never from the files it came from.
export { matchesPattern } from './core/contractPattern.js';
export type { Env } from './core/env.js';
export { lazy, once } from './core/lazy.js';
export { listForm } from './core/listForm.js';
export { pairs } from './core/mapPairs.js';
export { type SchemaModule, schemaModule } from './core/schemaModule.js';
export * from './definition.js';
export type { McpSettings } from './mcp/mcpSettings.js';
export type { CreatedServer, CreateServerOptions, Runtime } from './mcp/server.js';
export { buildMcpServer, createRuntime, createServer } from './mcp/server.js';

import type { ServerDefinition } from './definition.js';

export interface MainArgs {
  http: boolean;
  port: number;
  host: string;
}

export function parseArgs(argv: string[]): MainArgs | { error: string } {
  const out: MainArgs = { http: false, port: 3000, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--http') out.http = true;
    else if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) return { error: '--port needs a number between 0 and 65535' };
      out.port = port;
    } else if (flag === '--host') {
      const host = value();
      if (!host) return { error: '--host needs a value' };
      out.host = host;
    } else if (flag === '--help' || flag === '-h') return { error: 'usage: [--http --port N [--host H]]' };
    else return { error: `unknown argument ${arg}; usage: [--http --port N [--host H]]` };
  }
  return out;
}

/** After the drain, answers still being written get this long to flush before their connections are cut. */
const FLUSH_MS = 1_000;

/** Stops accepting connections and closes idle ones; resolves once all are closed, or after timeoutMs by cutting the rest. */
function closeHttp(http: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      http.closeAllConnections();
      resolve();
    }, timeoutMs);
    timer.unref();
    http.close(() => {
      clearTimeout(timer);
      resolve();
    });
    http.closeIdleConnections();
  });
}

/** `work`, or `ms` passing first (an unref'd timer: it keeps nobody waiting). */
function settledWithin(work: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}

/** Starts the server and installs SIGTERM/SIGINT handling: stop new calls, finish running ones, close the store, exit 0. */
export async function runMain(def: ServerDefinition, argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  if ('error' in args) {
    process.stderr.write(`${def.name}: ${args.error}\n`);
    process.exit(2);
  }
  let runtime: Runtime;
  try {
    runtime = await createRuntime(def, { metrics: args.http });
  } catch (error) {
    process.stderr.write(`${def.name}: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  if (runtime.ctx.config.baseUrlProblem) process.stderr.write(`${def.name}: warning: ${runtime.ctx.config.baseUrlProblem}\n`);

  let http: Server | null = null;
  let stdio: StdioListTransport | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Order matters: refuse new work (HTTP: 503 with Retry-After, the listener still open), let running calls
    // finish and their answers be written (the drain tracks each HTTP exchange, within
    // JOB_SHUTDOWN_GRACE_MS) along with their store writes, close the store, and only then close connections.
    await runtime.close().catch(() => undefined);
    if (http) await closeHttp(http, FLUSH_MS);
    // A tools/list still being written in pieces (mcp/stdioList.ts), within the same grace as running calls.
    if (stdio) await settledWithin(stdio.flushed(), runtime.ctx.config.shutdownGraceMs);
    process.exit(code);
  };
  process.once('SIGTERM', () => void shutdown(0));
  process.once('SIGINT', () => void shutdown(0));

  if (args.http) {
    const problem = bindProblem(runtime.settings, args.host);
    if (problem) {
      process.stderr.write(`${def.name}: ${problem}\n`);
      await runtime.close();
      process.exit(1);
    }
    try {
      http = await startHttpServer(runtime, args.port, args.host);
    } catch (error) {
      process.stderr.write(
        `${def.name}: could not listen on ${args.host}:${args.port}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      await runtime.close();
      process.exit(1);
    }
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : args.port;
    process.stderr.write(`${def.name}: MCP Streamable HTTP on http://${args.host}:${port}/mcp\n`);
    return;
  }
  // The client closing stdin is the normal end of a stdio session.
  process.stdin.once('end', () => void shutdown(0));
  // The opening message picks the era: initialize (2025) or a 2026-07-28 request with its per-request _meta.
  stdio = new StdioListTransport();
  serveStdio(() => buildMcpServer(runtime), {
    transport: stdioTransport(runtime, stdio),
    onerror: (error) => process.stderr.write(`${def.name}: ${error.message}\n`),
  });
}
