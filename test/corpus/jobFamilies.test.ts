/**
 * Corpus: real specs through load → build → detect, families compared with the ground truth in
 * fixtures/real/README.md (transcribed in expectedFamilies.ts). Precision and recall of start operations
 * are printed and asserted; the detection time on GitHub's spec is printed.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectJobs } from '../../src/detect/index.js';
import { loadDocument } from '../../src/load/index.js';
import type { JobDetection, JobFamily } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { CORPUS, type ExpectedFamily, GITHUB, KNOWN_EXTRAS } from './expectedFamilies.js';

const REAL = path.join('fixtures', 'real');
const tally = { expected: 0, found: 0, truePositive: 0, extras: [] as string[], missed: [] as string[] };

async function detect(file: string): Promise<{ detection: JobDetection; ms: number; operations: number }> {
  const loaded = await loadDocument(file);
  expect(loaded.ok).toBe(true);
  const { model } = normalizeModel(loaded);
  const t0 = performance.now();
  const detection = detectJobs(model);
  return { detection, ms: performance.now() - t0, operations: model.operations.length };
}

const idOf = (l: JobFamily['poll'] | JobFamily['cancel']): string | null =>
  l === null ? null : 'op' in l ? (l.op.operationId ?? `${l.op.method} ${l.op.path}`) : `via ${l.via}`;
const startsOf = (f: JobFamily) => f.start.map((s) => s.op.operationId ?? `${s.op.method} ${s.op.path}`);

function compare(file: string, found: JobFamily[], expected: ExpectedFamily[]): void {
  const expectedStarts = expected.flatMap((e) => e.start);
  const foundStarts = found.flatMap(startsOf);
  tally.expected += expectedStarts.length;
  tally.found += foundStarts.length;
  tally.truePositive += foundStarts.filter((s) => expectedStarts.includes(s)).length;
  tally.extras.push(...foundStarts.filter((s) => !expectedStarts.includes(s)).map((s) => `${file}: ${s}`));
  tally.missed.push(...expectedStarts.filter((s) => !foundStarts.includes(s)).map((s) => `${file}: ${s}`));
  for (const e of expected) {
    const f = found.find((x) => idOf(x.poll) === e.poll);
    expect(f, `${file}: a family polled by ${e.poll}`).toBeDefined();
    expect([...startsOf(f!)].sort()).toEqual([...e.start].sort());
    if (e.cancel === null) expect(f!.cancel, `${file}: ${f!.name} has no cancel`).toBeNull();
    else expect(e.cancel).toContain(idOf(f!.cancel));
    expect(f!.outcomeField, `${file}: outcome field of ${f!.name}`).toBe(e.outcomeField ?? null);
    // Progress only where the contract reports a true fraction; every other family stays null.
    expect(f!.progress, `${file}: progress of ${f!.name}`).toEqual(e.progress ?? null);
  }
  // No family beyond the README's, except the reviewed extras named in KNOWN_EXTRAS.
  const unexpected = found.filter((f) => !expected.some((e) => e.poll === idOf(f.poll)));
  expect(unexpected.flatMap(startsOf).filter((s) => !(s in KNOWN_EXTRAS))).toEqual([]);
}

describe('corpus: job families of real specs', () => {
  it.each(CORPUS.map((c) => [c.file, c] as const))('%s', async (_file, spec) => {
    const { detection } = await detect(path.join(REAL, spec.file));
    compare(spec.file, detection.families, spec.families);
    expect(detection.diagnostics).toEqual([]);
  });

  it('GitHub: required families found, the 202 traps rejected, detection time', async () => {
    const { detection, ms, operations } = await detect(GITHUB.file);
    const families = detection.families;
    for (const r of GITHUB.required) {
      const f = families.find(
        (x) =>
          (r.start === undefined || startsOf(x).includes(r.start)) &&
          (r.poll === undefined || idOf(x.poll) === r.poll) &&
          (r.cancel === undefined || idOf(x.cancel) === r.cancel),
      );
      expect(f, r.label).toBeDefined();
      if (r.outcomeField !== undefined) expect(f!.outcomeField, `${r.label}: outcome field`).toBe(r.outcomeField);
      if (r.idFrom !== undefined)
        expect(
          f!.start.map((x) => x.idFrom),
          `${r.label}: id source`,
        ).toEqual([r.idFrom]);
      if (r.states !== undefined) expect(f!.states, `${r.label}: states`).toEqual(r.states);
    }
    // Only the resources that really split "finished" from "how it ended" get an outcome field.
    const withOutcome = families.filter((f) => f.outcomeField !== null).map((f) => idOf(f.poll));
    expect(withOutcome).toEqual(GITHUB.required.filter((r) => r.outcomeField !== undefined).map((r) => r.poll));
    // GitHub's job resources report no fraction anywhere (no percent field, no counts with a total).
    expect(families.filter((f) => f.progress !== null).map((f) => f.name)).toEqual([]);
    const inFamilies = new Set(families.flatMap((f) => [...startsOf(f), idOf(f.poll), idOf(f.cancel)]));
    for (const op of GITHUB.forbidden) expect(inFamilies.has(op), op).toBe(false);
    const hinted = new Set(detection.hints.map((h) => h.operationId));
    for (const op of GITHUB.forbidden) expect(hinted.has(op), `${op} is an async hint`).toBe(true);
    console.log(
      `GitHub: ${operations} operations, detection ${ms.toFixed(0)} ms (first run, wall clock), ${families.length} families:\n` +
        families
          .map(
            (f) =>
              `  ${f.name} (${f.confidence}): ${startsOf(f).join(', ')} → ${idOf(f.poll)}${f.cancel ? ` / cancel ${idOf(f.cancel)}` : ''}`,
          )
          .join('\n'),
    );
  });
});

afterAll(() => {
  if (tally.expected === 0) return;
  const precision = tally.truePositive / tally.found;
  const recall = tally.truePositive / tally.expected;
  console.log(
    `corpus start operations: expected ${tally.expected}, found ${tally.found}, correct ${tally.truePositive}; ` +
      `precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n` +
      (tally.extras.length ? `  extras: ${tally.extras.join('; ')}\n` : '') +
      (tally.missed.length ? `  missed: ${tally.missed.join('; ')}\n` : ''),
  );
  // Recall is complete; the only precision loss is the reviewed `?beta=true` duplicate of Responses.
  expect(recall).toBe(1);
  expect(tally.extras.every((e) => e.split(': ')[1]! in KNOWN_EXTRAS)).toBe(true);
  expect(precision).toBeGreaterThanOrEqual((tally.found - Object.keys(KNOWN_EXTRAS).length) / tally.found);
});
