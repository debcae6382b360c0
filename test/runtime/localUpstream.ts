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
