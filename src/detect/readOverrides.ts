/**
 * Operation overrides from `x-mcp-jobgen` in the spec and `operations` in the config (the config wins:
 * it is the user's word about someone else's contract). Bad values become diagnostics, never throws.
 */
import type { OperationJobOverride, OperationOverride } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, Operation } from '../model/ir.js';
import { isObject } from '../model/jsonPointer.js';
import { operationKey } from '../model/operationKey.js';
import { detectDiagnostic } from './codes.js';

const ROLES = ['start', 'poll', 'cancel', 'result'] as const;

export interface OverrideSet {
  byOp: Map<Operation, { value: OperationJobOverride; source: string }>;
}

export { operationKey };

export function readOverrides(
  model: ApiModel,
  config: Record<string, OperationOverride> | undefined,
  diagnostics: Diagnostic[],
): OverrideSet {
  const byOp = new Map<Operation, { value: OperationJobOverride; source: string }>();
  const configKeys = new Set(Object.keys(config ?? {}));
  for (const op of model.operations) {
    if ('x-mcp-jobgen' in op.extensions) {
      const v = validate(op.extensions['x-mcp-jobgen'], `x-mcp-jobgen on ${operationKey(op)}`, `${op.pointer}/x-mcp-jobgen`, diagnostics);
      if (v !== undefined) byOp.set(op, { value: v, source: 'x-mcp-jobgen' });
    }
    for (const key of [op.operationId, operationKey(op)]) {
      if (key === undefined || !config || !Object.hasOwn(config, key)) continue;
      configKeys.delete(key);
      const v = validate(config[key], `config operations["${key}"]`, undefined, diagnostics);
      if (v !== undefined) byOp.set(op, { value: v, source: `config operations["${key}"]` });
    }
  }
  for (const key of configKeys) {
    diagnostics.push(
      detectDiagnostic('MJG303', `config operations["${key}"] names no operation of the spec`, {
        help: 'Use an operationId or "METHOD /path" exactly as the spec writes it.',
      }),
    );
  }
  return { byOp };
}

function validate(value: unknown, where: string, pointer: string | undefined, diagnostics: Diagnostic[]): OperationJobOverride | undefined {
  if (value === false) return false;
  const invalid = (help: string): undefined => {
    diagnostics.push(
      detectDiagnostic('MJG301', `${where} is not a valid job override and is ignored`, {
        help,
        ...(pointer === undefined ? {} : { pointer }),
      }),
    );
    return undefined;
  };
  // `{promote: …}` alone is about a plain operation's promotion (detectPromotions reads it), not a job role.
  if (isObject(value) && 'promote' in value && !('family' in value) && !('role' in value)) return undefined;
  if (
    isObject(value) &&
    typeof value['family'] === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(value['family']) &&
    (ROLES as readonly unknown[]).includes(value['role'])
  ) {
    const out: Exclude<OperationJobOverride, false> = { family: value['family'], role: value['role'] as (typeof ROLES)[number] };
    for (const k of ['idParam', 'idFrom', 'statusField'] as const) if (typeof value[k] === 'string') out[k] = value[k] as string;
    const idIn = value['idIn'];
    if (idIn === 'path' || idIn === 'query' || idIn === 'body') out.idIn = idIn;
    // A list of ids is a JSON body field: `idList` says where the id goes unless `idIn` says otherwise.
    if (value['idList'] === true && (out.idIn === undefined || out.idIn === 'body')) out.idList = true;
    else if (value['idList'] === true) return invalid('idList needs idIn "body" (a list of ids is a field of the JSON body), or no idIn.');
    const kind = value['kind'];
    if (kind === 'job' || kind === 'provisioning') out.kind = kind;
    return out;
  }
  return invalid('Use false to suppress, or {"family": "<snake_case name>", "role": "start"|"poll"|"cancel"|"result"}.');
}
