/**
 * IR factories: every IR node with its defaults in one place, so code that makes IR without parsing a spec (detect's
 * synthetic AIP-151 operations, every unit test) builds the same shapes normalize builds. Each takes what has no
 * sensible default as arguments and everything else as optional fields that win over the defaults; pointers default
 * to where the spec would declare the node. Pure: no I/O, no state.
 */
import type {
  ApiModel,
  HttpMethod,
  JsonPointer,
  JsonSchema,
  Link,
  MediaContent,
  Operation,
  Parameter,
  RequestBody,
  Response,
  ResponseHeader,
} from './ir.js';
import type { JobDetection, JobFamily, OperationRef } from './jobs.js';
import { pointerOf } from './jsonPointer.js';
import { pathTemplateNames } from './operationKey.js';
import { DEFAULT_PARAM_STYLE, defaultExplode } from './paramStyle.js';

/** Where the spec declares an operation: `#/paths/~1jobs~1{id}/get`. */
export function operationPointer(method: HttpMethod, path: string): JsonPointer {
  return pointerOf('#', 'paths', path, method.toLowerCase());
}

/**
 * An operation. Like normalize, every `{name}` of the path template gets a path parameter (a required string)
 * unless `fields.parameters` declares one, so the operation is always callable.
 */
export function createOperation(method: HttpMethod, path: string, fields: Partial<Operation> = {}): Operation {
  const pointer = fields.pointer ?? operationPointer(method, path);
  const parameters = [...(fields.parameters ?? [])];
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of pathTemplateNames(path)) {
    if (declared.has(name)) continue;
    declared.add(name);
    parameters.push(createParameter(name, 'path', { pointer: pointerOf(pointer, 'parameters', parameters.length) }));
  }
  // Keys in normalize's order (toOperations.ts), so a snapshot of either reads the same.
  const operation: Operation = {
    ...(fields.operationId !== undefined ? { operationId: fields.operationId } : {}),
    method,
    path,
    pointer,
    ...(fields.summary !== undefined ? { summary: fields.summary } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    tags: fields.tags ?? [],
    deprecated: fields.deprecated ?? false,
    parameters,
    ...(fields.requestBody !== undefined ? { requestBody: fields.requestBody } : {}),
    responses: fields.responses ?? [],
    security: fields.security ?? [],
    callbacks: fields.callbacks ?? [],
    extensions: fields.extensions ?? {},
  };
  return operation;
}

/**
 * A parameter; path parameters are required, the others optional; a string unless `fields.schema` says more.
 * Serialisation defaults as normalize applies them (OpenAPI 3: query and cookie `form` exploded, path and header
 * `simple`), so emit and detect see the same IR as from a spec.
 */
export function createParameter(name: string, location: Parameter['in'], fields: Partial<Parameter> = {}): Parameter {
  const { style, explode, ...rest } = fields;
  const resolvedStyle = style ?? DEFAULT_PARAM_STYLE[location];
  return {
    name,
    in: location,
    required: location === 'path',
    schema: { type: 'string' },
    pointer: pointerOf('#', 'components', 'parameters', name),
    ...rest,
    style: resolvedStyle,
    explode: explode ?? defaultExplode(resolvedStyle),
  };
}

/** Content of one media type (`application/json` unless given). */
export function createMediaContent(schema: JsonSchema | undefined, mediaType = 'application/json'): MediaContent {
  return schema === undefined ? { mediaType } : { mediaType, schema };
}

export interface ResponseFields extends Partial<Response> {
  /** Shorthand for `content: [createMediaContent(schema)]` (ignored when `content` is given). */
  schema?: JsonSchema;
}

/** A response; with `schema`, its one content is JSON. */
export function createResponse(status: string, fields: ResponseFields = {}): Response {
  const { schema, ...rest } = fields;
  return {
    status,
    headers: [],
    content: schema === undefined ? [] : [createMediaContent(schema)],
    links: [],
    pointer: pointerOf('#', 'components', 'responses', status),
    ...rest,
  };
}

/** A response header, a string unless `fields.schema` says more. */
export function createResponseHeader(name: string, fields: Partial<ResponseHeader> = {}): ResponseHeader {
  return { name, schema: { type: 'string' }, ...fields };
}

/** A link of a response (`operationId` or `operationRef`, parameters as runtime expressions). */
export function createLink(name: string, fields: Partial<Link> = {}): Link {
  return { name, parameters: {}, ...fields };
}

export interface RequestBodyFields extends Partial<RequestBody> {
  /** Media type of the one content made from `schema` (default `application/json`). */
  mediaType?: string;
}

/** A required request body of one media type. */
export function createRequestBody(schema: JsonSchema | undefined, fields: RequestBodyFields = {}): RequestBody {
  const { mediaType, ...rest } = fields;
  return {
    required: true,
    content: [createMediaContent(schema, mediaType)],
    pointer: pointerOf('#', 'components', 'requestBodies', 'body'),
    ...rest,
  };
}

/**
 * A model of these operations. `namedSchemas` defaults to `schemas` (every schema an operation reaches is also
 * one the document names, as normalize finds them); pass it to add named schemas no operation reaches.
 */
export function createModel(operations: Operation[], fields: Partial<ApiModel> = {}): ApiModel {
  const schemas = fields.schemas ?? {};
  return {
    title: 'Test API',
    version: '1.0.0',
    flavour: 'openapi-3.1',
    servers: [],
    securitySchemes: [],
    defaultSecurity: [],
    operations,
    webhookCount: 0,
    ...fields,
    schemas,
    namedSchemas: fields.namedSchemas ?? schemas,
  };
}

/** `#/components/schemas/<name>` for each key: a table of component schemas as `ApiModel.schemas` keys them. */
export function componentSchemas(byName: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(byName)) out[componentSchemaRef(name)] = schema;
  return out;
}

/** The ref string of a component schema: `Job` → `#/components/schemas/Job`. */
export function componentSchemaRef(name: string): string {
  return pointerOf('#', 'components', 'schemas', name);
}

/** A `$ref` schema to a component schema. */
export function createSchemaRef(name: string): JsonSchema {
  return { $ref: componentSchemaRef(name) };
}

/** How detection and emit name an operation of the IR. */
export function toOperationRef(op: Operation): OperationRef {
  const ref: OperationRef = { method: op.method, path: op.path, pointer: op.pointer };
  if (op.operationId !== undefined) ref.operationId = op.operationId;
  return ref;
}

/**
 * A family with every optional part off (no status field, no states, no cancel, no result): the base that the
 * factories below and a family declared only in config (detect/applyOverrides.ts) fill in.
 */
export function blankJobFamily(name: string, start: JobFamily['start'], poll: JobFamily['poll']): JobFamily {
  return {
    name,
    confidence: 'high',
    evidence: [],
    start,
    poll,
    cancel: null,
    result: null,
    statusField: null,
    doneField: null,
    errorField: null,
    resultField: null,
    progress: null,
    states: {},
    outcomeField: null,
    outcomes: {},
    retryAfter: false,
    expectedDurationMs: null,
    etaField: null,
    etaUnit: null,
  };
}

/**
 * A job family on the job resource: `start` answers with the job's `id` in its body, `poll` reads it as its `id`
 * path parameter and the status from `status`. Everything else is off until `fields` says so.
 */
export function createJobFamily(name: string, start: Operation, poll: Operation, fields: Partial<JobFamily> = {}): JobFamily {
  const starts: JobFamily['start'] = [
    { op: toOperationRef(start), idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ];
  return { ...blankJobFamily(name, starts, { op: toOperationRef(poll), idParam: 'id', carry: [] }), statusField: 'status', ...fields };
}

export function createDetection(families: JobFamily[] = [], fields: Partial<JobDetection> = {}): JobDetection {
  return { families, hints: [], diagnostics: [], ...fields };
}
