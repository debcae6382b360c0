/**
 * `ApiModel.schemas`: the targets of every `$ref` reachable from the operations' parameters, bodies,
 * responses and headers, followed transitively. Only what is reachable is visited (GitHub's spec is not
 * walked whole), each ref once, so ref cycles (Stripe, Argo) terminate.
 */

import { isFollowableKey } from '../load/index.js';
import type { JsonSchema, Operation } from '../model/ir.js';
import { isObject } from '../model/jsonPointer.js';

export interface UnresolvedSchemaRef {
  ref: string;
  pointer: string;
}

/**
 * Every schema an operation uses directly (parameters, bodies, responses, headers) is a root, walked with the
 * pointer of its use. Refs resolve with `lookup` (the bundled document while normalizing; the model's own `schemas`
 * after filtering); unresolvable refs map to `{}` and are returned so that the caller can report them.
 */
export function collectOperationSchemas(
  operations: readonly Operation[],
  lookup: (ref: string) => JsonSchema | undefined,
): { schemas: Record<string, JsonSchema>; unresolved: UnresolvedSchemaRef[] } {
  const walk = new ReachableWalk(lookup);
  for (const op of operations) {
    for (const p of op.parameters) walk.push(p.schema, undefined, p.pointer);
    if (op.requestBody) for (const c of op.requestBody.content) walk.push(c.schema, undefined, op.requestBody.pointer);
    for (const r of op.responses) {
      for (const c of r.content) walk.push(c.schema, undefined, r.pointer);
      for (const h of r.headers) walk.push(h.schema, undefined, r.pointer);
    }
  }
  return walk.run();
}

/** Depth-first, last pushed first: the order of `schemas` and of `unresolved` is part of the output. */
class ReachableWalk {
  private readonly schemas: Record<string, JsonSchema> = {};
  private readonly unresolved: UnresolvedSchemaRef[] = [];
  private readonly visited = new Set<object>();
  // Three parallel stacks instead of one object per entry: this walk is hot on big specs.
  private readonly nodes: unknown[] = [];
  private readonly parentKeys: (string | undefined)[] = [];
  private readonly pointers: string[] = [];

  constructor(private readonly lookup: (ref: string) => JsonSchema | undefined) {}

  push(node: unknown, parentKey: string | undefined, pointer: string): void {
    if (node === undefined) return;
    this.nodes.push(node);
    this.parentKeys.push(parentKey);
    this.pointers.push(pointer);
  }

  run(): { schemas: Record<string, JsonSchema>; unresolved: UnresolvedSchemaRef[] } {
    const { schemas, unresolved, visited, nodes, parentKeys, pointers } = this;
    while (nodes.length > 0) {
      const node = nodes.pop();
      const parentKey = parentKeys.pop();
      const pointer = pointers.pop()!;
      if (node === null || typeof node !== 'object' || visited.has(node)) continue;
      visited.add(node);
      if (Array.isArray(node)) {
        for (const item of node) if (item !== null && typeof item === 'object') this.push(item, undefined, pointer);
        continue;
      }
      const record = node as Record<string, unknown>;
      const ref = record.$ref;
      if (typeof ref === 'string' && !Object.hasOwn(schemas, ref)) {
        const target = ref.startsWith('#') ? this.lookup(ref) : undefined;
        if (target === undefined) unresolved.push({ ref, pointer });
        schemas[ref] = target ?? {};
        // The target's own refs are reported at the target's location, which is where they are written.
        if (target !== undefined) this.push(target, undefined, ref);
      }
      for (const key in record) {
        const value = record[key];
        if (value !== null && typeof value === 'object' && isFollowableKey(key, value, parentKey)) this.push(value, key, pointer);
      }
    }
    return { schemas, unresolved };
  }
}

/** A ref target usable as a schema (object or boolean), else undefined. */
export function schemaAt(target: unknown): JsonSchema | undefined {
  return isObject(target) || typeof target === 'boolean' ? (target as JsonSchema) : undefined;
}
