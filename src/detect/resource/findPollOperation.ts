/**
 * Finds the job-resource GET that polls a job started by an operation, and how the job id reaches it.
 * Tried in order of strength: OpenAPI `links`, the REST layout
 * (`POST /things` → `GET /things/{id}`, `PUT /things/{id}` → `GET /things/{id}`,
 * `POST /backup` → `GET /backup/{jobId}/pending`), and finally the same response schema elsewhere
 * (`POST /models/{m}/predictions` → `GET /predictions/{id}`). AIP-151 Operations are found before this, in
 * googleOperations.ts.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { JobOperationLink, ValueSource } from '../../model/jobs.js';
import { isEnvelopeMeta, resourceMembers } from '../read/envelope.js';
import { nameTokens } from '../read/nameTokens.js';
import {
  asyncSchema,
  type OperationIndex,
  pathParams,
  splitPath,
  successResponses,
  successSchema,
  toOperationRef,
  trailingParam,
} from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import { idNoun } from '../read/operationNames.js';
import { paramAtSamePlace, startParamAt } from '../read/paramPlace.js';
import type { SchemaReader } from '../read/schemaWalk.js';

import { itemIdField } from './itemIdentity.js';
import { pagesOfStartSchema } from './pagedList.js';
import { boundAnswerField } from './paramBinding.js';

/** `idflow`: linked by the data flow of the job's id (idFlowJobs.ts). */
export type PollMatch = 'links' | 'google' | 'path' | 'query' | 'schema' | 'idflow';

export interface PollFound {
  op: Operation;
  link: JobOperationLink;
  match: PollMatch;
  /** Where the job id is in the start response (or null when it is the start's own path argument). */
  idFrom: ValueSource | null;
}

export function findPollOperation(
  start: Operation,
  index: OperationIndex,
  reader: SchemaReader,
  opts: { monitorHeaders: string[]; allowSchemaMatch: boolean; sameResourceGet: boolean },
): PollFound | null {
  const startSchema = asyncSchema(start);
  const startFp = reader.fingerprint(startSchema);
  const startProps = reader.properties(startSchema);

  // 1. links: the contract says which operation reads the created resource.
  for (const r of successResponses(start)) {
    for (const l of r.links) {
      const target = l.operationId ? index.byOperationId(l.operationId) : l.operationRef ? index.byOperationRef(l.operationRef) : undefined;
      if (target?.method !== 'GET') continue;
      const idParam = linkIdParam(l.parameters, target);
      if (!idParam) continue;
      const field = bodyFieldOf(l.parameters[idParam]);
      return build(start, target, idParam, 'links', field ? `body:${field}` : null);
    }
  }

  // 2. REST layout.
  const { pathname } = splitPath(start.path);
  const candidates: Operation[] = [];
  // PUT on the item, or an async POST on a singleton sub-resource (`POST …/autofix` → `GET …/autofix`).
  if (start.method === 'PUT') candidates.push(...index.at(start.path, 'GET'));
  else if (opts.monitorHeaders.length > 0 || opts.sameResourceGet) {
    // A list endpoint at the same path is not the job; only a single object can be.
    // A page of what the start creates (`{values: [pipeline]}`) is that list too (pagedList.ts).
    const single = (g: Operation) =>
      reader.typeOf(successSchema(g)) !== 'array' && !pagesOfStartSchema(reader, successSchema(g), startSchema);
    candidates.push(...index.at(start.path, 'GET').filter(single));
  }
  candidates.push(...index.under(start.path, '/{}', 'GET'));
  for (const g of candidates) {
    const idParam = trailingParam(g.path) ?? pathParams(g.path).at(-1);
    if (!idParam) continue;
    return build(start, g, idParam, 'path', idFromBody(reader, startProps, idParam, opts.monitorHeaders, start, g, true));
  }
  // `{collection}/{id}/<word>` status monitors (`/backup/{jobId}/pending`) only with the same schema.
  if (startFp) {
    for (const g of deeperGets(index, start.path)) {
      if (reader.fingerprint(successSchema(g)) !== startFp) continue;
      const idParam = pathParams(g.path)[pathParams(start.path).length];
      if (!idParam) continue;
      return build(start, g, idParam, 'path', idFromBody(reader, startProps, idParam, opts.monitorHeaders, start, g, true));
    }
  }

  // 2b. Id in the query: the start answers `run_id`, a GET nearby requires `?run_id=` and answers a resource
  // carrying that same field (`POST /jobs/run-now` → `GET /jobs/runs/get?run_id=`). Bare `id`/`name` are too common.
  const parent = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  for (const field of startProps.keys()) {
    if (!ID_LIKE_FIELD.test(field) || field === 'id') continue;
    for (const g of index.getsRequiringQuery(field)) {
      if (g === start || !g.path.startsWith(parent) || !pathParams(g.path).every((p) => pathParams(start.path).includes(p))) continue;
      const schema = successSchema(g);
      if (reader.typeOf(schema) === 'array' || !reader.properties(schema).has(field)) continue;
      return build(start, g, field, 'query', `body:${field}`);
    }
  }

  // 3. Same response schema, elsewhere: only where the caller has other evidence (201/202).
  if (opts.allowSchemaMatch && startFp) {
    const same = (index.getsByFingerprint.get(startFp) ?? []).filter((g) => g !== start);
    same.sort((a, b) => pathParams(a.path).length - pathParams(b.path).length || a.path.length - b.path.length);
    const g = same[0];
    if (g) {
      const idParam = trailingParam(g.path)!;
      return build(start, g, idParam, 'schema', idFromBody(reader, startProps, idParam, opts.monitorHeaders, start, g));
    }
  }
  return null;
}

/** One static word after the id is all we look for (`/pending`, `/status`); that keeps it a lookup. */
const MONITOR_SUFFIXES = ['pending', 'status', 'state', 'progress'].map((word) => `/{}/${word}`);

function deeperGets(index: OperationIndex, path: string): Operation[] {
  const out: Operation[] = [];
  for (const suffix of MONITOR_SUFFIXES) out.push(...index.under(path, suffix, 'GET'));
  return out;
}

/**
 * The job id in the start response: the body field the poll parameter is named after (`id`, `name`, `jobID`;
 * exactly, then in any case and separators (`operation_id` for `{operationId}`), then one object down), else a conventional id field, at the top level or in a
 * one-object envelope, else the monitor header (the id is its last path segment), else null (the caller chose
 * it, as in `PUT /jobs/{name}`). For the start's own item (`itemRead`: `POST /Compositions` → `GET
 * /Compositions/{id}`), the answer's other name for that identifier comes before the conventional ones: a
 * Rails-style `{id}` is filled by Twilio's `sid`, not by a `name` beside it (itemIdentity.ts).
 */
function idFromBody(
  reader: SchemaReader,
  props: Map<string, JsonSchema>,
  idParam: string | null,
  monitorHeaders: string[],
  start: Operation,
  poll: Operation,
  itemRead = false,
): ValueSource | null {
  if (idParam) {
    // `{Sid}` ← `sid`, `{backupJobId}` ← `BackupJobId`, `{operationId}` ← `operation_id`: one name in any case.
    const named = props.has(idParam) ? idParam : [...props.keys()].find((n) => norm(n) === norm(idParam));
    if (named !== undefined) return `body:${named}`;
    if (ownParam(start.path, poll.path, idParam) !== null) return null;
    // `details.uuid` for `{uuid}` (in any oneOf branch of `details`); then in any case, as above (`Job.Id` for `{id}`).
    for (const [name, p] of props) if (reader.typeOf(p) === 'object' && reader.properties(p).has(idParam)) return `body:${name}.${idParam}`;
    // `{job: {id}}` for `{job_id}`: the id of the object named as the parameter's noun (Mindee's queued job).
    for (const [name, p] of props) {
      if (reader.typeOf(p) === 'object' && norm(`${name}id`) === norm(idParam) && reader.properties(p).has('id')) return `body:${name}.id`;
    }
    // `{exportProgressId}` ← `result.progressId`: the handle, qualified by a word of the collection the parameter keys
    // (`export-responses`), at the top or one object down (Qualtrics' response export).
    const qualified = qualifiedHandle(reader, props, idParam, poll.path);
    if (qualified !== null) return `body:${qualified}`;
    // Or a JSON:API resource's, in its `attributes` (`data.attributes.sid` for `{Sid}`).
    for (const [name, p] of props) {
      if (reader.typeOf(p) !== 'object') continue;
      const inner = resourceMembers(reader, p).find((m) => norm(m.name) === norm(idParam));
      if (inner !== undefined) return `body:${name}.${inner.at}`;
    }
    const other = itemRead ? (itemIdField(start, idParam, reader) ?? boundAnswerField(start, poll, idParam, reader)) : null;
    if (other !== null) return `body:${other}`;
  }
  const generic = genericId(props, idParam) ?? describedId(reader, props);
  if (generic) return `body:${generic}`;
  // `{firewall: {id, …}}`: the resource inside a one-object envelope carries the id.
  const inner = [...props].filter(([n, p]) => !isEnvelopeMeta(reader, n, p));
  if (inner.length === 1 && reader.typeOf(inner[0]![1]) === 'object') {
    const id = genericId(reader.properties(inner[0]![1]));
    if (id) return `body:${inner[0]![0]}.${id}`;
  }
  if (monitorHeaders.length > 0) return `header:${monitorHeaders[0]}`;
  return null;
}

function qualifiedHandle(reader: SchemaReader, props: Map<string, JsonSchema>, idParam: string, pollPath: string): string | null {
  const segments = pollPath.split('?')[0]!.split('/');
  const at = segments.indexOf(`{${idParam}}`);
  const words = at > 0 ? nameTokens(segments[at - 1]!) : [];
  const fits = (field: string) => ID_LIKE_FIELD.test(field) && field !== 'id' && words.some((w) => norm(w + field) === norm(idParam));
  for (const [name, p] of props) {
    if (fits(name)) return name;
    if (reader.typeOf(p) !== 'object') continue;
    const inner = [...reader.properties(p).keys()].find(fits);
    if (inner !== undefined) return `${name}.${inner}`;
  }
  return null;
}

/**
 * A conventional id field (`id`, `name`, `jobId`, …, `guid`: RFC 9562's UUID by its other name, Bunny Stream's video
 * read at `…/videos/{videoId}`), else the answer's only identifier-like field (`jobArn`,
 * `dubbing_id`), unless it names another thing than the parameter it would fill: Redis Cloud's `POST /subscriptions`
 * answers a task's `taskId`, which `{subscriptionId}` never takes (the task has its own read: id flow's).
 */
function genericId(props: Map<string, JsonSchema>, idParam: string | null = null): string | null {
  for (const name of ['id', 'name', 'jobID', 'jobId', 'job_id', 'uuid', 'guid']) if (props.has(name)) return name;
  const ids = [...props.keys()].filter((n) => ID_LIKE_FIELD.test(n));
  if (ids.length !== 1) return null;
  const own = idNoun(ids[0]!).join(' ');
  const wanted = idParam === null ? '' : idNoun(idParam).join(' ');
  return own !== '' && wanted !== '' && own !== wanted ? null : ids[0]!;
}

const ID_LIKE_FIELD = /(^id$|_id$|[a-z]Id$|ID$|Arn$|_arn$|^uuid$)/;

/**
 * The answer's one text field whose own description says it is an id ("The id of the new task."), whatever it is
 * called: Meshy's create answers `{result: "<task id>"}`, read at `…/{id}`. The contract's author names the field's
 * meaning where its name says nothing; only one such field, and only where no field is named as an id.
 */
function describedId(reader: SchemaReader, props: Map<string, JsonSchema>): string | null {
  // A field named as an id was weighed by name (genericId), and refused where it names another thing (Redis Cloud's
  // `taskId` for `{subscriptionId}`): its description does not make it this one's.
  if ([...props.keys()].some((n) => ID_LIKE_FIELD.test(n))) return null;
  const said = (p: JsonSchema) => {
    const description = reader.resolve(p)?.description;
    return typeof description === 'string' && SAYS_ID.test(description);
  };
  const described = [...props].filter(([, p]) => reader.typeOf(p) === 'string' && said(p));
  return described.length === 1 ? described[0]![0] : null;
}

/** A description that opens by calling its field an id: "The id of …", "Unique identifier of the job", "ID". */
const SAYS_ID = /^\s{0,4}(?:the |a |an )?(?:unique |new )?(?:id|identifier)\b/i;

function build(start: Operation, poll: Operation, idParam: string, match: PollMatch, idFrom: ValueSource | null): PollFound {
  const startParams = new Set(pathParams(start.path));
  const carry: JobOperationLink['carry'] = [];
  for (const p of pathParams(poll.path)) {
    if (p === idParam) continue;
    // The start's parameter at the same place first: `{environmentName}` is the start's `{id}` (paramPlace.ts).
    const placed = paramAtSamePlace(poll.path, p, start.path);
    if (placed !== null) carry.push({ param: p, from: `arg:${placed}` });
    else if (startParams.has(p)) carry.push({ param: p, from: `arg:${p}` });
    else carry.push({ param: p, from: `body:${p}` });
  }
  // A PUT that names the job itself (`PUT /jobs/{name}`, or `{id}` at that place): the id is the start's own argument.
  const own = idFrom === null ? ownParam(start.path, poll.path, idParam) : null;
  if (own !== null) carry.push({ param: idParam, from: `arg:${own}` });
  return { op: poll, link: { op: toOperationRef(poll), idParam, carry }, match, idFrom };
}

/**
 * The start's path parameter that fills the poll's `{param}`: the one at its place when the poll lies at or under the
 * start's path (read/paramPlace.ts), else the one of its name, else null.
 */
function ownParam(startPath: string, pollPath: string, param: string): string | null {
  const placed = startParamAt(startPath, pollPath, param);
  if (placed !== undefined) return placed;
  return pathParams(startPath).includes(param) ? param : null;
}

/** Which link parameter feeds the target's trailing path parameter (or its only path parameter). */
function linkIdParam(parameters: Record<string, unknown>, target: Operation): string | null {
  const trailing = trailingParam(target.path);
  if (trailing && trailing in parameters) return trailing;
  const names = Object.keys(parameters).filter((n) => pathParams(target.path).includes(n));
  return names.length === 1 ? names[0]! : trailing;
}

/** `$response.body#/id` → `id`; `$response.body#/data/id` → `data.id`. */
function bodyFieldOf(expr: unknown): string | null {
  if (typeof expr !== 'string') return null;
  const m = /^\$response\.body#\/(.+)$/.exec(expr.trim());
  return m ? m[1]!.split('/').join('.') : null;
}
