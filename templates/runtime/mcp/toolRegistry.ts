/**
 * The one place where tools are defined: every plain tool and every job tool becomes a ToolEntry (what
 * tools/list shows plus how to run it). The registry is built once per process; the MCP wiring
 * (`toolCalls.ts`) and any other way of exposing tools read it, so a tool is never registered twice in two
 * different ways. Handlers take the request's RuntimeContext, because in HTTP mode with client credentials
 * each request runs in its caller's own credential partition.
 */

import type { CallToolResult, ServerNotification, ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { RuntimeContext } from '../core/context.js';
import { portableJsonSchema } from '../core/portableSchema.js';
import type { JobFamilySpec, ListedSchemas, OperationSpec, StartSpec } from '../definition.js';
import { wireSchema } from '../wireSchema.js';

/** What a handler may use of the MCP request besides its arguments. */
export interface ToolCallExtra {
  signal?: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification?: (notification: ServerNotification) => Promise<void>;
}

export type ToolRun = (ctx: RuntimeContext, args: Record<string, unknown>, extra: ToolCallExtra) => Promise<CallToolResult>;

/** A job start: the Tasks extension answers such a call with a task when the client declared it. */
export interface StartBinding {
  family: JobFamilySpec;
  start: StartSpec;
  op: OperationSpec;
}

/** A meta-tool that runs another tool (dynamic mode's call_operation): which one, with which arguments. */
export type ToolDispatch = (args: Record<string, unknown>) => { name: string; arguments: Record<string, unknown> };

export interface ToolEntry {
  name: string;
  title?: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema?: z.ZodObject;
  annotations: ToolAnnotations;
  _meta: Record<string, unknown>;
  /**
   * The toolsets that include this tool (MCP_TOOLSETS): an operation's own, plus `jobs` for job tools; a
   * family's status/cancel/result and list_jobs also belong to every toolset holding one of its starts.
   */
  toolsets: string[];
  run: ToolRun;
  /**
   * The structured answer is the runtime's own, built as `z.infer` of `outputSchema` from typed values, with every
   * upstream value in it already fitted to its schema (jobs/view.ts): callEntry does not parse it again on every
   * call. Tests still see every such answer checked, by the SDK client against the listed schema.
   */
  ownOutput?: boolean;
  /** Loads what `inputSchema`, `outputSchema` and `run` read (schema modules: core/schemaModule.ts); awaited before each call. */
  prepare?: () => Promise<void>;
  start?: StartBinding;
  /** Set on call_operation: the call is the dispatched tool's call, through the same path as tools/call. */
  dispatch?: ToolDispatch;
  /**
   * The JSON Schemas mcp-jobgen computed for this tool when it generated the project (OperationSpec.listed), exactly
   * what converting `inputSchema` / `outputSchema` would list: tools/list reads these and builds no zod. An
   * absent `output` (a promotable tool's wrapped output) is converted from zod.
   */
  shipped?: ShippedSchemas;
}

export interface ShippedSchemas {
  input: () => Record<string, unknown>;
  /** Undefined where the shipped JSON cannot say exactly what zod would list: the registry converts instead. */
  output?: () => Record<string, unknown> | undefined;
}

/** The tools/list entry of one tool, as the SDK's McpServer would list it (JSON Schema draft 2020-12). */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: ToolAnnotations;
  _meta: Record<string, unknown>;
}

export class ToolRegistry {
  private readonly byName = new Map<string, ToolEntry>();
  private readonly listedByName = new Map<string, ListedTool>();
  private readonly outputJson = new Map<string, Record<string, unknown> | undefined>();

  add(entry: ToolEntry): void {
    if (this.byName.has(entry.name)) throw new Error(`Tool ${entry.name} is defined twice.`);
    this.byName.set(entry.name, entry);
  }

  get(name: string): ToolEntry | undefined {
    return this.byName.get(name);
  }

  entries(): ToolEntry[] {
    return [...this.byName.values()];
  }

  /** Every tool's tools/list entry, in registration order. */
  list(): ListedTool[] {
    return this.entries().map((entry) => this.listed(entry));
  }

  /**
   * One tool's tools/list entry, converted once per process and only when first asked for: turning a zod
   * schema into JSON Schema costs ~0.1-0.25 ms per tool, which stateless HTTP (a fresh server per request)
   * would otherwise pay on every list, and which a dynamic-mode server never pays for tools it does not list.
   */
  listed(entry: ToolEntry): ListedTool {
    let tool = this.listedByName.get(entry.name);
    if (tool) return tool;
    tool = {
      name: entry.name,
      description: entry.description,
      inputSchema: entry.shipped ? entry.shipped.input() : sharedObjectSchema(entry.inputSchema, 'input'),
      annotations: entry.annotations,
      _meta: entry._meta,
    };
    if (entry.title !== undefined) tool.title = entry.title;
    const output = this.outputSchemaJson(entry);
    if (output) tool.outputSchema = output;
    this.listedByName.set(entry.name, tool);
    return tool;
  }

  /** The advertised output schema, the same object tools/list shows (the SDK's era projection reads it). */
  outputSchemaJson(entry: ToolEntry): Record<string, unknown> | undefined {
    if (!this.outputJson.has(entry.name)) {
      // The shipped schema first: reading entry.outputSchema builds the zod schema.
      const shipped = entry.shipped?.output?.();
      this.outputJson.set(entry.name, shipped ?? (entry.outputSchema ? sharedObjectSchema(entry.outputSchema, 'output') : undefined));
    }
    return this.outputJson.get(entry.name);
  }
}

/**
 * JSON Schema of a zod object through the Standard JSON Schema interface (zod >= 4.2), the conversion the
 * MCP SDK itself uses, then in the portable spelling every major client accepts (core/portableSchema.ts) and
 * the wire spelling framework converters keep whole (wireSchema.ts, which the generator applies too).
 */
export function objectSchema(schema: z.ZodObject, io: 'input' | 'output'): Record<string, unknown> {
  const json = schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' }) as Record<string, unknown>;
  return wireSchema(portableJsonSchema(json.type === undefined ? { type: 'object', ...json } : json)) as Record<string, unknown>;
}

/**
 * A schema of a tool as listed, converted once per zod schema: the job tools of all families share them (every
 * start lists `startOutput`, every cancel `cancelOutput`, families of one shape one status schema: jobs/schemas.ts
 * byShape), at 1-12 ms a conversion on a cold process. Each tool gets its own copy, parsed from the one JSON text.
 */
function sharedObjectSchema(schema: z.ZodObject, io: 'input' | 'output'): Record<string, unknown> {
  return JSON.parse(convertedOnce(schema, io, () => JSON.stringify(objectSchema(schema, io))));
}

/**
 * An operation's shipped schemas (OperationSpec.listed), parsed when first listed; `idempotencyKey` adds the
 * argument a start or promotable tool takes beside the operation's own (what `op.input.extend(...)` lists).
 * `withOutput: false` for a tool whose output is not the operation's. `outputKeys`: optional keys the tool's
 * output adds to the operation's (a promotable tool's job handle), so that what is listed is what
 * `op.output.partial().extend(outputKeys)` lists (jobs/callSchemas.ts promotableOutput), and the
 * 263 promotable tools of OpenAI's spec are listed without building their zod schemas.
 */
export function shippedSchemas(
  listed: ListedSchemas | undefined,
  options: { idempotencyKey?: z.ZodType; withOutput?: boolean; outputKeys?: Record<string, z.ZodType> } = {},
): ShippedSchemas | undefined {
  if (!listed) return undefined;
  const { idempotencyKey, withOutput = true, outputKeys } = options;
  const input = () => {
    const json = parsedOnce(listed.input);
    if (!idempotencyKey) return json;
    return { ...json, properties: { ...(json.properties as object | undefined), idempotency_key: argumentJson(idempotencyKey) } };
  };
  const output = listed.output;
  if (!withOutput) return { input };
  if (outputKeys) return { input, output: () => convertedOnce(outputKeys, output ?? '', () => extendedOutput(output, outputKeys)) };
  return output !== undefined ? { input, output: () => parsedOnce(output) } : { input };
}

const parsedTexts = new Map<string, Record<string, unknown>>();

/**
 * A shipped JSON text, parsed once per process: tools of one file that answer the same schema ship the same text
 * (GitHub: 640 output texts, 874 KB, of which 289 and 367 KB are distinct; 1,223 inputs, 721 distinct), and each tool
 * that lists it gets the same object. Lists are read and serialized, never written to (extendedOutput).
 */
function parsedOnce(text: string): Record<string, unknown> {
  let json = parsedTexts.get(text);
  if (json === undefined) {
    json = JSON.parse(text) as Record<string, unknown>;
    parsedTexts.set(text, json);
  }
  return json;
}

/**
 * The shipped output (zod's listing of `op.output.partial()`) with `keys` added as optional properties, as
 * `.extend()` would list them. A listing that still has `required` keys is not a partial's (zod refuses
 * `.partial()` on a refined object and the plain tool lists the object itself): undefined, converted from zod.
 * With no output of its own, the tool's output is a loose object of the keys alone.
 *
 * The keys' JSON (the job handle, `mcp_job`) is one object shared by every tool that lists it, as the
 * idempotency key's is (`argumentJson`), and so is the keys-alone schema: on GitHub's spec 1,196 promotable tools
 * list the handle and 611 list nothing else. Lists are read and serialized, never written to; a copy per tool
 * cost 2 MB of a cold start's peak and a parse each.
 */
function extendedOutput(output: string | undefined, keys: Record<string, z.ZodType>): Record<string, unknown> | undefined {
  // Through JSON text once, so the shared objects are plain JSON, exactly as the shipped part is parsed.
  if (output === undefined) return convertedOnce(keys, 'loose', () => jsonCopy(objectSchema(z.looseObject(keys), 'output')));
  const json = parsedOnce(output);
  if (json.required !== undefined) return undefined;
  const added = convertedOnce(keys, 'properties', () => jsonCopy(objectSchema(z.object(keys), 'output').properties as object));
  return { ...json, properties: { ...(json.properties as object | undefined), ...added } };
}

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const convertedCache = new WeakMap<object, Map<string, unknown>>();

/** One conversion per process of a schema shared by many tools (`what` tells its uses apart). */
function convertedOnce<T>(owner: object, what: string, convert: () => T): T {
  let byWhat = convertedCache.get(owner);
  if (!byWhat) {
    byWhat = new Map();
    convertedCache.set(owner, byWhat);
  }
  if (!byWhat.has(what)) byWhat.set(what, convert());
  return byWhat.get(what) as T;
}

/** The JSON Schema of one argument, as the object holding it lists it (converted once per process). */
function argumentJson(schema: z.ZodType): unknown {
  return convertedOnce(schema, 'argument', () => {
    const properties = objectSchema(z.object({ argument: schema }), 'input').properties as Record<string, unknown>;
    return properties.argument;
  });
}
