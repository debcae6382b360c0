/**
 * Human output of the CLI: diagnostics as `severity CODE message (file#pointer)` with an indented help line,
 * the write summary and the --check drift summary.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { CheckResult, WriteResult } from '../write/index.js';
import { terminalSafe } from './terminalText.js';

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file !== undefined || d.pointer !== undefined ? ` (${d.file ?? ''}${d.pointer ?? ''})` : '';
  const help = d.help !== undefined ? `\n  help: ${terminalSafe(d.help)}` : '';
  // A message quotes the contract (operationIds, paths, names): never raw control characters on a terminal.
  return `${d.severity} ${d.code} ${terminalSafe(d.message)}${terminalSafe(where)}${help}\n`;
}

/** With --quiet only errors are shown. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], quiet: boolean): string {
  return diagnostics
    .filter((d) => !quiet || d.severity === 'error')
    .map(formatDiagnostic)
    .join('');
}

function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/** How many changed files get their diff printed; the rest are listed by name. */
const DIFFS_SHOWN = 10;

export function formatCheckSummary(result: CheckResult, dir: string): string {
  if (result.upToDate) return `${dir} is up to date.\n`;
  const lines = [
    `${dir} is out of date: ${result.added.length} added, ${result.removed.length} removed, ${result.changed.length} changed.`,
    ...result.added.map((path) => `  added:   ${path}`),
    ...result.removed.map((path) => `  removed: ${path}`),
  ];
  result.changed.forEach((change, index) => {
    lines.push(`  changed: ${change.path}`);
    if (index < DIFFS_SHOWN) lines.push(...change.diff.split('\n').map((line) => `    ${line}`));
  });
  lines.push('Run the same command without --check to update it.');
  return `${lines.join('\n')}\n`;
}

/** `2 errors and 1 warning reported above.`, or nothing. */
function countLine(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (errors + warnings === 0) return '';
  const parts = [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter(Boolean);
  return `${parts.join(' and ')} reported above.\n`;
}

export function formatWriteSummary(
  result: WriteResult,
  dir: string,
  families: readonly string[],
  operations: number,
  diagnostics: readonly Diagnostic[] = [],
): string {
  const jobs =
    families.length === 0 ? 'no job families' : `${plural(families.length, 'job family', 'job families')}: ${families.join(', ')}`;
  if (!result.written) return `${dir} is already up to date (${plural(operations, 'operation')}, ${jobs}).\n${countLine(diagnostics)}`;
  const kept = result.preserved > 0 ? `; kept ${plural(result.preserved, 'file')} of yours` : '';
  return (
    `Wrote ${dir}: ${result.added.length} added, ${result.changed.length} changed, ${result.removed.length} removed${kept}.\n` +
    `${plural(operations, 'operation')}, ${jobs}.\n` +
    countLine(diagnostics)
  );
}
