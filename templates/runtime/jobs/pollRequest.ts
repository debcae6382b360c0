/**
 * The upstream request for a follow-up call on a job (poll, cancel, result): either a family operation with
 * the job id and carried path parameters, or a URL the upstream handed out, checked against the origin rule.
 */
import type { RuntimeContext } from '../core/context.js';
import { deriveUpstreamKey } from '../core/idempotency.js';
import { ownArg } from '../core/ownArgs.js';
import type { HttpMethod, JobFamilySpec, JobOperationLinkSpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { readJar } from '../upstream/cookieJar.js';
import { prepareOperation, prepareUrlRequest } from '../upstream/invoke.js';
import type { RequestExtras, UpstreamRequest } from '../upstream/request.js';
import { errorResult, type ToolError } from '../upstream/toolResults.js';
import { isAllowedOrigin } from '../upstream/urls.js';
import { setPath } from './interpret.js';

export type Prepared = { ok: true; request: UpstreamRequest } | { ok: false; result: ToolError };

export function isOperationLink(value: unknown): value is JobOperationLinkSpec {
  return !!value && typeof value === 'object' && 'operation' in value && 'idParam' in value;
}

/**
 * Args for a linked operation: the job id and carried values from the record (`pathParams` is keyed by wire name
 * and may hold a query parameter: `GET /runs/get?run_id=`), else same-named args of the start (e.g. api-version).
 * `pageToken`: a list read's next page, sent as the link's page input (JobOperationLinkSpec.pages). `given`: what the
 * cancel tool asked the agent for, by argument name, sent where the link's `asks` say.
 */
export function prepareLinked(
  ctx: RuntimeContext,
  link: JobOperationLinkSpec,
  record: JobRecord,
  pageToken?: string,
  given?: Readonly<Record<string, unknown>>,
): Prepared {
  const op = ctx.operations.get(link.operation);
  if (!op) return { ok: false, result: errorResult(`Internal: operation ${link.operation} is missing from the definition.`, []) };
  const args: Record<string, unknown> = Object.create(null);
  for (const param of op.params) {
    const linked = ownArg(record.pathParams, param.name);
    const started = ownArg(record.args, param.arg);
    if (linked !== undefined) args[param.arg] = linked;
    else if (param.in !== 'path' && started !== undefined) args[param.arg] = started;
    if (pageToken !== undefined && link.pages?.in === 'query' && param.in === 'query' && param.name === link.pages.param)
      args[param.arg] = pageToken;
    const asked = link.asks?.find((a) => a.in === 'query' && a.param === param.name && param.in === 'query');
    if (asked && given && ownArg(given, asked.arg) !== undefined) args[param.arg] = ownArg(given, asked.arg);
    const set = link.sets?.find((v) => v.in === 'query' && v.param === param.name && param.in === 'query');
    if (set) args[param.arg] = set.value;
  }
  // An RPC-style link (AWS `POST /#X-Amz-Target=…GetQueryExecution`) takes the id and its companions in the JSON body.
  const inBody = linkedBodyValues(link, record);
  if (pageToken !== undefined && link.pages?.in === 'body') inBody.push([link.pages.param, pageToken]);
  for (const asked of link.asks ?? []) {
    const value = given ? ownArg(given, asked.arg) : undefined;
    if (asked.in === 'body' && value !== undefined) inBody.push([asked.param, value]);
  }
  // A cancel that is an update of the job sends the cancelled value it sets (JobOperationLinkSpec.sets).
  for (const set of link.sets ?? []) if (set.in === 'body') inBody.push([set.param, set.value]);
  const extras: RequestExtras = { jar: jarOf(ctx, record) };
  if (link.idempotency) {
    const key = linkedIdempotencyKey(link, record);
    if (link.idempotency.in === 'body') inBody.push([link.idempotency.name, key]);
    else if (link.idempotency.in === 'query') extras.query = { [link.idempotency.name]: key };
    else extras.headers = { [link.idempotency.name]: key };
  }
  if (inBody.length > 0) {
    if (!op.body) {
      return { ok: false, result: errorResult(`Internal: ${link.operation} takes no request body for the job id.`, []) };
    }
    const body: Record<string, unknown> = {};
    for (const [path, value] of inBody) setPath(body, path, value);
    args[op.body.arg] = body;
  }
  // A required body none of whose members is required (IoT CancelJob's `{reasonCode?, comment?}`): the link has
  // nothing to put in it, yet the contract wants one, so it sends the body that says nothing, `{}`.
  if (op.body?.required && args[op.body.arg] === undefined && op.input.safeParse({ ...args, [op.body.arg]: {} }).success) {
    args[op.body.arg] = {};
  }
  // Defaults from the operation's schema (a required api-version, say) fill what the start did not carry.
  const parsed = op.input.safeParse(args);
  const finalArgs = parsed.success ? (parsed.data as Record<string, unknown>) : args;
  return prepareOperation(ctx, op, finalArgs, extras);
}

/**
 * The idempotency key of a linked call that declares one (a cancel's `ClientToken`): derived from the job, the
 * operation and the upstream id (a member of a set is cancelled under its own), never random, so every try of the
 * same cancel, from any replica, sends the same key and the upstream does it once.
 */
export function linkedIdempotencyKey(link: JobOperationLinkSpec, record: JobRecord): string {
  return deriveUpstreamKey(record.partition, `link:${link.operation}:${record.id}`, record.upstreamId);
}

/**
 * `[dotted body path, value]` of the job id and carried values a link sends in its JSON body; the id as a one-item
 * list where the operation reads many (`idList`: `DescribeExportTasks {"exportIds": [id]}`), or as the only value
 * of the filter that selects by it (`idFilter`: `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}`).
 */
function linkedBodyValues(link: JobOperationLinkSpec, record: JobRecord): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const id = record.pathParams[link.idParam];
  if (link.idIn === 'body' && id !== undefined) out.push([link.idParam, linkedIdValue(link, id, record)]);
  for (const carry of link.carry) {
    const value = record.pathParams[carry.param];
    if (carry.in === 'body' && value !== undefined) out.push([carry.param, value]);
  }
  return out;
}

/**
 * The id as the link's body field wants it; with `idFilter`, the filter list: the id's own filter, then one filter
 * per `filter` carry the job holds a value for (a record keyed by two ids, DMS `DescribeConnections`). A numeric
 * field (`idNumeric`) gets the number the id spells; past fifteen digits it stays text, which a JSON number would
 * round (a 64-bit id beyond 2^53).
 */
function linkedIdValue(link: JobOperationLinkSpec, id: string, record: JobRecord): unknown {
  if (link.idFilter) {
    const { name, nameKey, valuesKey, code } = link.idFilter;
    const filter = (filterName: string | number, value: string) =>
      Object.fromEntries([
        [nameKey, filterName],
        [valuesKey, [value]],
      ]);
    const more = link.carry.flatMap((c) => {
      const value = record.pathParams[c.param];
      return c.in === 'filter' && value !== undefined ? [filter(c.param, value)] : [];
    });
    return [filter(code ?? name, id), ...more];
  }
  const value = link.idNumeric && /^-?\d{1,15}$/.test(id) ? Number(id) : id;
  return link.idList ? [value] : value;
}

export function prepareJobUrl(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  method: HttpMethod,
  url: string | null,
  what: string,
): Prepared {
  if (!url) {
    return { ok: false, result: errorResult(`The upstream gave no ${what} URL for job ${record.id}.`, ctx.config.secrets) };
  }
  if (!isAllowedOrigin(url, ctx.config.baseUrl, [...family.allowedOrigins, ...ctx.config.allowedOrigins])) {
    return {
      ok: false,
      result: errorResult(
        `Refused to follow the ${what} URL ${safeOrigin(url)} for job ${record.id}: it is not on the upstream's origin.`,
        ctx.config.secrets,
        'If that host is trusted, the server operator can allow it with JOB_ALLOWED_ORIGINS (comma-separated origins).',
      ),
    };
  }
  return { ok: true, request: prepareUrlRequest(ctx, method, url, ctx.operations.get(record.operation), jarOf(ctx, record)) };
}

/** The job's live cookies (a record of any age: cookieJar.ts readJar), to be matched to each request's URL. */
function jarOf(ctx: RuntimeContext, record: JobRecord): RequestExtras['jar'] {
  const now = ctx.now();
  return { cookies: readJar(record.cookies, now), now };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(malformed URL)';
  }
}
