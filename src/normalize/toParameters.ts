/**
 * Parameters of a path item or an operation, `$ref`s resolved, with OpenAPI 3 serialisation defaults
 * applied. Swagger 2 `in: body` / `in: formData` are handed back separately for the request body.
 */

import { CONTRACT_IGNORED_HEADERS, SERVER_OWNED_HEADERS } from '../model/headerNames.js';
import type { Parameter, ParameterLocation } from '../model/ir.js';
import { isObject } from '../model/jsonPointer.js';
import { DEFAULT_PARAM_STYLE, defaultExplode } from '../model/paramStyle.js';
import type { BuildContext } from './context.js';
import { resolveObject } from './resolveRef.js';
import { collectionFormatStyle, type FormField, swagger2InlineSchema } from './swagger2.js';

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

export interface ParameterList {
  parameters: Parameter[];
  /** Swagger 2 `in: body`, with the pointer where it is used. */
  body?: { raw: Record<string, unknown>; pointer: string };
  /** Swagger 2 `in: formData`, in order. */
  form: (FormField & { pointer: string })[];
}

export function toParameterList(ctx: BuildContext, raw: unknown, owner: string): ParameterList {
  const list: ParameterList = { parameters: [], form: [] };
  if (!Array.isArray(raw)) return list;
  for (let i = 0; i < raw.length; i++) {
    const at = `${owner}/parameters/${i}`;
    const p = resolveObject(ctx, raw[i], at, 'parameter');
    if (!p) continue;
    const name = p.name;
    const location = p.in;
    if (typeof name !== 'string' || name === '') {
      ctx.report('MJG204', 'parameter has no name', at);
      continue;
    }
    if (ctx.flavour === 'swagger-2.0' && location === 'body') {
      list.body = { raw: p, pointer: at };
    } else if (ctx.flavour === 'swagger-2.0' && location === 'formData') {
      const field: FormField & { pointer: string } = { name, required: p.required === true, raw: p, pointer: at };
      if (typeof p.description === 'string') field.description = p.description;
      list.form.push(field);
    } else if (location === 'header' && ctx.flavour !== 'swagger-2.0' && CONTRACT_IGNORED_HEADERS.has(name.toLowerCase())) {
      // OpenAPI 3: "SHALL be ignored" — content negotiation and auth come from the body media type and security.
    } else if (location === 'header' && SERVER_OWNED_HEADERS.has(name.toLowerCase())) {
      // Any flavour: a Host or Transfer-Encoding an agent may fill re-routes or smuggles requests.
      ctx.report(
        'MJG212',
        `header parameter "${name}" is ${SERVER_OWNED_HEADERS.get(name.toLowerCase())}; it is not offered to agents`,
        at,
      );
    } else if (typeof location === 'string' && LOCATIONS.has(location)) {
      list.parameters.push(toParameter(ctx, p, name, location as ParameterLocation, at));
    } else {
      ctx.report('MJG204', `parameter "${name}" has invalid \`in\`: ${JSON.stringify(location)}`, at);
    }
  }
  return list;
}

function toParameter(ctx: BuildContext, p: Record<string, unknown>, name: string, location: ParameterLocation, at: string): Parameter {
  // Path parameters are always required (OpenAPI says so); specs that forget `required: true` still mean it.
  const parameter: Parameter = { name, in: location, required: location === 'path' || p.required === true, schema: {}, pointer: at };
  if (typeof p.description === 'string') parameter.description = p.description;
  if (p.deprecated === true) parameter.deprecated = true;
  // Azure's published extension (AutoRest): the value is a path fragment of its own, e.g. an ARM resource id.
  if (location === 'path' && p['x-ms-skip-url-encoding'] === true) parameter.allowReserved = true;
  if (ctx.flavour === 'swagger-2.0') {
    parameter.schema = swagger2InlineSchema(p);
    const { style, explode, unsupported } = collectionFormatStyle(p.type === 'array' ? p.collectionFormat : undefined, location);
    if (unsupported) ctx.report('MJG207', `parameter "${name}" uses collectionFormat ${unsupported}`, at);
    parameter.style = style;
    parameter.explode = explode;
    return parameter;
  }
  parameter.schema = schemaOfParameter(p);
  const style = typeof p.style === 'string' ? p.style : DEFAULT_PARAM_STYLE[location];
  parameter.style = style;
  parameter.explode = typeof p.explode === 'boolean' ? p.explode : defaultExplode(style);
  return parameter;
}

/** `schema`, else the schema of the single `content` entry (OpenAPI 3 allows either), else any value. */
function schemaOfParameter(p: Record<string, unknown>): Parameter['schema'] {
  if (p.schema !== undefined && (isObject(p.schema) || typeof p.schema === 'boolean')) return p.schema;
  if (isObject(p.content)) {
    for (const media of Object.values(p.content))
      if (isObject(media) && media.schema !== undefined) return media.schema as Parameter['schema'];
  }
  return {};
}

/**
 * Path-level parameters first, each replaced in place by an operation parameter with the same name and
 * location (operation wins); the operation's other parameters follow in their order. Always a new array
 * (or `operationLevel` itself, which is the operation's own): the caller may add to it.
 */
export function mergeParameters(pathLevel: Parameter[], operationLevel: Parameter[]): Parameter[] {
  // Most path items declare no parameters of their own (GitHub's: all but a few).
  if (pathLevel.length === 0) return operationLevel;
  if (operationLevel.length === 0) return pathLevel.slice();
  const key = (p: Parameter) => `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
  const own = new Map(operationLevel.map((p) => [key(p), p]));
  const merged = pathLevel.map((p) => own.get(key(p)) ?? p);
  const used = new Set(merged.map(key));
  for (const p of operationLevel) if (!used.has(key(p))) merged.push(p);
  return merged;
}
