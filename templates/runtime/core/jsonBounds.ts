/**
 * Walks over JSON-like values without recursion. `JSON.parse` accepts nesting 100,000 deep, while
 * `JSON.stringify`, `structuredClone`, zod and any recursive helper overflow the stack from a few thousand
 * levels: every value that came from outside (an upstream body, a tool argument) is measured or copied here,
 * with an explicit stack, before anything recursive sees it.
 */

/** Nesting depth of a value: a scalar is 0, `[]` and `{}` are 1. Stops counting at `stopAt` (cheap early exit). */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest >= stopAt) return deepest;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') stack.push([child, level]);
  }
  return deepest;
}

export interface CopyOptions {
  /** Applied to every string (values and object keys). */
  mapString?: (text: string) => string;
  /** Containers nested deeper than this are replaced by `deepMarker`. */
  maxDepth?: number;
  deepMarker?: string;
  /** Object keys in sorted order (a canonical form for hashing). */
  sortKeys?: boolean;
  /** Objects without a prototype: no key (`toString`, `__proto__`) reads or writes anything inherited. */
  nullPrototype?: boolean;
}

const CIRCULAR = '[circular]';

/**
 * A plain JSON copy: strings mapped, containers below `maxDepth` replaced by a marker, cycles cut, values
 * JSON cannot hold (functions, symbols, undefined in objects) dropped as JSON.stringify would drop them.
 */
export function copyJson(value: unknown, options: CopyOptions = {}): unknown {
  const mapString = options.mapString ?? ((text: string) => text);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const marker = options.deepMarker ?? `[nested deeper than ${maxDepth} levels: omitted]`;
  const ancestors = new Set<object>();
  const root: { value?: unknown } = {};
  // Each task copies `source` into `target[key]`; an `exit` task removes a container from the ancestor set.
  type Task = { source: unknown; target: Record<string, unknown> | unknown[]; key: string | number; depth: number } | { exit: object };
  const stack: Task[] = [{ source: value, target: root as Record<string, unknown>, key: 'value', depth: 0 }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    if ('exit' in task) {
      ancestors.delete(task.exit);
      continue;
    }
    const { source, target, key, depth } = task;
    const put = (copy: unknown): void => {
      (target as Record<string | number, unknown>)[key] = copy;
    };
    if (typeof source === 'string') put(mapString(source));
    else if (typeof source === 'number') put(Object.is(source, -0) ? 0 : source);
    else if (source === null || typeof source === 'boolean') put(source);
    else if (typeof source === 'bigint') put(source.toString());
    else if (typeof source === 'object') {
      if (ancestors.has(source)) put(CIRCULAR);
      else if (depth >= maxDepth) put(marker);
      else if (typeof (source as { toJSON?: unknown }).toJSON === 'function') {
        // A Date (or anything with toJSON) is copied as what JSON.stringify would write for it.
        const json = (source as { toJSON(): unknown }).toJSON();
        if (json === source) put(CIRCULAR);
        else stack.push({ source: json, target, key, depth });
      } else {
        const container: Record<string, unknown> | unknown[] = Array.isArray(source)
          ? []
          : options.nullPrototype
            ? (Object.create(null) as Record<string, unknown>)
            : {};
        put(container);
        ancestors.add(source);
        stack.push({ exit: source });
        if (Array.isArray(source)) {
          for (let i = source.length - 1; i >= 0; i--) {
            const item = source[i];
            // JSON turns holes and unserialisable items of an array into null.
            const keep = item !== undefined && typeof item !== 'function' && typeof item !== 'symbol';
            stack.push({ source: keep ? item : null, target: container, key: i, depth: depth + 1 });
          }
        } else {
          const entries = Object.entries(source);
          if (options.sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          for (let i = entries.length - 1; i >= 0; i--) {
            const [name, item] = entries[i]!;
            if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
            stack.push({ source: item, target: container, key: mapString(name), depth: depth + 1 });
          }
        }
      }
    }
    // undefined, functions and symbols at the top level stay undefined, as with JSON.stringify.
  }
  return root.value;
}
