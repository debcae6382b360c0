/** Connects an MCP SDK Client to a runtime server over an in-memory transport, as a real client would see it. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer } from '../../templates/runtime/index.js';
import type { CreateServerOptions, ServerDefinition } from '../../templates/runtime/index.js';
import { MemoryJobStore } from './memoryStore.js';

export interface Connected {
  client: Client;
  store: MemoryJobStore;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(def: ServerDefinition, options: CreateServerOptions & { store?: MemoryJobStore } = {}): Promise<Connected> {
  const store = options.store ?? new MemoryJobStore();
  const { server, close } = await createServer(def, { ...options, store });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'runtime-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  // listTools primes the client's outputSchema validators, so every structuredContent below is checked by the SDK.
  await client.listTools();
  return {
    client,
    store,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await close();
    },
  };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}
