/**
 * Issue 23 item 6, end to end: pathological spec strings go through load, detection, naming and emit in linear
 * time. Each row generates a small job API (a 202 start and its status poll, so detection and family naming run)
 * with one hostile string in an operationId, a path or a description; the name-splitting regex took a minute
 * for a 200k-capital operationId, the Markdown cleanup as long for 100k unclosed `[`. No time is asserted: a
 * regression shows as this file's timeout, and the shapes themselves are linted in
 * test/unit/regexLinearity.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';

const N = 200_000;
const dir = mkdtempSync(join(tmpdir(), 'linear-spec-text-'));

function jobApi(options: { operationId?: string; path?: string; description?: string }): Record<string, unknown> {
  const path = options.path ?? '/jobs';
  const id = options.operationId ?? 'createJob';
  return {
    openapi: '3.0.3',
    info: { title: 'Linear', version: '1' },
    paths: {
      [path]: {
        post: {
          operationId: id,
          description: options.description ?? 'Starts a job.',
          responses: { '202': { description: 'accepted', headers: { Location: { schema: { type: 'string' } } } } },
        },
      },
      [`${path}/{id}`]: {
        get: {
          operationId: `${id}Status`,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { status: { type: 'string', enum: ['running', 'succeeded', 'failed'] } } },
                },
              },
            },
          },
        },
      },
    },
  };
}

describe('pathological spec strings are handled in linear time', () => {
  it.each([
    ['an all-capitals operationId', { operationId: 'A'.repeat(N) }],
    ['capitals then lower case at the end', { operationId: `${'A'.repeat(N)}b` }],
    ['underscores', { operationId: `a${'_'.repeat(N)}b` }],
    ['alternating case', { operationId: 'aB'.repeat(N / 2) }],
    ['a path of unclosed braces', { path: `/${'{'.repeat(N)}` }],
    ['unclosed link brackets', { description: `${'['.repeat(N)}](` }],
    ['unclosed image brackets', { description: `${'!['.repeat(N / 2)}](` }],
    ['unclosed HTML comments', { description: '<!--'.repeat(N / 4) }],
    ['unclosed emphasis', { description: '**a '.repeat(N / 4) }],
    ['a table rule after a long indent', { description: `${' '.repeat(N)}---x` }],
    ['blank lines before a curl', { description: `${'\n'.repeat(N)}x` }],
  ])(
    '%s',
    async (_name, options) => {
      const file = join(dir, 'spec.json');
      writeFileSync(file, JSON.stringify(jobApi(options)));
      const result = await generate({ spec: file, output: join(dir, 'out') });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.files.length).toBeGreaterThan(10);
    },
    20_000,
  );
});
