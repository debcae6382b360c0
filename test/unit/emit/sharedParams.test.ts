/**
 * A parameter spec printed identically for several tools of one file is one `ParamSpec` constant, referred to by
 * name; one used once, or spelled differently (another location, another style), stays inline.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { createDetection, createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';

const ok = [createResponse('200', { schema: { type: 'object' } })];
const model = createModel([
  createOperation('GET', '/repos/{owner}/{repo}', {
    tags: ['repos'],
    operationId: 'getRepo',
    parameters: [createParameter('owner', 'path'), createParameter('repo', 'path')],
    responses: ok,
  }),
  createOperation('DELETE', '/repos/{owner}/{repo}', {
    tags: ['repos'],
    operationId: 'deleteRepo',
    parameters: [createParameter('owner', 'path'), createParameter('repo', 'path')],
    responses: ok,
  }),
  createOperation('GET', '/repos/{owner}/{repo}/forks', {
    tags: ['repos'],
    operationId: 'listForks',
    parameters: [
      createParameter('owner', 'path'),
      createParameter('repo', 'path'),
      createParameter('page', 'query'),
      // The same name in the query of another operation is another spec.
      createParameter('owner', 'header'),
    ],
    responses: ok,
  }),
  createOperation('GET', '/orgs/{org}', {
    tags: ['orgs'],
    operationId: 'getOrg',
    parameters: [createParameter('org', 'path')],
    responses: ok,
  }),
]);
const files = emitProject(model, createDetection(), {}).files;
const file = (path: string) => files.find((f) => f.path === path)!.contents;

describe('shared parameter specs', () => {
  it('declares each repeated spec once, with its type, and names it in every tool that uses it', () => {
    const repos = file('src/tools/repos.ts');
    expect(repos).toContain("import type { OperationSpec, ParamSpec } from '../../runtime/definition.js';");
    expect(repos).toContain("const param_owner: ParamSpec = { arg: 'owner', name: 'owner', in: 'path', required: true };");
    expect(repos).toContain("const param_repo: ParamSpec = { arg: 'repo', name: 'repo', in: 'path', required: true };");
    expect(repos.match(/^ {4}param_owner,$/gm)).toHaveLength(3);
    expect(repos.match(/^ {4}param_repo,$/gm)).toHaveLength(3);
    // Used once: inline, no constant.
    expect(repos).toContain("    { arg: 'page', name: 'page', in: 'query', required: false },");
    expect(repos).not.toMatch(/const param_page/);
  });

  it('keeps a same-named parameter of another location apart, under its own argument name', () => {
    const repos = file('src/tools/repos.ts');
    expect(repos).toMatch(/ {4}\{ arg: '[a-z_]*owner[a-z_0-9]*', name: 'owner', in: 'header', required: false \},/);
    expect(repos.match(/^const param_/gm)).toHaveLength(2);
  });

  it('imports ParamSpec only where a constant needs it', () => {
    const orgs = file('src/tools/orgs.ts');
    expect(orgs).toContain("import type { OperationSpec } from '../../runtime/definition.js';");
    expect(orgs).toContain("    { arg: 'org', name: 'org', in: 'path', required: true },");
  });
});
