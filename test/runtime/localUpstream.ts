/** A scriptable local HTTP server for edge cases the shared fake does not model (hostile or odd upstreams). */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export type Route = (req: IncomingMessage & { bodyText: string }, res: ServerResponse) => void | Promise<void>;

export interface LocalUpstream {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  route(key: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startLocalUpstream(): Promise<LocalUpstream> {
  const routes = new Map<string, Route>();
  const requests: LocalUpstream['requests'] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: bodyText });
    const handler = routes.get(`${req.method} ${path}`);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no route"}');
      return;
    }
    await handler(Object.assign(req, { bodyText }), res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (key, handler) => void routes.set(key, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A route that answers only when the test says so, counting requests. */
export function heldRoute(upstream: LocalUpstream, key: string, answer: () => unknown) {
  const waiting: Array<() => void> = [];
  let hits = 0;
  upstream.route(key, (_req: IncomingMessage, res: ServerResponse) => {
    hits += 1;
    return new Promise<void>((resolve) => {
      waiting.push(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer()));
        resolve();
      });
    });
  });
  return {
    hits: () => hits,
    /** Answers every held request; resolves once at least `count` have arrived. */
    async release(count = 1) {
      while (waiting.length < count) await new Promise((r) => setTimeout(r, 5));
      for (const go of waiting.splice(0)) go();
    },
  };
}

/** An AWS JSON-protocol answer (`application/x-amz-json-1.1`, status 200). */
export function sendAwsJson(res: ServerResponse, doc: unknown): void {
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
}

/**
 * Keeps what a test opens (its upstream, its MCP connection) and closes it after each test of the file, the last
 * opened first: `const upstream = keep(await startLocalUpstream())`.
 */
export function closedAfterEach(): <T extends { close(): Promise<void> }>(thing: T) => T {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });
  return (thing) => {
    open.push(thing);
    return thing;
  };
}
