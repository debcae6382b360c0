/**
 * node:http ↔ web-standard Request/Response, the shape the SDK's `createMcpHandler` serves. A few lines of
 * node built-ins instead of an adapter package: the request body streams in, the response (JSON or an SSE
 * stream) streams out, and a client that hangs up aborts the exchange.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * Reads a request body whole, up to `limit` bytes (null past it: the caller refuses the request). Only for
 * requests that must be looked at before the SDK sees them (a `subscriptions/listen`, a few hundred bytes).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** `body`: the request's body when it was already read (readBody); otherwise it streams from `req`. */
export function toWebRequest(req: IncomingMessage, signal: AbortSignal, body?: Buffer): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // Host was validated before this point; the URL only needs to be well-formed.
  const url = new URL(req.url ?? '/', 'http://localhost');
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (body) init.body = body.toString('utf8');
    else {
      init.body = Readable.toWeb(req) as ReadableStream;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    const previous = headers[name];
    headers[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  await new Promise<void>((resolve) => {
    body.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}
