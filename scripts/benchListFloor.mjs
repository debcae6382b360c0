#!/usr/bin/env node
// The floor of a cold start to a complete tools/list, for scripts/benchColdList.mjs: a minimal stdio server on the
// SDK the generated server uses (@modelcontextprotocol/server, served the same way: serveStdio), which reads the
// tools a generated server listed from one JSON file and answers them. What any server that ships its schemas pays:
// start node, load the SDK, parse the list, serialize it.
//   node scripts/benchListFloor.mjs <tools.json>
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const path = process.argv[2];
if (!path) {
  console.error('usage: node scripts/benchListFloor.mjs <tools.json>');
  process.exit(2);
}
const tools = JSON.parse(readFileSync(path, 'utf8'));
serveStdio(() => {
  const server = new Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', () => ({ content: [{ type: 'text', text: 'floor' }], isError: true }));
  return server;
});
