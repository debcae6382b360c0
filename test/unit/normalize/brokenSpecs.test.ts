import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/load/index.js';
import { normalizeModel } from '../../../src/normalize/index.js';
import { fixture } from '../load/fixturePaths.js';

async function diagnose(file: string) {
  const loaded = await loadDocument(fixture(file).path);
  const built = normalizeModel(loaded);
  return { loaded, built, all: [...loaded.diagnostics, ...built.diagnostics] };
}

describe('broken specs: each defect has its code, severity and pointer, and the rest still builds', () => {
  it('swagger2-errors.json', async () => {
    const { built, all } = await diagnose('broken/swagger2-errors.json');
    const base = '#/paths/~1items~1{itemId}';
    expect(all.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ['MJG206', 'warning', '#/securityDefinitions/weird'],
      ['MJG204', 'error', `${base}/get/parameters/0`],
      ['MJG204', 'error', `${base}/get/parameters/1`],
      ['MJG202', 'error', `${base}/get/parameters/2`],
      ['MJG207', 'warning', `${base}/get/parameters/3`],
      ['MJG209', 'warning', `${base}/get`],
      ['MJG210', 'warning', `${base}/post`],
      ['MJG208', 'warning', `${base}/post/security`],
      ['MJG205', 'error', `${base}/put`],
      ['MJG203', 'error', `${base}/get/responses/200`],
    ]);
    expect(all.every((d) => d.file === fixture('broken/swagger2-errors.json').shown && d.help)).toBe(true);
    expect(built.model.operations.map((o) => o.operationId)).toEqual(['getItem', 'postItem']);
    // The missing path parameter is added so that the URL can still be built.
    expect(built.model.operations[0]!.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:tags', 'path:itemId']);
  });

  it.each([
    ['broken/duplicate-operation-id.yaml', [['MJG201', 'warning', '#/paths/~1files/get']], 2],
    ['broken/ref-loop.yaml', [['MJG211', 'warning', '#/paths/~1jobs/get/parameters/0']], 1],
    ['broken/duplicate-keys.yaml', [['MJG109', 'warning', undefined]], 1],
  ])('%s', async (file, expected, operations) => {
    const { built, all } = await diagnose(file);
    expect(all.map((d) => [d.code, d.severity, d.pointer])).toEqual(expected);
    expect(built.model.operations).toHaveLength(operations);
  });

  it('multi/root.yaml: broken refs are reported once by load (with the file holding them), not again by build', async () => {
    const { built, all } = await diagnose('broken/multi/root.yaml');
    expect(all.map((d) => d.code)).toEqual(['MJG103', 'MJG105', 'MJG104']);
    const [op] = built.model.operations;
    expect(op!.parameters).toEqual([]);
    expect(op!.responses.map((r) => r.status)).toEqual(['200', '404']);
  });

  it('an unusable load builds an empty model without new diagnostics', async () => {
    const { built } = await diagnose('broken/invalid-yaml.yaml');
    expect(built.diagnostics).toEqual([]);
    expect(built.model.operations).toEqual([]);
  });
});
