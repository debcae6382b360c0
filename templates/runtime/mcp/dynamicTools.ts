/**
 * Dynamic mode's meta-tools, for APIs too big to list one tool per operation: search_operations (words →
 * ranked operations), describe_operation (one operation's full input and output JSON Schema, the very schemas
 * static mode would list) and call_operation (runs one, through the same call path as tools/call: same strict
 * validation, auth, partitions, idempotency, job starts and Tasks). Stateless on purpose, unlike toolsets
 * switched on per session: stateless HTTP has no session to remember them, and a client need not support
 * list-changed notifications. The shared job tools come from sharedJobTools.ts.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets } from '../core/secrets.js';
import { DYNAMIC_TOOLS } from '../defaults.js';
import { errorResult } from '../upstream/toolResults.js';
import { InvalidCursorError, listFingerprint, pageOf } from './listCursor.js';
import type { ToolEntry, ToolRegistry } from './toolRegistry.js';
import { type SearchDoc, SearchIndex } from './toolSearch.js';

const KINDS = ['tool', 'start', 'status', 'cancel', 'result', 'list'] as const;
const DEFAULT_RESULTS = 10;
const SUMMARY_CHARS = 160;

const searchOutput = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      summary: z.string(),
      kind: z
        .enum(KINDS)
        .describe('tool: one HTTP call; start: starts a long-running job (returns a job_id); status/cancel/result/list: job tools.'),
      toolsets: z.array(z.string()),
      method: z.string().nullable(),
      path: z.string().nullable(),
    }),
  ),
  total: z.number().int().min(0).describe('How many operations match in all.'),
  next_cursor: z.string().nullable(),
});

const describeOutput = z.object({
  name: z.string(),
  title: z.string().nullable(),
  kind: z.enum(KINDS),
  toolsets: z.array(z.string()),
  method: z.string().nullable(),
  path: z.string().nullable(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  output_schema: z.record(z.string(), z.unknown()).nullable(),
  annotations: z.record(z.string(), z.unknown()),
  job_family: z.string().nullable().describe('For job tools: the family; its jobs are polled with job_status and fetched with job_result.'),
});

export interface DynamicToolsInput {
  ctx: RuntimeContext;
  registry: ToolRegistry;
  /** The selected tools: what the meta-tools search, describe and call. */
  operations: readonly ToolEntry[];
  /** Toolset names an operation may carry, for the search filter and the descriptions. */
  toolsets: readonly string[];
}

function kindOf(entry: ToolEntry): (typeof KINDS)[number] {
  const role = entry._meta['mcp-jobgen/role'];
  return (KINDS as readonly unknown[]).includes(role) ? (role as (typeof KINDS)[number]) : 'tool';
}

/** First sentence or line of the title/description, bounded: what a result line needs to tell tools apart. */
export function summaryOf(entry: ToolEntry): string {
  const text = (entry.title ?? entry.description).trim();
  const first = text.split(/\n|(?<=[.!?])\s/)[0] ?? '';
  return first.length > SUMMARY_CHARS ? `${first.slice(0, SUMMARY_CHARS - 1)}…` : first;
}

export function dynamicTools(input: DynamicToolsInput): ToolEntry[] {
  const { ctx, registry, operations } = input;
  const byName = new Map(operations.map((entry) => [entry.name, entry] as const));
  let index: SearchIndex | undefined;
  // Built on the first search, not at start-up: a server that is only listed never pays for it.
  const searchIndex = () =>
    (index ??= new SearchIndex(
      operations.map((entry): SearchDoc => {
        const op = ctx.operations.get(entry.name);
        const operationId = entry._meta['mcp-jobgen/operation'];
        return {
          name: entry.name,
          title: entry.title,
          operationId: typeof operationId === 'string' ? operationId : undefined,
          path: op?.path,
          toolsets: entry.toolsets,
          description: entry.description,
        };
      }),
    ));
  const where = (entry: ToolEntry) => {
    const op = ctx.operations.get(entry.name);
    return { method: op?.method ?? null, path: op?.path ?? null };
  };
  // Counted in one pass over the operations' own lists: asking every toolset of every operation is toolsets ×
  // operations × tags, a start-up a contract with thousands of tags on each operation could stall for minutes.
  const perToolset = new Map<string, number>();
  for (const entry of operations) for (const name of new Set(entry.toolsets)) perToolset.set(name, (perToolset.get(name) ?? 0) + 1);
  const toolsetCounts = input.toolsets.flatMap((name) => {
    const count = perToolset.get(name) ?? 0;
    return count > 0 ? [[name, count] as const] : [];
  });
  const toolsetNames = toolsetCounts.map(([name]) => name);
  // One z.optional over either schema, not a choice between two ZodOptional types: relating two instances of
  // a zod wrapper type makes tsc measure the variance of every zod wrapper, seconds of each type-check.
  const toolsetFilter = z
    .optional(toolsetNames.length > 0 ? z.enum(toolsetNames as [string, ...string[]]) : z.string().max(0))
    .describe(toolsetNames.length > 0 ? 'Only operations of this toolset.' : 'This server has no toolsets.');

  // Texts are scrubbed with the caller's own secrets: with client credentials, each request brings its own.
  const search = (callCtx: RuntimeContext, args: { query: string; toolset?: string; limit?: number; cursor?: string }): CallToolResult => {
    const hits = searchIndex()
      .search(args.query)
      .filter((hit) => args.toolset === undefined || hit.doc.toolsets.includes(args.toolset));
    const limit = args.limit ?? DEFAULT_RESULTS;
    let page: ReturnType<typeof pageOf<(typeof hits)[number]>>;
    try {
      page = pageOf(hits, args.cursor, limit, listFingerprint(['search', args.query, args.toolset ?? '', String(limit)]));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        return errorResult(error.message, callCtx.config.secrets, 'Repeat the same query without cursor.');
      throw error;
    }
    const results = page.items.map(({ doc }) => {
      const entry = byName.get(doc.name)!;
      return { name: entry.name, summary: summaryOf(entry), kind: kindOf(entry), toolsets: entry.toolsets, ...where(entry) };
    });
    const lines = results.map(
      (r) =>
        `${r.name}${r.kind === 'tool' ? '' : ` [${r.kind === 'start' ? 'starts a job' : `job ${r.kind}`}]`} — ${r.summary}${r.method ? ` (${r.method} ${r.path})` : ''}`,
    );
    if (results.length === 0) lines.push(`No operation matches "${args.query}". Try other or fewer words, or another toolset.`);
    else lines.push(`${DYNAMIC_TOOLS.describe} shows one's input schema; ${DYNAMIC_TOOLS.call} runs it.`);
    if (page.nextCursor) lines.push(`${hits.length} matches in all: pass cursor "${page.nextCursor}" for more.`);
    return {
      structuredContent: { results, total: hits.length, next_cursor: page.nextCursor ?? null },
      content: [{ type: 'text', text: scrubSecrets(lines.join('\n'), callCtx.config.secrets) }],
    };
  };

  const describe = (callCtx: RuntimeContext, args: { name: string }): CallToolResult => {
    const entry = byName.get(args.name);
    if (!entry) {
      const near = searchIndex()
        .search(args.name)
        .slice(0, 3)
        .map((h) => h.doc.name);
      return errorResult(
        `No operation named ${args.name}.`,
        callCtx.config.secrets,
        near.length > 0 ? `Close matches: ${near.join(', ')}.` : `${DYNAMIC_TOOLS.search} finds operations by words.`,
      );
    }
    const listed = registry.listed(entry);
    const family = entry._meta['mcp-jobgen/job'];
    const structured = {
      name: entry.name,
      title: entry.title ?? null,
      kind: kindOf(entry),
      toolsets: entry.toolsets,
      ...where(entry),
      description: entry.description,
      input_schema: listed.inputSchema,
      output_schema: listed.outputSchema ?? null,
      annotations: { ...entry.annotations },
      job_family: typeof family === 'string' ? family : null,
    };
    const lines = [
      `${entry.name}${structured.method ? ` (${structured.method} ${structured.path})` : ''}`,
      entry.description,
      `Input schema (pass as arguments to ${DYNAMIC_TOOLS.call} with name ${entry.name}): ${JSON.stringify(listed.inputSchema)}`,
    ];
    if (structured.kind === 'start') {
      lines.push(
        `This starts a long-running job: ${DYNAMIC_TOOLS.call} returns a job_id; poll ${DYNAMIC_TOOLS.status} with it until terminal, then ${DYNAMIC_TOOLS.result}; ${DYNAMIC_TOOLS.cancel} cancels it.`,
      );
    } else if (listed.outputSchema) lines.push(`Output schema (structuredContent): ${JSON.stringify(listed.outputSchema)}`);
    return { structuredContent: structured, content: [{ type: 'text', text: scrubSecrets(lines.join('\n\n'), callCtx.config.secrets) }] };
  };

  const toolsetLine =
    toolsetCounts.length > 0 ? `\nToolsets (tools): ${toolsetCounts.map(([name, count]) => `${name} (${count})`).join(', ')}.` : '';
  return [
    {
      name: DYNAMIC_TOOLS.search,
      title: 'Search operations',
      description: `Find any of this server's ${operations.length} tools (the API's operations and its job tools) by words, best match first: what you want to do ("list pull requests for a repository"), a resource, or a tool name. Then ${DYNAMIC_TOOLS.describe} shows one's input schema and ${DYNAMIC_TOOLS.call} runs it.${toolsetLine}`,
      inputSchema: z.strictObject({
        query: z.string().min(1).max(500).describe('Words describing the operation, or its name.'),
        toolset: toolsetFilter,
        limit: z.number().int().min(1).max(50).optional().describe(`Results per page (default ${DEFAULT_RESULTS}).`),
        cursor: z.string().max(100).optional().describe('next_cursor of the previous answer to the same query.'),
      }),
      outputSchema: searchOutput,
      annotations: { title: 'Search operations', readOnlyHint: true, openWorldHint: false },
      _meta: { 'mcp-jobgen/role': 'search' },
      toolsets: [],
      run: async (callCtx, args) => search(callCtx, args as Parameters<typeof search>[1]),
    },
    {
      name: DYNAMIC_TOOLS.describe,
      title: 'Describe operation',
      description: `One operation in full: what it does, its HTTP method and path, and the JSON Schema of its arguments and of its structured result. Pass a name from ${DYNAMIC_TOOLS.search}.`,
      inputSchema: z.strictObject({ name: z.string().min(1).max(64).describe('Operation name, as search_operations returns it.') }),
      outputSchema: describeOutput,
      annotations: { title: 'Describe operation', readOnlyHint: true, openWorldHint: false },
      _meta: { 'mcp-jobgen/role': 'describe' },
      toolsets: [],
      run: async (callCtx, args) => describe(callCtx, args as { name: string }),
    },
    {
      name: DYNAMIC_TOOLS.call,
      title: 'Call operation',
      description: [
        `Run one operation by name with its arguments (the object ${DYNAMIC_TOOLS.describe} describes); answers exactly as that operation's own tool would.`,
        `An operation that starts a long-running job returns a job_id at once: poll ${DYNAMIC_TOOLS.status} with it until terminal, then fetch ${DYNAMIC_TOOLS.result}.`,
      ].join('\n'),
      inputSchema: z.strictObject({
        name: z.string().min(1).max(64).describe('Operation name, as search_operations returns it.'),
        arguments: z.record(z.string(), z.unknown()).optional().describe("The operation's arguments (default {})."),
      }),
      annotations: { title: 'Call operation', readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      _meta: { 'mcp-jobgen/role': 'call' },
      toolsets: [],
      // Never run itself: toolCalls.ts dispatches to the named operation through the one call path.
      run: async () => errorResult(`${DYNAMIC_TOOLS.call} runs through tools/call only.`, []),
      dispatch: (args) => ({ name: String(args.name), arguments: (args.arguments as Record<string, unknown> | undefined) ?? {} }),
    },
  ];
}
