/**
 * The stdio transport, writing a tools/list answer one tool at a time (issue 25). The SDK's transport writes
 * every message as one `JSON.stringify(message) + '\n'`: for GitHub's static list that is a 3.9 MB string, held
 * as UTF-16 once any description has a character past Latin-1 (a `…`, a `’`), then flattened and encoded to a
 * Buffer, all at once at the peak of a cold start (6 MB of its peak RSS: 108 MB → 102 MB). Here the same bytes
 * are written in pieces: the envelope around the list, then each tool's JSON, the next once the stream takes more,
 * so no piece waits in memory for the one before it. Stdout on a pipe is asynchronous on POSIX (Node's "A note on
 * process I/O"): a write can sit in the stream's buffer until the reader reads, so the bin's exit awaits
 * `flushed()`. Every other message is the SDK's.
 */
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** Stands in for the tools in the envelope; random per process, so no value of the answer can hold it. */
const TOOLS_MARK = `mcp-jobgen-tools-${randomBytes(8).toString('hex')}`;

/**
 * The line `JSON.stringify(message) + '\n'` would be, in pieces, each serialized only when asked for (the list
 * holds objects, not text); null for anything but an answer with a tools list. The tools keep their place among
 * the result's keys, so the bytes are the same as in one piece.
 */
export function toolListPieces(message: JSONRPCMessage): Iterable<string> | null {
  const result = (message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null) return null;
  const tools = (result as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return null;
  const marked = Object.fromEntries(Object.entries(result).map(([key, value]) => [key, key === 'tools' ? TOOLS_MARK : value]));
  const envelope = JSON.stringify({ ...message, result: marked });
  const at = envelope.indexOf(JSON.stringify(TOOLS_MARK));
  return (function* pieces() {
    yield `${envelope.slice(0, at)}[`;
    // As JSON.stringify writes an array: an element with no JSON form is null.
    for (let i = 0; i < tools.length; i++) yield `${i > 0 ? ',' : ''}${JSON.stringify(tools[i]) ?? 'null'}`;
    yield `]${envelope.slice(at + TOOLS_MARK.length + 2)}\n`;
  })();
}

export class StdioListTransport extends StdioServerTransport {
  private listClosed = false;
  /** The list being written, while it waits for the pipe to drain: every later message goes after it. */
  private writing: Promise<void> | null = null;

  constructor(
    input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {
    super(input, output);
  }

  override close(): Promise<void> {
    this.listClosed = true;
    return super.close();
  }

  /**
   * Settles once every list begun, and every message before or after it, has reached the OS (or the output
   * failed): the bin awaits it before it exits at the end of stdin, since a list waiting for the pipe to drain is
   * no call the shutdown's drain knows of. A send settles when the stream takes its last piece, not when the pipe
   * does: stdout on a pipe is asynchronous on POSIX, and up to its highWaterMark (16 KB) can still sit in its
   * buffer, which process.exit drops (a slow reader got GitHub's static list 6,501 bytes short in 3 of 8 runs).
   */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
    await outputWritten(this.output);
  }

  override send(message: JSONRPCMessage): Promise<void> {
    if (!this.writing) return this.sendNow(message);
    // A message sent mid-list would land inside the list's line: it waits its turn, as it would in one write.
    return this.track(this.writing.then(() => this.sendNow(message)));
  }

  private sendNow(message: JSONRPCMessage): Promise<void> {
    const pieces = this.listClosed ? null : toolListPieces(message);
    return pieces ? this.track(writePieces(this.output, pieces)) : super.send(message);
  }

  /** Later messages wait for `sent` to settle, however it settles (a failed write rejects its own send only). */
  private track(sent: Promise<void>): Promise<void> {
    const settled = sent.catch(() => undefined);
    this.writing = settled;
    void settled.then(() => {
      if (this.writing === settled) this.writing = null;
    });
    return sent;
  }
}

/**
 * Writes `pieces` in order, the next only once the stream takes more (its `drain`), so at most a piece and the
 * stream's own buffer are held as bytes at a time; settles as the SDK's send does, once the last piece is taken,
 * or on the stream's error.
 */
function writePieces(out: Writable, pieces: Iterable<string>): Promise<void> {
  const rest = pieces[Symbol.iterator]();
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      out.off('drain', next);
      reject(error);
    };
    function next(): void {
      for (let piece = rest.next(); !piece.done; piece = rest.next()) {
        if (!out.write(piece.value)) {
          out.once('drain', next);
          return;
        }
      }
      out.off('error', onError);
      resolve();
    }
    out.once('error', onError);
    next();
  });
}

/**
 * Settles once every byte written to `out` so far has left its buffer: an empty write's callback runs after the
 * writes queued before it, in order. At once when nothing waits; never rejects (a failed or destroyed stream has
 * nothing more to write).
 */
function outputWritten(out: Writable): Promise<void> {
  if (out.writableLength === 0 || out.destroyed || out.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    out.write('', () => resolve());
  });
}
