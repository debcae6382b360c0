/** A scriptable local HTTP server for edge cases the shared fake does not model (hostile or odd upstreams). */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
