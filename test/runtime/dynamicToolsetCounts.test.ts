/**
 * The search tool of dynamic mode names each toolset with how many tools it holds (templates/runtime/mcp/dynamicTools.ts).
 * Counted by asking every toolset of every operation, a contract with thousands of tags on each operation stalled
 * the server's start for minutes (40,000 tags on 10 operations: 16 billion comparisons, 20 s and more); counted in one pass over
 * the operations' own lists it is linear. No time is asserted: the row's timeout catches a regression.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dynamicTools } from '../../templates/runtime/mcp/dynamicTools.js';
import type { ToolEntry } from '../../templates/runtime/mcp/toolRegistry.js';

const entry = (name: string, toolsets: string[]): ToolEntry => ({
  name,
  description: `Operation ${name}.`,
  inputSchema: z.object({}),
  annotations: {},
  _meta: {},
  toolsets,
  run: async () => ({ content: [] }),
});

const searchDescription = (operations: ToolEntry[], toolsets: string[]) =>
  dynamicTools({ ctx: {} as never, registry: {} as never, operations, toolsets }).find((t) => t.name === 'search_operations')!.description;

describe('toolset counts in dynamic mode', () => {
  it('counts each toolset once per tool, in the toolsets order, leaving out the empty ones', () => {
    const text = searchDescription(
      [entry('a', ['jobs', 'pets']), entry('b', ['pets', 'pets']), entry('c', [])],
      ['pets', 'stores', 'jobs'],
    );
    expect(text).toContain('Toolsets (tools): pets (2), jobs (1).');
  });

  it('counts thousands of toolsets on every operation in one pass', () => {
    const tags = Array.from({ length: 40_000 }, (_, i) => `tag${i}`);
    const text = searchDescription(
      Array.from({ length: 10 }, (_, i) => entry(`op${i}`, tags)),
      tags,
    );
    expect(text).toContain('tag0 (10), tag1 (10)');
    expect(text).toContain('tag39999 (10).');
  }, 10_000);
});
