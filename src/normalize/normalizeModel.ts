/**
 * The normalize stage: a loaded (bundled) document → the IR (src/model/ir.ts). Swagger 2.0, OpenAPI 3.0 and
 * 3.1 all come out in one shape. Returns only the diagnostics of this stage; never throws for bad input.
 */

import type { LoadResult } from '../load/index.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, JsonSchema } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import { collectOperationSchemas, schemaAt } from './collectSchemas.js';
import { createNormalizeContext } from './context.js';
import { toOperations } from './toOperations.js';
import { toSecurityRequirements, toSecuritySchemes } from './toSecurity.js';
import { toServers } from './toServers.js';

export function normalizeModel(loaded: LoadResult): { model: ApiModel; diagnostics: Diagnostic[] } {
  const ctx = createNormalizeContext(loaded);
  const doc = ctx.document;
  const info = isObject(doc.info) ? doc.info : {};
  const servers = toServers(ctx);
  const securitySchemes = toSecuritySchemes(ctx, servers, info);
  const declaredSchemes = new Set(securitySchemes.map((s) => s.key));
  const defaultSecurity = toSecurityRequirements(ctx, doc.security, '#/security', declaredSchemes);
  const operations = toOperations(ctx, { defaultSecurity, declaredSchemes });
  const { schemas, unresolved } = collectOperationSchemas(operations, (ref) => schemaAt(ctx.lookup(ref)));
  for (const { ref, pointer } of unresolved) ctx.report('MJG203', `schema $ref ${ref} does not resolve`, pointer);

  const model: ApiModel = {
    title: info.title === undefined ? '' : String(info.title),
    version: info.version === undefined ? '' : String(info.version),
    flavour: ctx.flavour,
    servers,
    securitySchemes,
    defaultSecurity,
    operations,
    schemas,
    namedSchemas: namedSchemasOf(doc, ctx.flavour === 'swagger-2.0'),
    webhookCount: isObject(doc.webhooks) ? Object.keys(doc.webhooks).length : 0,
  };
  if (typeof info.description === 'string') model.description = info.description;
  const tagDescriptions = toTagDescriptions(doc.tags);
  if (tagDescriptions) model.tagDescriptions = tagDescriptions;
  return { model, diagnostics: ctx.diagnostics };
}

/** `#/components/schemas/<name>` (Swagger 2: `#/definitions/<name>`) → the schema: one entry per name, no walk. */
function namedSchemasOf(doc: Record<string, unknown>, swagger2: boolean): Record<string, JsonSchema> {
  const section = swagger2 ? doc.definitions : isObject(doc.components) ? doc.components.schemas : undefined;
  const out: Record<string, JsonSchema> = {};
  if (!isObject(section)) return out;
  const base = swagger2 ? pointerOf('#', 'definitions') : pointerOf('#', 'components', 'schemas');
  for (const [name, schema] of Object.entries(section)) {
    if (isObject(schema) || typeof schema === 'boolean') out[pointerOf(base, name)] = schema as JsonSchema;
  }
  return out;
}

/** `tags: [{name, description}]` → name → description; tags without a description, and junk entries, are left out. */
function toTagDescriptions(tags: unknown): Record<string, string> | undefined {
  if (!Array.isArray(tags)) return undefined;
  const found = new Map<string, string>();
  for (const tag of tags) {
    if (isObject(tag) && typeof tag.name === 'string' && typeof tag.description === 'string' && tag.description.trim()) {
      if (!found.has(tag.name)) found.set(tag.name, tag.description.trim());
    }
  }
  // fromEntries defines own properties, so a tag named `__proto__` is data, not a prototype.
  return found.size > 0 ? Object.fromEntries(found) : undefined;
}
