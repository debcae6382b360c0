/**
 * Memos of detection: what a question answers about one schema object or one operation, remembered for one
 * detection run. A run has one SchemaReader; GitHub's 1,223 operations share a few hundred `$ref`'d schemas, so
 * asking each schema once instead of once per operation is most of detection's cost. Keys are object identities
 * (a resolved schema, a properties map, an operation), which do not change during a run; a new run (a new
 * reader) starts empty, so nothing outlives the model it was read from.
 */
import type { SchemaReader } from './schemaWalk.js';

export class ReaderMemo<K, V> {
  private readonly byReader = new WeakMap<SchemaReader, Map<K, V>>();

  get(reader: SchemaReader, key: K, compute: (key: K) => V): V {
    let table = this.byReader.get(reader);
    if (table === undefined) {
      table = new Map();
      this.byReader.set(reader, table);
    }
    if (table.has(key)) return table.get(key) as V;
    const value = compute(key);
    table.set(key, value);
    return value;
  }
}

/**
 * A pure function of a string, remembered (path shapes, token splits): the same few thousand paths and field
 * names are asked about again and again. Bounded, cleared when full, so a long-lived process cannot grow it.
 */
export function memoByString<V>(fn: (s: string) => V, max = 50_000): (s: string) => V {
  const table = new Map<string, V>();
  return (s: string): V => {
    const known = table.get(s);
    if (known !== undefined || table.has(s)) return known as V;
    const value = fn(s);
    if (table.size >= max) table.clear();
    table.set(s, value);
    return value;
  };
}
