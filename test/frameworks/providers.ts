/**
 * What the AI SDK's model providers put on the wire for a generated server's tools: `generateText` runs once per
 * provider with the server's tools (loaded by @ai-sdk/mcp) against a local `fetch` that records the request and
 * answers with plain text, so each provider's own converter (@ai-sdk/google's OpenAPI subset, @ai-sdk/openai's
 * function tools) produces the request body and no network is used.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import { type ServerLaunch, uncaught } from './frameworks.js';

export interface SentTool {
  name: string;
  parameters: unknown;
}

/** A fetch that keeps the JSON body of each request and answers with `reply`. */
function recordingFetch(reply: unknown): { fetch: typeof fetch; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fake = async (_url: unknown, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body ?? 'null')));
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fake as typeof fetch, bodies };
}

const GEMINI_REPLY = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }] };
const OPENAI_REPLY = {
  id: 'resp_1',
  object: 'response',
  created_at: 0,
  model: 'gpt-4o',
  status: 'completed',
  output: [
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
};

async function sentTools(
  server: ServerLaunch,
  model: (fetch: typeof globalThis.fetch) => LanguageModel,
  reply: unknown,
  read: (body: any) => SentTool[],
) {
  const { failed, report } = uncaught();
  const client = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: [server.entry], env: server.env, cwd: server.cwd }),
    onUncaughtError: report,
  });
  try {
    const tools = await Promise.race([client.tools(), failed]);
    const recorder = recordingFetch(reply);
    await generateText({ model: model(recorder.fetch), tools, prompt: 'List what you can do.' });
    return read(recorder.bodies[0]);
  } finally {
    await client.close();
  }
}

/** The function declarations @ai-sdk/google sends to Gemini. */
export function geminiDeclarations(server: ServerLaunch): Promise<SentTool[]> {
  return sentTools(
    server,
    (fetch) => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-2.5-flash'),
    GEMINI_REPLY,
    (body) =>
      (body.tools ?? []).flatMap((t: any) => t.functionDeclarations ?? []).map((d: any) => ({ name: d.name, parameters: d.parameters })),
  );
}

/** The function tools @ai-sdk/openai sends to OpenAI's Responses API. */
export function openAiFunctionTools(server: ServerLaunch): Promise<SentTool[]> {
  return sentTools(
    server,
    (fetch) => createOpenAI({ apiKey: 'test', fetch })('gpt-4o'),
    OPENAI_REPLY,
    (body) => (body.tools ?? []).map((t: any) => ({ name: t.name, parameters: t.parameters })),
  );
}
