/**
 * Tool files build their zod schemas on first read: every non-trivial input and every output is a getter over
 * `lazy` (templates/runtime/core/lazy.ts), imported only by files that use it; an empty input stays a literal.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { createDetection, createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';

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
const file = (path: string) => files.find((f) => f.path === path)!.contents;

describe('lazy tool schemas', () => {
  it('prints a non-empty input and an output as getters over lazy', () => {
    const pets = file('src/tools/pets.ts');
    expect(pets).toContain("import { lazy } from '../../runtime/core/lazy.js';");
    expect(pets).toMatch(
      / {2}get input\(\) \{\n {4}return lazy<OperationSpec, 'input'>\(this, 'input', \(\) => z\.strictObject<z\.core\.\$ZodShape>\(\{\n {6}limit: z\.int\(\)\.lte\(100\)\.optional\(\),\n {4}\}\)\);\n {2}\},/,
    );
    expect(pets).toMatch(
      / {2}get output\(\) \{\n {4}return lazy<OperationSpec, 'output'>\(this, 'output', \(\) => z\.looseObject<z\.core\.\$ZodShape>\(\{ items: .*\}\)\);\n {2}\},/,
    );
    expect(pets).not.toMatch(/^ {2}input: /m);
  });

  it('builds an output several tools share once, on first use', () => {
    const widgets = file('src/tools/widgets.ts');
    expect(widgets).toContain("import { lazy, once } from '../../runtime/core/lazy.js';");
    expect(widgets).toMatch(
      /^const GetWidgetOutput = once\(\(\) => z\.looseObject<z\.core\.\$ZodShape>\(\{ id: z\.string\(\)\.optional\(\) \}\)\);$/m,
    );
    expect(widgets.match(/return lazy<OperationSpec, 'output'>\(this, 'output', \(\) => GetWidgetOutput\(\)\);/g)).toHaveLength(2);
  });

  it('keeps an empty input literal and imports nothing it does not use', () => {
    const health = file('src/tools/health.ts');
    expect(health).toContain('  input: z.strictObject<z.core.$ZodShape>({}),');
    expect(health).not.toContain('lazy');
  });
});
