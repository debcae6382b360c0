/** The run sweep's fake upstream (test/support/contractFake.ts): where it tells a tracked job's status. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/load/index.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { startContractFake, statusPathsOf } from '../support/contractFake.js';

const Status = { type: 'string', enum: ['Pending', 'InProgress', 'Success', 'Failed'] };
const schemas: Record<string, unknown> = {
  Command: { type: 'object', properties: { CommandId: { type: 'string' }, Status: { $ref: 'Status' } } },
  Status,
};
const resolve = (ref: string) => schemas[ref] as never;

describe('statusPathsOf: the fields of an answer that tell a status in the label vocabulary', () => {
  it.each([
    [
      'a list of records, by $ref',
      { type: 'object', properties: { Commands: { type: 'array', items: { $ref: 'Command' } } } },
      ['Commands[].Status'],
    ],
    ['a field nested in allOf', { allOf: [{ type: 'object', properties: { job: { $ref: 'Command' } } }] }, ['job.Status']],
    ['an enum that lacks a walked value is another vocabulary', { type: 'object', properties: { s: { enum: ['Pending', 'Done'] } } }, []],
    ['a free string tells nothing', { type: 'object', properties: { Status: { type: 'string' } } }, []],
  ])('%s', (_why, schema, paths) => {
    expect(statusPathsOf(schema, ['Pending', 'InProgress', 'Success'], { resolve })).toEqual(paths);
  });

  it('no walked values, no paths', () => {
    expect(statusPathsOf({ type: 'object', properties: { Status } }, [], { resolve })).toEqual([]);
  });
});

describe('startContractFake: a read other than the labelled poll that tells the status walks it too', () => {
  it('SSM-like: the server follows the command at ListCommands, the label at GetCommandInvocation', async () => {
    const json = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
    const post = (operationId: string, schema: unknown) => ({ post: { operationId, responses: json(schema) } });
    const spec = {
      openapi: '3.0.3',
      info: { title: 'fake', version: '1' },
      paths: {
        '/send': post('SendCommand', { type: 'object', properties: { CommandId: { type: 'string' } } }),
        '/invocation': post('GetCommandInvocation', { type: 'object', properties: { Status } }),
        '/list': post('ListCommands', {
          type: 'object',
          properties: { Commands: { type: 'array', items: { type: 'object', properties: { Status } } } },
        }),
        '/other': post('GetSettings', { type: 'object', properties: { Mode: { type: 'string', enum: ['Pending', 'On'] } } }),
      },
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fake-spec-')), 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const { model } = normalizeModel(await loadDocument(file));
    const fake = await startContractFake(model, [
      {
        start: { method: 'POST', path: '/send' },
        poll: { method: 'POST', path: '/invocation' },
        statusPath: 'Status',
        walk: ['Pending', 'InProgress', 'Success'],
      },
    ]);
    const call = async (p: string) => (await fetch(`${fake.url}${p}`, { method: 'POST', body: '{}' })).json();
    try {
      await call('/send');
      expect(await call('/other')).toEqual({ Mode: 'Pending' });
      expect(await call('/list')).toEqual({ Commands: [{ Status: 'InProgress' }] });
      expect(await call('/list')).toEqual({ Commands: [{ Status: 'Success' }] });
      expect(fake.state(0).at).toBe(2);
    } finally {
      await fake.close();
    }
  });
});
