/**
 * The fake upstream's HTTP plumbing: a tiny router over node:http with per-route call counters, a request
 * log and fault injection. Lifecycle modules (openaiBatches.ts, …) only register routes on it.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export interface FakeRequest {
  method: string;
  /** Raw (still percent-encoded) path, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, else the raw text (or undefined when empty). */
  body: unknown;
  rawBody: string;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string | string[]>;
  /** Serialised as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
  /** Send the JSON body with no Content-Type header (some real pollers do). */
  noContentType?: boolean;
}

/** Path params are decoded (`projects%2Fp` → `projects/p`), so encoded slashes reach the right job. */
export type RouteHandler = (req: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>;

export interface Injection {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Hold the answer this long (real ms); `Infinity` holds until the client gives up or the fake closes. */
  delayMs?: number;
  /** How many matching requests this injection answers; default 1. */
  times?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  route: string | null;
  headers: IncomingHttpHeaders;
  body: unknown;
  status: number;
}

interface Route {
  key: string;
  method: string;
  regex: RegExp;
  names: string[];
  handler: RouteHandler;
}

/** `{id}` matches one segment; `{name*}` matches the rest greedily, slashes included (Google `{name=**}`). */
function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)(\*?)\}/g, (_m, name: string, star: string) => {
    names.push(name);
    return star ? '(.+?)' : '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names };
}

export class FakeRouter {
  private readonly routes: Route[] = [];
  private readonly injections = new Map<string, Injection[]>();
  readonly counts = new Map<string, number>();
  readonly log: LoggedRequest[] = [];
  /** Responses held open by a delay injection, released on close. */
  readonly held = new Set<ServerResponse>();

  /** Registers `METHOD /pattern`; the same string is the counter key. */
  on(route: string, handler: RouteHandler): void {
    const [method, pattern] = route.split(' ') as [string, string];
    this.routes.push({ key: route, method, handler, ...compilePattern(pattern) });
  }

  inject(route: string, injection: Injection): void {
    if (!this.routes.some((r) => r.key === route)) throw new Error(`fake upstream: no route ${route}`);
    const list = this.injections.get(route) ?? [];
    list.push({ times: 1, ...injection });
    this.injections.set(route, list);
  }

  clearInjections(): void {
    this.injections.clear();
  }

  private takeInjection(route: string): Injection | null {
    const list = this.injections.get(route);
    const first = list?.[0];
    if (!list || !first) return null;
    first.times = (first.times ?? 1) - 1;
    if (first.times <= 0) list.shift();
    return first;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const rawBody = await readBody(req);
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseBody(rawBody, req.headers['content-type']),
      rawBody,
    };
    const { route, params } = this.match(request.method, request.path);
    let reply: FakeReply;
    if (!route) {
      reply = { status: 404, body: { error: { code: 'NotFound', message: `no route ${request.method} ${request.path}` } } };
    } else {
      this.counts.set(route.key, (this.counts.get(route.key) ?? 0) + 1);
      const injected = this.takeInjection(route.key);
      if (injected?.delayMs) await this.hold(res, injected.delayMs);
      // Like a real server, a request whose client went away is still carried out (a start may have
      // created a job nobody heard about); only the answer is lost.
      reply =
        injected?.status !== undefined
          ? {
              status: injected.status,
              body: injected.body ?? { error: { code: 'Injected', message: `injected ${injected.status}` } },
              headers: injected.headers,
            }
          : await route.handler(request, params);
    }
    this.record(request, route?.key ?? null, res.destroyed ? 0 : reply.status);
    send(res, reply);
  }

  private match(method: string, path: string): { route: Route | null; params: Record<string, string> } {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const m = route.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { route, params };
    }
    return { route: null, params: {} };
  }

  private hold(res: ServerResponse, ms: number): Promise<void> {
    this.held.add(res);
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.held.delete(res);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      res.on('close', done);
    });
  }

  private record(req: FakeRequest, route: string | null, status: number): void {
    this.log.push({ method: req.method, path: req.path, route, headers: req.headers, body: req.body, status });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (contentType?.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  const headers: Record<string, string | string[]> = { ...reply.headers };
  let payload = '';
  if (reply.raw !== undefined) payload = reply.raw;
  else if (reply.body !== undefined && reply.status !== 204) {
    payload = JSON.stringify(reply.body);
    if (!reply.noContentType) headers['Content-Type'] = 'application/json';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}
