/**
 * The JSON Schemas a generated project ships (OperationSpec.listed) are exactly what the runtime would list by
 * converting the same tool's zod schemas (mcp/toolRegistry.ts objectSchema, the MCP SDK's own conversion made
 * portable): every emitted tool file of the golden fixtures and of real specs is evaluated against the real
 * zod, and each operation's shipped input and output are compared with the conversion, start and promotable
 * tools (their added idempotency_key, and a promotable tool's output with its job handle) included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { isExact } from '../../../src/emit/zod/printed.js';
import { createZodContext, schemaToZod } from '../../../src/emit/zod/schemaToZod.js';
import { generate } from '../../../src/index.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import * as anyJsonModule from '../../../templates/runtime/core/anyJson.js';
import * as contractPatternModule from '../../../templates/runtime/core/contractPattern.js';
import * as lazyModule from '../../../templates/runtime/core/lazy.js';
import * as listFormModule from '../../../templates/runtime/core/listForm.js';
import * as mapPairsModule from '../../../templates/runtime/core/mapPairs.js';
import * as schemaModuleModule from '../../../templates/runtime/core/schemaModule.js';
import type { OperationSpec } from '../../../templates/runtime/definition.js';
import {
  idempotencyKeyInput as callKey,
  handleOutput,
  LARGE_ANSWER_KEY,
  largeAnswerOutput,
  plainOutput,
  promotableOutput,
} from '../../../templates/runtime/jobs/callSchemas.js';
import { HANDLE_KEY } from '../../../templates/runtime/jobs/promotedCall.js';
import { idempotencyKeyInput as startKey } from '../../../templates/runtime/jobs/schemas.js';
import { objectSchema, shippedSchemas } from '../../../templates/runtime/mcp/toolRegistry.js';
import { relaxOutputSchema } from '../../../templates/runtime/upstream/toolResults.js';
import { wireSchema } from '../../../templates/runtime/wireSchema.js';
import { GOLDEN_DIR, listFixtures, REPO_ROOT } from '../../golden/pipeline.js';

/** Runs one emitted file (TypeScript, as written) with the real zod and the runtime's helpers; returns its exports. */
function evaluateFile(source: string, schemaFiles: ReadonlyMap<string, string>): Record<string, unknown> {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const modules: Record<string, unknown> = {
    // What generated files import from runtime/index.js: the helpers (the bundle re-exports them from these
    // modules) and `z`, the zod compiled into it. No 'zod' here: a generated file importing the package fails.
    '../../runtime/index.js': {
      z: zod.z,
      ...lazyModule,
      ...contractPatternModule,
      ...mapPairsModule,
      ...listFormModule,
      ...anyJsonModule,
      ...schemaModuleModule,
    },
    '../../runtime/definition.js': {},
  };
  // A tool file's schema module (emit/schemaModule.ts), imported on first use: evaluated the same way.
  const load = (id: string) => {
    const schemas = schemaFiles.get(id);
    return schemas !== undefined ? evaluateFile(schemas, schemaFiles) : modules[id];
  };
  const exports: Record<string, unknown> = {};
  new Function('require', 'exports', js)(load, exports);
  return exports;
}

/** A tool file's operations, with the schemas of those that keep them in a schema module loaded. */
async function evaluateToolFile(source: string, schemaFiles: ReadonlyMap<string, string>): Promise<OperationSpec[]> {
  const operations = (evaluateFile(source, schemaFiles).operations ?? []) as OperationSpec[];
  for (const op of operations) await op.loadSchemas?.();
  return operations;
}

/** JSON as it travels: the conversion's objects compared as their JSON text parses back. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

interface Mismatch {
  tool: string;
  which: string;
}

async function compareSpec(
  spec: string,
  options: Record<string, unknown> = {},
): Promise<{ operations: number; mismatches: Mismatch[]; unshipped: string[] }> {
  const { files } = await generate({ ...options, spec, output: join(REPO_ROOT, '.tmp', 'shipped-schemas') });
  const mismatches: Mismatch[] = [];
  const unshipped: string[] = [];
  let operations = 0;
  // As a tool file imports them: `../schemas/<stem>.js`.
  const schemaFiles = new Map(
    files
      .filter((f) => f.path.startsWith('src/schemas/'))
      .map((f) => [`../schemas/${f.path.slice('src/schemas/'.length, -3)}.js`, f.contents]),
  );
  for (const file of files.filter((f) => f.path.startsWith('src/tools/'))) {
    for (const op of await evaluateToolFile(file.contents, schemaFiles)) {
      operations += 1;
      // Not shipped only where zod lists something the generator cannot reproduce (printed.ts markInexact).
      if (!op.listed) {
        unshipped.push(op.tool);
        continue;
      }
      const listed = op.listed;
      const check = (which: string, shipped: unknown, converted: unknown) => {
        if (!isDeepStrictEqual(shipped, asJson(converted))) mismatches.push({ tool: op.tool, which });
      };
      check('input', JSON.parse(listed.input), objectSchema(op.input, 'input'));
      if (op.output) check('output', JSON.parse(listed.output!), objectSchema(relaxOutputSchema(op.output), 'output'));
      else if (listed.output !== undefined) mismatches.push({ tool: op.tool, which: 'output shipped without a schema' });
      // A promotable tool's output: the operation's, every key optional, plus the job handle; never a fallback.
      const promoted = shippedSchemas(listed, { outputKeys: { [HANDLE_KEY]: handleOutput.optional() } })!.output!();
      if (promoted === undefined) mismatches.push({ tool: op.tool, which: 'promotable output not shipped' });
      else check('promotable output', promoted, objectSchema(promotableOutput(op.output), 'output'));
      // An unpromoted plain tool's output: likewise, plus the large-answer key (jobs/largeAnswer.ts).
      if (op.output) {
        const plain = shippedSchemas(listed, { outputKeys: { [LARGE_ANSWER_KEY]: largeAnswerOutput.optional() } })!.output!();
        if (plain === undefined) mismatches.push({ tool: op.tool, which: 'plain output not shipped' });
        else check('plain output', plain, objectSchema(plainOutput(op.output), 'output'));
      }
      // What a start (or a promotable call) lists: the operation's input plus idempotency_key.
      for (const [which, key] of [
        ['start input', startKey],
        ['promotable input', callKey],
      ] as const) {
        check(
          which,
          shippedSchemas(listed, { idempotencyKey: key })!.input(),
          objectSchema(op.input.extend({ idempotency_key: key }), 'input'),
        );
      }
    }
  }
  return { operations, mismatches, unshipped };
}

describe('shipped JSON Schemas equal the runtime conversion', () => {
  it.each(listFixtures())('golden fixture %s', async (name) => {
    const optionsPath = join(GOLDEN_DIR, name, 'options.json');
    let options: Record<string, unknown> = {};
    try {
      options = JSON.parse(readFileSync(optionsPath, 'utf8')) as Record<string, unknown>;
    } catch {
      // No options for this fixture.
    }
    const { operations, mismatches, unshipped } = await compareSpec(join(GOLDEN_DIR, name, 'spec.yaml'), options);
    expect(operations).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
    expect(unshipped).toEqual([]);
  });

  it.each(['openai.yaml', 'replicate.json', 'assemblyai.yml', 'deepgram.openapi.yml', 'adyen-transfers-v4.json'])(
    'real spec %s',
    async (spec) => {
      const { operations, mismatches, unshipped } = await compareSpec(join(REPO_ROOT, 'fixtures', 'real', spec));
      expect(operations).toBeGreaterThan(5);
      expect(mismatches).toEqual([]);
      expect(unshipped).toEqual([]);
    },
    120_000,
  );
});

const PART: JsonSchema = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const MAP: JsonSchema = { type: 'object', additionalProperties: { type: 'integer' } };
/** Two objects whose `caption` is `string | array of parts` in one and a part in the other. */
const LINK: JsonSchema = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string' }, caption: { anyOf: [{ type: 'string' }, { type: 'array', items: PART }] } },
};
const FILE: JsonSchema = { type: 'object', required: ['file'], properties: { file: { type: 'string' }, caption: PART } };

// Node by node: the printed JSON in the wire spelling both sides apply last (templates/runtime/wireSchema.ts).
describe('printed JSON beside printed zod, node by node', () => {
  const listedAs = (code: string) => {
    const js = ts.transpile(`(${code})`, { target: ts.ScriptTarget.ES2022 });
    const schema = new Function('z', 'matchesPattern', 'pairs', 'listForm', 'anyJson', `return ${js}`)(
      zod.z,
      contractPatternModule.matchesPattern,
      mapPairsModule.pairs,
      listFormModule.listForm,
      anyJsonModule.anyJson,
    ) as zod.z.ZodType;
    return (asJson(objectSchema(zod.z.strictObject({ a: schema }), 'input')) as { properties: { a: unknown } }).properties.a;
  };
  it.each<[string, JsonSchema]>([
    ['integer-like enum values, listed in JavaScript key order', { type: 'string', enum: ['100644', '040000', '120000', 'x', '7'] }],
    [
      'a pattern with a slash, listed as the contract wrote it (the RE2 check lists it through meta)',
      { type: 'string', pattern: '^refs/heads/.*$', maxLength: 9 },
    ],
    ['integer bounds past the safe integers', { type: 'integer', minimum: -1e20, maximum: 1e20 }],
    ['a nullable union with a defaulted member', { anyOf: [{ type: 'string', default: 'a' }, { type: 'integer' }, { type: 'null' }] }],
    ['an object with a __proto__ property', { type: 'object', required: ['__proto__'], properties: { ['__proto__']: { type: 'string' } } }],
    ['a free-form map of integers', { type: 'object', additionalProperties: { type: 'integer', format: 'int64' } }],
    [
      'a list beside an object and a string (listed in its list form)',
      { anyOf: [{ type: 'string' }, PART, { type: 'array', items: PART }] },
    ],
    ['a nullable list beside an object', { anyOf: [PART, { type: 'array', items: { type: 'string' } }, { type: 'null' }] }],
    ['a map beside an object, its key taken by a property', { anyOf: [{ ...PART, properties: { list: { type: 'string' } } }, MAP] }],
    [
      'a list-form union inside another',
      { anyOf: [PART, { anyOf: [{ type: 'string' }, PART, { type: 'array', items: PART }], description: 'Inner.' }] },
    ],
    [
      'a list-form union as a required property',
      { type: 'object', required: ['a'], properties: { a: { anyOf: [PART, { type: 'array', items: PART }] } } },
    ],
    ['a list the merge of objects puts beside an object (read there in its list form)', { oneOf: [LINK, FILE] }],
    [
      'a nullable list-form union whose merge lifts a list too',
      { anyOf: [LINK, FILE, { type: 'array', items: PART }, { type: 'null' }], description: 'Both readers.' },
    ],
    [
      'a union whose merge lifts a list, inside another union',
      { anyOf: [{ type: 'string' }, { oneOf: [LINK, FILE], description: 'Inner.' }] },
    ],
    [
      'a string, a map or a list of either (its lists one list)',
      { anyOf: [{ type: 'string' }, MAP, { type: 'array', items: { anyOf: [{ type: 'string' }, MAP] } }] },
    ],
    [
      'untyped values: a required and an optional property, a union with an untyped member, untyped items',
      {
        type: 'object',
        required: ['any'],
        properties: {
          any: { description: 'Any type.' },
          maybe: {},
          either: { oneOf: [{ type: 'string' }, { description: 'Anything.' }] },
          list: { type: 'array', items: {} },
        },
      },
    ],
  ])('%s', (_name, schema) => {
    const printed = schemaToZod(schema, createZodContext({}, 'input', 100));
    expect(isExact(printed.json)).toBe(true);
    expect(asJson(wireSchema(printed.json))).toEqual(listedAs(printed.code));
  });

  it('lists a checked format beside a contract pattern exactly (the RE2 check lists the pattern through meta)', () => {
    const printed = schemaToZod({ type: 'string', format: 'uri', pattern: '^https://' }, createZodContext({}, 'input', 100));
    expect(isExact({ properties: { a: printed.json } })).toBe(true);
    expect(asJson(wireSchema(printed.json))).toEqual(listedAs(printed.code));
    expect(printed.json).toMatchObject({ format: 'uri', pattern: '^https://' });
  });
});
