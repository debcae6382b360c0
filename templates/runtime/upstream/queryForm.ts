/**
 * The request body of an AWS query-protocol operation (Smithy `aws.protocols#awsQuery`, "Request serialization"):
 * `Action` and `Version`, then every argument flattened into `application/x-www-form-urlencoded` keys: a
 * structure's members as `A.B`, a list as `L.member.N` (the member's own name when the model gives one, `L.N` when
 * flattened, under the member's name when it has one), a map as `M.entry.N.key` / `M.entry.N.value`, counters from 1, an empty list as `L=`. Keys and
 * values are encoded by RFC 3986. The contract's parameters and body members are both input members here: the
 * protocol has no HTTP bindings, so a `GET` variant's query parameters go into the same form.
 */
import { ownArg } from '../core/ownArgs.js';
import type { AwsQuerySpec, OperationSpec, QueryShape } from '../definition.js';
import { MAX_BODY_DEPTH } from './body.js';
import { ArgumentError } from './serialize.js';

export const QUERY_FORM_TYPE = 'application/x-www-form-urlencoded; charset=utf-8';

/** The form text of one call: `Action=…&Version=…&…`. Throws ArgumentError for a value that cannot be sent. */
export function queryForm(op: OperationSpec, args: Record<string, unknown>, spec: AwsQuerySpec): string {
  const pairs: Array<[string, string]> = [
    ['Action', spec.action],
    ['Version', spec.version],
  ];
  const members = spec.input !== undefined && typeof spec.input === 'object' && 'members' in spec.input ? spec.input.members : {};
  const shapeOf = (name: string) => (Object.hasOwn(members, name) ? members[name] : undefined);
  for (const fixed of op.constants ?? []) {
    if (fixed.in === 'query' && fixed.name !== 'Action' && fixed.name !== 'Version') pairs.push([fixed.name, fixed.value]);
  }
  for (const param of op.params) {
    if (param.in !== 'query' || param.name === 'Action' || param.name === 'Version') continue;
    flatten(pairs, param.name, ownArg(args, param.arg), shapeOf(param.name), 1);
  }
  const body = op.body ? ownArg(args, op.body.arg) : undefined;
  if (body !== undefined && body !== null) {
    if (typeof body !== 'object' || Array.isArray(body)) throw new ArgumentError(`Request body "${op.body!.arg}" must be an object.`);
    for (const [name, value] of Object.entries(body)) {
      if (name !== 'Action' && name !== 'Version') flatten(pairs, name, value, shapeOf(name), 1);
    }
  } else if (op.body?.required) {
    throw new ArgumentError(`Missing request body "${op.body.arg}".`);
  }
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

function flatten(pairs: Array<[string, string]>, key: string, value: unknown, shape: QueryShape | undefined, depth: number): void {
  if (value === undefined || value === null) return;
  if (depth > MAX_BODY_DEPTH) throw new ArgumentError(`Argument "${key.split('.')[0]}" is nested deeper than ${MAX_BODY_DEPTH} levels.`);
  const aggregate = typeof shape === 'object' ? shape : undefined;
  if (Array.isArray(value)) {
    const list = aggregate && 'list' in aggregate ? aggregate : undefined;
    if (value.length === 0) pairs.push([key, '']);
    // A flattened list's items are named by its member (SQS `AWSAccountIds` → `AWSAccountId.1`), as the SDKs send them.
    const prefix = list?.flat ? (list.member === undefined ? key : renameLast(key, list.member)) : `${key}.${list?.member ?? 'member'}`;
    for (const [i, item] of value.entries()) flatten(pairs, `${prefix}.${i + 1}`, item, list?.list, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (aggregate && 'map' in aggregate) {
      for (const [i, [k, v]] of entries.entries()) {
        pairs.push([`${key}.entry.${i + 1}.key`, k]);
        flatten(pairs, `${key}.entry.${i + 1}.value`, v, aggregate.map, depth + 1);
      }
      return;
    }
    const members = aggregate && 'members' in aggregate ? aggregate.members : {};
    for (const [name, member] of entries)
      flatten(pairs, `${key}.${name}`, member, Object.hasOwn(members, name) ? members[name] : undefined, depth + 1);
    return;
  }
  pairs.push([key, String(value)]);
}

function renameLast(key: string, name: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? name : `${key.slice(0, dot + 1)}${name}`;
}

/** RFC 3986: encodeURIComponent leaves `!'()*` as they are, which the protocol's signers and servers encode. */
function encode(text: string): string {
  let out: string;
  try {
    out = encodeURIComponent(text);
  } catch {
    throw new ArgumentError('An argument is not valid Unicode text (a lone surrogate).');
  }
  return out.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
