/**
 * Coded diagnostics: every problem the generator reports has a code documented in docs/DIAGNOSTICS.md.
 * Stages collect them and never throw for bad input; the CLI decides the exit code.
 */
import type { JsonPointer } from './ir.js';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, e.g. `MJG101`. The table in docs/DIAGNOSTICS.md lists them all. */
  code: string;
  severity: Severity;
  message: string;
  /** What the user can do about it. */
  help?: string;
  /** Where in the document (JSON pointer as URI fragment). */
  pointer?: JsonPointer;
  /** For multi-file specs: the file (relative to the working directory) the pointer is in. */
  file?: string;
}

export function createDiagnostic(
  code: string,
  severity: Severity,
  message: string,
  extra: { help?: string; pointer?: JsonPointer; file?: string } = {},
): Diagnostic {
  const d: Diagnostic = { code, severity, message };
  if (extra.help !== undefined) d.help = extra.help;
  if (extra.pointer !== undefined) d.pointer = extra.pointer;
  if (extra.file !== undefined) d.file = extra.file;
  return d;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** One row of a stage's code table (`src/load/codes.ts`, …): what docs/DIAGNOSTICS.md documents and tests check. */
export interface CodeInfo {
  severity: Severity;
  title: string;
  help: string;
}

/** A diagnostic with the severity and help of its code-table row; `message` says what exactly happened. */
export function diagnosticFromTable<Code extends string>(
  table: Record<Code, CodeInfo>,
  code: Code,
  message: string,
  extra: { help?: string; pointer?: JsonPointer; file?: string } = {},
): Diagnostic {
  const info = table[code];
  return createDiagnostic(code, info.severity, message, { help: info.help, ...extra });
}

/** Thrown only by a stage that cannot produce anything usable; carries what was collected. */
export class FatalDiagnosticsError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(
      diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.code}: ${d.message}`)
        .join('\n'),
    );
    this.name = 'FatalDiagnosticsError';
  }
}

/**
 * A stage's diagnostic factory over its code table: `code` is one of the table's, the severity and help come from
 * its row, and `extra.help` refines the help for one case.
 */
export function diagnosticFactory<Code extends string>(
  table: Record<Code, CodeInfo>,
): (code: Code, message: string, extra?: { help?: string; pointer?: JsonPointer; file?: string }) => Diagnostic {
  return (code, message, extra = {}) => diagnosticFromTable(table, code, message, extra);
}
