/**
 * YAML aliases share one parsed node, but everything after the parser (the `$ref` scan, the bundler, normalize)
 * walks the document as a tree, so nine levels of ten aliases each ("billion laughs") are 10^10 nodes: the
 * generator hung. The expanded size is counted over the shared graph once per distinct node (memoised by
 * identity, iteratively: a 50,000-deep spec must not overflow the stack), and a document past the limit is refused.
 */

/** Expanded nodes allowed: far above what a real spec's aliases expand to, far below a bomb (10^10). */
export function aliasExpansionLimit(textLength: number): number {
  return Math.max(5_000_000, textLength * 4);
}

/** The number of nodes `value` has when every shared node is counted at each use, or `limit + 1` once past it. */
export function expandedSize(value: unknown, limit: number): number {
  const sizes = new Map<object, number>();
  const stack: { node: object; entered: boolean }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, entered: false });
  else return 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (sizes.has(top.node)) {
      stack.pop();
      continue;
    }
    const children = Object.values(top.node).filter((c): c is object => c !== null && typeof c === 'object');
    if (!top.entered) {
      top.entered = true;
      for (const child of children) if (!sizes.has(child)) stack.push({ node: child, entered: false });
      continue;
    }
    stack.pop();
    let size = 1 + Object.keys(top.node).length - children.length;
    // A child still being entered is an ancestor (a cycle): counted once.
    for (const child of children) size += sizes.get(child) ?? 1;
    sizes.set(top.node, Math.min(size, limit + 1));
  }
  return sizes.get(value) ?? 1;
}
