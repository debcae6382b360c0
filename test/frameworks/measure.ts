/**
 * One spec's row of the framework table: for each framework, how many of the server's tools it loaded and how
 * many parameter paths it lost or left typeless against the server's own listed schemas; then the provider
 * checks (OpenAI strict rules after the Agents SDK's strict conversion, Gemini's subset after @ai-sdk/google).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { FRAMEWORKS, type Framework, type ServerLaunch } from './frameworks.js';
import { geminiProblems, openAiStrictProblems } from './providerRules.js';
import { geminiDeclarations } from './providers.js';
import { comparePaths, isUnder, narrowedEnums, unionPaths } from './schemaPaths.js';

export interface FrameworkCounts {
  tools: number;
  dropped: string[];
  lost: string[];
  typeless: string[];
  /** Of `lost` and `typeless`, the paths at or below a union (schemaPaths.ts unionPaths). */
  inUnions: number;
  /** Paths kept with an enum missing values the server takes (schemaPaths.ts narrowedEnums). */
  narrowed: string[];
}

export interface SpecMeasure {
  spec: string;
  tools: number;
  frameworks: Record<string, FrameworkCounts>;
  /** Tools breaking an OpenAI strict rule after the Agents SDK's conversion, with their first problems. */
  strict: string[];
  /** Tools whose @ai-sdk/google declaration is outside Gemini's subset, with their first problems. */
  gemini: string[];
}

const EXAMPLES = 3;

/**
 * How long one framework may take over one server (connect, list, convert, close) before the suite calls it
 * stalled: all six together take about 100 s on GitHub's 1,100 tools, the biggest spec. A stalled framework (a
 * request it never settles) otherwise held its spec until the 900 s test timeout with nothing said.
 * `FRAMEWORK_STALL_MS` changes it.
 */
export const FRAMEWORK_STALL_MS = Number(process.env.FRAMEWORK_STALL_MS) || 120_000;

/** `work`, or a rejection naming `what` once `ms` have passed without it settling. */
export async function withinDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (stalled)`)), ms);
  });
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

export async function measureFramework(
  framework: Framework,
  server: ServerLaunch,
  listed: readonly Tool[],
): Promise<{ counts: FrameworkCounts; strict: string[] }> {
  const session = await framework.open(server);
  try {
    const byName = new Map(session.tools.map((t) => [t.name, t]));
    const counts: FrameworkCounts = { tools: session.tools.length, dropped: [], lost: [], typeless: [], inUnions: 0, narrowed: [] };
    const strict: string[] = [];
    for (const tool of listed) {
      const seen = byName.get(tool.name);
      if (!seen) {
        counts.dropped.push(tool.name);
        continue;
      }
      const loss = comparePaths(tool.inputSchema, seen.schema);
      counts.lost.push(...loss.lost.map((p) => `${tool.name}:${p}`));
      counts.typeless.push(...loss.typeless.map((p) => `${tool.name}:${p}`));
      counts.narrowed.push(...narrowedEnums(tool.inputSchema, seen.schema).map((p) => `${tool.name}:${p}`));
      const unions = unionPaths(tool.inputSchema);
      counts.inUnions += [...loss.lost, ...loss.typeless].filter((p) => isUnder(p, unions)).length;
      if (seen.strict !== undefined) {
        const problems = seen.strict ? openAiStrictProblems(seen.schema) : ['strict conversion refused the schema'];
        if (problems.length > 0) strict.push(`${tool.name}: ${problems.slice(0, EXAMPLES).join('; ')}`);
      }
    }
    return { counts, strict };
  } finally {
    await session.close();
  }
}

export async function measureSpec(
  spec: string,
  server: ServerLaunch,
  listed: readonly Tool[],
  stallMs = FRAMEWORK_STALL_MS,
): Promise<SpecMeasure> {
  const row: SpecMeasure = { spec, tools: listed.length, frameworks: {}, strict: [], gemini: [] };
  for (const framework of FRAMEWORKS) {
    const measured = measureFramework(framework, server, listed);
    const { counts, strict } = await withinDeadline(measured, stallMs, `${framework.name} on ${spec}`);
    row.frameworks[framework.name] = counts;
    row.strict.push(...strict);
  }
  const declarations = await withinDeadline(geminiDeclarations(server), stallMs, `@ai-sdk/google on ${spec}`);
  for (const declaration of declarations) {
    const problems = geminiProblems(declaration.parameters);
    if (problems.length > 0) row.gemini.push(`${declaration.name}: ${problems.slice(0, EXAMPLES).join('; ')}`);
  }
  return row;
}

/** The table as Markdown: per framework `lost/typeless` paths (and dropped tools when any), then the provider checks. */
export function formatTable(rows: readonly SpecMeasure[]): string {
  const names = FRAMEWORKS.map((f) => f.name);
  const head = ['spec', 'tools', ...names, 'OpenAI strict (Agents)', 'Gemini (@ai-sdk/google)'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const cells = names.map((name) => {
      const c = row.frameworks[name];
      if (!c) return 'n/a';
      const dropped = c.dropped.length > 0 ? `, ${c.dropped.length} dropped` : '';
      const unions = c.inUnions > 0 ? ` (${c.inUnions} in unions)` : '';
      const narrowed = c.narrowed.length > 0 ? `, ${c.narrowed.length} enums narrowed` : '';
      return `${c.lost.length}/${c.typeless.length}${unions}${narrowed}${dropped}`;
    });
    lines.push(`| ${row.spec} | ${row.tools} | ${cells.join(' | ')} | ${row.strict.length} | ${row.gemini.length} |`);
  }
  return `${lines.join('\n')}\n\nFramework cells: parameter paths lost / left typeless (what the framework hands a model, against the server's listed schema), and how many of them sit in a union; enums narrowed: paths kept with fewer enum values than the server takes. Provider cells: tools with a problem.\n`;
}
