/** The family's list tool: the collection its jobs live in, found from the poll path or a collection POST. */
import { describe, expect, it } from 'vitest';
import { findListTool, parentCollection, startCollection } from '../../../src/emit/listTool.js';
import type { PlannedOperation } from '../../../src/emit/toolPlan.js';
import type { Operation } from '../../../src/model/ir.js';
import type { JobFamily } from '../../../src/model/jobs.js';

describe('parentCollection', () => {
  it.each([
    ['/batches/{batch_id}', '/batches'],
    ['/v1/projects/{p}/jobs/{job}', '/v1/projects/{p}/jobs'],
    ['/jobs/{id}?beta=true', '/jobs'],
    ['/v1/{name}', '/v1'],
    ['/{id}', null],
    ['/jobs/{id}:cancel', null],
    ['/jobs/latest', null],
  ])('%s → %s', (path, parent) => {
    expect(parentCollection(path)).toBe(parent);
  });
});

describe('startCollection', () => {
  it.each([
    ['POST', '/batches', '/batches'],
    ['POST', '/translator/batches?api-version=1', '/translator/batches'],
    ['POST', '/v1/{parent}:synthesizeLongAudio', null],
    ['PUT', '/disks/{name}', null],
    ['POST', '/disks/{name}', null],
    ['PUT', '/batches', null],
  ])('%s %s → %s', (method, path, collection) => {
    expect(startCollection(method, path)).toBe(collection);
  });
});

function planned(method: string, path: string, tool: string, role: 'tool' | 'start' = 'tool'): PlannedOperation {
  return { op: { method, path } as Operation, tool, role, label: tool };
}

function family(start: { method: string; path: string }, poll: JobFamily['poll']): JobFamily {
  return { start: [{ op: { ...start, pointer: '' } }], poll } as unknown as JobFamily;
}

describe('findListTool', () => {
  const ops = [
    planned('POST', '/batches', 'create_batch', 'start'),
    planned('GET', '/batches', 'list_batches'),
    planned('GET', '/batches/{batch_id}', 'retrieve_batch'),
    planned('GET', '/exports', 'list_exports'),
  ];
  const link = {
    op: { method: 'GET', path: '/batches/{batch_id}', pointer: '' },
    idParam: 'batch_id',
    carry: [],
  } as unknown as JobFamily['poll'];

  it('prefers the poll resource collection, then the start collection', () => {
    expect(findListTool(family({ method: 'POST', path: '/batches' }, link), ops)).toBe('list_batches');
    expect(findListTool(family({ method: 'POST', path: '/exports' }, { via: 'header:Location' }), ops)).toBe('list_exports');
  });

  it('is null when the contract has no such GET, or only as a job start', () => {
    expect(findListTool(family({ method: 'POST', path: '/renders' }, { via: 'header:Location' }), ops)).toBeNull();
    const onlyStart = [planned('GET', '/exports', 'list_exports', 'start')];
    expect(findListTool(family({ method: 'POST', path: '/exports' }, { via: 'header:Location' }), onlyStart)).toBeNull();
  });
});
