/**
 * One pass over the operations to index them by path shape and method, so that every later question
 * ("is there a GET on `{collection}/{id}`?", "a POST on `{item}/cancel`?") is a map lookup. GitHub has 1,223
 * operations: nothing in detection may scan all of them once per operation.
 */
import type { ApiModel, HttpMethod, JsonSchema, Operation, Response } from '../model/ir.js';
import { operationKey } from '../model/operationKey.js';

/** `/a/{x}/b?beta=true` → `/a/{}/b?beta=true`: parameter names do not matter for matching. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

/** Splits the literal query some specs put in path keys (`/responses?beta=true`). */
export function splitPath(path: string): { pathname: string; query: string } {
  const i = path.indexOf('?');
  return i < 0 ? { pathname: path, query: '' } : { pathname: path.slice(0, i), query: path.slice(i) };
}

/** Name of the path parameter that is the whole last segment (`/jobs/{jobId}` → `jobId`). */
export function trailingParam(path: string): string | null {
  const { pathname } = splitPath(path);
  const m = /\/\{([^}]+)\}$/.exec(pathname);
  return m ? m[1]! : null;
}

/** Path parameter names in order of appearance. */
export function pathParams(path: string): string[] {
  return [...splitPath(path).pathname.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Static segments of a path (no parameters, no `:verb` suffixes), for naming and nouns. */
export function staticSegments(path: string): string[] {
  return splitPath(path)
    .pathname.split('/')
    .filter((s) => s.length > 0 && !s.startsWith('{'))
    .map((s) => s.replace(/:.*$/, ''));
}

export { toOperationRef } from '../model/factories.js';

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

/** Schema of a response's JSON body (or the only body, whatever its media type), if declared. */
export function responseSchema(r: Response): JsonSchema | undefined {
  const json = r.content.find((c) => JSON_MEDIA.test(c.mediaType.split(';')[0]!.trim()) && c.schema !== undefined);
  return (json ?? r.content.find((c) => c.schema !== undefined))?.schema;
}

/** Schema of the first success response that has one (200 before 201 before 202, as written). */
export function successSchema(op: Operation): JsonSchema | undefined {
  for (const r of successResponses(op)) {
    const s = responseSchema(r);
    if (s !== undefined) return s;
  }
  return undefined;
}

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

export class OperationIndex {
  private readonly byShape = new Map<string, Operation[]>();
  /** GET operations by response-schema fingerprint, for "same schema" poll matching. */
  readonly getsByFingerprint = new Map<string, Operation[]>();

  constructor(
    readonly model: ApiModel,
    fingerprint: (s: JsonSchema | undefined) => string,
    skip: (op: Operation) => boolean,
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

  /** Operations at a path (any parameter names), optionally one method. */
  at(path: string, method?: HttpMethod): Operation[] {
    const ops = this.byShape.get(pathShape(path)) ?? [];
    return method ? ops.filter((o) => o.method === method) : ops;
  }

  /** Operations whose path shape starts with `prefix` shape, for `{item}/...` sub-resources. */
  under(itemPath: string, suffix: string, method?: HttpMethod): Operation[] {
    const { pathname, query } = splitPath(itemPath);
    return this.at(`${pathname}${suffix}${query}`, method);
  }

  /** GET operations that require a query parameter of this name (`GET /runs/get?run_id=`). */
  getsRequiringQuery(name: string): Operation[] {
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

  /** Operations one static segment below a path (`/jobs/runs` → `/jobs/runs/get`, `/jobs/runs/cancel`). */
  children(parent: string): Operation[] {
    if (!this.byParent) {
      this.byParent = new Map();
      for (const op of this.model.operations) {
        const { pathname } = splitPath(op.path);
        const key = pathShape(pathname.slice(0, pathname.lastIndexOf('/')));
        const list = this.byParent.get(key);
        if (list) list.push(op);
        else this.byParent.set(key, [op]);
      }
    }
    return this.byParent.get(pathShape(splitPath(parent).pathname)) ?? [];
  }

  private byParent?: Map<string, Operation[]>;

  byOperationId(id: string): Operation | undefined {
    this.ids ??= new Map(this.model.operations.filter((o) => o.operationId).map((o) => [o.operationId!, o]));
    return this.ids.get(id);
  }

  private ids?: Map<string, Operation>;
}
