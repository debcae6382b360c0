/**
 * The stdio transport writes a tools/list answer in pieces (templates/runtime/mcp/stdioList.ts): the bytes must be
 * exactly the line the SDK's transport writes in one piece, for every shape of answer, and every other message
 * must go through the SDK's own send.
 */
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { StdioListTransport, toolListPieces } from '../../templates/runtime/mcp/stdioList.js';

const tool = (name: string, description: string) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { q: { type: ['string', 'null'], description: 'A “quoted” word…' } } },
  annotations: { readOnlyHint: true },
  _meta: { 'mcp-jobgen/role': 'tool' },
});

const answers: Array<[string, JSONRPCMessage]> = [
  ['one page', { jsonrpc: '2.0', id: 2, result: { tools: [tool('a', 'plain'), tool('b', 'past Latin-1: ’ – …')] } }],
  ['tools between other keys', { result: { _meta: { x: 1 }, tools: [tool('a', 'x')], nextCursor: 'c1' }, jsonrpc: '2.0', id: 'r-7' }],
  ['an empty list', { jsonrpc: '2.0', id: 3, result: { tools: [] } }],
  ['a value that looks like the list', { jsonrpc: '2.0', id: 4, result: { tools: [tool('a', '"tools":[]')], nextCursor: '"tools"' } }],
];

/**
 * A pipe whose reader has not read yet, as stdout on a pipe is (asynchronous on POSIX): it takes each chunk into
 * the stream's buffer, and `write()` says true while that buffer is under its highWaterMark, but nothing leaves
 * it until `startReading()`.
 */
class UnreadPipe extends Writable {
  readonly taken: string[] = [];
  private reading = false;
  private held: (() => void) | null = null;

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const take = () => {
      this.taken.push(chunk.toString('utf8'));
      callback();
    };
    if (this.reading) setImmediate(take);
    else this.held = take;
  }

  startReading(): void {
    this.reading = true;
    const held = this.held;
    this.held = null;
    if (held) setImmediate(held);
  }
}

describe('a tools/list answer written in pieces', () => {
  it.each(answers)('%s: the same bytes as one JSON.stringify', (_name, message) => {
    const pieces = toolListPieces(message);
    expect(pieces).not.toBeNull();
    expect([...(pieces ?? [])].join('')).toBe(`${JSON.stringify(message)}\n`);
  });

  it('is not used for any other message', () => {
    expect(toolListPieces({ jsonrpc: '2.0', id: 1, result: { content: [] } })).toBeNull();
    expect(toolListPieces({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).toBeNull();
    expect(toolListPieces({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'tools' } })).toBeNull();
  });

  it('the transport writes lists in pieces and everything else as the SDK does, one line each, in order', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const transport = new StdioListTransport(input, output);
    await transport.start();
    const list = answers[0]?.[1] as JSONRPCMessage;
    const other: JSONRPCMessage = { jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: 'ok' }] } };
    await transport.send(list);
    await transport.send(other);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(`${JSON.stringify(list)}\n${JSON.stringify(other)}\n`);
    await transport.close();
    await expect(transport.send(list)).rejects.toThrow(/closed/);
  });

  it('waits for the pipe to drain between pieces, and a message sent meanwhile follows the whole list', async () => {
    const input = new PassThrough();
    // A small buffer, read a tick later: most writes are refused until the reader drains.
    const output = new PassThrough({ highWaterMark: 64 });
    const chunks: string[] = [];
    let buffered = 0;
    output.on('data', (chunk: Buffer) => {
      buffered = Math.max(buffered, output.writableLength);
      chunks.push(chunk.toString('utf8'));
    });
    const transport = new StdioListTransport(input, output);
    await transport.start();
    const tools = Array.from({ length: 200 }, (_, i) => tool(`t${i}`, `tool ${i} …`));
    const list: JSONRPCMessage = { jsonrpc: '2.0', id: 2, result: { tools } };
    const note: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
    const sends = [transport.send(list), transport.send(note), transport.send(list)];
    await Promise.all(sends);
    expect(chunks.join('')).toBe(`${JSON.stringify(list)}\n${JSON.stringify(note)}\n${JSON.stringify(list)}\n`);
    // Never the whole list at once: a piece beyond what the stream had taken.
    expect(buffered).toBeLessThan(JSON.stringify(list).length / 10);
    await transport.close();
  });

  it('flushed() settles only once a list waiting for the pipe is written whole (the bin awaits it to exit)', async () => {
    const output = new PassThrough({ highWaterMark: 64 });
    const transport = new StdioListTransport(new PassThrough(), output);
    await transport.start();
    const list: JSONRPCMessage = { jsonrpc: '2.0', id: 2, result: { tools: Array.from({ length: 50 }, (_, i) => tool(`t${i}`, 'x')) } };
    void transport.send(list);
    let flushed = false;
    const waiting = transport.flushed().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Nobody has read yet: the list waits for the pipe, and so does flushed().
    expect(flushed).toBe(false);
    const chunks: string[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    await waiting;
    expect(chunks.join('')).toBe(`${JSON.stringify(list)}\n`);
    await transport.flushed(); // nothing in hand: settles at once
    await transport.close();
  });

  it('flushed() waits for bytes the stream took but the pipe has not (the bin exits right after it)', async () => {
    const pipe = new UnreadPipe();
    const transport = new StdioListTransport(new PassThrough(), pipe);
    await transport.start();
    const list: JSONRPCMessage = { jsonrpc: '2.0', id: 2, result: { tools: Array.from({ length: 20 }, (_, i) => tool(`t${i}`, 'x')) } };
    const after: JSONRPCMessage = { jsonrpc: '2.0', id: 3, result: { content: [] } };
    // Both sends settle: every write fit under the stream's highWaterMark, so none asked to wait for a drain.
    await transport.send(list);
    await transport.send(after);
    expect(pipe.writableLength).toBeGreaterThan(0);
    let flushed = false;
    const waiting = transport.flushed().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Exiting here would drop what the stream still holds: the list's last tools and its end, and the answer after.
    expect(flushed).toBe(false);
    pipe.startReading();
    await waiting;
    expect(pipe.writableLength).toBe(0);
    expect(pipe.taken.join('')).toBe(`${JSON.stringify(list)}\n${JSON.stringify(after)}\n`);
    await transport.close();
  });
});
