/**
 * `paths` (then `x-ms-paths`) → operations in document order (paths in spec order, methods in their order within a path).
 * Pointers name where each thing is used (`#/paths/~1jobs/post/parameters/0`), also when it is a `$ref`.
 */

import type { HttpMethod, Operation, Parameter, SecurityRequirement } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import { operationKey, pathTemplateNames } from '../model/operationKey.js';
import type { NormalizeContext } from './context.js';
import { keysOf, resolveObject } from './resolveRef.js';
import { mergeParameters, type ParameterList, toParameterList } from './toParameters.js';
import { toRequestBody, toSwagger2RequestBody } from './toRequestBody.js';
import { toResponses } from './toResponses.js';
import { toSecurityRequirements } from './toSecurity.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export interface SecurityContext {
  defaultSecurity: SecurityRequirement[];
  declaredSchemes: ReadonlySet<string>;
}

/**
 * Where path items live: `paths`, and AutoRest's `x-ms-paths` (Azure's published extension, which TypeSpec's Swagger
 * emitter writes too): path items whose key may carry a fixed query (`/{container}/{blob}?comp=copy`), for
 * operations that share a path and method and differ by that query. The request sends the query as written.
 */
const PATH_SECTIONS = ['paths', 'x-ms-paths'] as const;

export function toOperations(ctx: NormalizeContext, security: SecurityContext): Operation[] {
  const operations: Operation[] = [];
  const seen = new Set<string>();
  for (const section of PATH_SECTIONS) {
    const paths = ctx.document[section];
    if (paths !== undefined && !isObject(paths)) ctx.report('MJG205', `\`${section}\` is not an object`, `#/${section}`);
    for (const path of keysOf(paths)) {
      if (path.startsWith('x-')) continue;
      const itemPointer = pointerOf('#', section, path);
      if (seen.has(path)) {
        // AutoRest: `x-ms-paths` holds what `paths` cannot; one key in both is one path item said twice.
        ctx.report('MJG213', `path ${path} is in both \`paths\` and \`x-ms-paths\`; the one in \`paths\` is read`, itemPointer);
        continue;
      }
      seen.add(path);
      const item = resolveObject(ctx, (paths as Record<string, unknown>)[path], itemPointer, 'path item');
      if (item) operations.push(...pathItemOperations(ctx, security, path, itemPointer, item));
    }
  }
  reportDuplicateOperationIds(ctx, operations);
  return operations;
}

function pathItemOperations(
  ctx: NormalizeContext,
  security: SecurityContext,
  path: string,
  itemPointer: string,
  item: Record<string, unknown>,
): Operation[] {
  const operations: Operation[] = [];
  const pathLevel = toParameterList(ctx, item.parameters, itemPointer);
  const templateNames = pathTemplateNames(path); // one path item's methods share them
  for (const key in item) {
    if (!METHODS.has(key)) continue;
    const rawOperation = item[key];
    const opPointer = `${itemPointer}/${key}`;
    if (!isObject(rawOperation)) {
      ctx.report('MJG205', `${key.toUpperCase()} ${path} is not an object`, opPointer);
      continue;
    }
    const at = { path, pointer: opPointer, templateNames };
    operations.push(toOperation(ctx, security, at, key.toUpperCase() as HttpMethod, rawOperation, pathLevel));
  }
  return operations;
}

interface OperationPlace {
  path: string;
  pointer: string;
  /** The path's `{name}`s (operationKey.ts `pathTemplateNames`). */
  templateNames: readonly string[];
}

function toOperation(
  ctx: NormalizeContext,
  security: SecurityContext,
  { path, pointer, templateNames }: OperationPlace,
  method: HttpMethod,
  op: Record<string, unknown>,
  pathLevel: ParameterList,
): Operation {
  const own = toParameterList(ctx, op.parameters, pointer);
  const parameters = mergeParameters(pathLevel.parameters, own.parameters);
  addMissingPathParameters(ctx, path, pointer, templateNames, parameters);
  const requestBody =
    ctx.flavour === 'swagger-2.0'
      ? toSwagger2RequestBody(ctx, op, pointer, { body: own.body ?? pathLevel.body, form: mergeForm(pathLevel.form, own.form) })
      : toRequestBody(ctx, op, pointer);
  // Keys in the order a reader of the IR (or a snapshot) expects; optional ones only when present. Assigned one
  // by one: object spreads in the middle of a literal copy through the runtime, per operation.
  const operation = {} as Operation;
  if (typeof op.operationId === 'string' && op.operationId !== '') operation.operationId = op.operationId;
  operation.method = method;
  operation.path = path;
  operation.pointer = pointer;
  if (typeof op.summary === 'string') operation.summary = op.summary;
  if (typeof op.description === 'string') operation.description = op.description;
  operation.tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
  operation.deprecated = op.deprecated === true;
  operation.parameters = parameters;
  if (requestBody) operation.requestBody = requestBody;
  operation.responses = toResponses(ctx, op, pointer);
  operation.security =
    op.security === undefined
      ? security.defaultSecurity
      : toSecurityRequirements(ctx, op.security, pointerOf(pointer, 'security'), security.declaredSchemes);
  operation.callbacks = isObject(op.callbacks) ? Object.keys(op.callbacks) : [];
  operation.extensions = extensionsOf(op);
  return operation;
}

function mergeForm<T extends { name: string }>(pathLevel: T[], own: T[]): T[] {
  if (pathLevel.length === 0) return own;
  const names = new Set(own.map((f) => f.name));
  return [...pathLevel.filter((f) => !names.has(f.name)), ...own];
}

/** A `{name}` with no declared path parameter would make an unbuildable URL: add it (to `parameters`), and say so. */
function addMissingPathParameters(
  ctx: NormalizeContext,
  path: string,
  pointer: string,
  templateNames: readonly string[],
  parameters: Parameter[],
): void {
  for (const name of templateNames) {
    if (parameters.some((p) => p.in === 'path' && p.name === name)) continue;
    ctx.report('MJG209', `path template {${name}} of ${path} has no path parameter`, pointer);
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false, pointer });
  }
}

function extensionsOf(op: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in op) if (key.startsWith('x-')) out[key] = op[key];
  return out;
}

function reportDuplicateOperationIds(ctx: NormalizeContext, operations: Operation[]): void {
  const first = new Map<string, Operation>();
  for (const op of operations) {
    if (op.operationId === undefined) continue;
    const earlier = first.get(op.operationId);
    if (earlier === undefined) first.set(op.operationId, op);
    else
      ctx.report('MJG201', `operationId "${op.operationId}" of ${operationKey(op)} is also used by ${operationKey(earlier)}`, op.pointer);
  }
}
