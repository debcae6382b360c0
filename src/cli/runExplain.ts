/** `mcp-jobgen explain <spec> [--json]`: what detection found and why, without generating anything. */
import { type ExplainJson, explain } from '../index.js';
import { type Diagnostic, FatalDiagnosticsError, hasErrors } from '../model/diagnostics.js';
import type { FlagValues } from './flags.js';
import type { CliIO } from './io.js';
import { createProgress, STAGE_LABELS } from './progress.js';
import { formatDiagnostics } from './report.js';
import { resolveConfig } from './resolveConfig.js';
import { terminalSafe } from './terminalText.js';

/** The explain contract's diagnostic shape (docs/EXPLAIN.md), for config and fatal load diagnostics too. */
function toExplainDiagnostic(d: Diagnostic): ExplainJson['diagnostics'][number] {
  return { code: d.code, severity: d.severity, message: d.message, pointer: d.pointer ?? null };
}

export async function runExplain(spec: string | undefined, flags: FlagValues, io: CliIO): Promise<number> {
  const quiet = flags.quiet === true;
  const resolved = await resolveConfig(spec, flags, io.cwd);
  let diagnostics = resolved.diagnostics;
  if (resolved.config !== undefined) {
    const progress = createProgress(io, quiet || flags.json === true);
    try {
      const result = await explain(resolved.config, { onStage: (stage) => progress.stage(STAGE_LABELS[stage]) });
      progress.done();
      const all = [...diagnostics, ...result.diagnostics];
      if (flags.json) {
        const json = { ...result.json, diagnostics: [...diagnostics.map(toExplainDiagnostic), ...result.json.diagnostics] };
        io.stdout(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        io.stderr(formatDiagnostics(all, quiet));
        const text = terminalSafe(result.text);
        io.stdout(text.endsWith('\n') ? text : `${text}\n`);
      }
      return hasErrors(all) ? 2 : 0;
    } catch (error) {
      progress.done();
      if (!(error instanceof FatalDiagnosticsError)) throw error;
      diagnostics = [...diagnostics, ...error.diagnostics];
    }
  }
  // Nothing usable: still one JSON document of the documented shape, so parsers never see half an answer.
  if (flags.json) {
    const json = { operations: 0, jobs: [], hints: [], diagnostics: diagnostics.map(toExplainDiagnostic) };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else io.stderr(formatDiagnostics(diagnostics, quiet));
  return 2;
}
