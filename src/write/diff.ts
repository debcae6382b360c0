/**
 * A short, unified-looking diff for `--check` output: enough for a reviewer to see what drifted, cheap on
 * multi-megabyte generated files. It trims the common head and tail and shows the differing middle as
 * removed/added lines (O(n), no LCS), cut after `maxLines` lines.
 */
export function shortDiff(before: string, after: string, maxLines = 20): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const lines = [
    `@@ -${head + 1},${removed.length} +${head + 1},${added.length} @@`,
    ...removed.map((line) => `-${line}`),
    ...added.map((line) => `+${line}`),
  ];
  if (lines.length <= maxLines + 1) return lines.join('\n');
  return [...lines.slice(0, maxLines + 1), `… ${lines.length - 1 - maxLines} more diff lines`].join('\n');
}
