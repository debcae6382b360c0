/**
 * Issue 23 item 1: a hostile contract's `$ref`s cannot read the user's files. Resolution stays inside the spec's
 * folder tree (symbolic links resolved), never reads a dotfile, a device, a FIFO or a folder, and a `$ref` where
 * OpenAPI allows none (under `description`, `info`, …) is reported and never read. Whatever the spec does, the
 * secret planted beside it appears in no generated file.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { loadDocument } from '../../src/load/index.js';
import { getAtPointer } from '../../src/model/jsonPointer.js';

const SECRET = 'SECRET_TOKEN=planted-secret-0451';
let dir: string;
let specDir: string;

function spec(name: string, body: string): string {
  const file = join(specDir, name);
  writeFileSync(file, `openapi: 3.0.3\ninfo: {title: Refs, version: '1'}\n${body}`);
  return file;
}

/** An operation whose parameters are the refs under test (a parameter position allows a Reference Object). */
function paramRefs(name: string, refs: string[]): string {
  const list = refs.map((ref) => `{$ref: '${ref}'}`).join(', ');
  return spec(
    name,
    `paths:\n  /x:\n    get:\n      operationId: getX\n      parameters: [${list}]\n      responses: {'200': {description: ok}}\n`,
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-refs-'));
  specDir = join(dir, 'vendor');
  mkdirSync(join(specDir, 'sub', '.git'), { recursive: true });
  mkdirSync(join(dir, 'shared'));
  const param = `name: ${SECRET}\nin: query\nschema: {type: string}\n`;
  writeFileSync(join(dir, '.env'), param);
  writeFileSync(join(dir, 'outside.yaml'), param);
  writeFileSync(join(dir, 'shared', 'param.yaml'), 'name: shared\nin: query\nschema: {type: string}\n');
  writeFileSync(join(specDir, '.npmrc'), param);
  writeFileSync(join(specDir, 'sub', '.git', 'config.yaml'), param);
  writeFileSync(join(specDir, 'sub', 'param.yaml'), 'name: fine\nin: query\nschema: {type: string}\n');
  symlinkSync(join(dir, 'outside.yaml'), join(specDir, 'link.yaml'));
  symlinkSync(dir, join(specDir, 'up'));
  execFileSync('mkfifo', [join(specDir, 'fifo.yaml')]);
});

describe('$ref confinement (MJG115)', () => {
  it.each([
    ['../outside.yaml', "leaves the spec's folder tree"],
    ['../.env', "leaves the spec's folder tree"],
    ['/etc/passwd', "leaves the spec's folder tree"],
    ['/dev/zero', "leaves the spec's folder tree"],
    ['%2E%2E/outside.yaml', "leaves the spec's folder tree"],
    ['.npmrc', 'dotfile or dot-directory (.npmrc)'],
    ['./sub/.git/config.yaml', 'dotfile or dot-directory (.git)'],
    ['link.yaml', "through a symbolic link, it leaves the spec's folder tree"],
    ['up/outside.yaml', "through a symbolic link, it leaves the spec's folder tree"],
  ])('%s is refused, named in the diagnostic, and never read', async (ref, reason) => {
    const file = paramRefs('one.yaml', [ref]);
    const result = await loadDocument(file);
    const refused = result.diagnostics.filter((d) => d.code === 'MJG115');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toContain(`$ref ${ref} `);
    expect(refused[0]!.message).toContain(reason);
    expect(refused[0]!.pointer).toBe('#/paths/~1x/get/parameters/0');
    expect(JSON.stringify(result.document)).not.toContain('planted-secret');
  });

  it.each([
    ['fifo.yaml', 'a FIFO (reading it would block forever)'],
    ['sub', 'a folder'],
  ])('%s, %s, is not a regular file: MJG103, and the load ends', async (ref) => {
    const result = await loadDocument(paramRefs('special.yaml', [ref]));
    expect(result.diagnostics.map((d) => [d.code, d.message.includes('not a regular file')])).toEqual([['MJG103', true]]);
  });

  it('a file below the spec is still read', async () => {
    const result = await loadDocument(paramRefs('fine.yaml', ['sub/param.yaml']));
    expect(result.diagnostics).toEqual([]);
    expect(getAtPointer(result.document, '#/paths/~1x/get/parameters/0/name')).toBe('fine');
  });

  it('--ref-root widens the folder, and still never reads a dotfile there', async () => {
    const file = paramRefs('wide.yaml', ['../shared/param.yaml', '../.env']);
    const narrow = await loadDocument(file);
    expect(narrow.diagnostics.map((d) => d.code)).toEqual(['MJG115', 'MJG115']);
    const wide = await loadDocument(file, { refRoot: dir });
    expect(wide.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['MJG115', '#/paths/~1x/get/parameters/1']]);
    expect(getAtPointer(wide.document, '#/paths/~1x/get/parameters/0/name')).toBe('shared');
  });
});

describe('$ref only where OpenAPI allows one (MJG116)', () => {
  it.each([
    [
      'info.description',
      "info:\n  title: Refs\n  version: '1'\n  description: {$ref: 'sub/param.yaml'}\npaths: {}\n",
      '#/info/description/$ref',
    ],
    [
      'an operation description',
      "paths:\n  /x:\n    get:\n      description: {$ref: 'sub/param.yaml'}\n      responses: {'200': {description: ok}}\n",
      '#/paths/~1x/get/description/$ref',
    ],
    [
      'a summary',
      "paths:\n  /x:\n    get:\n      summary: {$ref: 'sub/param.yaml'}\n      responses: {'200': {description: ok}}\n",
      '#/paths/~1x/get/summary/$ref',
    ],
    [
      'a schema title',
      "components:\n  schemas:\n    A: {type: object, title: {$ref: 'sub/param.yaml'}}\npaths: {}\n",
      '#/components/schemas/A/title/$ref',
    ],
    ['a tag', "tags: [{name: t, description: {$ref: 'sub/param.yaml'}}]\npaths: {}\n", '#/tags/0/description/$ref'],
    ['externalDocs', "externalDocs: {$ref: 'sub/param.yaml'}\npaths: {}\n", '#/externalDocs/$ref'],
  ])('a $ref under %s is reported and not read', async (_where, body, pointer) => {
    const file = join(specDir, 'prose.yaml');
    writeFileSync(
      file,
      body.startsWith('info:') ? `openapi: 3.0.3\n${body}` : `openapi: 3.0.3\ninfo: {title: Refs, version: '1'}\n${body}`,
    );
    const result = await loadDocument(file);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['MJG116', pointer]]);
    expect(result.files).toHaveLength(1);
    expect(JSON.stringify(result.document)).not.toContain('"fine"');
  });

  it('a schema property named description may still be a $ref', async () => {
    const file = spec(
      'named.yaml',
      "components:\n  schemas:\n    A:\n      properties:\n        description: {$ref: 'sub/param.yaml'}\npaths: {}\n",
    );
    const result = await loadDocument(file);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toHaveLength(2);
  });
});

describe('the issue 23 attack, end to end through generate()', () => {
  it('no generated file holds the planted secret; errors name every ref', async () => {
    const file = join(specDir, 'attack.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        "info: {title: Refs, version: '1', description: {$ref: '../.env'}}",
        'paths:',
        '  /x:',
        '    get:',
        '      operationId: getX',
        "      description: {$ref: '../.env'}",
        "      parameters: [{$ref: '../outside.yaml'}, {$ref: 'link.yaml'}, {$ref: '.npmrc'}]",
        "      responses: {'200': {description: ok}}",
        '',
      ].join('\n'),
    );
    const result = await generate({ spec: file, output: join(dir, 'out') });
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual(['MJG115', 'MJG115', 'MJG115', 'MJG116', 'MJG116', 'MJG506']);
    expect(result.files.length).toBeGreaterThan(10);
    for (const generated of result.files) expect(generated.contents, generated.path).not.toContain('planted-secret');
  });
});
