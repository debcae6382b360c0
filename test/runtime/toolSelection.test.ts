/**
 * Toolset selection as tables: MCP_TOOLSETS names (exact, forgiving case and separators, `all`, `jobs`),
 * unknown names as a start-up error listing the valid ones, which tools each selection reaches (a toolset with
 * a job start pulls in its family's tools and list_jobs), and MCP_TOOL_MODE / MCP_TOOLS_PAGE_SIZE parsing.
 */
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../templates/runtime/definition.js';
import { readMcpSettings } from '../../templates/runtime/mcp/mcpSettings.js';
import { createRuntime } from '../../templates/runtime/mcp/server.js';
import { resolveToolsets, selectTools, validToolsets } from '../../templates/runtime/mcp/toolSelection.js';
import { batchFamily, batchOps, definition, widgetOps } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';

describe('resolveToolsets', () => {
  const valid = ['all', 'jobs', 'code_scanning', 'pulls', 'repos_1', 'repos_2'];
  it.each([
    [[], ['all']],
    [['all'], ['all']],
    [['pulls', 'all'], ['all']],
    [['pulls'], ['pulls']],
    [
      ['pulls', 'jobs', 'pulls'],
      ['pulls', 'jobs'],
    ],
    [['Code-Scanning'], ['code_scanning']],
    [['codescanning'], ['code_scanning']],
    [['REPOS_2'], ['repos_2']],
  ])('%j → %j', (requested, resolved) => expect(resolveToolsets(requested, valid)).toEqual(resolved));

  it('refuses an unknown name, naming it and every valid toolset', () => {
    expect(() => resolveToolsets(['pulls', 'pull', 'repos'], valid)).toThrow(
      'MCP_TOOLSETS names no such toolset: "pull", "repos". Valid toolsets: all, jobs, code_scanning, pulls, repos_1, repos_2.',
    );
  });

  it('refuses a loose match that fits two toolsets, but takes either exact name', () => {
    const twins = ['all', 're_pos', 'repos'];
    expect(() => resolveToolsets(['RePos'], twins)).toThrow(/no such toolset: "RePos"/);
    expect(resolveToolsets(['re_pos'], twins)).toEqual(['re_pos']);
  });
});

const tagged = (ops: OperationSpec[], toolsets: string[]) => ops.map((op) => ({ ...op, toolsets }));

function jobsDefinition() {
  const def = definition([...tagged(widgetOps, ['widgets']), ...tagged(batchOps, ['batch'])], [batchFamily]);
  return {
    ...def,
    toolsets: [
      { name: 'widgets', description: 'Widgets.' },
      { name: 'batch', description: 'Batches.' },
    ],
  };
}

async function selected(env: Record<string, string>) {
  const def = jobsDefinition();
  const runtime = await createRuntime(def, { env, store: new MemoryJobStore() });
  try {
    const settings = readMcpSettings(def, env);
    return selectTools(def, runtime.tools.entries(), settings.toolsets, settings.toolMode).operations.map((e) => e.name);
  } finally {
    await runtime.close();
  }
}

describe('selectTools', () => {
  const widgets = widgetOps.map((op) => op.tool);
  const batch = batchOps.filter((op) => op.role !== 'internal').map((op) => op.tool);
  const jobTools = [batchFamily.tools.status, batchFamily.tools.cancel, batchFamily.tools.result, 'list_jobs'].filter(
    (n): n is string => n !== null,
  );

  it('lists all and jobs before the definition toolsets', () => {
    expect(validToolsets(jobsDefinition())).toEqual(['all', 'jobs', 'widgets', 'batch']);
    expect(validToolsets(definition(widgetOps))).toEqual(['all']);
  });

  it.each([
    ['', () => [...widgets, ...batch, ...jobTools]],
    ['all', () => [...widgets, ...batch, ...jobTools]],
    ['widgets', () => widgets],
    // The batch toolset holds the start, so it selects the family's status/cancel/result and list_jobs too.
    ['batch', () => [...batch, ...jobTools]],
    ['jobs', () => [batchFamily.starts[0]!.operation, ...jobTools]],
    ['widgets,jobs', () => [...widgets, batchFamily.starts[0]!.operation, ...jobTools]],
  ])('MCP_TOOLSETS=%j selects the expected tools', async (toolsets, expected) => {
    const names = await selected({ MCP_TOOLSETS: toolsets });
    expect(new Set(names)).toEqual(new Set(expected()));
    expect(names).toHaveLength(new Set(names).size);
  });

  it('makes an unknown toolset a start-up error', async () => {
    await expect(createRuntime(jobsDefinition(), { env: { MCP_TOOLSETS: 'widget' }, store: new MemoryJobStore() })).rejects.toThrow(
      'MCP_TOOLSETS names no such toolset: "widget". Valid toolsets: all, jobs, widgets, batch.',
    );
  });
});

describe('MCP_TOOL_MODE and MCP_TOOLS_PAGE_SIZE', () => {
  const def = definition(widgetOps);
  it.each([
    // One page unless asked: Mastra and mcp-use read only the first page of tools/list.
    [{}, 'static', 0],
    [{ MCP_TOOL_MODE: 'dynamic' }, 'dynamic', 0],
    [{ MCP_TOOL_MODE: ' Static ' }, 'static', 0],
    [{ MCP_TOOLS_PAGE_SIZE: '0' }, 'static', 0],
    [{ MCP_TOOLS_PAGE_SIZE: '25' }, 'static', 25],
  ])('%j → mode %s, page size %i', (env, mode, pageSize) => {
    expect(readMcpSettings(def, env)).toMatchObject({ toolMode: mode, pageSize });
  });

  it("takes the definition's default mode when MCP_TOOL_MODE is unset", () => {
    expect(readMcpSettings({ ...def, toolMode: 'dynamic' }, {}).toolMode).toBe('dynamic');
    expect(readMcpSettings({ ...def, toolMode: 'dynamic' }, { MCP_TOOL_MODE: 'static' }).toolMode).toBe('static');
  });

  it.each([
    [{ MCP_TOOL_MODE: 'meta' }, /MCP_TOOL_MODE=meta: expected static .* or dynamic/],
    [{ MCP_TOOLS_PAGE_SIZE: '-1' }, /MCP_TOOLS_PAGE_SIZE=-1: expected a whole number/],
    [{ MCP_TOOLS_PAGE_SIZE: '2.5' }, /MCP_TOOLS_PAGE_SIZE=2.5/],
    [{ MCP_TOOLS_PAGE_SIZE: 'ten' }, /MCP_TOOLS_PAGE_SIZE=ten/],
  ])('refuses %j', (env, message) => expect(() => readMcpSettings(def, env)).toThrow(message));
});
