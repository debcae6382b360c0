/**
 * Schemas built on first use (core/lazy.ts), the way generated tool tables define them: a server builds no
 * operation schema to start or to list in dynamic mode, builds one when it is described or called, never
 * twice, and the schema it builds validates exactly like an eager one.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazy, once } from '../../templates/runtime/core/lazy.js';
import type { OperationSpec } from '../../templates/runtime/definition.js';
import { objectSchema } from '../../templates/runtime/mcp/toolRegistry.js';
import { relaxOutputSchema } from '../../templates/runtime/upstream/toolResults.js';
import { definition, op } from './defs.js';
import { connect, textOf } from './harness.js';

describe('lazy', () => {
  it('builds on the first read only, then keeps a plain enumerable value', () => {
    let builds = 0;
    const target = {
      get value(): number {
        return lazy(this, 'value', () => ++builds);
      },
    };
    expect(builds).toBe(0);
    expect(target.value).toBe(1);
    expect(target.value).toBe(1);
    expect(builds).toBe(1);
    expect(Object.getOwnPropertyDescriptor(target, 'value')).toMatchObject({ value: 1, enumerable: true });
    expect({ ...target }).toEqual({ value: 1 });
  });
});

describe('once', () => {
  it('builds on the first call and returns the same value after', () => {
    let builds = 0;
    const shared = once(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    const first = shared();
    expect(shared()).toBe(first);
    expect(builds).toBe(1);
  });
});

/** An operation whose schemas count their builds, printed the way emitTools.ts prints them. */
function counted(tool: string, builds: { input: number; output: number }): OperationSpec {
  const base = op({ tool, method: 'GET', path: `/${tool}`, params: [{ arg: 'limit', name: 'limit', in: 'query', required: false }] });
  const { input: _input, ...rest } = base;
  return {
    ...rest,
    get input() {
      return lazy(this, 'input', () => {
        builds.input += 1;
        return z.strictObject({ limit: z.int().min(1).max(10).optional() });
      });
    },
    get output() {
      return lazy(this, 'output', () => {
        builds.output += 1;
        return z.looseObject({ items: z.array(z.unknown()).optional() });
      });
    },
  };
}

describe('a server over lazily built schemas', () => {
  it('builds none to start and list in dynamic mode, one per operation described or called', async () => {
    const builds = { input: 0, output: 0 };
    const mcp = await connect(definition([counted('list_things', builds), counted('list_others', builds)]), {
      env: { MCP_TOOL_MODE: 'dynamic', API_BASE_URL: 'http://127.0.0.1:9' },
    });
    try {
      expect(builds).toEqual({ input: 0, output: 0 });
      await mcp.call('search_operations', { query: 'things' });
      expect(builds).toEqual({ input: 0, output: 0 });
      await mcp.call('describe_operation', { name: 'list_things' });
      expect(builds).toEqual({ input: 1, output: 1 });
      const refused = await mcp.call('call_operation', { name: 'list_things', arguments: { limit: 99 } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/Invalid arguments for tool list_things[\s\S]*limit/);
      expect(builds).toEqual({ input: 1, output: 1 });
    } finally {
      await mcp.close();
    }
  });

  it('builds none to start and list a promotable tool that ships its JSON Schemas, and lists what zod would', async () => {
    const builds = { input: 0, output: 0 };
    const input = z.strictObject({ limit: z.int().min(1).max(10).optional() });
    const output = z.looseObject({ items: z.array(z.unknown()).optional() });
    // What the generator ships beside the lazy getters (OperationSpec.listed).
    const listed = {
      input: JSON.stringify(objectSchema(input, 'input')),
      output: JSON.stringify(objectSchema(relaxOutputSchema(output), 'output')),
    };
    // Set, not spread: a spread would read (so build) the lazy schemas.
    const promoted = counted('make_things', builds);
    promoted.listed = listed;
    promoted.promote = {};
    const eager = { ...op({ tool: 'make_things', method: 'GET', path: '/make_things' }), input, output, promote: {} };
    const env = { MCP_TOOL_MODE: 'static', API_BASE_URL: 'http://127.0.0.1:9' };
    const shipped = await connect({ ...definition([promoted]), callStatusTool: 'call_status' }, { env });
    const converted = await connect({ ...definition([eager]), callStatusTool: 'call_status' }, { env });
    try {
      const tools = (await shipped.client.listTools()).tools;
      expect(builds).toEqual({ input: 0, output: 0 });
      const tool = tools.find((t) => t.name === 'make_things')!;
      expect(tool.outputSchema?.properties).toHaveProperty('mcp_job');
      expect(tools).toEqual((await converted.client.listTools()).tools);
    } finally {
      await shipped.close();
      await converted.close();
    }
  });

  it('validates exactly like the same schema built eagerly', async () => {
    const builds = { input: 0, output: 0 };
    const eager = op({
      tool: 'list_things',
      method: 'GET',
      path: '/list_things',
      input: z.strictObject({ limit: z.int().min(1).max(10).optional() }),
      params: [{ arg: 'limit', name: 'limit', in: 'query', required: false }],
    });
    const lazyServer = await connect(definition([counted('list_things', builds)]), { env: { API_BASE_URL: 'http://127.0.0.1:9' } });
    const eagerServer = await connect(definition([eager]), { env: { API_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const listed = async (c: typeof lazyServer) => (await c.client.listTools()).tools[0]!.inputSchema;
      expect(await listed(lazyServer)).toEqual(await listed(eagerServer));
      for (const args of [{ limit: 0 }, { limit: 11 }, { limit: 2.5 }, { limit: '3' }, { limt: 3 }]) {
        const a = await lazyServer.call('list_things', args);
        const b = await eagerServer.call('list_things', args);
        expect(a.isError, JSON.stringify(args)).toBe(true);
        expect(textOf(a)).toBe(textOf(b));
      }
    } finally {
      await lazyServer.close();
      await eagerServer.close();
    }
  });
});
