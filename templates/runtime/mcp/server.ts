/**
 * Assembly: environment → runtime context (config, store, credential partition) → an McpServer with every
 * tool registered. The context is built once per process; an McpServer is cheap and, in stateless HTTP mode,
 * built per request over the same context.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Env } from '../core/config.js';
import { readRuntimeConfig } from '../core/config.js';
import type { RuntimeContext } from '../core/context.js';
import { credentialPartition } from '../core/idempotency.js';
import { Lifecycle } from '../core/lifecycle.js';
import { portableToolList } from '../core/portableSchema.js';
import type { ServerDefinition } from '../definition.js';
import { serverInstructions } from '../jobs/describe.js';
import { registerJobTools } from '../jobs/register.js';
import { openStore } from '../store/index.js';
import type { JobStore } from '../store/types.js';
import { registerPlainTools } from './plainTools.js';

export interface CreateServerOptions {
  env?: Env;
  /** A store to use instead of opening the one JOB_STORE_URL names (the caller keeps ownership of it). */
  store?: JobStore;
  fetch?: typeof fetch;
  /** Clock override for tests. */
  now?: () => number;
}

export interface Runtime {
  ctx: RuntimeContext;
  /** Stops new calls, waits for running ones (JOB_SHUTDOWN_GRACE_MS), closes the store it opened. */
  close(): Promise<void>;
}

export async function createRuntime(def: ServerDefinition, options: CreateServerOptions = {}): Promise<Runtime> {
  const env = options.env ?? process.env;
  const config = readRuntimeConfig(def, env);
  const ownsStore = !options.store && def.families.length > 0;
  const store = options.store ?? (ownsStore ? await openStore(config.storeUrl, { retentionMs: config.retentionMs }) : null);
  const ctx: RuntimeContext = {
    def,
    config,
    store,
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? Date.now,
    operations: new Map(def.operations.map((op) => [op.tool, op])),
    lifecycle: new Lifecycle(),
    partition: credentialPartition(credentialValues(def, env), env.JOB_PARTITION_SECRET),
  };
  let closed: Promise<void> | null = null;
  return {
    ctx,
    close() {
      closed ??= (async () => {
        await ctx.lifecycle.drain(config.shutdownGraceMs);
        if (ownsStore && store) await store.close();
      })();
      return closed;
    },
  };
}

/** Every credential the server holds, by env name: one partition per deployment's credential set. */
function credentialValues(def: ServerDefinition, env: Env): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const scheme of def.securitySchemes) for (const name of Object.values(scheme.env)) values[name] = env[name];
  return values;
}

export function buildMcpServer(ctx: RuntimeContext): McpServer {
  const server = new McpServer(
    { name: ctx.def.name, version: ctx.def.version, title: ctx.def.title },
    { instructions: serverInstructions(ctx.def, ctx.config), capabilities: { tools: {} } },
  );
  registerPlainTools(server, ctx);
  registerJobTools(server, ctx);
  cacheToolList(server, ctx);
  return server;
}

type RawHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Memoises the SDK's tools/list handler per runtime. The tool set is fixed for the life of the process, so
 * the answer is too. Reaches into the SDK's handler map; if that ever changes shape, caching is skipped.
 */
function cacheToolList(server: McpServer, ctx: RuntimeContext): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RawHandler> })._requestHandlers;
  const original = handlers instanceof Map ? handlers.get('tools/list') : undefined;
  if (!handlers || !original) return;
  handlers.set('tools/list', (request, extra) => {
    // Listed once per process, in the portable JSON Schema form every major client accepts (core/portableSchema).
    ctx.toolList ??= original(request, extra).then(portableToolList, (error: unknown) => {
      ctx.toolList = undefined;
      throw error;
    });
    return ctx.toolList;
  });
}

/** One server over a fresh runtime: what the generated smoke test and the stdio mode use. */
export async function createServer(
  def: ServerDefinition,
  options: CreateServerOptions = {},
): Promise<{ server: McpServer; close(): Promise<void> }> {
  const runtime = await createRuntime(def, options);
  const server = buildMcpServer(runtime.ctx);
  return {
    server,
    async close() {
      await runtime.close();
      await server.close();
    },
  };
}
