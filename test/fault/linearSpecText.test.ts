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
import { SchemaReader } from '../../src/detect/read/schemaWalk.js';
import { countsOf } from '../../src/detect/status/progressCounts.js';
import { pairedVerbWords } from '../../src/detect/status/stateWords.js';
import { generate } from '../../src/index.js';
import { createModel } from '../../src/model/factories.js';

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
    // Printed as `\uXXXX` escapes with no space to cut at: the literal printer looped forever (Mastercard's
    // masterpassqr.json, an accented-letter pattern in an example).
    ['a description all outside ASCII', { description: 'À'.repeat(N) }],
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

/** A job resource whose status values only its description states: the start answers `{id, status}`, read at its item. */
function describedStatusApi(statusDescription: string): Record<string, unknown> {
  const record = {
    'application/json': {
      schema: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string', description: statusDescription } } },
    },
  };
  return {
    openapi: '3.0.3',
    info: { title: 'Linear', version: '1' },
    paths: {
      '/jobs': { post: { operationId: 'createJob', responses: { '200': { description: 'ok', content: record } } } },
      '/jobs/{id}': {
        get: {
          operationId: 'getJob',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: record } },
        },
      },
    },
  };
}

// A status field's description is read for its values (lifecycleInDescription.ts, statusByMeaning.ts). A tag scan
// that could run past the next `<` tried every later `<` from every earlier one: 60k characters of `<a ` took 22 s
// and 80k of `<li ` two minutes through `explain`.
describe('pathological status descriptions are read in linear time', () => {
  it.each([
    ['a tag name with no end', `<${'a'.repeat(N)}`],
    ['unclosed tags', '<a '.repeat(N / 3)],
    ['unclosed list items', '<li '.repeat(N / 4)],
    ['unclosed definition terms', '<dt '.repeat(N / 4)],
    ['unclosed paragraphs in list items', `<li>${'<p '.repeat(N / 3)}`],
    ['unclosed brackets', '<'.repeat(N)],
    // A status's values listed after colons, over many sentences: every word was once looked for among all before it.
    ['a plain list in each of many sentences', Array.from({ length: N / 4 }, (_, i) => `S: a${i}, b${i}, c${i}`).join('. ')],
    ['one plain list of many words', `Status: ${Array.from({ length: N / 4 }, (_, i) => `v${i}`).join(', ')}.`],
  ])(
    '%s',
    async (_name, text) => {
      const file = join(dir, 'described.json');
      writeFileSync(file, JSON.stringify(describedStatusApi(text)));
      const result = await generate({ spec: file, output: join(dir, 'described') });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.files.length).toBeGreaterThan(10);
    },
    20_000,
  );
});

// A status enum's gerunds are weighed against each other (stateWords.ts `pairedVerbWords`: an undoing `de…ing` beside
// its doing `…ing`): a lookup per word, not a scan of the whole list per word, which 300k gerunds made a minute long.
// Asked of the reader itself: the whole pipeline over so long an enum spends its time elsewhere, linearly.
describe('a status enum of many gerunds is read in linear time', () => {
  it('pairs and undoings over 300,000 gerunds', () => {
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i.toString(36)}x`);
    const values = words.flatMap((w) => [`de${w}ing`, `de${w}ed`, `un${w}ing`, `${w}ing`]);
    const paired = pairedVerbWords(values);
    // `de…ing`/`de…ed` undo the `…ing` listed beside them: no pair is read.
    expect(paired.size).toBe(0);
  }, 20_000);
});

// Counts are matched to their total by the stem they share (progressCounts.ts): one lookup per total, not a scan of
// every count per total, which 100,000 totals beside 100,000 counts would make 10^10 comparisons; and one total is
// weighed per stem, however many spellings of it (`total_s`, `total__s`) a hostile object lists.
describe('a counts object of many totals is read in linear time', () => {
  it('100,000 totals beside 100,000 counts, and 2,000 spellings of one total', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) {
      properties[`total_w${i.toString(36)}`] = { type: 'integer' };
      properties[`w${i.toString(36)}_failed`] = { type: 'integer' };
    }
    for (let i = 1; i <= 2_000; i++) properties[`total${'_'.repeat(i)}steps`] = { type: 'integer' };
    const reader = new SchemaReader(createModel([]));
    // Failures only: no total has a success beside it, so every total is weighed and none is taken.
    expect(countsOf(reader, { type: 'object', properties }, false)).toBeNull();
  }, 20_000);
});
