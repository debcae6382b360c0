/**
 * zod and the MCP server SDK are compiled into the shipped runtime bundle (BUNDLED_PACKAGES, scripts/runtimeBundle.mjs):
 * the bundle loads neither from node_modules, the generated code takes `z` from the runtime (one zod), the project
 * pins the same versions for their types, and their licences ship beside the code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM build script (checkJs-typed in tsconfig.scripts.json), without type declarations
import { packageOf, packageOfFile } from '../../../scripts/runtimeBundle.mjs';
import { bundledRuntimeFile, findRuntimeDir } from '../../../src/emit/emitRuntime.js';
import { emitProject } from '../../../src/emit/index.js';
import { createJobFamily, createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import { BUNDLED_PACKAGES } from '../../../templates/runtime/defaults.js';

const REPO = join(import.meta.dirname, '..', '..', '..');
const runtimeDir = findRuntimeDir()!;
const bundle = readFileSync(bundledRuntimeFile(runtimeDir), 'utf8');
/** The bundle's lines that are code: not in a `/** … *\/` block's body nor a `//` comment. */
const code = bundle.split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));

/**
 * Where the bundled package was installed from, found as node resolves it from the server SDK (its core may be a
 * nested copy of its own: npm nests it when another package wants a different core at the top).
 */
const installedDir = (name: string) =>
  [join(REPO, 'node_modules', '@modelcontextprotocol', 'server', 'node_modules', name), join(REPO, 'node_modules', name)].find((dir) =>
    existsSync(join(dir, 'package.json')),
  )!;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A project with a plain tool with a body schema, a schema module and a job family with a result schema. */
function project() {
  const start = createOperation('POST', '/jobs', {
    operationId: 'createJob',
    tags: ['jobs'],
    requestBody: createRequestBody({ type: 'object', properties: { n: { type: 'integer' } } }),
    responses: [createResponse('202', { schema: { type: 'object', properties: { id: { type: 'string' } } } })],
  });
  const poll = createOperation('GET', '/jobs/{id}', { operationId: 'getJob', tags: ['jobs'] });
  const plain = createOperation('POST', '/pets', {
    operationId: 'addPet',
    tags: ['pets'],
    requestBody: createRequestBody({ type: 'object', properties: { name: { type: 'string' } } }),
    responses: [createResponse('200', { schema: { type: 'object', properties: { name: { type: 'string' } } } })],
  });
  const family = { ...createJobFamily('job', start, poll), resultSchema: { type: 'object', properties: { url: { type: 'string' } } } };
  return emitProject(createModel([start, poll, plain], { title: 'Bundled' }), { families: [family], hints: [], diagnostics: [] }).files;
}

describe('the packages compiled into the runtime bundle', () => {
  it('are the installed versions, and the bundle imports none of them at run time', () => {
    expect(BUNDLED_PACKAGES.map((p) => p.package)).toEqual(['@modelcontextprotocol/core', '@modelcontextprotocol/server', 'zod']);
    for (const { package: name, version } of BUNDLED_PACKAGES) {
      expect(JSON.parse(readFileSync(join(installedDir(name), 'package.json'), 'utf8')).version, name).toBe(version);
      // A static import, a dynamic one or a require of the package or any of its subpaths, outside comments (the
      // SDK's doc comments quote its own imports).
      const quoted = `["']${escapeRegExp(name)}(/[^"']*)?["']`;
      const loaded = new RegExp(`^\\s*(import|export)\\b.*\\bfrom\\s*${quoted}|\\b(import|require)\\(\\s*${quoted}`);
      expect(
        code.find((line) => loaded.test(line)),
        name,
      ).toBeUndefined();
    }
    // What stays external is still imported from node_modules (the check above would pass on a bundle of nothing).
    expect(bundle).toMatch(/import\("better-sqlite3"\)/);
  });

  it('the generated code imports z from the runtime and no bundled package from node_modules', () => {
    const files = project();
    const generated = files.filter((f) => f.path.startsWith('src/') && f.path.endsWith('.ts') && !f.path.startsWith('src/test/'));
    const zodUsers = generated.filter((f) => /\bz\./.test(f.contents)).map((f) => f.path);
    // The job result's schema, the job tools' inputs, a plain tool's schema module.
    expect(zodUsers).toEqual(expect.arrayContaining(['src/jobs.ts', 'src/tools/jobs.ts', 'src/schemas/pets.ts']));
    for (const f of generated) {
      for (const { package: name } of BUNDLED_PACKAGES)
        expect(f.contents, `${f.path} imports ${name}`).not.toMatch(new RegExp(`from '${escapeRegExp(name)}`));
      if (zodUsers.includes(f.path)) expect(f.contents, f.path).toMatch(/^import \{ z(, [^}]+)? \} from '(\.\.\/)+runtime\/index\.js';$/m);
    }
  });

  it('ship with their licences: each package with its version and its installed licence text, named in the README', () => {
    const files = project();
    const notices = files.find((f) => f.path === 'runtime/THIRD_PARTY_NOTICES.md')?.contents ?? '';
    for (const { package: name, version } of BUNDLED_PACKAGES) {
      expect(notices, name).toMatch(new RegExp(`^##.*${escapeRegExp(name)} ${escapeRegExp(version)}`, 'm'));
      expect(notices, `${name}'s LICENSE`).toContain(readFileSync(join(installedDir(name), 'LICENSE'), 'utf8').trimEnd());
    }
    const readme = files.find((f) => f.path === 'README.md')?.contents ?? '';
    expect(readme).toContain('`runtime/THIRD_PARTY_NOTICES.md`');
    for (const { package: name, version } of BUNDLED_PACKAGES) expect(readme).toContain(`\`${name}@${version}\``);
  });
});

describe('runtimeBundle: which package a module belongs to', () => {
  it.each([
    ['zod', 'zod'],
    ['zod/v4', 'zod'],
    ['@modelcontextprotocol/server', '@modelcontextprotocol/server'],
    ['@modelcontextprotocol/server/stdio', '@modelcontextprotocol/server'],
  ])('specifier %s is package %s', (specifier, name) => {
    expect(packageOf(specifier)).toBe(name);
  });

  it.each([
    ['/p/node_modules/zod/v4/classic/external.js', { name: 'zod', root: '/p/node_modules/zod' }],
    [
      '/p/node_modules/@modelcontextprotocol/server/node_modules/@modelcontextprotocol/core/dist/index.mjs',
      { name: '@modelcontextprotocol/core', root: '/p/node_modules/@modelcontextprotocol/server/node_modules/@modelcontextprotocol/core' },
    ],
    ['/p/dist/templates/runtime/index.js', null],
  ])('file %s is in %o', (file, expected) => {
    expect(packageOfFile(file)).toEqual(expected);
  });
});
