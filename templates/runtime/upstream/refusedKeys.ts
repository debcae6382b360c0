/**
 * Keys a client refuses a whole message for. The AI SDK's MCP client (`@ai-sdk/mcp`) parses every message with a
 * copy of secure-json-parse that throws on an own `__proto__` key, or an own `constructor` key holding an object
 * with its own `prototype`, anywhere in the message; the throw reaches only its error hook and the call never
 * settles, so the agent waits for ever. An upstream answer may hold either (hostile, or a store of user JSON), and
 * zod passes them through wherever the contract leaves a value untyped. structuredContent leaves them out and
 * names where; the JSON text block keeps them, as characters of a string, which no client parses as keys.
 */

/** JSON.stringify writes a key as `"name":` with no escape and no space, so these find every candidate. */
const SUSPECT = /"(__proto__|constructor)":/;

export interface RefusedKeys {
  value: Record<string, unknown>;
  /** Where a key was left out, as `path.to.key`; empty when nothing was. */
  removed: string[];
}

/**
 * `value` without the keys named above, copied only where one was found. `json` is `JSON.stringify(value)` when the
 * caller has it: without a suspect key in it the walk is skipped.
 */
export function withoutRefusedKeys(value: Record<string, unknown>, json?: string): RefusedKeys {
  if (json !== undefined && !SUSPECT.test(json)) return { value, removed: [] };
  const removed: string[] = [];
  // A node met twice (shared by reference) gets the same answer; a cycle, which JSON cannot hold, stops at itself.
  const done = new Map<object, unknown>();
  const walk = (node: unknown, at: string): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (done.has(node)) return done.get(node);
    done.set(node, node);
    const out = walkNode(node, at);
    done.set(node, out);
    return out;
  };
  const walkNode = (node: object, at: string): unknown => {
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      node.forEach((item, i) => {
        const next = walk(item, `${at}[${i}]`);
        if (next === item) return;
        copy ??= [...node];
        copy[i] = next;
      });
      return copy ?? node;
    }
    const record = node as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const where = at ? `${at}.${key}` : key;
      const item = record[key];
      if (key === '__proto__' || (key === 'constructor' && holdsPrototype(item))) {
        copy ??= { ...record };
        delete copy[key];
        removed.push(where);
        continue;
      }
      const next = walk(item, where);
      if (next === item) continue;
      copy ??= { ...record };
      copy[key] = next;
    }
    return copy ?? record;
  };
  const out = walk(value, '') as Record<string, unknown>;
  return { value: out, removed };
}

function holdsPrototype(item: unknown): boolean {
  return item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype');
}
