/**
 * The toolset rule as tables: one toolset per tag (each tag of a multi-tag operation; the first path segment
 * without one), reserved names, tag descriptions, the split of a tag too big for one toolset into the fewest
 * near-equal parts cut between resources and counting the job tools its starts pull in, and the default mode.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { planTools } from '../../../src/emit/planTools.js';
import { defaultToolMode, planToolsets, splitOperations, toolCount } from '../../../src/emit/planToolsets.js';
import { createDetection, createJobFamily, createModel, createOperation, createParameter } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import type { PromotionDecision } from '../../../src/model/jobs.js';
import { DYNAMIC_TOOLS, MAX_TOOLSET_TOOLS } from '../../../templates/runtime/defaults.js';

const op = (method: Operation['method'], path: string, tags: string[], operationId?: string) =>
  createOperation(method, path, { tags, ...(operationId ? { operationId } : {}) });

function plan(operations: Operation[], extra: Parameters<typeof createModel>[1] = {}) {
  const model = createModel(operations, extra);
  const tools = planTools(model, createDetection(), {});
  return { model, tools, toolsets: planToolsets(model, tools) };
}

describe('planToolsets', () => {
  it('makes one toolset per tag, in name order, with each multi-tag operation in each of its tags', () => {
    const { toolsets } = plan([
      op('GET', '/pets', ['Pets', 'Store']),
      op('GET', '/store/orders', ['Store']),
      op('GET', '/users', ['User accounts']),
      op('GET', '/health', []),
      op('GET', '/{id}', []),
    ]);
    expect(toolsets.toolsets.map((t) => [t.name, t.operations.map((p) => p.op.path)])).toEqual([
      ['default', ['/{id}']],
      ['health', ['/health']],
      ['pets', ['/pets']],
      ['store', ['/pets', '/store/orders']],
      ['user_accounts', ['/users']],
    ]);
    expect(toolsets.byTool.get('get_pets')).toEqual(['pets', 'store']);
  });

  it("takes each tag's description from the document, else says which tag or path it covers", () => {
    const { toolsets } = plan([op('GET', '/pets', ['pets']), op('GET', '/toys', ['toys']), op('GET', '/health', [])], {
      tagDescriptions: { pets: 'Everything about your pets.' },
    });
    expect(Object.fromEntries(toolsets.toolsets.map((t) => [t.name, t.description]))).toEqual({
      health: 'Operations under /health.',
      pets: 'Everything about your pets.',
      toys: 'Operations tagged "toys".',
    });
  });

  it('never hands out all or jobs, and keeps names unique across case', () => {
    const { toolsets } = plan([op('GET', '/a', ['all']), op('GET', '/b', ['Jobs']), op('GET', '/c', ['jobs'])]);
    expect(toolsets.toolsets.map((t) => t.name)).toEqual(['all_2', 'jobs_2']);
    expect(toolsets.toolsets.find((t) => t.name === 'jobs_2')!.operations).toHaveLength(2);
  });

  it.each([
    [128, 'static'],
    [129, 'dynamic'],
  ] as const)('%i operations start in %s mode', (count, mode) => {
    expect(defaultToolMode(count)).toBe(mode);
  });
});

describe('splitting a big tag', () => {
  // 300 operations of one tag over 30 resources of 10 operations each.
  const ops = Array.from({ length: 300 }, (_, i) =>
    op('GET', `/r${String(Math.floor(i / 10)).padStart(2, '0')}/x${i % 10}/{id}`, ['big'], `op${i}`),
  );
  const { tools, toolsets } = plan(ops);

  it('cuts the fewest near-equal parts, each within the limit, covering every operation once', () => {
    const parts = toolsets.toolsets;
    expect(parts.map((t) => t.name)).toEqual(['big_1', 'big_2', 'big_3']);
    for (const part of parts) expect(part.toolCount).toBeLessThanOrEqual(MAX_TOOLSET_TOOLS);
    expect(parts.map((t) => t.toolCount)).toEqual([100, 100, 100]);
    expect(parts.flatMap((t) => t.operations.map((p) => p.tool)).sort()).toEqual(tools.operations.map((p) => p.tool).sort());
    expect(parts[0]!.description).toMatch(/^Operations tagged "big"\. Part 1 of 3: \/r00\/x0\/\{id\} … \/r09\/x9\/\{id\}\.$/);
  });

  it('keeps the operations of one resource in one part', () => {
    const resource = (path: string) => path.replace(/\{[^}]*\}/g, '');
    const home = new Map<string, string>();
    for (const part of toolsets.toolsets) {
      for (const p of part.operations) {
        expect(home.get(resource(p.op.path)) ?? part.name).toBe(part.name);
        home.set(resource(p.op.path), part.name);
      }
    }
  });

  it('is a no-op below the limit', () => {
    const few = plan(ops.slice(0, 20)).toolsets.toolsets;
    expect(few.map((t) => [t.name, t.operations.length])).toEqual([['big', 20]]);
  });
});

describe('job tools count toward a toolset', () => {
  const start = createOperation('POST', '/jobs', { tags: ['work'], operationId: 'createJob' });
  const poll = createOperation('GET', '/jobs/{id}', { tags: ['work'], operationId: 'getJob', parameters: [createParameter('id', 'path')] });
  const filler = Array.from({ length: 125 }, (_, i) => op('GET', `/things${i}`, ['work'], `thing${i}`));
  const model = createModel([start, poll, ...filler]);
  const detection = { families: [createJobFamily('job', start, poll)], hints: [], diagnostics: [] };
  const tools = planTools(model, detection, {});
  const families = new Map(tools.families.map((f) => [f.family.name, f] as const));

  it('adds the family tools and list_jobs a start pulls in', () => {
    expect(toolCount(tools.operations.slice(0, 2), families)).toBe(2 + 1 + 1);
    expect(toolCount(tools.operations.slice(1), families)).toBe(126);
  });

  it('adds list_jobs and call_status where a call can be promoted, as the runtime lists them there', () => {
    const plain = tools.operations.slice(2, 4);
    expect(plain.map((p) => p.role)).toEqual(['tool', 'tool']);
    const promoted = [{ ...plain[0]!, promote: {} as PromotionDecision }, plain[1]!];
    expect(toolCount(plain, families)).toBe(2);
    expect(toolCount(promoted, families)).toBe(2 + 2);
    // With a start too: list_jobs once, beside the family's status tool and call_status.
    expect(toolCount([tools.operations[0]!, promoted[0]!], families)).toBe(2 + 1 + 1 + 1);
  });

  it('splits a tag whose operations fit but whose job tools do not', () => {
    expect(tools.operations).toHaveLength(127);
    const parts = splitOperations(tools.operations, families);
    expect(parts.length).toBe(2);
    for (const part of parts) expect(toolCount(part, families)).toBeLessThanOrEqual(MAX_TOOLSET_TOOLS);
  });
});

describe('in the generated project', () => {
  const ops = Array.from({ length: 130 }, (_, i) => op('GET', `/items${i}`, [i < 65 ? 'first' : 'second'], `item${i}`));
  const { files } = emitProject(createModel(ops), createDetection(), {});
  const file = (path: string) => files.find((f) => f.path === path)!.contents;

  it('bakes the toolsets and the dynamic default into the definition and each operation', () => {
    expect(file('src/definition.ts')).toContain("toolMode: 'dynamic',");
    expect(file('src/definition.ts')).toContain("{ name: 'first', description: 'Operations tagged \"first\".' },");
    expect(file('src/tools/first.ts')).toContain("toolsets: ['first'],");
  });

  it('says in the README which mode it starts in and lists every toolset', () => {
    const readme = file('README.md');
    expect(readme).toMatch(/starts in \*\*dynamic mode\*\*, because the API has 130 operations \(more than 128\)/);
    expect(readme).toContain('| `first` | 65 |');
    expect(readme).toContain('| `MCP_TOOLSETS` |');
    expect(readme).toContain('| `MCP_TOOL_MODE` |');
    expect(readme).toContain('| `MCP_TOOLS_PAGE_SIZE` |');
  });

  it('reserves the dynamic-mode tool names', () => {
    const taken = createModel(Object.values(DYNAMIC_TOOLS).map((name, i) => op('GET', `/t${i}`, [], name)));
    const names = planTools(taken, createDetection(), {}).operations.map((p) => p.tool);
    for (const name of Object.values(DYNAMIC_TOOLS)) expect(names).toContain(`${name}_2`);
  });
});
