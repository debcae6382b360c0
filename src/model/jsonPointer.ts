/**
 * The IR toolkit's pointer helpers: RFC 6901 JSON pointers written as URI fragments (`#/paths/~1jobs/post`),
 * used by load (bundling), normalize (IR pointers) and anyone reading a document. Specs write refs with and
 * without percent-encoding; both resolve. Pure functions, no I/O.
 */

export function escapePointerSegment(segment: string): string {
  // Most segments need no escaping; skipping the regexes matters when building GitHub's 1,223 operations.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `#` + `/a/b` for the segments given, each escaped. */
export function pointerOf(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const s of segments) out += `/${escapePointerSegment(String(s))}`;
  return out;
}

/** Splits `#/a/b~1c` (or `/a/b~1c`) into `['a', 'b/c']`; `#` or '' is the root (no segments). */
export function splitPointer(pointer: string): string[] {
  let p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      // Not valid percent-encoding: keep it literal, a lookup will simply miss.
    }
  }
  if (p === '' || p === '/') return p === '/' ? [''] : [];
  if (!p.startsWith('/')) return [p];
  return p.slice(1).split('/').map(unescapePointerSegment);
}

const MISSING = Symbol('missing');

/** The value at `pointer` inside `root`, or `undefined` when any segment is absent. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of splitPointer(pointer)) {
    node = child(node, segment);
    if (node === MISSING) return undefined;
  }
  return node;
}

function child(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) {
    const index = /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
    return index >= 0 && index < node.length ? node[index] : MISSING;
  }
  if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
    return (node as Record<string, unknown>)[segment];
  }
  return MISSING;
}

/** A JSON object (not null, not an array): what a schema, an operation or a document node is. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
