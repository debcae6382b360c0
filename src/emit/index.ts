/**
 * emit: ApiModel + JobDetection → the generated project, in memory. Never sees the raw spec, never touches
 * the file system except to read the runtime templates. Output is byte-identical for identical input.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel } from '../model/ir.js';
import type { JobDetection } from '../model/jobs.js';
import type { GeneratedFile } from '../model/output.js';
import { buildInstructions, emitDefinition, planSchemes, resolveBaseUrl, type ServerFacts } from './emitDefinition.js';
import { emitJobs } from './emitJobs.js';
import { emitGitignore, emitIndex, emitPackageJson, emitSmokeTest, emitTsconfig, packageVersion } from './emitProjectFiles.js';
import { countRegisteredTools, emitReadme } from './emitReadme.js';
import { dynamicToolNames } from './emitReadmeToolsets.js';
import { emitRuntime, findRuntimeDir } from './emitRuntime.js';
import { emitToolGroup, type ToolEmitContext } from './emitTools.js';
import { toPackageName } from './naming.js';
import type { EmitOptions } from './options.js';
import { patternDiagnostics } from './patternDiagnostics.js';
import { planTools } from './planTools.js';
import { planToolsets } from './planToolsets.js';

export { DEFAULT_DEDUPE_WINDOW_MS } from '../../templates/runtime/defaults.js';
export { type GenerationSource, regenerateCommand, sourceOf } from './header.js';
export type { EmitOptions } from './options.js';
export { planTools } from './planTools.js';
export type { ToolPlan } from './toolPlan.js';

export interface EmitResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

export function emitProject(model: ApiModel, detection: JobDetection, options: EmitOptions = {}): EmitResult {
  const plan = planTools(model, detection, options);
  const diagnostics: Diagnostic[] = [...plan.diagnostics, ...patternDiagnostics(plan.operations, model.schemas)];
  const stamp = { title: model.title, ...(options.source ? { source: options.source } : {}) };
  const runtime = emitRuntime(diagnostics, options.runtimeDir === undefined ? findRuntimeDir() : options.runtimeDir, stamp);
  // A project without its runtime cannot build or run: when the runtime cannot be shipped (MJG505, or MJG507 for a
  // stale build), nothing is emitted, so nothing is written, rather than a project missing runtime/.
  if (runtime.length === 0) return { files: [], diagnostics };
  const toolsets = planToolsets(model, plan);
  const schemes = planSchemes(model, diagnostics);
  const packageName = options.packageName ?? toPackageName(model.title);
  const facts: ServerFacts = {
    name: packageName,
    version: packageVersion(model.version),
    title: model.title.replace(/\s+/g, ' ').trim() || 'Untitled API',
    baseUrl: resolveBaseUrl(model, options.baseUrl, diagnostics),
    schemes,
    instructions: buildInstructions(model),
  };
  const ctx: ToolEmitContext = {
    model,
    families: new Map(plan.families.map((f) => [f.family.name, f])),
    supportedSchemes: new Set(schemes.map((s) => s.spec.key)),
    signedSchemes: new Set(schemes.filter((s) => s.spec.type === 'awsSigv4').map((s) => s.spec.key)),
    zodCache: new Map(),
    toolsets: toolsets.byTool,
    ...(options.source ? { source: options.source } : {}),
  };
  const files: GeneratedFile[] = [
    emitGitignore(model.title, options.source),
    emitReadme(model, facts, plan, toolsets, options.source),
    emitPackageJson(packageName, model.title, model.version, options.source, ctx.signedSchemes.size > 0),
    emitDefinition(facts, plan, model, toolsets, options.source),
    emitIndex(model.title, options.source),
    emitJobs(plan.families, model, options.source),
    emitSmokeTest(model.title, countRegisteredTools(plan), dynamicToolNames(plan).length, options.source),
    ...plan.groups.flatMap((group) => emitToolGroup(group, ctx)),
    emitTsconfig(model.title, options.source),
    ...runtime,
  ];
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}
