/**
 * `mcp-jobgen <spec>` / `generate`: resolve config, run the library pipeline, then write or --check.
 * Exit codes: 0 written / up to date; 1 --check found drift; 2 on any error diagnostic. Like tsc without
 * noEmitOnError, stages collect every problem and keep going while something usable remains, so a project with
 * an error that could be worked around (a remote `$ref` replaced by an empty schema) is still written for the
 * user to inspect into a new or empty directory, but never over an existing one without --force; the exit
 * code says the run had errors and CI stops. In --check mode errors win over drift.
 */
import { readdirSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { configDiagnostic } from '../config/index.js';
import { type GenerateResult, generate } from '../index.js';
import { type Diagnostic, FatalDiagnosticsError, hasErrors } from '../model/diagnostics.js';
import { type CheckResult, checkOutput, type WriteResult, writeDiagnostic, writeOutput } from '../write/index.js';
import type { FlagValues } from './flags.js';
import type { CliIO } from './io.js';
import { createProgress, STAGE_LABELS } from './progress.js';
import { formatCheckSummary, formatDiagnostics, formatWriteSummary } from './report.js';
import { resolveConfig } from './resolveConfig.js';

interface Outcome {
  exitCode: number;
  diagnostics: Diagnostic[];
  output?: string;
  generated?: GenerateResult;
  check?: CheckResult;
  write?: WriteResult;
}

function displayPath(io: CliIO, path: string): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

async function runPipeline(spec: string | undefined, flags: FlagValues, io: CliIO): Promise<Outcome> {
  const resolved = await resolveConfig(spec, flags, io.cwd);
  const diagnostics = [...resolved.diagnostics];
  if (resolved.config === undefined) return { exitCode: 2, diagnostics };
  const config = resolved.config;

  const progress = createProgress(io, flags.quiet === true || flags.json === true);
  let generated: GenerateResult;
  try {
    generated = await generate(config, { cwd: io.cwd, onStage: (stage) => progress.stage(STAGE_LABELS[stage]) });
  } catch (error) {
    progress.done();
    if (error instanceof FatalDiagnosticsError) return { exitCode: 2, diagnostics: [...diagnostics, ...error.diagnostics] };
    throw error;
  }
  diagnostics.push(...generated.diagnostics);
  const output = generated.output;
  if (flags.check) {
    progress.stage('comparing');
    const check = await checkOutput(output, generated.files, { source: generated.source });
    progress.done();
    diagnostics.push(...check.diagnostics);
    const exitCode = hasErrors(diagnostics) ? 2 : check.upToDate ? 0 : 1;
    return { exitCode, diagnostics, output, generated, check };
  }
  if (generated.files.length === 0) {
    progress.done();
    return { exitCode: 2, diagnostics, output, generated };
  }
  const skip = reasonNotToWrite(generated, diagnostics, output, flags, io);
  if (skip) {
    progress.done();
    return { exitCode: hasErrors(diagnostics) ? 2 : 0, diagnostics: [...diagnostics, skip], output, generated };
  }
  if (flags.clean) {
    const { checkCleanTarget } = await import('./outputGuard.js'); // only --clean needs it
    const refused = checkCleanTarget(output, {
      cwd: io.cwd,
      protectedFiles: [config.spec, ...(resolved.configFile ? [resolved.configFile] : [])],
    });
    if (refused.length > 0) {
      progress.done();
      return { exitCode: 2, diagnostics: [...diagnostics, ...refused], output, generated };
    }
  }
  progress.stage('writing');
  const write = await writeOutput(output, generated.files, { clean: flags.clean === true, source: generated.source });
  progress.done();
  diagnostics.push(...write.diagnostics);
  return { exitCode: hasErrors(diagnostics) ? 2 : 0, diagnostics, output, generated, write };
}

/** A directory that exists and holds anything: a previous run's project, or the user's files. */
function holdsOutput(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * Runs that must not write: a server without a single operation tool serves nobody (and an existing project
 * must not be emptied by a contract that lost its paths); and a run with errors never replaces an existing
 * output directory, which is most likely the last good project, unless --force says so. A new or empty
 * directory still gets the project, for inspection.
 */
function reasonNotToWrite(
  generated: GenerateResult,
  diagnostics: Diagnostic[],
  output: string,
  flags: FlagValues,
  io: CliIO,
): Diagnostic | null {
  const dir = displayPath(io, output);
  if (generated.model.operations.length === 0) {
    return configDiagnostic(
      'MJG338',
      `no operations to generate (the spec defines none, or include/exclude removed them all): nothing was written to ${dir}`,
      {
        help: 'Check the spec has `paths` with operations (and the include/exclude patterns); a server without tools would serve nobody.',
      },
    );
  }
  if (hasErrors(diagnostics) && flags.force !== true && holdsOutput(output)) {
    return writeDiagnostic('MJG409', `the run reported errors, so the existing output in ${dir} was left untouched`, {
      help: 'Fix the errors above; or pass --force to write the project anyway (for inspection), replacing the generated files.',
    });
  }
  return null;
}

/** The `--json` document of generate (documented in docs/CI.md). */
function toJson(outcome: Outcome, io: CliIO, checkMode: boolean): unknown {
  const { generated, check, write } = outcome;
  return {
    command: 'generate',
    mode: checkMode ? 'check' : 'write',
    exitCode: outcome.exitCode,
    output: outcome.output !== undefined ? displayPath(io, outcome.output) : null,
    upToDate: check ? check.upToDate : write ? !write.written && outcome.exitCode === 0 : null,
    files: check
      ? { added: check.added, removed: check.removed, changed: check.changed }
      : write
        ? {
            written: write.written,
            added: write.added,
            removed: write.removed,
            changed: write.changed.map((path) => ({ path })),
            unchanged: write.unchanged,
            preserved: write.preserved,
          }
        : null,
    operations: generated ? generated.model.operations.length : null,
    families: generated
      ? generated.detection.families.map((f) => ({
          name: f.name,
          confidence: f.confidence,
          start: f.start.map((s) => ({ operationId: s.op.operationId ?? null, method: s.op.method, path: s.op.path })),
        }))
      : [],
    diagnostics: outcome.diagnostics,
  };
}

export async function runGenerate(spec: string | undefined, flags: FlagValues, io: CliIO): Promise<number> {
  const outcome = await runPipeline(spec, flags, io);
  if (flags.json) {
    io.stdout(`${JSON.stringify(toJson(outcome, io, flags.check === true), null, 2)}\n`);
    return outcome.exitCode;
  }
  const quiet = flags.quiet === true;
  io.stderr(formatDiagnostics(outcome.diagnostics, quiet));
  const dir = outcome.output !== undefined ? displayPath(io, outcome.output) : '';
  if (outcome.check && !hasErrors(outcome.check.diagnostics)) {
    // Drift is the result CI acts on: shown even with --quiet.
    if (!(quiet && outcome.check.upToDate)) io.stdout(formatCheckSummary(outcome.check, dir));
  } else if (outcome.write && !quiet && !hasErrors(outcome.write.diagnostics) && outcome.generated) {
    const families = outcome.generated.detection.families.map((f) => f.name);
    io.stdout(formatWriteSummary(outcome.write, dir, families, outcome.generated.model.operations.length, outcome.diagnostics));
  }
  return outcome.exitCode;
}
