/** The request body: OpenAPI 3 `requestBody` (resolved), or Swagger 2 `in: body` / `in: formData` converted. */

import type { MediaContent, RequestBody } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import type { NormalizeContext } from './context.js';
import { resolveObject } from './resolveRef.js';
import { formDataContent, mediaTypesOf } from './swagger2.js';
import type { ParameterList } from './toParameters.js';

export function toRequestBody(ctx: NormalizeContext, operation: Record<string, unknown>, opPointer: string): RequestBody | undefined {
  if (operation.requestBody === undefined) return undefined;
  const at = pointerOf(opPointer, 'requestBody');
  const rb = resolveObject(ctx, operation.requestBody, at, 'request body');
  if (!rb) return undefined;
  const body: RequestBody = { required: rb.required === true, content: toContent(rb.content), pointer: at };
  if (typeof rb.description === 'string') body.description = rb.description;
  return body;
}

export function toSwagger2RequestBody(
  ctx: NormalizeContext,
  operation: Record<string, unknown>,
  opPointer: string,
  params: Pick<ParameterList, 'body' | 'form'>,
): RequestBody | undefined {
  const consumes = mediaTypesOf(operation, ctx.document, 'consumes');
  if (params.body) {
    if (params.form.length > 0) ctx.report('MJG210', 'operation has both a body parameter and formData parameters', opPointer);
    const p = params.body.raw;
    const schema = p.schema !== undefined ? (p.schema as MediaContent['schema']) : {};
    const body: RequestBody = {
      required: p.required === true,
      content: consumes.map((mediaType) => ({ mediaType, schema })),
      pointer: params.body.pointer,
    };
    if (typeof p.description === 'string') body.description = p.description;
    return body;
  }
  if (params.form.length === 0) return undefined;
  return {
    required: params.form.some((f) => f.required),
    content: formDataContent(params.form, consumes),
    pointer: params.form[0]!.pointer,
  };
}

/** OpenAPI 3 `content` map → MediaContent list in spec order, media types lower-cased. */
export function toContent(content: unknown): MediaContent[] {
  if (!isObject(content)) return [];
  const out: MediaContent[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    const entry: MediaContent = { mediaType: mediaType.toLowerCase() };
    if (isObject(media) && media.schema !== undefined) entry.schema = media.schema as MediaContent['schema'];
    out.push(entry);
  }
  return out;
}
