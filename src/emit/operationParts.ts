/**
 * The pieces of one OperationSpec, decided from the IR: input arguments (parameters by location plus the
 * body), output schema, annotations, description and security. Printing happens in emit-tools.ts.
 */
import type { BodySpec, ConstantParamSpec, ParamSpec, ToolAnnotationsSpec } from '../../templates/runtime/definition.js';
import { resourceNameParam } from '../detect/index.js';
import { CONTRACT_IGNORED_HEADERS, SERVER_OWNED_HEADERS } from '../model/headerNames.js';
import type { ApiModel, HttpMethod, JsonSchema, MediaContent, Operation, Parameter, SecurityScheme } from '../model/ir.js';
import type { AskedInput } from '../model/jobs.js';
import { mediaEssence } from '../model/mediaTypes.js';
import { operationKey } from '../model/operationKey.js';
import { DEFAULT_PARAM_STYLE, defaultExplode } from '../model/paramStyle.js';
import { singleValue, unwrappedSchema } from '../model/singleValue.js';
import { awsQueryAction } from './awsQuery.js';
import { clipText, quote } from './code.js';
import { isCredentialParam } from './credentialParams.js';
import { NameRegistry, toArgName } from './naming.js';
import type { PlannedOperation } from './toolPlan.js';
import { isObject, mergeAllOf, resolveRef } from './zod/resolve.js';

export interface PlannedParam {
  param: Parameter;
  arg: string;
  /** A path value sent with its slashes: `x-ms-skip-url-encoding`, or an AIP-122 resource name of a Google API. */
  raw: boolean;
}

export interface PlannedBody {
  arg: string;
  content: MediaContent;
  required: boolean;
  description?: string;
}

const QUERY_FORM_MEDIA = 'application/x-www-form-urlencoded';

/** Headers a start tool never exposes: how long the upstream may hold the request is the runtime's decision. */
const START_OWNED_HEADERS = new Set(['prefer']);

/** Argument names a start tool's runtime adds itself. */
export const START_RESERVED_ARGS = ['idempotency_key'];

/** Preference among a request body's media types: JSON first, binary last. */
function mediaRank(mediaType: string): number {
  const m = mediaEssence(mediaType);
  if (m === 'application/json') return 0;
  if (m.endsWith('+json')) return 1;
  if (m === 'application/x-www-form-urlencoded') return 2;
  if (m === 'multipart/form-data') return 3;
  if (m.startsWith('text/')) return 4;
  if (m === '*/*') return 5;
  return 6;
}

export function chooseBodyContent(content: MediaContent[]): MediaContent | undefined {
  // The first of the best rank: what a stable sort by rank puts first.
  let best: MediaContent | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const media of content) {
    const rank = mediaRank(media.mediaType);
    if (rank < bestRank) {
      best = media;
      bestRank = rank;
    }
  }
  return best;
}

/** Media types whose tool argument is a string (text, or base64 for binary) rather than structured JSON. */
export function isRawMedia(mediaType: string): boolean {
  return mediaRank(mediaType) >= 4 && mediaEssence(mediaType) !== '*/*';
}

/** A required parameter the contract fixes to one value: sent by the runtime, never an argument. */
export interface PlannedConstant {
  param: Parameter;
  value: string;
}

export interface InputContext {
  /** The model's named schemas, to read a parameter schema behind a `$ref`. */
  schemas?: Record<string, JsonSchema>;
  /** The operation is signed (AWS SigV4): the signature's own headers are the signer's, not the agent's. */
  signed?: boolean;
  /** The API follows the AIPs: a resource-name path variable keeps its slashes. */
  aips?: boolean;
  /** A start's family asks for what its poll needs and no start supplies (JobFamily.asks). */
  asks?: readonly AskedInput[];
  /** The version the contract describes (`info.version`): what an `api-version` parameter names (documentApiVersion). */
  documentVersion?: string;
  /** The security schemes of the model: a parameter that carries one's credential is no argument (credentialParams.ts). */
  securitySchemes?: readonly SecurityScheme[];
}

/**
 * Headers AWS specs declare on every operation for a signature carried in headers (X-Amz-Date, X-Amz-Signature,
 * …). When the server signs, it writes them; an agent's value would break the signature.
 */
export const SIGV4_HEADERS: ReadonlySet<string> = new Set([
  'x-amz-algorithm',
  'x-amz-content-sha256',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-signature',
  'x-amz-signedheaders',
]);

/**
 * The value of a required `api-version` query parameter: the version of the API the contract describes. The
 * parameter is the Microsoft REST API Guidelines' (every Azure operation declares it, 3,489 of the dev corpus's 3,560
 * Azure operations as a plain string), and its value is the version of the document (`info.version`), which is how
 * every Azure SDK pins it; the parameter's own default, where it writes one, comes first. An agent cannot know it, and
 * a guess fails every call. Only a plain string: a list of versions stays the agent's choice (one is a constant
 * already). The parameter's `pattern` is not run here: a contract's regex on a contract's text could hang the
 * generator (docs/SECURITY.md), and Azure's version parameters write none.
 */
export function documentApiVersion(
  param: Parameter,
  documentVersion: string | undefined,
  schemas: Record<string, JsonSchema> = {},
): string | undefined {
  if (param.in !== 'query' || param.name.toLowerCase() !== 'api-version') return undefined;
  // Read as singleValue reads it: a list of versions behind `allOf: [{$ref}]` is still the agent's choice.
  const resolved = unwrappedSchema(param.schema, schemas);
  if (!isObject(resolved) || 'const' in resolved || resolved.enum !== undefined) return undefined;
  if (resolved.type !== undefined && resolved.type !== 'string') return undefined;
  const value = typeof resolved.default === 'string' ? resolved.default : documentVersion;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (value === undefined || value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/**
 * The schema admits `{}` alone: an object (behind `$ref`s, its `allOf` parts merged) with no properties that takes
 * no others (`additionalProperties: false`) and offers no alternatives. Stripe's contract gives its GET and DELETE
 * operations such a form body (225 of 419): listed as an argument it told the model nothing, and both OpenAI's
 * strict mode and Gemini refuse an object without properties, so each of those tools was refused whole.
 */
export function onlyEmptyObject(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema> = {}): boolean {
  if (schema === undefined) return false;
  const resolved = resolveRef(schema, schemas, []);
  if (resolved.cycle || resolved.missing || !isObject(resolved.schema)) return false;
  const merged = Array.isArray(resolved.schema.allOf) ? mergeAllOf(resolved.schema, schemas, resolved.refs) : resolved.schema;
  if (merged === null || (merged.type !== undefined && merged.type !== 'object')) return false;
  // `additionalProperties: false` refuses every member's properties too, but a contract writing a union beside it
  // most likely means the union: left an argument.
  if (merged.anyOf !== undefined || merged.oneOf !== undefined) return false;
  const none = (value: unknown) => value === undefined || (isObject(value) && Object.keys(value).length === 0);
  return merged.additionalProperties === false && none(merged.properties) && none(merged.patternProperties);
}

export interface InputPlan {
  params: PlannedParam[];
  /** Required parameters fixed to one value by the contract: the runtime sends them. */
  constants: PlannedConstant[];
  body?: PlannedBody;
  /** Wire names of parameters left out (ignored headers, the idempotency parameter the runtime sets). */
  omitted: string[];
  /**
   * A start's arguments for its family's poll only (JobFamily.asks), under the poll's names: never sent by the
   * start, kept with the job (its stored arguments) and carried to each poll. Absent when there are none.
   */
  asked?: AskedInput[];
}

/**
 * The tool's arguments. `context.aips`: the API follows the AIPs (detect/marked/resourceNames.ts), so a path variable
 * right under the version root carries a whole resource name and keeps its slashes.
 */
export function planInput(
  planned: PlannedOperation,
  idempotencyParam: { in: string; name: string } | null,
  context: InputContext = {},
): InputPlan {
  const { op } = planned;
  const resourceName = context.aips ? resourceNameParam(op.path) : null;
  const args = new NameRegistry(Number.MAX_SAFE_INTEGER);
  if (planned.role === 'start') for (const reserved of START_RESERVED_ARGS) args.claimExact(reserved);
  const chosen = op.requestBody ? chooseBodyContent(op.requestBody.content) : undefined;
  // A body the contract allows to be absent and that can only be `{}` holds nothing an agent could say: no argument.
  const bodyless = op.requestBody?.required === false && chosen !== undefined && onlyEmptyObject(chosen.schema, context.schemas);
  if (op.requestBody && !bodyless) args.claimExact('body');
  const omitted: string[] = [];
  const kept: Parameter[] = [];
  const constants: PlannedConstant[] = [];
  for (const param of op.parameters) {
    // The HTTP client's own headers (normalize dropped them with MJG212): never an argument, never a constant.
    if (param.in === 'header' && SERVER_OWNED_HEADERS.has(param.name.toLowerCase())) {
      omitted.push(param.name);
      continue;
    }
    // A credential is the operator's: the server sends it from the environment, never an agent's argument.
    if (context.securitySchemes && isCredentialParam(param, op, context.securitySchemes)) {
      omitted.push(param.name);
      continue;
    }
    const fixed =
      param.required || param.in === 'path'
        ? (singleValue(param.schema, context.schemas) ?? documentApiVersion(param, context.documentVersion, context.schemas))
        : undefined;
    if (fixed !== undefined) {
      constants.push({ param, value: fixed });
      continue;
    }
    const header = param.in === 'header' ? param.name.toLowerCase() : null;
    // A start must answer at once (RFC 7240 `Prefer: wait=60` would hold it for a minute); the runtime sends
    // `Prefer: respond-async` itself where the API honours it.
    const skipHeader =
      header !== null && (CONTRACT_IGNORED_HEADERS.has(header) || (planned.role === 'start' && START_OWNED_HEADERS.has(header)));
    const isIdempotency =
      planned.role === 'start' &&
      idempotencyParam !== null &&
      idempotencyParam.in === param.in &&
      idempotencyParam.name.toLowerCase() === param.name.toLowerCase();
    const signature = header !== null && context.signed === true && SIGV4_HEADERS.has(header);
    if (skipHeader || isIdempotency || signature) omitted.push(param.name);
    else kept.push(param);
  }
  // Names usable as written are claimed first, so a real `filter` keeps its name over a sanitised `$filter`.
  const bases = kept.map((param) => toArgName(param.name));
  const argOf = new Map<Parameter, string>();
  for (const asWritten of [true, false]) {
    kept.forEach((param, i) => {
      const base = bases[i]!;
      if ((base === param.name) !== asWritten) return;
      argOf.set(param, args.claimExact(base) ? base : args.claim(`${base}_${param.in}`));
    });
  }
  const params = kept.map((param) => ({
    param,
    arg: argOf.get(param)!,
    raw: param.in === 'path' && (param.allowReserved === true || param.name === resourceName),
  }));
  // The AWS query protocol sends its input as a form whatever media type the contract wrote (`text/xml`): the
  // body is the input structure, an object argument the runtime flattens (upstream/queryForm.ts).
  const content = chosen && awsQueryAction(op.path, constants) ? { ...chosen, mediaType: QUERY_FORM_MEDIA } : chosen;
  const body =
    op.requestBody && content && !bodyless
      ? {
          arg: 'body',
          content,
          required: op.requestBody.required,
          ...(op.requestBody.description ? { description: op.requestBody.description } : {}),
        }
      : undefined;
  // Claimed after the operation's own arguments: a start taking an input of that name sends its own.
  const asked = planned.role === 'start' ? (context.asks ?? []).filter((a) => toArgName(a.name) === a.name && args.claimExact(a.name)) : [];
  return { params, constants, ...(body ? { body } : {}), omitted, ...(asked.length > 0 ? { asked } : {}) };
}

/** The OpenAPI defaults for style/explode per location; only departures from them are printed. */
export function isDefaultStyle(param: Parameter): boolean {
  const style = DEFAULT_PARAM_STYLE[param.in];
  return (param.style ?? style) === style && (param.explode ?? defaultExplode(style)) === defaultExplode(style);
}

/**
 * The runtime's ParamSpec of a planned parameter, typed against the contract so a renamed field fails the
 * generator's compile: `{ arg, name, in, required, style?, explode?, allowReserved? }`, departures from the
 * OpenAPI defaults only.
 */
export function paramSpec({ param, arg, raw }: PlannedParam): ParamSpec {
  const spec: ParamSpec = { arg, name: param.name, in: param.in, required: param.in === 'path' || param.required };
  if (!isDefaultStyle(param)) {
    if (param.style !== undefined) spec.style = param.style;
    if (param.explode !== undefined) spec.explode = param.explode;
  }
  if (raw) spec.allowReserved = true;
  return spec;
}

/** What `literal(spec)` prints for a ParamSpec, written directly (one per parameter of every tool). */
export function paramSpecCode(spec: ParamSpec): string {
  let out = `{ arg: ${quote(spec.arg)}, name: ${quote(spec.name)}, in: ${quote(spec.in)}, required: ${spec.required}`;
  if (spec.style !== undefined) out += `, style: ${quote(spec.style)}`;
  if (spec.explode !== undefined) out += `, explode: ${spec.explode}`;
  if (spec.allowReserved) out += ', allowReserved: true';
  return `${out} }`;
}

/** The runtime's ConstantParamSpec list, or undefined when the operation has none (nothing is printed then). */
export function constantSpecs(constants: readonly PlannedConstant[]): ConstantParamSpec[] | undefined {
  if (constants.length === 0) return undefined;
  return constants.map(({ param, value }) => ({ name: param.name, in: param.in, value }));
}

/** The runtime's BodySpec of a planned body (typed against the contract). */
export function bodySpec(body: Pick<PlannedBody, 'arg' | 'content' | 'required'>): BodySpec {
  return { arg: body.arg, mediaType: body.content.mediaType, required: body.required };
}

/** What `literal(spec)` prints for a BodySpec, written directly. */
export function bodySpecCode(spec: BodySpec): string {
  return `{ arg: ${quote(spec.arg)}, mediaType: ${quote(spec.mediaType)}, required: ${spec.required} }`;
}

function isJsonMedia(mediaType: string): boolean {
  const m = mediaEssence(mediaType);
  return m === 'application/json' || m.endsWith('+json') || m === '*/*';
}

/** Schema of the first 2xx response with a JSON body, when that is an object (structuredContent must be an object). */
export function successObjectSchema(op: Operation, model: ApiModel) {
  for (const response of op.responses) {
    if (!/^2(\d\d|XX)$/i.test(response.status)) continue;
    const media = response.content.find((c) => isJsonMedia(c.mediaType) && c.schema !== undefined);
    // A bodiless 204/202 first says nothing about the JSON a later 2xx returns.
    if (!media) continue;
    const resolved = resolveRef(media.schema!, model.schemas, []);
    if (!isObject(resolved.schema)) return undefined;
    const s = resolved.schema;
    const objectLike =
      s.type === 'object' ||
      (s.type === undefined && (isObject(s.properties) || (Array.isArray(s.allOf) && mergeAllOf(s, model.schemas, resolved.refs))));
    return objectLike ? media.schema : undefined;
  }
  return undefined;
}

export function annotationsFor(method: HttpMethod, summary: string | undefined): ToolAnnotationsSpec {
  const readOnly = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  const title = clipText(summary, 80);
  return {
    ...(title ? { title } : {}),
    readOnlyHint: readOnly,
    ...(readOnly ? {} : { destructiveHint: method === 'DELETE', idempotentHint: method === 'PUT' || method === 'DELETE' }),
    openWorldHint: true,
  };
}

/** What `literal(spec)` prints for the annotations annotationsFor builds, written directly (one per tool). */
export function annotationsCode(spec: ToolAnnotationsSpec): string {
  const parts: string[] = [];
  if (spec.title !== undefined) parts.push(`title: ${quote(spec.title)}`);
  if (spec.readOnlyHint !== undefined) parts.push(`readOnlyHint: ${spec.readOnlyHint}`);
  if (spec.destructiveHint !== undefined) parts.push(`destructiveHint: ${spec.destructiveHint}`);
  if (spec.idempotentHint !== undefined) parts.push(`idempotentHint: ${spec.idempotentHint}`);
  if (spec.openWorldHint !== undefined) parts.push(`openWorldHint: ${spec.openWorldHint}`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

export const DESCRIPTION_LIMIT = 800;

/** Summary and description (bounded), then the HTTP call it makes. */
export function operationDescription(op: Operation, extra?: string): string {
  const parts: string[] = [];
  if (op.deprecated) parts.push('Deprecated.');
  const summary = clipText(op.summary, 300);
  if (summary) parts.push(/[.!?]$/.test(summary) ? summary : `${summary}.`);
  const description = clipText(op.description, DESCRIPTION_LIMIT - summary.length);
  if (description && description !== summary && description !== summary.replace(/\.$/, '')) parts.push(description);
  if (extra) parts.push(extra);
  parts.push(`HTTP: ${operationKey(op)}`);
  return parts.join('\n\n');
}

/** Security alternatives restricted to schemes the runtime can satisfy. */
export function supportedSecurity(op: Operation, supported: ReadonlySet<string>): string[][] {
  return op.security.filter((alt) => alt.every((key) => supported.has(key))).map((alt) => [...alt]);
}
