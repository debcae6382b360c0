/** The run sweep's fake upstream (test/support/contractFake.ts): where it tells a tracked job's status. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { vocabularyWalk } from '../../scripts/corpus/runFamily.js';
import { loadDocument } from '../../src/load/index.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { encodeCodes, pollLinkMembers, startContractFake, statusFieldsOf, statusPathsOf } from '../support/contractFake.js';

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
    [
      'an enum said as a oneOf of consts',
      {
        type: 'object',
        properties: { s: { type: 'string', oneOf: [{ const: 'Pending' }, { const: 'InProgress' }, { const: 'Success' }] } },
      },
      ['s'],
    ],
    ['a oneOf of schemas is no enum', { type: 'object', properties: { s: { oneOf: [{ const: 'Pending' }, { type: 'string' }] } } }, []],
  ])('%s', (_why, schema, paths) => {
    expect(statusPathsOf(schema, ['Pending', 'InProgress', 'Success'], { resolve })).toEqual(paths);
  });

  it('no walked values, no paths', () => {
    expect(statusPathsOf({ type: 'object', properties: { Status } }, [], { resolve })).toEqual([]);
  });
});

describe('statusFieldsOf: the status-named fields of an answer, in their own vocabulary', () => {
  it.each([
    [
      'a top-level status (LGTM operation)',
      { type: 'object', properties: { status: { enum: ['pending', 'done'] } } },
      [{ path: 'status', values: ['pending', 'done'] }],
    ],
    [
      'a record in a list, by $ref, named in camel case',
      { type: 'object', properties: { Commands: { type: 'array', items: { $ref: 'Command' } } } },
      [{ path: 'Commands[].Status', values: ['Pending', 'InProgress', 'Success', 'Failed'] }],
    ],
    ['an enum not named for a status (a mode)', { type: 'object', properties: { Mode: { enum: ['Pending', 'On'] } } }, []],
    [
      'a record written as a union of its states, each fixing the status (stateUnions)',
      { oneOf: [{ type: 'object', properties: { status: { enum: ['pending'] } } }, { properties: { status: { enum: ['done'] } } }] },
      [{ path: 'status', values: ['pending', 'done'] }],
    ],
    [
      'a union whose status values a discriminator maps (stateMappings)',
      {
        type: 'object',
        properties: {
          job: {
            oneOf: [{ properties: { status: { type: 'string' } } }],
            discriminator: { propertyName: 'status', mapping: { pending: '#/a', done: '#/b' } },
          },
        },
      },
      [{ path: 'job.status', values: ['pending', 'done'] }],
    ],
    [
      'numeric codes the contract names, read by their names (codedEnums)',
      { type: 'object', properties: { status: { type: 'integer', enum: [0, 1], 'x-enumNames': ['pending', 'done'] } } },
      [{ path: 'status', values: ['pending', 'done'] }],
    ],
    ['a word that only ends like one (estate)', { type: 'object', properties: { estate: { enum: ['a', 'b'] } } }, []],
    ['a status without values', { type: 'object', properties: { status: { type: 'string' } } }, []],
  ])('%s', (_why, schema, fields) => {
    expect(statusFieldsOf(schema, { resolve })).toEqual(fields);
  });
});

describe('pollLinkMembers: the members of a start answer that hand out its poll URL', () => {
  const zip = {
    type: 'object',
    properties: {
      download_url: { type: 'string', example: 'https://dl.example.com/zip/1/content' },
      status_url: { type: 'string', example: 'https://api.example.com/zip/1/status' },
      status: { type: 'string' },
      expires_at: { type: 'string', format: 'date-time' },
    },
  };
  it.each([
    ['a URL named for the poll path last segment (Box status_url)', zip, '/zip_downloads/{id}/status', ['status_url']],
    [
      'a URL by format, named for the read before its id',
      { type: 'object', properties: { solutionLink: { type: 'string', format: 'uri' } } },
      '/vrp/solutions/{jobId}',
      ['solutionLink'],
    ],
    ['no URL names the poll', zip, '/zip_downloads/{id}/progress', []],
    ['a poll path of parameters alone', zip, '/{id}', []],
  ])('%s', (_why, schema, pollPath, members) => {
    expect(pollLinkMembers(schema, pollPath, { resolve })).toEqual(members);
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

describe('startContractFake: a read in another vocabulary tells the live job, and a start hands out the fake poll URL', () => {
  const json = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
  const op = (operationId: string, schema: unknown) => ({ operationId, responses: json(schema) });
  const spec = {
    openapi: '3.0.3',
    info: { title: 'fake', version: '1' },
    paths: {
      '/analyses': { post: op('requestAnalysis', { type: 'object', properties: { id: { type: 'string' } } }) },
      '/analyses/{id}': {
        get: op('getAnalysis', {
          type: 'object',
          properties: {
            state: { enum: ['queued', 'ok', 'broken'] },
            summary: { type: 'object', properties: { phase: { enum: ['BUILDING', 'LIVE'] }, kind: { enum: ['A', 'B'] } } },
          },
        }),
      },
      '/operations/{id}': { get: op('getOperation', { type: 'object', properties: { status: { enum: ['pending', 'done'] } } }) },
      '/records': { post: op('provision', { type: 'object', properties: { id: { type: 'string' } } }) },
      '/records/{id}': { get: op('describeRecord', { type: 'object', properties: { Status: { enum: ['WAIT', 'DONE'] } } }) },
      '/zips': {
        post: op('createZip', {
          type: 'object',
          properties: { status_url: { type: 'string', example: 'https://elsewhere.example.com/zips/1/status' } },
        }),
      },
      '/zips/{id}/status': { get: op('getZipStatus', { type: 'object', properties: { state: { enum: ['in_progress', 'success'] } } }) },
    },
  };
  const tracked = [
    {
      start: { method: 'POST', path: '/analyses' },
      poll: { method: 'GET', path: '/analyses/{id}' },
      statusPath: 'state',
      walk: ['queued', 'queued', 'queued', 'ok'],
    },
    {
      start: { method: 'POST', path: '/records' },
      poll: { method: 'GET', path: '/records/{id}' },
      statusPath: 'Status',
      walk: ['WAIT', 'WAIT', 'WAIT', 'DONE'],
    },
    {
      start: { method: 'POST', path: '/zips' },
      poll: { method: 'GET', path: '/zips/{id}/status' },
      statusPath: 'state',
      walk: ['in_progress', 'success'],
    },
  ];
  async function withFake(
    run: (call: (method: string, p: string) => Promise<unknown>, fake: Awaited<ReturnType<typeof startContractFake>>) => Promise<void>,
  ) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fake-spec-')), 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const { model } = normalizeModel(await loadDocument(file));
    const fake = await startContractFake(model, tracked, { vocabularyWalk });
    const call = async (method: string, p: string) =>
      (await fetch(`${fake.url}${p}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) })).json();
    try {
      await run(call, fake);
    } finally {
      await fake.close();
    }
  }

  it('a read no label names walks its status-named field through its own values, and the fake keeps its end', () =>
    withFake(async (call, fake) => {
      await call('POST', '/analyses');
      expect(await call('GET', '/operations/a')).toEqual({ status: 'pending' });
      expect(await call('GET', '/operations/a')).toEqual({ status: 'pending' });
      expect(await call('GET', '/operations/a')).toEqual({ status: 'done' });
      expect(fake.state(0)).toMatchObject({ at: 0, otherAt: 3, otherEnds: ['done'] });
    }));

  it('another label poll read while a job is live walks THAT job in the other label vocabulary, not the other job', () =>
    withFake(async (call, fake) => {
      await call('POST', '/records');
      await call('GET', '/records/r');
      await call('GET', '/records/r');
      await call('GET', '/records/r');
      expect(fake.state(1).at).toBe(3);
      await call('POST', '/analyses');
      expect(await call('GET', '/records/a')).toEqual({ Status: 'WAIT' });
      expect(fake.state(0)).toMatchObject({ otherAt: 1, otherEnds: ['DONE'] });
      expect(fake.state(1).at).toBe(3);
    }));

  it('another status of the labelled answer walks its own values in step, its end kept apart from the label', () =>
    withFake(async (call, fake) => {
      await call('POST', '/analyses');
      expect(await call('GET', '/analyses/a')).toEqual({ state: 'queued', summary: { phase: 'BUILDING', kind: 'A' } });
      expect(await call('GET', '/analyses/a')).toEqual({ state: 'queued', summary: { phase: 'BUILDING', kind: 'A' } });
      expect(await call('GET', '/analyses/a')).toEqual({ state: 'ok', summary: { phase: 'LIVE', kind: 'A' } });
      expect(fake.state(0)).toMatchObject({ at: 3, fieldAt: 3, fieldEnds: ['LIVE'], otherEnds: [] });
    }));

  it('a start that hands out its poll URL in its body hands out the fake one, which walks the label', () =>
    withFake(async (call) => {
      const started = (await call('POST', '/zips')) as { status_url: string };
      expect(started.status_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/zips\/sample\/status$/);
      expect(await (await fetch(started.status_url)).json()).toEqual({ state: 'success' });
    }));
});

describe('encodeCodes: a walked document on the wire, names of coded enums as their codes', () => {
  it.each([
    ['x-enumNames', { enum: [0, 1, 2], 'x-enumNames': ['QUEUED', 'RUNNING', 'DONE'] }],
    ['x-enum-varnames', { enum: [0, 1, 2], 'x-enum-varnames': ['QUEUED', 'RUNNING', 'DONE'] }],
    [
      'x-ms-enum values',
      { enum: [0, 1, 2], 'x-ms-enum': { values: ['QUEUED', 'RUNNING', 'DONE'].map((name, value) => ({ value, name })) } },
    ],
    ['titled consts', { oneOf: ['QUEUED', 'RUNNING', 'DONE'].map((title, i) => ({ const: i, title })) }],
  ])('%s: in a record and in each item of a list', (_form, status) => {
    const schema = {
      type: 'object',
      properties: {
        job: { type: 'object', properties: { status } },
        runs: { type: 'array', items: { type: 'object', properties: { status } } },
      },
    };
    const doc = { job: { status: 'DONE' }, runs: [{ status: 'RUNNING' }, { status: 'QUEUED' }] };
    encodeCodes(doc, schema, { resolve });
    expect(doc).toEqual({ job: { status: 2 }, runs: [{ status: 1 }, { status: 0 }] });
  });
  it('leaves string enums and values that name no code as they are', () => {
    const schema = { type: 'object', properties: { a: { enum: ['x', 'y'] }, b: { enum: [0, 1], 'x-enumNames': ['P', 'Q'] } } };
    const doc = { a: 'x', b: 'Z' };
    encodeCodes(doc, schema, { resolve });
    expect(doc).toEqual({ a: 'x', b: 'Z' });
  });
});
