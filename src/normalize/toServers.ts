/**
 * Servers as written. Swagger 2 has no `servers`: `schemes` × `host` + `basePath` become them, and Azure's
 * `x-ms-parameterized-host` (a templated host with its own parameters) becomes a templated server URL
 * with variables, which is what OpenAPI 3 would have written.
 */

import type { Server } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import type { NormalizeContext } from './context.js';
import { resolveObject } from './resolveRef.js';

export function toServers(ctx: NormalizeContext): Server[] {
  const doc = ctx.document;
  if (ctx.flavour !== 'swagger-2.0') {
    return (Array.isArray(doc.servers) ? doc.servers : [])
      .filter(isObject)
      .filter((s) => typeof s.url === 'string')
      .map(toServer);
  }
  const basePath = typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath : '';
  const schemes = Array.isArray(doc.schemes) && doc.schemes.length > 0 ? doc.schemes.map(String) : ['https'];
  const parameterized = doc['x-ms-parameterized-host'];
  if (isObject(parameterized) && typeof parameterized.hostTemplate === 'string') {
    const variables = parameterizedHostVariables(ctx, parameterized.parameters);
    const template = parameterized.hostTemplate + basePath;
    const urls = parameterized.useSchemePrefix === false ? [template] : schemes.map((s) => `${s}://${template}`);
    return urls.map((url) => ({ url, variables }));
  }
  if (typeof doc.host === 'string' && doc.host !== '') {
    return schemes.map((scheme) => ({ url: `${scheme}://${doc.host}${basePath}`, variables: {} }));
  }
  return basePath ? [{ url: basePath, variables: {} }] : [];
}

function toServer(raw: Record<string, unknown>): Server {
  const server: Server = { url: raw.url as string, variables: {} };
  if (typeof raw.description === 'string') server.description = raw.description;
  if (isObject(raw.variables)) {
    for (const [name, v] of Object.entries(raw.variables)) {
      if (!isObject(v)) continue;
      server.variables[name] = variable(v.default, v.enum, v.description);
    }
  }
  return server;
}

function variable(def: unknown, enumValues: unknown, description: unknown): Server['variables'][string] {
  const out: Server['variables'][string] = { default: def === undefined || def === null ? '' : String(def) };
  if (Array.isArray(enumValues)) out.enum = enumValues.map(String);
  if (typeof description === 'string') out.description = description;
  return out;
}

function parameterizedHostVariables(ctx: NormalizeContext, parameters: unknown): Server['variables'] {
  const variables: Server['variables'] = {};
  if (!Array.isArray(parameters)) return variables;
  parameters.forEach((raw, i) => {
    const p = resolveObject(ctx, raw, pointerOf('#', 'x-ms-parameterized-host', 'parameters', i), 'host parameter');
    if (p && typeof p.name === 'string') variables[p.name] = variable(p.default, p.enum, p.description);
  });
  return variables;
}
