/**
 * What is read beside the status of a family linked by where its id flows (idflow/idFlowJobs.ts), as for every other
 * family: progress (src/detect/status/findProgress.ts), a percentage or fraction among the status's
 * siblings, nested in the answer or in a list's first item, its path as the family names fields; and the inline
 * result or the URL of the result beside it (status/analyzeStatusSchema.ts). Near misses: a number not named like
 * progress, a progress written as text ("45%"), which is no fraction the runtime can read, and no result field.
 * The outcome beside such a status: outcomeField.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';

const LIFECYCLE = str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED']);
const int = (description?: string): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}) });

/** StartExport answers `{ExportId}`; DescribeExport answers the export (or a list of them) with `fields` beside its status. */
function detectWith(fields: Record<string, JsonSchema>, listed = false) {
  const exportTask = obj({ ExportId: str(), Status: LIFECYCLE, ...fields });
  const answer = listed ? obj({ Exports: { type: 'array', items: exportTask } }) : obj({ Export: exportTask });
  const input = listed ? obj({ ExportIds: { type: 'array', items: str() } }, ['ExportIds']) : obj({ ExportId: str() }, ['ExportId']);
  const [family] = detectJobs(
    createModel([
      rpc('StartExport', obj({ Name: str() }), obj({ ExportId: str() })),
      rpc(listed ? 'DescribeExports' : 'DescribeExport', input, answer),
    ]),
  ).families;
  return family!;
}

describe('progress beside an id-flow status', () => {
  it('reads a percentage beside a nested status', () => {
    const f = detectWith({ ProgressPercent: int('The percentage complete of the export.') });
    expect(f.statusField).toBe('Export.Status');
    expect(f.progress).toEqual({ field: 'Export.ProgressPercent', scale: 100 });
  });

  it('reads it in the first item of a listed answer (FSx `Backups.0.ProgressPercent`)', () => {
    const f = detectWith({ ProgressPercent: int() }, true);
    expect(f.statusField).toBe('Exports.0.Status');
    expect(f.progress).toEqual({ field: 'Exports.0.ProgressPercent', scale: 100 });
  });

  it('reads a fraction whose maximum is 1 (Glue `Session.Progress`)', () => {
    const f = detectWith({ Progress: { type: 'number', minimum: 0, maximum: 1 } });
    expect(f.progress).toEqual({ field: 'Export.Progress', scale: 1 });
  });

  it('near miss: a number not named like progress', () => {
    expect(detectWith({ SizeInBytes: int() }).progress).toBeNull();
  });

  // A string that says it holds a percentage is read (the runtime reads "45" and "45%", nothing from words): AWS
  // Backup's `PercentDone`. Until stop 55 this row expected null, when the runtime could not read "45%".
  it('reads a percentage written as a string', () => {
    expect(detectWith({ Progress: str(undefined, 'The progress, as a percentage: "45%".') }).progress).toEqual({
      field: 'Export.Progress',
      scale: 100,
    });
  });

  it('near miss: a progress written as words', () => {
    expect(detectWith({ Progress: str(undefined, 'What the export is doing now.') }).progress).toBeNull();
  });
});

describe('the result beside an id-flow status', () => {
  it('reads an inline output beside a nested status (Step Functions `output`, Glue `Statement.Output`)', () => {
    const f = detectWith({ Output: { type: 'object', properties: { Data: str() } } });
    expect(f.resultField).toBe('Export.Output');
    expect(f.result).toBeNull();
  });

  it("reads the URL of the result (files.com's `results_url`)", () => {
    const f = detectWith({ results_url: str(undefined, 'Where the export can be downloaded.') });
    expect(f.result).toEqual({ field: 'Export.results_url' });
  });

  it('near miss: no result beside the status', () => {
    const f = detectWith({ CreatedAt: str() });
    expect([f.resultField, f.result]).toEqual([null, null]);
  });
});
