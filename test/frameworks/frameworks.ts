/**
 * The five agent frameworks, each used the way its own docs show: connect to a generated server over stdio,
 * load its tools, and keep two things per tool: the input schema the framework would hand to a model, and the
 * framework's own execute path (argument parsing and validation included). Nothing here re-implements a
 * framework's conversion: each schema is read off the framework's tool object.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { RuntimeContext } from '@mastra/core/runtime-context';
import { makeCoreTool } from '@mastra/core/utils';
import { MCPClient as MastraClient } from '@mastra/mcp';
import { type FunctionTool, getAllMcpTools, MCPServerStdio, RunContext } from '@openai/agents';
import { asSchema, type ToolSet } from 'ai';
import { MCPClient as McpUseClient } from 'mcp-use';
import { LangChainAdapter } from 'mcp-use/adapters';

/** How to start a generated server over stdio. */
export interface ServerLaunch {
  entry: string;
  cwd: string;
  env: Record<string, string>;
}

export interface FrameworkTool {
  /** The tool's name as the server lists it (a framework prefix taken off). */
  name: string;
  /** The input schema this framework hands to a model for the tool. */
  schema: unknown;
  /** OpenAI Agents only: whether its strict conversion succeeded (false: it fell back to a non-strict schema). */
  strict?: boolean;
  /** Runs the tool through the framework's own execute path; returns what the framework hands back to the model. */
  run(args: Record<string, unknown>): Promise<unknown>;
}

export interface FrameworkSession {
  tools: FrameworkTool[];
  close(): Promise<void>;
}

export interface Framework {
  name: string;
  open(server: ServerLaunch): Promise<FrameworkSession>;
}

const stdio = (server: ServerLaunch) => ({ command: process.execPath, args: [server.entry], env: server.env, cwd: server.cwd });

const SERVER = 'jobgen';

/**
 * A promise that rejects with the first error handed to `report`. The AI SDK's MCP client hands a message it cannot
 * parse (secure-json-parse refuses any own `__proto__` key) to `onUncaughtError` and never settles the request it
 * answered; raced against that request, the refusal fails the suite at once instead of leaving it waiting.
 */
export function uncaught(): { failed: Promise<never>; report: (error: unknown) => void } {
  let report: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    report = reject;
  });
  // Only ever raced: a refusal after the race settled must not become an unhandled rejection.
  failed.catch(() => {});
  return { failed, report };
}

const aiSdk: Framework = {
  name: 'AI SDK',
  async open(server) {
    const { failed, report } = uncaught();
    const client = await createMCPClient({ transport: new Experimental_StdioMCPTransport(stdio(server)), onUncaughtError: report });
    const set: ToolSet = await Promise.race([client.tools(), failed]);
    const tools = await Promise.all(
      Object.entries(set).map(async ([name, tool]) => ({
        name,
        schema: await asSchema(tool.inputSchema).jsonSchema,
        run: async (args: Record<string, unknown>) => {
          const output = await Promise.race([tool.execute!(args, { toolCallId: 'call-1', messages: [] }), failed]);
          // What the model reads: the tool's own model-output conversion when it has one.
          return tool.toModelOutput ? await tool.toModelOutput({ toolCallId: 'call-1', input: args, output }) : output;
        },
      })),
    );
    return { tools, close: () => client.close() };
  },
};

const openAiAgents: Framework = {
  name: 'OpenAI Agents',
  async open(server) {
    // Its default 5 s session timeout is about the machine, not the schemas: a loaded CI machine needs longer.
    const mcp = new MCPServerStdio({ ...stdio(server), name: SERVER, cacheToolsList: false, clientSessionTimeoutSeconds: 300 });
    await mcp.connect();
    const loaded = (await getAllMcpTools({ mcpServers: [mcp], convertSchemasToStrict: true })) as FunctionTool[];
    const context = new RunContext({});
    const tools = loaded.map((tool) => ({
      name: tool.name,
      schema: tool.parameters,
      strict: tool.strict,
      run: (args: Record<string, unknown>) => tool.invoke(context, JSON.stringify(args)),
    }));
    return { tools, close: () => mcp.close() };
  },
};

const langChain: Framework = {
  name: 'LangChain',
  async open(server) {
    const client = new MultiServerMCPClient({ mcpServers: { [SERVER]: { transport: 'stdio', ...stdio(server) } } });
    const loaded = await client.getTools();
    const tools = loaded.map((tool) => ({
      name: tool.name,
      // What a chat model's bindTools sends: LangChain's OpenAI-format conversion of the tool.
      schema: convertToOpenAITool(tool).function.parameters,
      run: (args: Record<string, unknown>) => tool.invoke(args),
    }));
    return { tools, close: () => client.close() };
  },
};

/** A model reference as Mastra's agent passes it to makeCoreTool, which picks its schema compat layer by it. */
export const MASTRA_OPENAI_MODEL = {
  provider: 'openai.chat',
  modelId: 'gpt-4o',
  specificationVersion: 'v2',
  supportsStructuredOutputs: false,
};

function mastraFramework(name: string, model: unknown): Framework {
  return {
    name,
    async open(server) {
      const client = new MastraClient({ servers: { [SERVER]: stdio(server) } });
      const loaded = await client.getTools();
      const runtimeContext = new RuntimeContext();
      const tools = Object.entries(loaded).map(([key, tool]) => {
        const core = makeCoreTool(tool as never, { name: key, runtimeContext, ...(model ? { model: model as never } : {}) }) as {
          parameters: { jsonSchema: unknown };
          execute: (args: unknown, options: unknown) => Promise<unknown>;
        };
        return {
          name: key.slice(SERVER.length + 1),
          schema: core.parameters.jsonSchema,
          run: (args: Record<string, unknown>) => core.execute(args, { toolCallId: 'call-1', messages: [] }),
        };
      });
      return { tools, close: () => client.disconnect() };
    },
  };
}

const mcpUse: Framework = {
  name: 'mcp-use',
  async open(server) {
    const client = McpUseClient.fromDict({ mcpServers: { [SERVER]: stdio(server) } });
    const session = await client.createSession(SERVER);
    const loaded = await new LangChainAdapter().createToolsFromConnectors([session.connector]);
    const tools = loaded.map((tool) => ({
      name: tool.name,
      schema: convertToOpenAITool(tool).function.parameters,
      run: (args: Record<string, unknown>) => tool.invoke(args),
    }));
    return { tools, close: () => client.closeAllSessions() };
  },
};

/** Mastra with no model named (its default conversion), and with an OpenAI model (its OpenAI compat layer). */
export const MASTRA = mastraFramework('Mastra', undefined);
export const MASTRA_OPENAI = mastraFramework('Mastra (OpenAI model)', MASTRA_OPENAI_MODEL);

export const FRAMEWORKS: readonly Framework[] = [aiSdk, openAiAgents, langChain, MASTRA, MASTRA_OPENAI, mcpUse];
