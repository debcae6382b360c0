/**
 * Schemas kept in a module of their own and imported on a tool's first call (core/schemaModule.ts), the way
 * generated projects keep their plain tools' zod schemas in `src/schemas/`: starting and listing loads none, a
 * tool called before its module is loaded validates exactly as an eager one, and a module that fails to load
 * fails that tool's calls with its error while the server goes on.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazy } from '../../templates/runtime/core/lazy.js';
import { schemaModule } from '../../templates/runtime/core/schemaModule.js';
import type { OperationSpec } from '../../templates/runtime/definition.js';
import { schemasNeededAtStart } from '../../templates/runtime/mcp/schemaNeeds.js';
import { objectSchema } from '../../templates/runtime/mcp/toolRegistry.js';
import { definition, family, op, urlStart } from './defs.js';
import { connect, textOf } from './harness.js';

const ENV = { env: { MCP_TOOL_MODE: 'static', API_BASE_URL: 'http://127.0.0.1:9' } };
const inputOf = () => z.strictObject({ limit: z.int().min(1).max(10).optional(), q: z.string().max(5).optional() });
const params: OperationSpec['params'] = [
  { arg: 'limit', name: 'limit', in: 'query', required: false },
  { arg: 'q', name: 'q', in: 'query', required: false },
];

/** An operation whose input lives in a schema module, printed the way emitTools.ts prints a plain tool. */
function moduled(tool: string, load: () => Promise<{ input: () => z.ZodObject }>) {
  const schemas = schemaModule(`schemas/${tool}.js`, load);
  const spec: OperationSpec = {
    ...op({ tool, method: 'GET', path: `/${tool}`, params }),
    get input() {
      return lazy<OperationSpec, 'input'>(this, 'input', () => schemas.get().input());
    },
    listed: { input: JSON.stringify(objectSchema(inputOf(), 'input')) },
    loadSchemas: schemas.load,
  };
  return spec;
}

function counting() {
  const loads = { count: 0 };
  return {
    loads,
    load: async () => {
      loads.count += 1;
      return { input: inputOf };
    },
  };
}

describe('schemaModule', () => {
  it('refuses a read before the module is loaded, with a message that names it', () => {
    const schemas = schemaModule('schemas/things.js', async () => ({ input: inputOf }));
    expect(() => schemas.get()).toThrow('Internal: the tool schemas in schemas/things.js were read before they were loaded.');
  });

  it('loads once for any number of concurrent callers', async () => {
    const { loads, load } = counting();
    const schemas = schemaModule('schemas/things.js', load);
    await Promise.all([schemas.load(), schemas.load(), schemas.load()]);
    await schemas.load();
    expect(loads.count).toBe(1);
    expect(schemas.get().input).toBe(inputOf);
  });
});

describe('a server over schema modules loaded on first call', () => {
  it('loads none to start and list, and lists what the eager server lists', async () => {
    const { loads, load } = counting();
    const eager = op({ tool: 'list_things', method: 'GET', path: '/list_things', input: inputOf(), params });
    const onCall = await connect(definition([moduled('list_things', load)]), ENV);
    const eagerServer = await connect(definition([eager]), ENV);
    try {
      const tools = (await onCall.client.listTools()).tools;
      expect(loads.count).toBe(0);
      expect(tools).toEqual((await eagerServer.client.listTools()).tools);
    } finally {
      await onCall.close();
      await eagerServer.close();
    }
  });

  it('validates a call made before its module is loaded exactly as the eager server does', async () => {
    const { loads, load } = counting();
    const eager = op({ tool: 'list_things', method: 'GET', path: '/list_things', input: inputOf(), params });
    const onCall = await connect(definition([moduled('list_things', load)]), ENV);
    const eagerServer = await connect(definition([eager]), ENV);
    try {
      for (const args of [{ limit: 0 }, { limit: 11 }, { limit: 2.5 }, { limit: '3' }, { limt: 3 }, { q: 'toolong' }]) {
        const a = await onCall.call('list_things', args);
        const b = await eagerServer.call('list_things', args);
        expect(a.isError, JSON.stringify(args)).toBe(true);
        expect(textOf(a)).toMatch(/^Input validation error: Invalid arguments for tool list_things/);
        expect(textOf(a)).toBe(textOf(b));
      }
      expect(loads.count).toBe(1);
    } finally {
      await onCall.close();
      await eagerServer.close();
    }
  });

  it("fails a broken module's tool with its error, serves the other tools, and tries the module again", async () => {
    let broken = true;
    const flaky = async () => {
      if (broken) throw new SyntaxError('Unexpected token in schemas/list_broken.js');
      return { input: inputOf };
    };
    const { load } = counting();
    const mcp = await connect(definition([moduled('list_broken', flaky), moduled('list_things', load)]), ENV);
    try {
      const failed = await mcp.call('list_broken', { limit: 3 });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toBe(
        'Tool list_broken is unavailable: the tool schemas in schemas/list_broken.js could not be loaded: Unexpected token in schemas/list_broken.js',
      );
      // The server goes on: it lists, and the other module's tool validates as ever.
      expect((await mcp.client.listTools()).tools.map((t) => t.name)).toEqual(['list_broken', 'list_things']);
      expect(textOf(await mcp.call('list_things', { limit: 0 }))).toMatch(/Invalid arguments for tool list_things/);
      broken = false;
      const refused = await mcp.call('list_broken', { limit: 0 });
      expect(textOf(refused)).toMatch(/Invalid arguments for tool list_broken/);
    } finally {
      await mcp.close();
    }
  });
});

describe('schemasNeededAtStart', () => {
  const { load } = counting();
  it("names a job family's operations and tools listed from zod, not plain tools that ship their JSON", () => {
    const shipped = moduled('list_things', load);
    // Assigned, not spread: a spread would read the input before its module is loaded.
    const start = Object.assign(moduled('make_thing', load), { method: 'POST' as const, role: 'start' as const });
    const unshipped = Object.assign(moduled('get_thing', load), { listed: undefined });
    const required = Object.assign(moduled('get_other', load), { listed: { input: '{}', output: '{"type":"object","required":["id"]}' } });
    const handle = Object.assign(moduled('get_handle', load), {
      listed: { input: '{}', output: '{"type":"object","properties":{"mcp_job":{}}}' },
    });
    const def = definition(
      [shipped, start, unshipped, required, handle],
      [family({ name: 'thing', starts: [urlStart('make_thing', 'header:location')], poll: { via: 'header:location' } })],
    );
    expect(schemasNeededAtStart(def).map((o) => o.tool)).toEqual(['make_thing', 'get_thing', 'get_other', 'get_handle']);
  });
});
