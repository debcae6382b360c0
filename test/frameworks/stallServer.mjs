// A stdio MCP server for test/frameworks/stall.test.ts, written by hand (no SDK) so it can misbehave:
// STALL_MODE=proto lists one tool whose output schema names a property `__proto__` (what the AI SDK's client refuses and
// never settles); STALL_MODE=silent answers `initialize` and nothing after it. Either way it exits after 60 s, so a
// client the suite gave up on leaves no process behind.
import { createInterface } from 'node:readline';

const mode = process.env.STALL_MODE;
const TOOL = { name: 'get_thing', inputSchema: { type: 'object', properties: {} } };
// Text, not an object literal: a literal's `__proto__` would set the prototype instead of naming a property.
const PROTO_OUTPUT = '{"type":"object","properties":{"__proto__":{"type":"string"}}}';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const answers = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { tools: {} },
    serverInfo: { name: 'stall', version: '0.0.0' },
  }),
  'tools/list': () => (mode === 'silent' ? undefined : { tools: [{ ...TOOL, outputSchema: JSON.parse(PROTO_OUTPUT) }] }),
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const result = answers[message.method]?.(message.params ?? {});
  if (result !== undefined) send({ jsonrpc: '2.0', id: message.id, result });
  else if (!(message.method in answers)) send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no such method' } });
});
process.stdin.on('end', () => process.exit(0));
setTimeout(() => process.exit(0), 60_000).unref();
