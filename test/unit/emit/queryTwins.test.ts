/**
 * AWS query-protocol twins (emit/queryTwins.ts): one action declared as `GET_X` and `POST_X` on `/#Action=X` is
 * one tool, named for the action; the twin a job family uses is the one kept.
 */
import { describe, expect, it } from 'vitest';
import { planTools } from '../../../src/emit/index.js';
import { findQueryTwins } from '../../../src/emit/queryTwins.js';
import { createDetection, createJobFamily, createModel, createOperation, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';

const twin = (method: 'GET' | 'POST', action: string, operationId = `${method}_${action}`): Operation =>
  createOperation(method, `/#Action=${action}`, { operationId, responses: [createResponse('200', { schema: { type: 'object' } })] });

describe('AWS query twins', () => {
  const none = () => false;
  const rows: Array<{ name: string; ops: Operation[]; used?: string[]; hidden: string[]; named: Record<string, string> }> = [
    {
      name: 'GET and POST of one action: the POST is the tool, named for the action',
      ops: [twin('GET', 'DescribeStacks'), twin('POST', 'DescribeStacks')],
      hidden: ['GET_DescribeStacks'],
      named: { POST_DescribeStacks: 'DescribeStacks' },
    },
    {
      name: 'the twin a family reads is kept',
      ops: [twin('GET', 'DescribeStacks'), twin('POST', 'DescribeStacks')],
      used: ['GET_DescribeStacks'],
      hidden: ['POST_DescribeStacks'],
      named: { GET_DescribeStacks: 'DescribeStacks' },
    },
    {
      name: 'near miss: a family uses both twins, both stay',
      ops: [twin('GET', 'CreateStack'), twin('POST', 'CreateStack')],
      used: ['GET_CreateStack', 'POST_CreateStack'],
      hidden: [],
      named: {},
    },
    {
      name: 'near miss: one method only is no twin',
      ops: [twin('POST', 'CreateStack')],
      hidden: [],
      named: {},
    },
    {
      name: 'near miss: a REST path with GET and POST is two operations',
      ops: [
        createOperation('GET', '/stacks', { operationId: 'listStacks' }),
        createOperation('POST', '/stacks', { operationId: 'createStack' }),
      ],
      hidden: [],
      named: {},
    },
    {
      name: 'an operationId other than METHOD_Action keeps its name',
      ops: [twin('GET', 'DescribeStacks', 'describeStacksGet'), twin('POST', 'DescribeStacks', 'describeStacks')],
      hidden: ['describeStacksGet'],
      named: { describeStacks: 'describeStacks' },
    },
  ];
  it.each(rows)('$name', ({ ops, used, hidden, named }) => {
    const found = findQueryTwins(ops, used ? (op) => used.includes(op.operationId!) : none);
    expect([...found.hidden].map((op) => op.operationId)).toEqual(hidden);
    expect(Object.fromEntries([...found.names].map(([op, n]) => [op.operationId, n]))).toEqual(named);
  });

  it('the tool plan lists one tool per action and keeps the start twin of a family', () => {
    const ops = [twin('GET', 'CreateStack'), twin('POST', 'CreateStack'), twin('GET', 'DescribeStacks'), twin('POST', 'DescribeStacks')];
    const family = createJobFamily('stack', ops[1]!, ops[2]!);
    const plan = planTools(createModel(ops), createDetection([family]), {});
    expect(plan.operations.map((p) => [p.op.operationId, p.tool, p.role])).toEqual([
      ['POST_CreateStack', 'create_stack', 'start'],
      ['GET_DescribeStacks', 'describe_stacks', 'tool'],
    ]);
  });
});
