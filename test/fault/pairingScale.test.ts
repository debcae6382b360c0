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

/**
 * Thousands of starts and reads that name no noun (`make12`, `read12`), the starts answering a bare `id` and every read
 * taking one: a bare id links by the noun start and read share, and where neither names one there is nothing to
 * share. Filed under the empty noun, each start was offered every read, four million pairs weighed one by one (34 s
 * on two cores) until the budget ran out and the starts left were named unweighed. Now nothing pairs them, and the
 * whole contract is weighed.
 */
function namelessApi(n: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${i}`] = {
      post: {
        operationId: `make${i}`,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } } },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'object', properties: { type: { type: 'string', example: `kind${i % 50}` }, id: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    paths[`/kind${i % 50}s/{id}/x${i}`] = {
      get: {
        operationId: `read${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] } } },
              },
            },
          },
        },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Nameless', version: '1' }, paths };
}

describe('a contract of thousands of starts and reads named by no noun', () => {
  it('offers no start every read: the whole contract is weighed, none left to MJG309', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pairing-nameless-')), 'spec.json');
    writeFileSync(file, JSON.stringify(namelessApi(2_500)));
    const { detection, diagnostics } = await explain({ spec: file });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(detection.diagnostics.filter((d) => d.code === 'MJG309')).toEqual([]);
    expect(detection.families).toEqual([]);
  }, 240_000);
});
