/**
 * A property computed on its first read and kept as a plain value afterwards. The generated tool tables build
 * each operation's zod schemas this way: building 1,200 schemas when a module loads cost GitHub's server a
 * second and most of its memory at every start, while a dynamic-mode server needs a schema only for the
 * operation it describes or calls, and a static one only for the tools it lists. The schema built is the same
 * object either way, so validation is exactly as strict.
 */
export function lazy<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K]): T[K] {
  const value = build();
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return value;
}

/** A value built on the first call and returned by every later one (a schema several tools of a file share). */
export function once<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
