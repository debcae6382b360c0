/**
 * The generated README's part about toolsets and tool modes: the mode the server starts in and why, what
 * dynamic mode lists, every MCP_TOOLSETS name with its tool count, and the MCP_TOOL* env rows
 * (templates/runtime/mcp/mcpSettings.ts and toolSelection.ts read them).
 */
import {
  ALL_TOOLSET,
  DEFAULT_TOOLS_PAGE_SIZE,
  DYNAMIC_MODE_ABOVE_OPERATIONS,
  DYNAMIC_TOOLS,
  JOBS_TOOLSET,
  MAX_TOOLSET_TOOLS,
} from '../../templates/runtime/defaults.js';
import { isOperationLink } from '../model/jobs.js';
import { familyToolCount, type ToolsetPlan } from './planToolsets.js';
import type { ToolPlan } from './toolPlan.js';

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/**
 * What dynamic mode lists: the meta-tools, the shared job tools when there are job families, list_jobs, and
 * the status tool of promoted calls (a promoted call's handle names it) as the runtime's toolOffer.ts does.
 */
export function dynamicToolNames(plan: ToolPlan): string[] {
  const names: string[] = [DYNAMIC_TOOLS.search, DYNAMIC_TOOLS.describe, DYNAMIC_TOOLS.call];
  if (plan.families.length > 0) names.push(DYNAMIC_TOOLS.status, DYNAMIC_TOOLS.result, DYNAMIC_TOOLS.cancel);
  if (plan.listJobsTool) names.push(plan.listJobsTool);
  if (plan.callStatusTool) names.push(plan.callStatusTool);
  return names;
}

/** Rows of the README's environment table, as [name, meaning]. */
export function toolsetEnvRows(toolsets: ToolsetPlan): Array<[string, string]> {
  const example = toolsets.toolsets
    .slice(0, 2)
    .map((t) => t.name)
    .join(',');
  return [
    [
      'MCP_TOOLSETS',
      `Comma-separated toolsets to offer (see "Toolsets and modes"), e.g. ${code(example || JOBS_TOOLSET)}. Default: ${code(ALL_TOOLSET)}. An unknown name stops the server with the list of valid ones.`,
    ],
    [
      'MCP_TOOL_MODE',
      `${code('static')} (one tool per operation) or ${code('dynamic')} (${dynamicModeWords()}). Default for this server: ${code(toolsets.toolMode)}.`,
    ],
    [
      'MCP_TOOLS_PAGE_SIZE',
      `Tools per ${code('tools/list')} page; clients follow ${code('nextCursor')} for the rest. ${code('0')}: every tool in one answer. Default: ${DEFAULT_TOOLS_PAGE_SIZE}${DEFAULT_TOOLS_PAGE_SIZE === 0 ? ' (some agent frameworks read only the first page)' : ''}.`,
    ],
  ];
}

function dynamicModeWords(): string {
  return `${code(DYNAMIC_TOOLS.search)}, ${code(DYNAMIC_TOOLS.describe)} and ${code(DYNAMIC_TOOLS.call)} meta-tools instead of one tool per operation`;
}

function jobsToolCount(plan: ToolPlan): number {
  const starts = plan.families.reduce((n, f) => n + f.starts.length, 0);
  const jobTools = plan.families.reduce((n, f) => n + familyToolCount(f), 0);
  return starts + jobTools + (plan.listJobsTool ? 1 : 0) + (plan.callStatusTool ? 1 : 0);
}

/** The "Toolsets and modes" section. `totalTools`: every tool static mode would list with MCP_TOOLSETS=all. */
export function toolsetsSection(plan: ToolPlan, toolsets: ToolsetPlan, totalTools: number): string[] {
  const operations = plan.operations.length;
  const listed = dynamicToolNames(plan).map(code).join(', ');
  const lines = ['## Toolsets and modes', ''];
  if (toolsets.toolMode === 'dynamic') {
    lines.push(
      `This server starts in **dynamic mode**, because the API has ${operations} operations (more than ${DYNAMIC_MODE_ABOVE_OPERATIONS}): \`tools/list\` shows ${dynamicToolNames(plan).length} tools instead of ${totalTools}: ${listed}. Set \`MCP_TOOL_MODE=static\` to list one tool per operation instead; \`MCP_TOOLSETS\` narrows either mode.`,
    );
  } else {
    lines.push(
      `This server starts in **static mode**: one tool per operation (${totalTools} tools). \`MCP_TOOL_MODE=dynamic\` lists ${listed} instead; \`MCP_TOOLSETS\` narrows either mode.`,
    );
  }
  lines.push(
    '',
    `In dynamic mode, ${code(DYNAMIC_TOOLS.search)} finds operations by words (best match first; filter by toolset), ${code(DYNAMIC_TOOLS.describe)} returns one operation's description and the JSON Schema of its arguments and structured result, and ${code(DYNAMIC_TOOLS.call)} runs one by name with the same validation, credentials, job partitions, idempotency and job starts as its own tool.`,
  );
  if (plan.families.length > 0) {
    lines.push(
      '',
      `${code(DYNAMIC_TOOLS.status)}, ${code(DYNAMIC_TOOLS.result)} and ${code(DYNAMIC_TOOLS.cancel)} serve a job of any family (its \`job_id\` knows the family) and answer exactly as the family's own tool. Job families keep their own tools in every mode: in dynamic mode they are not listed but stay callable by name (the texts of a job's answers name them), and ${code(DYNAMIC_TOOLS.search)} finds them.${asksInputs(plan) ? ` Where a family's cancel needs more than the job (its cancel tool's arguments beside \`job_id\`), ${code(DYNAMIC_TOOLS.cancel)} takes them as \`inputs\`.` : ''}`,
    );
  }
  lines.push(
    '',
    `\`MCP_TOOLSETS\` takes a comma-separated list of the names below (case and \`-\`/\`_\` do not matter) and offers their union; a tool outside it is neither listed nor callable, in either mode. A toolset holding a job start also selects that family's job tools and ${code(plan.listJobsTool ?? 'list_jobs')}. No toolset holds more than ${MAX_TOOLSET_TOOLS} tools: a bigger tag is split into parts (\`<tag>_1\`, \`<tag>_2\`, …) along its paths.`,
    '',
    '| Toolset | Tools | What |',
    '|---|---|---|',
    `| ${code(ALL_TOOLSET)} | ${totalTools} | Every tool (the default). |`,
  );
  if (plan.families.length > 0 || plan.callStatusTool) {
    const callStatus = plan.callStatusTool ? `, ${code(plan.callStatusTool)}` : '';
    lines.push(
      `| ${code(JOBS_TOOLSET)} | ${jobsToolCount(plan)} | Every job tool: the starts, status, result and cancel tools, ${code(plan.listJobsTool ?? 'list_jobs')}${callStatus}. |`,
    );
  }
  for (const toolset of toolsets.toolsets) lines.push(`| ${code(toolset.name)} | ${toolset.toolCount} | ${cell(toolset.description)} |`);
  return lines;
}

/** Whether some family's cancel asks the agent for more than the job (detect/cancelInputs.ts). */
function asksInputs(plan: ToolPlan): boolean {
  return plan.families.some((f) => isOperationLink(f.family.cancel) && (f.family.cancel.asks?.length ?? 0) > 0);
}
