#!/usr/bin/env node
// The floor of an HTTP-mode status call, for `npm run bench` (scripts/benchHttp.mjs): a minimal MCP server on the same
// SDK (@modelcontextprotocol/server), the same stateless handler (createMcpHandler, a server per request) and the
// same node:http bridge the generated server uses (the compiled runtime's mcp/nodeHttp.js), with one trivial tool
// that answers a fixed structured result. Prints its port on stdout.
//   node scripts/benchHttpFloor.mjs
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { sendWebResponse, toWebRequest } = await import(
  pathToFileURL(join(ROOT, 'dist', 'templates', 'runtime', 'mcp', 'nodeHttp.js')).href
);

const tool = {
  name: 'ping',
  description: 'Answers at once.',
  inputSchema: { type: /** @type {const} */ ('object'), properties: { job_id: { type: 'string' } } },
  outputSchema: {
    type: /** @type {const} */ ('object'),
    properties: { job_id: { type: 'string' }, state: { type: 'string' } },
    required: ['state'],
  },
};

const mcp = createMcpHandler(() => {
  const server = new Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [tool] }));
  server.setRequestHandler('tools/call', (request) => {
    const structured = { job_id: String(request.params.arguments?.job_id ?? ''), state: 'running' };
    return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
  });
  return server;
});

const http = createServer((req, res) => {
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  mcp
    .fetch(toWebRequest(req, aborted.signal))
    .then((response) => sendWebResponse(res, response))
    .catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${/** @type {import('node:net').AddressInfo} */ (http.address()).port}\n`);
});
process.on('SIGTERM', () => http.close(() => process.exit(0)));
