/**
 * A contract must not hang the generator (src/detect/idflow/pairingBudget.ts): 1,100 AWS-style job kinds whose
 * starts all answer `JobId` and whose reads all take it offer id flow 1.2 million start–poll pairs, each read
 * through its status checks. Unbounded that took minutes and grew with the square of the contract; now detection
 * stops at its budget, keeps every family it weighed and names the starts it left (MJG309). No time is asserted:
 * a regression shows as this file's timeout.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain } from '../../src/index.js';

const KINDS = 1_100;

function rpc(action: string, input: Record<string, unknown>, output: Record<string, unknown>): Record<string, unknown> {
  return {
    post: {
      operationId: action,
      requestBody: { content: { 'application/json': { schema: input } } },
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: output } } } },
    },
  };
}

function sharedIdApi(): Record<string, unknown> {
  const status = { type: 'string', enum: ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] };
  const jobId = { type: 'object', required: ['JobId'], properties: { JobId: { type: 'string' } } };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < KINDS; i++) {
    paths[`/#X-Amz-Target=Svc.StartKind${i}Job`] = rpc(`StartKind${i}Job`, { type: 'object' }, jobId);
    paths[`/#X-Amz-Target=Svc.GetKind${i}Job`] = rpc(`GetKind${i}Job`, jobId, {
      type: 'object',
      properties: { JobId: { type: 'string' }, JobStatus: status },
    });
  }
  return { openapi: '3.0.3', info: { title: 'Shared ids', version: '1' }, paths };
}

describe('a contract of thousands of starts sharing one id', () => {
  it('is detected within the pairing budget, the starts left named in MJG309', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pairing-scale-')), 'spec.json');
    writeFileSync(file, JSON.stringify(sharedIdApi()));
    const { detection, diagnostics } = await explain({ spec: file });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const left = detection.diagnostics.filter((d) => d.code === 'MJG309');
    expect(left).toHaveLength(1);
    const count = Number(/(\d+) operation\(s\)/.exec(left[0]!.message)![1]);
    // Every start is either a family or named as left: none is lost without a word.
    expect(detection.families.length + count).toBe(KINDS);
    expect(detection.families.length).toBeGreaterThan(100);
    // What was weighed pairs each start with its own read.
    for (const f of detection.families) {
      const start = f.start[0]!.op.operationId!;
      expect(f.poll && 'op' in f.poll ? f.poll.op.operationId : null).toBe(start.replace(/^Start/, 'Get'));
    }
  }, 240_000);
});
