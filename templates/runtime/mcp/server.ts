/**
 * Assembly: environment → runtime (config, store, credential partition, the tool registry) → an MCP server
 * for one connection or one stateless request. The runtime is built once per process; a server is cheap
 * (a few handler registrations over the shared registry) and, in HTTP mode, built per request for the
 * request's own context. Both protocol eras are served from the same definition: the SDK's serving entries
 * (`serveStdio`, `createMcpHandler`) pick the era, this file only says what the server offers.
 */
import type { Transport } from '@modelcontextprotocol/server';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { readRuntimeConfig } from '../core/config.js';
import type { RuntimeContext } from '../core/context.js';
import type { Env } from '../core/env.js';
import { credentialPartition } from '../core/idempotency.js';
import { Lifecycle } from '../core/lifecycle.js';
import { loadOperationSchemas } from '../core/schemaModule.js';
import { DYNAMIC_MODE_ABOVE_OPERATIONS, DYNAMIC_TOOLS } from '../defaults.js';
import type { ServerDefinition } from '../definition.js';
import { serverInstructions } from '../jobs/describe.js';
import { attachServerWork, needsStore, type ServerWork } from '../jobs/serverWork.js';
import { openStore } from '../store/index.js';
import type { JobStore } from '../store/types.js';
import { addCallTools } from './callTools.js';
import { dynamicTools } from './dynamicTools.js';
import { addJobTools } from './jobTools.js';
import type { McpSettings } from './mcpSettings.js';
import { readMcpSettings } from './mcpSettings.js';
import { addPlainTools, successResult } from './plainTools.js';
import { serveResultResources } from './resultResources.js';
import { schemasNeededAtStart } from './schemaNeeds.js';
import { sharedJobTools } from './sharedJobTools.js';
import { TaskListenTransport } from './stdioTasks.js';
import { TaskFeed } from './taskFeed.js';
import { serveTasks, tasksBinding } from './tasks.js';
import { serveTools } from './toolCalls.js';
import { offerTools, type ToolOffer } from './toolOffer.js';
import { ToolRegistry } from './toolRegistry.js';
import { selectTools } from './toolSelection.js';

export interface CreateServerOptions {
  env?: Env;
  /** A store to use instead of opening the one JOB_STORE_URL names (the caller keeps ownership of it). */
  store?: JobStore;
  fetch?: typeof fetch;
  /** Clock override for tests. */
  now?: () => number;
  /** Source of the poll_after_ms jitter (default Math.random); tests pass a constant. */
  random?: () => number;
  /** HTTP mode: collect Prometheus metrics for `/metrics`. */
  metrics?: boolean;
}

export interface Runtime {
  ctx: RuntimeContext;
  settings: McpSettings;
  tools: ToolRegistry;
  /** What tools/list shows and tools/call accepts (MCP_TOOLSETS, MCP_TOOL_MODE). */
  offer: ToolOffer;
  /** The MCP `instructions`, for the mode in force. */
  instructions: string;
  /** Leases, recovery scan, metrics and log of this process. */
  work: ServerWork;
  /** Tasks status notifications for task subscriptions (null without Tasks, job families or a store). */
  tasks: TaskFeed | null;
  /** Stops new calls, waits for running ones (JOB_SHUTDOWN_GRACE_MS), closes the store it opened. */
  close(): Promise<void>;
}

export async function createRuntime(def: ServerDefinition, options: CreateServerOptions = {}): Promise<Runtime> {
  const env = options.env ?? process.env;
  const config = readRuntimeConfig(def, env);
  const settings = readMcpSettings(def, env);
  // Before anything reads a schema synchronously: the job families' operations and the tools listed from zod.
  await loadOperationSchemas(schemasNeededAtStart(def));
  const ownsStore = !options.store && needsStore(def);
  const store = options.store ?? (ownsStore ? await openStore(config.storeUrl, { retentionMs: config.retentionMs }) : null);
  const ctx: RuntimeContext = {
    def,
    // The HTTP token is a credential too: scrubbed from everything that leaves the server.
    config: settings.httpToken
      ? { ...config, secrets: [...config.secrets, settings.httpToken].sort((x, y) => y.length - x.length) }
      : config,
    store,
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    operations: new Map(def.operations.map((op) => [op.tool, op])),
    lifecycle: new Lifecycle(),
    partition: credentialPartition(credentialValues(def, env), env.JOB_PARTITION_SECRET),
  };
  const tasks = settings.tasks && def.families.length > 0 && store ? new TaskFeed(ctx, { name: def.name, version: def.version }) : null;
  // Before any tool is added: promotable tools read the wrapped store and the lease keeper from ctx.
  const work = await attachServerWork(ctx, {
    metrics: options.metrics ?? false,
    present: (op, status, body) => successResult(op, status, body, ctx.config.secrets),
    observers: tasks ? [tasks.observer] : [],
  });
  const tools = new ToolRegistry();
  addPlainTools(tools, ctx);
  addJobTools(tools, ctx);
  addCallTools(tools, ctx);
  const offer = offerSelectedTools(ctx, tools, settings);
  let closed: Promise<void> | null = null;
  return {
    ctx,
    settings,
    tools,
    offer,
    instructions: instructionsFor(def, offer, serverInstructions(def, ctx.config)),
    work,
    tasks,
    close() {
      closed ??= (async () => {
        // Listen streams end first (their graceful close): they are no work to wait for.
        tasks?.close();
        await ctx.lifecycle.drain(config.shutdownGraceMs);
        // Work still running after the grace keeps its lease only until it lapses: another replica recovers it.
        await work.close();
        if (ownsStore && store) await store.close();
      })();
      return closed;
    },
  };
}

/** The selection (MCP_TOOLSETS) and, in dynamic mode, the meta-tools and shared job tools over it. */
function offerSelectedTools(ctx: RuntimeContext, tools: ToolRegistry, settings: McpSettings): ToolOffer {
  const selection = selectTools(ctx.def, tools.entries(), settings.toolsets, settings.toolMode);
  const meta: ReturnType<typeof dynamicTools> = [];
  if (selection.mode === 'dynamic') {
    const selected = new Set(selection.operations.map((entry) => entry.name));
    const families = ctx.def.families.filter((family) => selected.has(family.tools.status));
    const toolsets = ctx.def.toolsets.map((t) => t.name);
    meta.push(...dynamicTools({ ctx, registry: tools, operations: selection.operations, toolsets }), ...sharedJobTools(ctx, families));
    for (const entry of meta) tools.add(entry);
  }
  return offerTools(selection, meta, [ctx.def.listJobsTool, ctx.def.callStatusTool ?? null], settings.pageSize);
}

/** The server's instructions (`base`: the API and the job workflow), plus how to reach the tools when they are not listed. */
export function instructionsFor(def: ServerDefinition, offer: ToolOffer, base: string): string {
  if (offer.mode === 'static') return base;
  const count = offer.reachable.size;
  const why =
    def.toolMode === 'dynamic'
      ? ` (the default for this API: it has more than ${DYNAMIC_MODE_ABOVE_OPERATIONS} operations; MCP_TOOL_MODE=static lists one tool per operation, MCP_TOOLSETS narrows them)`
      : '';
  const parts = [
    `This server runs in dynamic mode${why}: its ${count} tools are not listed one by one. ${DYNAMIC_TOOLS.search} finds them by words, ${DYNAMIC_TOOLS.describe} shows one's arguments (JSON Schema), ${DYNAMIC_TOOLS.call} runs one by name with the same checks as a listed tool.`,
  ];
  if (def.families.length > 0 && offer.callable.has(DYNAMIC_TOOLS.status)) {
    parts.push(
      `Operations that start a long-running job return a job_id at once: ${DYNAMIC_TOOLS.status} polls any job by its job_id, ${DYNAMIC_TOOLS.result} fetches a succeeded job's result, ${DYNAMIC_TOOLS.cancel} cancels one${def.listJobsTool ? `, ${def.listJobsTool} finds a lost job_id` : ''}.`,
    );
  }
  if (def.callStatusTool && offer.listed.some((entry) => entry.name === def.callStatusTool)) {
    parts.push(
      `A slow call may answer with a job_id (structuredContent.mcp_job) instead of its result: poll ${def.callStatusTool} with that job_id.`,
    );
  }
  return [base, parts.join(' ')].filter(Boolean).join('\n\n');
}

/** Every credential the server holds, by env name: one partition per deployment's credential set. */
export function credentialValues(def: ServerDefinition, env: Env): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const scheme of def.securitySchemes) for (const name of Object.values(scheme.env)) values[name] = env[name];
  return values;
}

/** One MCP server over the runtime, running every call in `ctx` (the process context unless a request has its own). */
export function buildMcpServer(runtime: Runtime, ctx: RuntimeContext = runtime.ctx): Server {
  const { def } = runtime.ctx;
  const server = new Server(
    { name: def.name, version: def.version, title: def.title },
    { instructions: runtime.instructions, capabilities: { tools: {} } },
  );
  // Tasks are jobs: a server without job families has nothing to offer as a task.
  const tasks = runtime.settings.tasks && def.families.length > 0;
  serveTools(server, ctx, { registry: runtime.tools, offer: runtime.offer, tasks: tasks ? tasksBinding : null });
  if (tasks) serveTasks(server, ctx);
  // Results too large to return inline are read as resources (jobs/resultRefs.ts): wherever there is a store.
  if (ctx.store) serveResultResources(server, ctx);
  return server;
}

/** The transport serveStdio reads: task subscriptions are answered in front of the SDK (mcp/stdioTasks.ts). */
export function stdioTransport(runtime: Runtime, transport: Transport): Transport {
  return runtime.tasks ? new TaskListenTransport(transport, runtime.tasks, runtime.ctx) : transport;
}

export interface CreatedServer {
  /** A server for one connection (connect it to any transport; it speaks the era its client opens with). */
  server: Server;
  /** Serves `transport` the way stdio mode does: the client's opening message picks the era. */
  serve(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** One server over a fresh runtime: what the generated smoke test and in-process tests use. */
export async function createServer(def: ServerDefinition, options: CreateServerOptions = {}): Promise<CreatedServer> {
  const runtime = await createRuntime(def, options);
  const server = buildMcpServer(runtime);
  const served: Array<{ close(): Promise<void> }> = [];
  return {
    server,
    async serve(transport) {
      served.push(serveStdio(() => buildMcpServer(runtime), { transport: stdioTransport(runtime, transport) }));
    },
    async close() {
      await runtime.close();
      await server.close();
      await Promise.all(served.map((handle) => handle.close()));
    },
  };
}
