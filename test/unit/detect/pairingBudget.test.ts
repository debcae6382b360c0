/**
 * Id flow's weighing is bounded (src/detect/idflow/pairingBudget.ts): a contract whose starts and reads all share one
 * id name weighs every start against every read, so a large one could hang the generator. Once the run's budget is
 * spent the starts left are not weighed, whole, and one warning (MJG309) names them; what was weighed pairs as it
 * would without a budget, and overrides are read whatever the budget. Small limits stand in for a large contract.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';

const NOUNS = ['Transcription', 'Translation', 'Synthesis', 'Labeling', 'Compilation', 'Evaluation'];
const STATUS = str(['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED']);

/** Six job kinds of one service, each started and read by the same `JobId`: every start offered every read. */
function sharedIdService(): Operation[] {
  return NOUNS.flatMap((noun) => [
    rpc(`Start${noun}Job`, obj({ Name: str() }), obj({ JobId: str() })),
    rpc(`Get${noun}Job`, obj({ JobId: str() }, ['JobId']), obj({ JobId: str(), JobStatus: STATUS })),
  ]);
}

const pairs = (d: ReturnType<typeof detectJobs>) =>
  d.families.map((f) => [f.start.map((s) => s.op.operationId).join(','), f.poll && 'op' in f.poll ? f.poll.op.operationId : null]);

describe('pairing budget (MJG309)', () => {
  it('weighs every start when the contract fits the budget, and says nothing', () => {
    const d = detectJobs(createModel(sharedIdService()));
    expect(pairs(d)).toEqual(NOUNS.map((n) => [`Start${n}Job`, `Get${n}Job`]));
    expect(d.diagnostics).toEqual([]);
  });

  it('once the budget is spent, weighs no more starts and names those it left', () => {
    // A budget of one: the first start is weighed whole (a start is never cut half-way), then the run stops.
    const d = detectJobs(createModel(sharedIdService()), {}, { pairings: 1 });
    expect(pairs(d)).toEqual([['StartTranscriptionJob', 'GetTranscriptionJob']]);
    expect(d.diagnostics.map((x) => x.code)).toEqual(['MJG309']);
    const message = d.diagnostics[0]!.message;
    expect(message).toContain('5 operation(s) that might start a job were not weighed');
    for (const noun of NOUNS.slice(1)) expect(message).toContain(`Start${noun}Job`);
    expect(d.diagnostics[0]!.pointer).toBe(sharedIdService()[2]!.pointer);
  });

  it('a start weighed under a budget pairs as it does without one', () => {
    const whole = pairs(detectJobs(createModel(sharedIdService())));
    for (const limit of [1, 30, 60, 90]) {
      const cut = pairs(detectJobs(createModel(sharedIdService()), {}, { pairings: limit }));
      expect(cut.length).toBeGreaterThan(0);
      expect(cut).toEqual(whole.slice(0, cut.length));
    }
  });

  it('names at most five starts and counts the rest', () => {
    const ops = [
      ...sharedIdService(),
      ...sharedIdService().map((op) => ({ ...op, path: `${op.path}V2`, operationId: `${op.operationId}V2` })),
    ];
    const d = detectJobs(createModel(ops), {}, { pairings: 1 });
    expect(d.diagnostics[0]!.message).toMatch(/11 operation\(s\) .*: (POST \S+, ){4}POST \S+ and 6 more$/);
  });

  it('reads overrides whatever the budget', () => {
    const d = detectJobs(
      createModel(sharedIdService()),
      {
        operations: {
          StartEvaluationJob: { family: 'evaluation', role: 'start', idFrom: 'body:JobId' },
          GetEvaluationJob: { family: 'evaluation', role: 'poll', idParam: 'JobId', idIn: 'body', statusField: 'JobStatus' },
        } as never,
      },
      { pairings: 1 },
    );
    expect(pairs(d)).toContainEqual(['StartEvaluationJob', 'GetEvaluationJob']);
    expect(d.diagnostics.map((x) => x.code)).toEqual(['MJG309']);
  });
});
