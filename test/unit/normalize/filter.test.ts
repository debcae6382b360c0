import { describe, expect, it } from 'vitest';
import { filterOperations, unmatchedPatterns } from '../../../src/normalize/index.js';
import { buildFrom, oas3 } from './buildFrom.js';

const res = (ref?: string) => ({
  '200': { description: 'ok', ...(ref ? { content: { 'application/json': { schema: { $ref: ref } } } } : {}) },
});
const { model } = buildFrom(
  oas3(
    {
      '/repos/{owner}/{repo}': { get: { operationId: 'repos/get', tags: ['repos'], responses: res('#/components/schemas/Repo') } },
      '/repos/{owner}/{repo}/actions/runs': {
        get: { operationId: 'actions/list-runs', tags: ['actions'], responses: res('#/components/schemas/Run') },
        post: { operationId: 'actions/create-run', tags: ['actions'], responses: res('#/components/schemas/Run') },
      },
      '/user': { get: { operationId: 'users/get-authenticated', tags: ['users'], responses: res('#/components/schemas/User') } },
      '/responses?beta=true': { post: { tags: ['beta'], responses: res() } },
    },
    {
      components: {
        schemas: {
          Repo: { properties: { owner: { $ref: '#/components/schemas/User' } } },
          Run: { type: 'object' },
          User: { type: 'object' },
        },
      },
    },
  ),
);
const names = (m: typeof model) => m.operations.map((o) => o.operationId ?? `${o.method} ${o.path}`);

describe('filterOperations', () => {
  it.each([
    [[], [], ['repos/get', 'actions/list-runs', 'actions/create-run', 'users/get-authenticated', 'POST /responses?beta=true']],
    [['actions'], [], ['actions/list-runs', 'actions/create-run']],
    [['repos/get'], [], ['repos/get']],
    [['/repos/*/*'], [], ['repos/get']],
    [['/repos/**'], [], ['repos/get', 'actions/list-runs', 'actions/create-run']],
    [['/repos/{owner}/**/runs'], [], ['actions/list-runs', 'actions/create-run']],
    [['/**/runs'], [], ['actions/list-runs', 'actions/create-run']],
    [['POST /repos/**'], [], ['actions/create-run']],
    [['post /**'], [], ['actions/create-run', 'POST /responses?beta=true']],
    [['/us*'], [], ['users/get-authenticated']],
    [['/responses'], [], ['POST /responses?beta=true']],
    [[], ['actions', 'beta'], ['repos/get', 'users/get-authenticated']],
    [['/repos/**'], ['POST /repos/**'], ['repos/get', 'actions/list-runs']],
    [['nothing-matches'], [], []],
  ])('include %j exclude %j', (include, exclude, expected) => {
    expect(names(filterOperations(model, include, exclude))).toEqual(expected);
  });

  it('trims schemas to what the kept operations reach', () => {
    expect(Object.keys(filterOperations(model, ['repos'], []).schemas).sort()).toEqual([
      '#/components/schemas/Repo',
      '#/components/schemas/User',
    ]);
    expect(Object.keys(filterOperations(model, ['actions'], []).schemas)).toEqual(['#/components/schemas/Run']);
  });

  it('does not change the input model', () => {
    filterOperations(model, ['users'], []);
    expect(model.operations).toHaveLength(5);
  });

  it('names patterns that match nothing', () => {
    expect(unmatchedPatterns(model, ['actions', 'acitons', '/nope/**', 'GET /user'])).toEqual(['acitons', '/nope/**']);
  });
});
