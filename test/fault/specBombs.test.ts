/**
 * Generator-side bombs from issue 23's attacker pass: a YAML alias bomb ("billion laughs": nine levels of ten
 * aliases, 10^10 nodes once expanded) hung the generator in the walks after parsing; it is refused (MJG117) in
 * the time a parse takes, while a spec that shares a few nodes through aliases still loads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { loadDocument } from '../../src/load/index.js';
import { getAtPointer } from '../../src/model/jsonPointer.js';

const dir = mkdtempSync(join(tmpdir(), 'spec-bombs-'));

function yamlSpec(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${['openapi: 3.0.3', "info: {title: Bombs, version: '1'}", ...lines].join('\n')}\n`);
  return file;
}

describe('YAML aliases', () => {
  it('an alias bomb is refused with MJG117, without walking its expansion', async () => {
    const levels = ['x-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `x-a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const file = yamlSpec('laughs.yaml', [
      ...levels,
      'paths:',
      '  /x:',
      '    get:',
      '      description: *a9',
      '      parameters: *a9',
      "      responses: {'200': {description: ok}}",
    ]);
    const result = await loadDocument(file);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG117']);
    expect(result.diagnostics[0]!.message).toContain('alias bomb');
  }, 20_000);

  it('a spec sharing a schema through an alias still loads', async () => {
    const file = yamlSpec('shared.yaml', [
      'paths:',
      '  /a:',
      '    get:',
      "      responses: {'200': {description: ok, content: {application/json: {schema: &pet {type: object, properties: {id: {type: string}}}}}}}",
      '  /b:',
      '    get:',
      "      responses: {'200': {description: ok, content: {application/json: {schema: *pet}}}}",
    ]);
    const result = await loadDocument(file);
    expect(result.diagnostics).toEqual([]);
    expect(getAtPointer(result.document, '#/paths/~1b/get/responses/200/content/application~1json/schema/properties/id/type')).toBe(
      'string',
    );
  });
});

describe('deep values inside an inline answer', () => {
  it('a default of arrays nested 5,000 deep is detected without overflowing the stack', async () => {
    // Built as text: JSON.stringify itself overflows on a value this deep. Inline answers are compared by content
    // (schemaWalk.ts documentKey), whose walk once recursed through arrays without bound (MJG399, a stack overflow).
    const deep = `${'['.repeat(5_000)}"x"${']'.repeat(5_000)}`;
    const body = `{"type":"object","properties":{"id":{"type":"string"},"status":{"type":"string","enum":["queued","running","done","failed"]},"name":{"type":"string"},"extra":{"type":"array","default":${deep}}}}`;
    const content = `{"application/json":{"schema":${body}}}`;
    const idParam = '{"name":"id","in":"path","required":true,"schema":{"type":"string"}}';
    const file = join(dir, 'deep.json');
    writeFileSync(
      file,
      `{"openapi":"3.0.3","info":{"title":"Deep","version":"1"},"paths":{"/jobs":{"post":{"operationId":"createJob","responses":{"201":{"description":"ok","content":${content}}}}},"/jobs/{id}":{"get":{"operationId":"getJob","parameters":[${idParam}],"responses":{"200":{"description":"ok","content":${content}}}}}}}`,
    );
    const result = await generate({ spec: file, output: join(dir, 'deep-out') });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.files.length).toBeGreaterThan(10);
  }, 30_000);
});
