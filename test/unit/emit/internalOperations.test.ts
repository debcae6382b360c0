/**
 * Synthetic operations (detection's AIP-151 GetOperation that the spec leaves out) become internal
 * OperationSpecs: in the definition, linked by the job table, and never a tool or a README row of their own.
 */
import { describe, expect, it } from 'vitest';
import { applyFamilyOverrides } from '../../../src/detect/applyOverrides.js';
import { emitProject, planTools } from '../../../src/emit/index.js';
import {
  createJobFamily,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  toOperationRef,
} from '../../../src/model/factories.js';
import type { JobDetection } from '../../../src/model/jobs.js';

const operation = { type: 'object', properties: { name: { type: 'string' }, done: { type: 'boolean' }, error: { type: 'object' } } };
const start = createOperation('POST', '/v1/{parent}/backups', {
  operationId: 'backups.create',
  tags: ['backups'],
  parameters: [createParameter('parent', 'path')],
  responses: [createResponse('200', { schema: operation })],
});
const resourceGet = createOperation('GET', '/v1/{name}', {
  operationId: 'backups.get',
  tags: ['backups'],
  parameters: [createParameter('name', 'path')],
  responses: [createResponse('200', { schema: { type: 'object' } })],
});
const syntheticPoll = createOperation('GET', '/v1/{operation_name}', {
  summary: 'Gets the latest state of a long-running operation (AIP-151 GetOperation).',
  parameters: [createParameter('operation_name', 'path')],
  responses: [createResponse('200', { schema: operation })],
});
const model = createModel([start, resourceGet]);

function detection(): JobDetection {
  const family = createJobFamily('operation', start, syntheticPoll, {
    statusField: null,
    doneField: 'done',
    states: {},
    poll: { op: toOperationRef(syntheticPoll), idParam: 'operation_name', carry: [] },
  });
  family.start[0]!.idFrom = 'body:name';
  return { families: [family], hints: [], diagnostics: [], syntheticOperations: [syntheticPoll] };
}

describe('internal operations', () => {
  it('are planned apart from the tools, named after every other tool, in a group of their own', () => {
    const plan = planTools(model, detection(), {});
    expect(plan.operations.map((p) => p.tool)).not.toContain('get_v1_operation_name');
    expect(plan.groups.at(-1)).toMatchObject({ stem: 'internal', operations: [{ role: 'internal', tool: expect.any(String) }] });
    const internalTool = plan.groups.at(-1)!.operations[0]!.tool;
    expect(plan.families[0]!.linked.size).toBe(0);
    expect([...plan.families[0]!.internal.values()]).toEqual([internalTool]);
    // The family and list tools were named before it: adding it renames nothing.
    expect(plan.listJobsTool).toBe('list_jobs');
  });

  it('are emitted as role internal, linked by the job table, absent from the README and the tool count', () => {
    const { files, diagnostics } = emitProject(model, detection(), {});
    expect(diagnostics.filter((d) => d.code === 'MJG501')).toEqual([]);
    const internalFile = files.find((f) => f.path === 'src/tools/internal.ts')!.contents;
    expect(internalFile).toContain("role: 'internal',");
    expect(internalFile).toContain("path: '/v1/{operation_name}',");
    const tool = /tool: '([^']+)'/.exec(internalFile)![1]!;
    expect(files.find((f) => f.path === 'src/jobs.ts')!.contents).toContain(`operation: '${tool}'`);
    expect(files.find((f) => f.path === 'src/definition.ts')!.contents).toContain("from './tools/internal.js'");
    expect(files.find((f) => f.path === 'README.md')!.contents).not.toContain(tool);
  });

  it('that no kept family links are not emitted', () => {
    const found = detection();
    const plan = planTools(model, { ...found, families: applyFamilyOverrides(found.families, { operation: { enabled: false } }, []) }, {});
    expect(plan.groups.map((g) => g.stem)).not.toContain('internal');
  });
});
