/** Security schemes (OpenAPI 3 `components.securitySchemes`, Swagger 2 `securityDefinitions`) and requirements. */

import type { AwsSigv4Scheme, SecurityRequirement, SecurityScheme, Server } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import type { NormalizeContext } from './context.js';
import { resolveObject } from './resolveRef.js';

export function toSecuritySchemes(ctx: NormalizeContext, servers: Server[] = [], info: Record<string, unknown> = {}): SecurityScheme[] {
  const swagger2 = ctx.flavour === 'swagger-2.0';
  const components = ctx.document.components;
  const section = swagger2 ? ctx.document.securityDefinitions : isObject(components) ? components.securitySchemes : undefined;
  const base = swagger2 ? pointerOf('#', 'securityDefinitions') : pointerOf('#', 'components', 'securitySchemes');
  if (!isObject(section)) return [];
  const schemes: SecurityScheme[] = [];
  for (const [key, raw] of Object.entries(section)) {
    const at = pointerOf(base, key);
    const resolved = resolveObject(ctx, raw, at, 'security scheme');
    if (!resolved) continue;
    const scheme = isAwsSigv4(resolved) ? toAwsSigv4(key, resolved, servers, info) : toScheme(key, resolved);
    if (scheme) schemes.push(scheme);
    else ctx.report('MJG206', `security scheme "${key}" has unsupported type ${JSON.stringify(resolved.type)}`, at);
  }
  return schemes;
}

function toScheme(key: string, s: Record<string, unknown>): SecurityScheme | undefined {
  const description = typeof s.description === 'string' ? { description: s.description } : {};
  switch (s.type) {
    case 'basic':
      return { key, type: 'http', scheme: 'basic', ...description };
    case 'http': {
      const scheme = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : 'bearer';
      const bearerFormat = typeof s.bearerFormat === 'string' ? { bearerFormat: s.bearerFormat } : {};
      return { key, type: 'http', scheme, ...bearerFormat, ...description };
    }
    case 'apiKey':
      if (typeof s.name !== 'string' || (s.in !== 'header' && s.in !== 'query' && s.in !== 'cookie')) return undefined;
      return { key, type: 'apiKey', in: s.in, name: s.name, ...description };
    case 'oauth2':
    case 'openIdConnect':
    case 'mutualTLS':
      return { key, type: s.type, ...description };
    default:
      return undefined;
  }
}

/** API Gateway's marker of AWS Signature V4 (whatever `type` the scheme claims beside it: AWS specs say `apiKey`). */
function isAwsSigv4(s: Record<string, unknown>): boolean {
  const authType = s['x-amazon-apigateway-authtype'];
  return typeof authType === 'string' && authType.toLowerCase() === 'awssigv4';
}

/** `https://athena.{region}.amazonaws.com` or `https://athena.us-east-1.amazonaws.com.cn`: endpoint prefix and region. */
const AWS_HOST = /^[a-z]+:\/\/([a-z0-9-]+)\.(?:([a-z0-9-]+|\{region\})\.)?amazonaws\.com(?:\.cn)?(?:[:/]|$)/i;

function toAwsSigv4(key: string, s: Record<string, unknown>, servers: Server[], info: Record<string, unknown>): AwsSigv4Scheme {
  const server = servers[0];
  const host = server ? AWS_HOST.exec(server.url) : null;
  const serviceName =
    typeof info['x-serviceName'] === 'string' && /^[a-z0-9-]+$/i.test(info['x-serviceName']) ? info['x-serviceName'] : null;
  const hostRegion = host?.[2] && host[2] !== '{region}' ? host[2] : null;
  const regionDefault = server?.variables.region?.default;
  const region = regionDefault && /^[a-z0-9-]+$/.test(regionDefault) ? regionDefault : hostRegion;
  return {
    key,
    type: 'awsSigv4',
    service: host?.[1]?.toLowerCase() ?? serviceName,
    region,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  };
}

/**
 * `[{a: [], b: ['scope']}, {}]` → `[['a', 'b'], []]`. Scopes are dropped: the generated server sends
 * whatever token it is given. Each unknown scheme name is reported once per document.
 */
export function toSecurityRequirements(
  ctx: NormalizeContext,
  raw: unknown,
  at: string,
  declared: ReadonlySet<string>,
): SecurityRequirement[] {
  if (!Array.isArray(raw)) return [];
  const out: SecurityRequirement[] = [];
  const unknown = new Set<string>();
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    const keys = Object.keys(requirement);
    for (const k of keys) if (!declared.has(k) && ctx.firstTime(`security:${k}`)) unknown.add(k);
    out.push(keys);
  }
  if (unknown.size > 0) ctx.report('MJG208', `security requirement names undeclared scheme(s): ${[...unknown].join(', ')}`, at);
  return out;
}
