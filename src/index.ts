/**
 * The library API. `generate(config)` runs the whole pipeline in memory (load → build → filter → detect → emit)
 * and returns the files and every diagnostic; it never prints, never exits and never writes: the CLI (or any
 * caller) decides what to do with the result, e.g. `writeOutput(dir, files)` or `checkOutput(dir, files)`.
 *
 * When nothing usable can be produced (unreadable spec, not OpenAPI), it rejects with a
 * `FatalDiagnosticsError` carrying the diagnostics collected so far.
 */

import { resolve } from 'node:path';
import { configDiagnostic } from './config/index.js';
import { detectJobs } from './detect/index.js';
import { emitProject, sourceOf } from './emit/index.js';
// The explain views (src/explain) are loaded only by explain(): module loading costs Node 20 about 0.6 ms per
// file on every run.
import type { ExplainJson } from './explain/index.js';
import { loadDocument } from './load/index.js';
import type { GeneratorConfig } from './model/config.js';
import { type Diagnostic, FatalDiagnosticsError } from './model/diagnostics.js';
import type { ApiModel } from './model/ir.js';
import type { JobDetection } from './model/jobs.js';
import type { GeneratedFile, GenerationSource } from './model/output.js';
import { defaultOutputDir } from './model/projectNames.js';
import { filterOperations, normalizeModel, unmatchedPatterns } from './normalize/index.js';

export type PipelineStage = 'load' | 'build' | 'detect' | 'emit';

export interface PipelineHooks {
  /** Called as each stage starts (the CLI shows it as progress on a terminal). */
  onStage?(stage: PipelineStage): void;
}

export interface GenerateOptions extends PipelineHooks {
  /** Where the default output folder is made when `config.output` is not set (default: the process's cwd). */
  cwd?: string;
}

export interface GenerateResult {
  files: GeneratedFile[];
  /** Absolute output directory: `config.output`, else a folder named after the API title in `cwd`. */
  output: string;
  /** The spec (seen from `output`), options and command that every file's header names: the manifest records it. */
  source: GenerationSource;
  diagnostics: Diagnostic[];
  detection: JobDetection;
  model: ApiModel;
}

export type { ExplainJson };

export interface ExplainResult {
  /** The documented `explain --json` contract (docs/EXPLAIN.md); its `diagnostics` include load and build ones. */
  json: ExplainJson;
  /** The same, for humans. */
  text: string;
  diagnostics: Diagnostic[];
  detection: JobDetection;
  model: ApiModel;
}

interface Analyzed {
  model: ApiModel;
  detection: JobDetection;
  /** Load, build and filter diagnostics (detection keeps its own). */
  diagnostics: Diagnostic[];
}

/** A pattern that matches nothing is almost always a typo, and in CI it silently drops tools. */
function filterWarnings(model: ApiModel, config: GeneratorConfig, remaining: number): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const key of ['include', 'exclude'] as const) {
    for (const pattern of unmatchedPatterns(model, config[key] ?? [])) {
      diagnostics.push(
        configDiagnostic('MJG335', `${key} pattern "${pattern}" matches no operation`, {
          help: 'Patterns match a tag name, an operationId, "METHOD /path" or a path glob such as /repos/** (case-sensitive).',
        }),
      );
    }
  }
  if (model.operations.length > 0 && remaining === 0) {
    diagnostics.push(
      configDiagnostic('MJG336', `include/exclude left none of the ${model.operations.length} operations`, {
        help: 'The generated server will have no operation tools; check the include and exclude patterns.',
      }),
    );
  }
  return diagnostics;
}

async function analyze(config: GeneratorConfig, hooks: PipelineHooks): Promise<Analyzed> {
  hooks.onStage?.('load');
  const loaded = await loadDocument(config.spec, {
    validate: config.validate ?? false,
    ...(config.refRoot !== undefined ? { refRoot: config.refRoot } : {}),
  });
  const diagnostics = [...loaded.diagnostics];
  if (!loaded.ok) throw new FatalDiagnosticsError(diagnostics);

  hooks.onStage?.('build');
  const built = normalizeModel(loaded);
  diagnostics.push(...built.diagnostics);
  let model = built.model;
  if ((config.include?.length ?? 0) > 0 || (config.exclude?.length ?? 0) > 0) {
    const filtered = filterOperations(model, config.include ?? [], config.exclude ?? []);
    diagnostics.push(...filterWarnings(model, config, filtered.operations.length));
    model = filtered;
  }

  hooks.onStage?.('detect');
  const overrides = {
    ...(config.operations !== undefined ? { operations: config.operations } : {}),
    ...(config.jobs !== undefined ? { jobs: config.jobs } : {}),
  };
  const detection = detectJobs(model, overrides);
  return { model, detection, diagnostics };
}

export async function generate(config: GeneratorConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  const { model, detection, diagnostics } = await analyze(config, options);
  diagnostics.push(...detection.diagnostics);
  options.onStage?.('emit');
  const output = resolve(options.cwd ?? process.cwd(), config.output ?? defaultOutputDir(model.title));
  const source = sourceOf(config, output);
  const emitted = emitProject(model, detection, {
    ...(config.packageName !== undefined ? { packageName: config.packageName } : {}),
    ...(config.rename !== undefined ? { rename: config.rename } : {}),
    ...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
    source,
  });
  diagnostics.push(...emitted.diagnostics);
  return { files: emitted.files, output, source, diagnostics, detection, model };
}

/** Load, build, filter and detect, without emitting: what `mcp-jobgen explain` prints. */
export async function explain(config: GeneratorConfig, hooks: PipelineHooks = {}): Promise<ExplainResult> {
  const analyzed = await analyze(config, hooks);
  const { toExplainJson, formatExplainText } = await import('./explain/index.js');
  const diagnostics = [...analyzed.diagnostics, ...analyzed.detection.diagnostics];
  const detection: JobDetection = { ...analyzed.detection, diagnostics };
  return {
    json: toExplainJson(analyzed.model, detection),
    text: formatExplainText(analyzed.model, detection),
    diagnostics,
    detection: analyzed.detection,
    model: analyzed.model,
  };
}

export { defineConfig, loadConfig, mergeConfig, type UserConfig } from './config/index.js';
export type { FamilyOverride, GeneratorConfig, OperationJobOverride } from './model/config.js';
export type { Diagnostic, Severity } from './model/diagnostics.js';
export { FatalDiagnosticsError, hasErrors } from './model/diagnostics.js';
export type { ApiModel } from './model/ir.js';
export type { JobDetection, JobFamily } from './model/jobs.js';
export type { GeneratedFile, GenerationOptions, GenerationSource } from './model/output.js';
export { MANIFEST_PATH } from './model/output.js';
export { type CheckResult, checkOutput, type WriteOptions, type WriteResult, writeOutput } from './write/index.js';
