import { describe, expect, it } from 'vitest';
import { planTools } from '../../../src/emit/planTools.js';
import { createJobFamily, createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { Link } from '../../../src/model/ir.js';

const job = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['in_progress', 'completed'] },
    input_file_id: { type: 'string', description: 'The ID of the input file for the batch.' },
    output_file_id: { type: 'string', description: 'The ID of the file containing the outputs of successfully executed requests.' },
    error_file_id: { type: ['string', 'null'], description: 'The ID of the file containing the outputs of requests with errors.' },
    owner_id: { type: 'string', description: 'Who started it.' },
  },
};
const create = createOperation('POST', '/batches', { operationId: 'createBatch', responses: [createResponse('200', { schema: job })] });
const fileId = [createParameter('file_id', 'path')];
const files = [
  createOperation('GET', '/files/{file_id}', { operationId: 'retrieveFile', parameters: fileId }),
  createOperation('GET', '/files/{file_id}/content', { operationId: 'downloadFile', parameters: fileId }),
  createOperation('GET', '/owners/{owner_id}', { operationId: 'getOwner', parameters: [createParameter('owner_id', 'path')] }),
];

function plan(pollLinks: Link[] = []) {
  const get = createOperation('GET', '/batches/{batch_id}', {
    operationId: 'retrieveBatch',
    parameters: [createParameter('batch_id', 'path')],
    responses: [createResponse('200', { schema: job, links: pollLinks })],
  });
  const family = createJobFamily('batch', create, get);
  return planTools(createModel([create, get, ...files]), { families: [family], hints: [], diagnostics: [] }, {});
}

describe('where a job output lives', () => {
  it('an output or error id field names the file, fetched by the content operation; inputs and unrelated ids do not', () => {
    expect(plan().families[0]!.outputs).toEqual([
      { field: 'output_file_id', tool: 'download_file', arg: 'file_id' },
      { field: 'error_file_id', tool: 'download_file', arg: 'file_id' },
    ]);
  });

  it('an OpenAPI link on the poll response wins over the naming rule', () => {
    const link: Link = { name: 'owner', operationId: 'getOwner', parameters: { owner_id: '$response.body#/owner_id' } };
    expect(plan([link]).families[0]!.outputs).toEqual([{ field: 'owner_id', tool: 'get_owner', arg: 'owner_id' }]);
  });

  it('a link may name its target by operationRef, the only way for an operation without an operationId', () => {
    const link: Link = {
      name: 'owner',
      operationRef: '#/paths/~1owners~1%7Bowner_id%7D/get',
      parameters: { owner_id: '$response.body#/owner_id' },
    };
    expect(plan([link]).families[0]!.outputs).toEqual([{ field: 'owner_id', tool: 'get_owner', arg: 'owner_id' }]);
    // Near miss: a reference into another document names nothing here, so the naming rule decides.
    const elsewhere: Link = { ...link, operationRef: 'https://example.com/other.json#/paths/~1owners~1%7Bowner_id%7D/get' };
    expect(plan([elsewhere]).families[0]!.outputs).toEqual(plan().families[0]!.outputs);
  });
});

describe('the per-plan index of output pointers', () => {
  it('gives every family of one plan what a fresh plan gives it alone', () => {
    const get = (noun: string) =>
      createOperation('GET', `/${noun}/{${noun}_id}`, {
        operationId: `retrieve_${noun}`,
        parameters: [createParameter(`${noun}_id`, 'path')],
        responses: [createResponse('200', { schema: job })],
      });
    const starts = ['batches', 'runs', 'exports'].map((noun) =>
      createOperation('POST', `/${noun}`, { operationId: `create_${noun}`, responses: [createResponse('200', { schema: job })] }),
    );
    const polls = ['batches', 'runs', 'exports'].map(get);
    const families = starts.map((start, i) => createJobFamily(`family_${i}`, start, polls[i]!));
    const model = createModel([...starts, ...polls, ...files]);
    const together = planTools(model, { families, hints: [], diagnostics: [] }, {}).families.map((f) => f.outputs);
    const alone = families.map((family) => planTools(model, { families: [family], hints: [], diagnostics: [] }, {}).families[0]!.outputs);
    expect(together).toEqual(alone);
    expect(together[0]).toEqual([
      { field: 'output_file_id', tool: 'download_file', arg: 'file_id' },
      { field: 'error_file_id', tool: 'download_file', arg: 'file_id' },
    ]);
  });
});
