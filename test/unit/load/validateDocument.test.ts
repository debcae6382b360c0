import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/load/index.js';
import { fixture } from './fixturePaths.js';

describe('loadDocument({ validate: true })', () => {
  it('is silent for a valid document', async () => {
    const result = await loadDocument(fixture('load/bom.json').path, { validate: true });
    expect(result.diagnostics).toEqual([]);
  });

  it('is off by default', async () => {
    const result = await loadDocument(fixture('broken/schema-invalid.yaml').path);
    expect(result.diagnostics).toEqual([]);
  });

  it('maps schema findings to MJG110 with pointers, without oneOf branch noise', async () => {
    const { path, shown } = fixture('broken/schema-invalid.yaml');
    const result = await loadDocument(path, { validate: true });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer, d.file])).toEqual([
      ['MJG110', 'warning', '#/info', shown],
      ['MJG110', 'warning', '#/paths/~1jobs/get/responses/200', shown],
    ]);
    expect(result.diagnostics[1]!.message).toContain("required property 'description'");
  });

  it('reports a validator stop as MJG111', async () => {
    const result = await loadDocument(fixture('broken/swagger2-errors.json').path, { validate: true });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG111']);
    expect(result.diagnostics[0]!.message).toContain('#/parameters/Missing');
  });
});
