/** Deeply nested values: measured, copied, bounded, hashed and parsed without "Maximum call stack size exceeded". */
import { describe, expect, it } from 'vitest';
import { canonicalArgs, hashInputs, stableStringify } from '../../templates/runtime/core/idempotency.js';
import { copyJson, jsonDepth } from '../../templates/runtime/core/jsonBounds.js';
import { boundSnapshot, SNAPSHOT_MAX_DEPTH } from '../../templates/runtime/jobs/jobRecords.js';
import { MAX_BODY_DEPTH, parseBytes } from '../../templates/runtime/upstream/body.js';

const DEPTH = 10_000;
/** hashInputs('batch', 'create_batch', { z: [1, { y: 2, x: 3 }], a: 'b' }) as the recursive implementation computed it. */
const HASH_BEFORE = '25931496a1a06bc8c0241ca9bf2873afe4b0fb0bdeffe17eca5225f5bafefb2e';
const deepArrayText = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObjectText = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

describe('jsonDepth', () => {
  it.each([
    [1, 0],
    [null, 0],
    [[], 1],
    [{ a: [1, { b: {} }] }, 4],
  ])('%j is %i deep', (value, depth) => {
    expect(jsonDepth(value)).toBe(depth);
  });

  it('measures 10,000 levels and stops early when asked', () => {
    expect(jsonDepth(JSON.parse(deepObjectText))).toBe(DEPTH);
    expect(jsonDepth(JSON.parse(deepArrayText), 300)).toBe(300);
  });
});

describe('copyJson', () => {
  it('replaces containers below maxDepth by a marker, cuts cycles, keeps JSON semantics', () => {
    const cyclic: Record<string, unknown> = { n: -0, d: new Date(0), u: undefined, f: () => 1, list: [undefined, 1] };
    cyclic.self = cyclic;
    expect(copyJson(cyclic)).toEqual({ n: 0, d: '1970-01-01T00:00:00.000Z', list: [null, 1], self: '[circular]' });
    expect(copyJson({ a: { b: { c: 1 } } }, { maxDepth: 2, deepMarker: 'X' })).toEqual({ a: { b: 'X' } });
  });
});

describe('boundSnapshot', () => {
  it('bounds a 10,000-deep document by depth instead of throwing', () => {
    const bounded = boundSnapshot(JSON.parse(deepObjectText));
    expect(jsonDepth(bounded)).toBe(SNAPSHOT_MAX_DEPTH);
  });

  it('scrubs before it cuts a large document to a preview', () => {
    const secret = 'tok-0123456789abcdef';
    const big = { pad: 'x'.repeat(4_096 - 10), token: secret, more: 'y'.repeat(70_000) };
    const bounded = boundSnapshot(big, [secret]) as { truncated: boolean; preview: string };
    expect(bounded.truncated).toBe(true);
    expect(bounded.preview).not.toContain(secret.slice(0, 4));
  });
});

describe('canonical args and hashing', () => {
  it('keeps the hash of ordinary arguments (stored dedupe keys stay valid)', () => {
    // The value hashed before canonicalValue became iterative: key order, -0 and undefined members normalised.
    expect(stableStringify({ b: [1, undefined, -0], a: { d: new Date(0), c: 'x', e: undefined } })).toBe(
      '{"a":{"c":"x","d":"1970-01-01T00:00:00.000Z"},"b":[1,null,0]}',
    );
    expect(hashInputs('batch', 'create_batch', { z: [1, { y: 2, x: 3 }], a: 'b' })).toBe(HASH_BEFORE);
  });

  it('canonicalises 10,000-deep arguments without overflowing', () => {
    const args = canonicalArgs({ body: JSON.parse(deepArrayText) });
    expect(jsonDepth(args)).toBe(DEPTH + 1);
  });
});

describe('parseBytes', () => {
  it(`calls JSON deeper than ${MAX_BODY_DEPTH} levels unparseable (nothing recursive may see it)`, () => {
    const body = parseBytes(Buffer.from(deepArrayText), 'application/json', deepArrayText.length, false);
    expect(body.json).toBeUndefined();
    expect(body.problem).toEqual({ kind: 'unparseable', reason: `JSON nested deeper than ${MAX_BODY_DEPTH} levels` });
  });

  it('calls declared JSON that does not parse unparseable, but not text that merely looks like JSON', () => {
    expect(parseBytes(Buffer.from('{"a":'), 'application/json', 5, false).problem?.kind).toBe('unparseable');
    expect(parseBytes(Buffer.from('{not json'), 'text/plain', 9, false).problem).toBeNull();
  });

  it('decodes the declared charset', () => {
    const latin1 = Buffer.from('{"name":"Müller"}', 'latin1');
    expect(parseBytes(latin1, 'application/json; charset=iso-8859-1', latin1.length, false).json).toEqual({ name: 'Müller' });
  });

  it('scrubs the text and the parsed JSON, including a secret hidden in a JSON escape', () => {
    const secret = 'tok-0123456789abcdef';
    const text = JSON.stringify({ echo: secret, escaped: 'tok-\\u0030123456789abcdef' }).replace('\\\\u0030', '\\u0030');
    const body = parseBytes(Buffer.from(text), 'application/json', text.length, false, [secret]);
    expect(body.text).not.toContain(secret);
    expect(JSON.stringify(body.json)).not.toContain(secret);
  });
});
