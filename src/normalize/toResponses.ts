/** Responses with their headers, content and links; `$ref`s to responses, headers and links resolved. */

import type { Link, MediaContent, Response, ResponseHeader } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import type { NormalizeContext } from './context.js';
import { keysOf, resolveObject } from './resolveRef.js';
import { mediaTypesOf, swagger2InlineSchema } from './swagger2.js';
import { toContent } from './toRequestBody.js';

export function toResponses(ctx: NormalizeContext, operation: Record<string, unknown>, opPointer: string): Response[] {
  const out: Response[] = [];
  const responses = operation.responses as Record<string, unknown>;
  for (const status of keysOf(responses)) {
    if (status.startsWith('x-')) continue;
    const at = pointerOf(`${opPointer}/responses`, status);
    const r = resolveObject(ctx, responses[status], at, 'response');
    if (!r) continue;
    const response: Response = {
      status,
      headers: toHeaders(ctx, r.headers, at),
      content: ctx.flavour === 'swagger-2.0' ? swagger2Content(ctx, operation, r) : toContent(r.content),
      links: toLinks(ctx, r.links, at),
      pointer: at,
    };
    if (typeof r.description === 'string') response.description = r.description;
    out.push(response);
  }
  return out;
}

function swagger2Content(ctx: NormalizeContext, operation: Record<string, unknown>, r: Record<string, unknown>): MediaContent[] {
  if (r.schema === undefined) return [];
  // `type: file` (a download) is Swagger 2 only; OpenAPI 3 writes it as a binary string.
  const schema = (
    isObject(r.schema) && r.schema.type === 'file' ? { ...r.schema, type: 'string', format: 'binary' } : r.schema
  ) as MediaContent['schema'];
  return mediaTypesOf(operation, ctx.document, 'produces').map((mediaType) => ({ mediaType, schema }));
}

function toHeaders(ctx: NormalizeContext, raw: unknown, responsePointer: string): ResponseHeader[] {
  const out: ResponseHeader[] = [];
  for (const name of keysOf(raw)) {
    const h = resolveObject(ctx, (raw as Record<string, unknown>)[name], pointerOf(`${responsePointer}/headers`, name), 'header');
    if (!h) continue;
    const header: ResponseHeader = { name };
    if (typeof h.description === 'string') header.description = h.description;
    const schema = ctx.flavour === 'swagger-2.0' ? swagger2InlineSchema(h) : (h.schema ?? toContent(h.content)[0]?.schema);
    if (schema !== undefined) header.schema = schema as ResponseHeader['schema'];
    out.push(header);
  }
  return out;
}

function toLinks(ctx: NormalizeContext, raw: unknown, responsePointer: string): Link[] {
  const out: Link[] = [];
  for (const name of keysOf(raw)) {
    const l = resolveObject(ctx, (raw as Record<string, unknown>)[name], pointerOf(`${responsePointer}/links`, name), 'link');
    if (!l) continue;
    const link: Link = { name, parameters: isObject(l.parameters) ? { ...l.parameters } : {} };
    if (typeof l.operationId === 'string') link.operationId = l.operationId;
    if (typeof l.operationRef === 'string') link.operationRef = l.operationRef;
    if (typeof l.description === 'string') link.description = l.description;
    out.push(link);
  }
  return out;
}
