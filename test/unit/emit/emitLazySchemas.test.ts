/**
 * Tool files build their zod schemas on first read: every non-trivial input and every output is a getter over
 * `lazy` (templates/runtime/core/lazy.ts), imported only by files that use it; an empty input stays a literal.
 * A plain tool's schemas live in the tool file's schema module (`src/schemas/<group>.ts`, emit/schemaModule.ts),
 * imported on the tool's first call; a job family's operations keep theirs in the tool file.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import {
  createDetection,
  createJobFamily,
  createModel,
  createOperation,
  createParameter,
  createRequestBody,
  createResponse,
} from '../../../src/model/factories.js';

const widget = { type: 'object', properties: { id: { type: 'string' } } };
const model = createModel([
  createOperation('GET', '/widgets/{id}', {
    tags: ['widgets'],
    operationId: 'getWidget',
    parameters: [createParameter('id', 'path')],
    responses: [createResponse('200', { schema: widget })],
  }),
  createOperation('DELETE', '/widgets/{id}', {
    tags: ['widgets'],
    operationId: 'deleteWidget',
    parameters: [createParameter('id', 'path')],
    responses: [createResponse('200', { schema: widget })],
  }),
  createOperation('GET', '/pets', {
    tags: ['pets'],
    operationId: 'listPets',
    parameters: [createParameter('limit', 'query', { schema: { type: 'integer', maximum: 100 } })],
    responses: [createResponse('200', { schema: { type: 'object', properties: { items: { type: 'array' } } } })],
  }),
  createOperation('GET', '/health', { tags: ['health'], operationId: 'health' }),
]);
const files = emitProject(model, createDetection(), {}).files;

const createRender = createOperation('POST', '/renders', {
  tags: ['renders'],
  operationId: 'createRender',
  requestBody: createRequestBody({ type: 'object', properties: { scene: { type: 'string' } } }),
});
const getRender = createOperation('GET', '/renders/{id}', {
  tags: ['renders'],
  operationId: 'getRender',
  parameters: [createParameter('id', 'path')],
  responses: [createResponse('200', { schema: { type: 'object', properties: { status: { type: 'string' } } } })],
});
const jobModel = createModel([createRender, getRender]);
const jobDetection = createDetection([createJobFamily('render', createRender, getRender)]);
const file = (path: string) => files.find((f) => f.path === path)!.contents;

// An input printing every runtime reader (zod/readers.ts), its properties in the reverse of the readers' import
// order: untyped (anyJson), a list beside an object (listForm), a map (pairs), a contract pattern (matchesPattern).
const readingRender = createOperation('POST', '/renders', {
  tags: ['renders'],
  operationId: 'createRender',
  requestBody: createRequestBody({
    type: 'object',
    properties: {
      extra: {},
      tags: {
        anyOf: [
          { type: 'array', items: { type: 'string' } },
          { type: 'object', properties: { name: { type: 'string' } } },
        ],
      },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      code: { type: 'string', pattern: '^[a-z]+$' },
    },
  }),
});
const READERS = 'matchesPattern, pairs, listForm, anyJson';

describe('lazy tool schemas', () => {
  it("prints a plain tool's input and output as getters over its schema module", () => {
    const pets = file('src/tools/pets.ts');
    expect(pets).toContain("import { lazy, schemaModule } from '../../runtime/index.js';");
    expect(pets).toContain(
      "const schemas = schemaModule<typeof import('../schemas/pets.js')>('schemas/pets.js', () => import('../schemas/pets.js'));",
    );
    expect(pets).toContain(
      "  get input() {\n    return lazy<OperationSpec, 'input'>(this, 'input', () => schemas.get().input_list_pets());\n  },",
    );
    expect(pets).toContain(
      "  get output() {\n    return lazy<OperationSpec, 'output'>(this, 'output', () => schemas.get().output_list_pets());\n  },",
    );
    expect(pets).toContain('  loadSchemas: schemas.load,');
    // No zod in the tool file: loading it parses none of the schema code.
    expect(pets).not.toContain('z.');
    expect(pets).not.toMatch(/^ {2}input: /m);
    const schemas = file('src/schemas/pets.ts');
    expect(schemas).toMatch(
      /export function input_list_pets\(\): z\.ZodObject \{\n {2}return z\.strictObject<z\.core\.\$ZodShape>\(\{\n {4}limit: z\.int\(\)\.lte\(100\)\.optional\(\),\n {2}\}\);\n\}/,
    );
    expect(schemas).toMatch(
      /export function output_list_pets\(\): z\.ZodObject \{\n {2}return z\.looseObject<z\.core\.\$ZodShape>\(\{ items: .*\}\);\n\}/,
    );
  });

  it('builds an output several tools share once, on first use', () => {
    const schemas = file('src/schemas/widgets.ts');
    expect(schemas).toContain("import { z, once } from '../../runtime/index.js';");
    expect(schemas).toMatch(
      /^const GetWidgetOutput = once\(\(\) => z\.looseObject<z\.core\.\$ZodShape>\(\{ id: z\.string\(\)\.optional\(\) \}\)\);$/m,
    );
    expect(schemas.match(/return GetWidgetOutput\(\);/g)).toHaveLength(2);
    // Its shipped JSON stays in the tool file, which tools/list reads.
    expect(file('src/tools/widgets.ts')).toMatch(/^const GetWidgetOutputListed = /m);
  });

  it("keeps a job family's operations' schemas in the tool file", () => {
    const jobs = emitProject(jobModel, jobDetection, {}).files;
    const renders = jobs.find((f) => f.path === 'src/tools/renders.ts')!.contents;
    expect(renders).toContain("return lazy<OperationSpec, 'input'>(this, 'input', () => z.strictObject<z.core.$ZodShape>({");
    expect(renders).not.toContain('loadSchemas');
    expect(jobs.some((f) => f.path === 'src/schemas/renders.ts')).toBe(false);
  });

  it("imports the runtime readers a plain tool's input prints in its schema module, in one order", () => {
    const emitted = emitProject(createModel([readingRender]), createDetection(), {}).files;
    const contents = (path: string) => emitted.find((f) => f.path === path)!.contents;
    expect(contents('src/schemas/renders.ts')).toContain(`import { z, ${READERS} } from '../../runtime/index.js';`);
    expect(contents('src/tools/renders.ts')).toContain("import { lazy, schemaModule } from '../../runtime/index.js';");
  });

  it("imports the runtime readers a job family's input prints in the tool file, which holds its schemas", () => {
    const detection = createDetection([createJobFamily('render', readingRender, getRender)]);
    const emitted = emitProject(createModel([readingRender, getRender]), detection, {}).files;
    expect(emitted.find((f) => f.path === 'src/tools/renders.ts')!.contents).toContain(
      `import { z, lazy, ${READERS} } from '../../runtime/index.js';`,
    );
  });

  it('keeps an empty input literal and imports nothing it does not use', () => {
    const health = file('src/tools/health.ts');
    expect(health).toContain('  input: z.strictObject<z.core.$ZodShape>({}),');
    expect(health).not.toContain('lazy');
  });
});
