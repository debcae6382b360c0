/**
 * `paths` → operations in document order (paths in spec order, methods in their order within a path).
 * Pointers name where each thing is used (`#/paths/~1jobs/post/parameters/0`), also when it is a `$ref`.
 */

import type { HttpMethod, Operation, Parameter, SecurityRequirement } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import { operationKey, pathTemplateNames } from '../model/operationKey.js';
import type { BuildContext } from './context.js';
import { entriesOf, resolveObject } from './resolveRef.js';
import { mergeParameters, type ParameterList, toParameterList } from './toParameters.js';
import { toRequestBody, toSwagger2RequestBody } from './toRequestBody.js';
import { toResponses } from './toResponses.js';
import { toSecurityRequirements } from './toSecurity.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export interface SecurityContext {
  defaultSecurity: SecurityRequirement[];
  declaredSchemes: ReadonlySet<string>;
}

export function toOperations(ctx: BuildContext, security: SecurityContext): Operation[] {
  const paths = ctx.document.paths;
  if (paths !== undefined && !isObject(paths)) ctx.report('MJG205', '`paths` is not an object', '#/paths');
  const operations: Operation[] = [];
  for (const [path, rawItem] of entriesOf(paths)) {
    if (path.startsWith('x-')) continue;
    const itemPointer = pointerOf('#', 'paths', path);
    const item = resolveObject(ctx, rawItem, itemPointer, 'path item')?.value;
    if (!item) continue;
    const pathLevel = toParameterList(ctx, item.parameters, itemPointer);
    for (const [key, rawOperation] of Object.entries(item)) {
      if (!METHODS.has(key)) continue;
      const opPointer = pointerOf(itemPointer, key);
      if (!isObject(rawOperation)) {
        ctx.report('MJG205', `${key.toUpperCase()} ${path} is not an object`, opPointer);
        continue;
      }
      operations.push(toOperation(ctx, security, path, key.toUpperCase() as HttpMethod, rawOperation, opPointer, pathLevel));
    }
  }
  reportDuplicateOperationIds(ctx, operations);
  return operations;
}

function toOperation(
  ctx: BuildContext,
  security: SecurityContext,
  path: string,
  method: HttpMethod,
  op: Record<string, unknown>,
  pointer: string,
  pathLevel: ParameterList,
): Operation {
  const own = toParameterList(ctx, op.parameters, pointer);
  const parameters = addMissingPathParameters(ctx, path, pointer, mergeParameters(pathLevel.parameters, own.parameters));
  const requestBody =
    ctx.flavour === 'swagger-2.0'
      ? toSwagger2RequestBody(ctx, op, pointer, { body: own.body ?? pathLevel.body, form: mergeForm(pathLevel.form, own.form) })
      : toRequestBody(ctx, op, pointer);
  // Keys in the order a reader of the IR (or a snapshot) expects; optional ones only when present.
  const operation: Operation = {
    ...(typeof op.operationId === 'string' && op.operationId !== '' ? { operationId: op.operationId } : {}),
    method,
    path,
    pointer,
    ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
    ...(typeof op.description === 'string' ? { description: op.description } : {}),
    tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
    deprecated: op.deprecated === true,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: toResponses(ctx, op, pointer),
    security:
      op.security === undefined
        ? security.defaultSecurity
        : toSecurityRequirements(ctx, op.security, pointerOf(pointer, 'security'), security.declaredSchemes),
    callbacks: isObject(op.callbacks) ? Object.keys(op.callbacks) : [],
    extensions: extensionsOf(op),
  };
  return operation;
}

function mergeForm<T extends { name: string }>(pathLevel: T[], own: T[]): T[] {
  const names = new Set(own.map((f) => f.name));
  return [...pathLevel.filter((f) => !names.has(f.name)), ...own];
}

/** A `{name}` with no declared path parameter would make an unbuildable URL: add it, and say so. */
function addMissingPathParameters(ctx: BuildContext, path: string, pointer: string, parameters: Parameter[]): Parameter[] {
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of pathTemplateNames(path)) {
    if (declared.has(name)) continue;
    declared.add(name);
    ctx.report('MJG209', `path template {${name}} of ${path} has no path parameter`, pointer);
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false, pointer });
  }
  return parameters;
}

function extensionsOf(op: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(op)) if (key.startsWith('x-')) out[key] = op[key];
  return out;
}

function reportDuplicateOperationIds(ctx: BuildContext, operations: Operation[]): void {
  const first = new Map<string, Operation>();
  for (const op of operations) {
    if (op.operationId === undefined) continue;
    const earlier = first.get(op.operationId);
    if (earlier === undefined) first.set(op.operationId, op);
    else
      ctx.report('MJG201', `operationId "${op.operationId}" of ${operationKey(op)} is also used by ${operationKey(earlier)}`, op.pointer);
  }
}
