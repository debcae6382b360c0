/**
 * Generality corpus: APIs outside fixtures/real/ (fixtures/generality/), each through load → build → detect,
 * families compared with generalityExpected.ts: exactly those families, no extra ones, traps in no family.
 * Prints precision and recall of start operations over this corpus.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectJobs } from '../../src/detect/index.js';
import { loadDocument } from '../../src/load/index.js';
import type { ApiModel } from '../../src/model/ir.js';
import type { JobFamily } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { GENERALITY, type GeneralitySpec } from './generalityExpected.js';
import { GENERALITY_2 } from './generalityExpected2.js';
import { GENERALITY_3 } from './generalityExpected3.js';
import { GENERALITY_4 } from './generalityExpected4.js';
import { GENERALITY_5A } from './generalityExpected5a.js';
import { GENERALITY_5B } from './generalityExpected5b.js';
import { GENERALITY_6A } from './generalityExpected6a.js';
import { GENERALITY_6B } from './generalityExpected6b.js';
import { GENERALITY_7A } from './generalityExpected7a.js';
import { GENERALITY_7B } from './generalityExpected7b.js';
import { GENERALITY_8A } from './generalityExpected8a.js';
import { GENERALITY_8B } from './generalityExpected8b.js';
import { GENERALITY_9A } from './generalityExpected9a.js';
import { GENERALITY_9B } from './generalityExpected9b.js';
import { GENERALITY_9C } from './generalityExpected9c.js';
import { GENERALITY_9D } from './generalityExpected9d.js';
import { GENERALITY_10A } from './generalityExpected10a.js';
import { GENERALITY_10B } from './generalityExpected10b.js';
import { GENERALITY_10C } from './generalityExpected10c.js';
import { GENERALITY_10D } from './generalityExpected10d.js';
import { GENERALITY_11A } from './generalityExpected11a.js';
import { GENERALITY_11B } from './generalityExpected11b.js';
import { GENERALITY_11C } from './generalityExpected11c.js';
import { GENERALITY_11D } from './generalityExpected11d.js';

const DIR = path.join('fixtures', 'generality');
const tally = { expected: 0, found: 0, correct: 0, extras: [] as string[], missed: [] as string[], ambiguous: [] as string[] };

type Link = JobFamily['poll'] | JobFamily['cancel'] | JobFamily['result'];
const idOf = (l: Link): string | null => {
  if (l === null) return null;
  if ('op' in l) return l.op.operationId ?? `${l.op.method} ${l.op.path}`;
  if ('via' in l) return `via ${l.via}`;
  if ('field' in l) return `field ${l.field}`;
  return `finalStateVia ${l.finalStateVia}`;
};
const pollsOf = (e: GeneralitySpec['families'][number]): Array<string | null> => [e.poll, ...(e.pollAlso ?? [])];
/** The poll a family reads: its operation, or for a URL the start hands out, the GET the contract says that URL is. */
const pollOf = (f: JobFamily): string | null =>
  f.pollUrlReads ? (f.pollUrlReads.operationId ?? `${f.pollUrlReads.method} ${f.pollUrlReads.path}`) : idOf(f.poll);
const startsOf = (f: JobFamily) => f.start.map((s) => s.op.operationId ?? `${s.op.method} ${s.op.path}`);

async function detectFile(file: string) {
  const loaded = await loadDocument(path.join(DIR, file));
  expect(loaded.ok, `${file} loads`).toBe(true);
  const { model } = normalizeModel(loaded);
  return { ...detectJobs(model), model };
}

/**
 * Whether a start takes the key in a header or the query at all: one that declares none cannot forward it (Huawei's
 * batch delete beside its creates' `X-Client-Token`), and must forward none. A body key is taken as declared.
 */
function declaresKey(model: ApiModel, pointer: string, key: NonNullable<GeneralitySpec['families'][number]['idempotency']>): boolean {
  if (key.in === 'body') return true;
  const op = model.operations.find((o) => o.pointer === pointer);
  return op?.parameters.some((p) => p.in === key.in && p.name.toLowerCase() === key.name.toLowerCase()) ?? true;
}

function check(spec: GeneralitySpec, found: JobFamily[], model: ApiModel): void {
  const { file } = spec;
  const counted = spec.families.filter((e) => !e.ambiguous);
  const expectedStarts = counted.flatMap((e) => e.start);
  const optional = new Set(spec.families.flatMap((e) => e.optionalStarts ?? []));
  const foundStarts = found.flatMap(startsOf).filter((s) => !optional.has(s));
  tally.expected += expectedStarts.length;
  const ambiguousStarts = spec.families.filter((e) => e.ambiguous).flatMap((e) => e.start);
  const scored = foundStarts.filter((s) => !ambiguousStarts.includes(s));
  tally.found += scored.length;
  tally.correct += scored.filter((s) => expectedStarts.includes(s) && !counted.some((e) => e.gap?.family && e.start.includes(s))).length;
  tally.extras.push(...scored.filter((s) => !expectedStarts.includes(s)).map((s) => `${file}: ${s}`));
  tally.missed.push(...expectedStarts.filter((s) => !foundStarts.includes(s)).map((s) => `${file}: ${s}`));

  // Each found family answers one entry: by the entry's poll first, then by a poll it also accepts, among those no
  // entry before took (two entries that both accept `GET /v2/actions/{id}` are not both met by one family).
  const matched = new Set<JobFamily>();
  const match = (e: GeneralitySpec['families'][number]) => {
    const free = found.filter((x) => !matched.has(x));
    const f = free.find((x) => pollOf(x) === e.poll) ?? free.find((x) => pollsOf(e).includes(pollOf(x)));
    if (f) matched.add(f);
    return f;
  };
  for (const e of spec.families) {
    const f = match(e);
    if (e.gap?.family) {
      expect(f, `${file}: ${e.poll} is a known gap (${e.gap.family}); found it means the gap closed: update the table`).toBeUndefined();
      continue;
    }
    if (e.ambiguous && !f) {
      tally.ambiguous.push(`${file}: ${e.start.join(', ')} (no family)`);
      continue;
    }
    expect(f, `${file}: a family polled by ${e.poll} (found: ${found.map(pollOf).join(', ') || 'none'})`).toBeDefined();
    // A start the table marks a gap is not found yet (counted missed above); found, the gap closed.
    const gapStarts = new Set(e.gap?.starts ?? []);
    expect([...startsOf(f!)].filter((s) => !optional.has(s)).sort(), `${file}: starts of ${f!.name}`).toEqual(
      [...e.start.filter((s) => !gapStarts.has(s)), ...(e.gap?.falseStarts ?? [])].sort(),
    );
    if (e.gap?.falseCancel)
      expect(idOf(f!.cancel), `${file}: cancel of ${f!.name} (known: ${e.gap.falseCancelWhy})`).toBe(e.gap.falseCancel);
    else expect(e.cancel, `${file}: cancel of ${f!.name}`).toContain(idOf(f!.cancel));
    if (e.gap?.result !== undefined)
      expect(idOf(f!.result), `${file}: result of ${f!.name} (known: ${e.gap.resultWhy})`).toBe(e.gap.result);
    else if (e.result) expect(e.result, `${file}: result of ${f!.name}`).toContain(idOf(f!.result));
    expect(f!.outcomeField, `${file}: outcome field of ${f!.name}`).toBe(e.outcome?.field ?? null);
    if (e.outcome) {
      expect(f!.outcomes, `${file}: outcome values of ${f!.name}`).toMatchObject(e.outcome.outcomes);
      expect(f!.states, `${file}: states of ${f!.name}`).toMatchObject(e.outcome.finished);
    }
    if (e.idempotency)
      for (const s of f!.start)
        expect(s.idempotency, `${file}: ${s.op.operationId} forwards its idempotency key`).toEqual(
          e.gap?.idempotency || !declaresKey(model, s.op.pointer, e.idempotency) ? null : e.idempotency,
        );
    // Every start must hand the poll its job: an id from the answer, a poll URL, or its own path argument.
    const poll = f!.poll;
    for (const s of f!.start) {
      const ownArg = 'op' in poll && poll.carry.some((c) => c.param === poll.idParam && c.from.startsWith('arg:'));
      expect(
        s.idFrom !== null || s.pollUrlFrom.length > 0 || ownArg,
        `${file}: ${s.op.operationId} tells where the job id comes from`,
      ).toBe(true);
    }
  }
  const extra = found.filter((f) => !spec.families.some((e) => pollsOf(e).includes(pollOf(f))));
  expect(
    extra.map((f) => `${f.name}: ${startsOf(f).join(', ')} → ${pollOf(f)}`),
    `${file}: no extra families`,
  ).toEqual([]);
  const used = new Set(found.flatMap((f) => [...startsOf(f), idOf(f.poll), pollOf(f), idOf(f.cancel), idOf(f.result)]));
  // A known false start, and the poll of a known false family on a trap (no start of its own), stand where they are.
  const knownFalse = new Set(
    spec.families.flatMap((e) => [
      ...(e.gap?.falseStarts ?? []),
      ...(e.gap?.falseCancel ? [e.gap.falseCancel] : []),
      ...(e.start.length === 0 ? pollsOf(e) : []),
    ]),
  );
  for (const [op, why] of Object.entries(spec.notJobs ?? {}))
    if (!knownFalse.has(op)) expect(used.has(op), `${file}: ${op} is in no family (${why})`).toBe(false);
}

describe('generality: job families of APIs outside the tuning corpus', () => {
  it.each(
    [
      ...GENERALITY,
      ...GENERALITY_2,
      ...GENERALITY_3,
      ...GENERALITY_4,
      ...GENERALITY_5A,
      ...GENERALITY_5B,
      ...GENERALITY_6A,
      ...GENERALITY_6B,
      ...GENERALITY_7A,
      ...GENERALITY_7B,
      ...GENERALITY_8A,
      ...GENERALITY_8B,
      ...GENERALITY_9A,
      ...GENERALITY_9B,
      ...GENERALITY_9C,
      ...GENERALITY_9D,
      ...GENERALITY_10A,
      ...GENERALITY_10B,
      ...GENERALITY_10C,
      ...GENERALITY_10D,
      ...GENERALITY_11A,
      ...GENERALITY_11B,
      ...GENERALITY_11C,
      ...GENERALITY_11D,
    ].map((s) => [s.file, s] as const),
  )('%s', async (_file, spec) => {
    const detection = await detectFile(spec.file);
    check(spec, detection.families, detection.model);
    expect(detection.diagnostics.map((d) => d.code)).toEqual(spec.diagnostics ?? []);
  });
});

afterAll(() => {
  if (tally.expected === 0) return;
  const precision = tally.found === 0 ? 1 : tally.correct / tally.found;
  const recall = tally.correct / tally.expected;
  console.log(
    `generality start operations: expected ${tally.expected}, found ${tally.found}, correct ${tally.correct}; ` +
      `precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n` +
      (tally.extras.length ? `  extras: ${tally.extras.join('; ')}\n` : '') +
      (tally.missed.length ? `  missed: ${tally.missed.join('; ')}\n` : '') +
      (tally.ambiguous.length ? `  ambiguous, not scored: ${tally.ambiguous.join('; ')}\n` : ''),
  );
});
