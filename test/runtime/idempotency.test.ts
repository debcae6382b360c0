import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalArgs,
  credentialPartition,
  dedupeKeyFor,
  dedupeUntil,
  dedupeWindowMs,
  deriveUpstreamKey,
  hashInputs,
  isKeyConflict,
  newJobId,
  repeatabilityFirstSent,
  stableStringify,
} from '../../templates/runtime/core/idempotency.js';
import { DEFAULT_DEDUPE_WINDOW_MS } from '../../templates/runtime/defaults.js';

const input = z.object({
  model: z.string(),
  limit: z.number().default(20),
  options: z.object({ stream: z.boolean().default(false), tags: z.array(z.string()).optional() }).optional(),
  idempotency_key: z.string().optional(),
});

describe('canonicalArgs', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['key order', { model: 'a', limit: 5 }, { limit: 5, model: 'a' }],
    ['a default given or omitted', { model: 'a' }, { model: 'a', limit: 20 }],
    ['nested defaults and order', { model: 'a', options: { tags: ['x'] } }, { options: { stream: false, tags: ['x'] }, model: 'a' }],
    ['undefined members', { model: 'a', options: undefined }, { model: 'a' }],
    ['the agent idempotency key', { model: 'a', idempotency_key: 'k1' }, { model: 'a', idempotency_key: 'k2' }],
  ])('treats requests differing only in %s as the same', (_what, left, right) => {
    expect(stableStringify(canonicalArgs(left, input))).toBe(stableStringify(canonicalArgs(right, input)));
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a value', { model: 'a' }, { model: 'b' }],
    ['array order', { model: 'a', options: { tags: ['x', 'y'] } }, { model: 'a', options: { tags: ['y', 'x'] } }],
    ['a non-default value', { model: 'a' }, { model: 'a', limit: 21 }],
  ])('keeps requests differing in %s apart', (_what, left, right) => {
    expect(hashInputs('f', 'op', canonicalArgs(left, input))).not.toBe(hashInputs('f', 'op', canonicalArgs(right, input)));
  });

  it('sorts keys at every depth and never throws on arguments the schema rejects', () => {
    const canonical = canonicalArgs({ z: { b: 1, a: [{ d: 1, c: 2 }] }, model: 3 }, input);
    expect(JSON.stringify(canonical)).toBe('{"model":3,"z":{"a":[{"c":2,"d":1}],"b":1}}');
  });

  it('works without a schema', () => {
    expect(canonicalArgs({ b: 1, a: undefined, c: -0 })).toEqual({ b: 1, c: 0 });
  });
});

describe('hashInputs', () => {
  it('is a sha256 hex digest that depends on family and operation too', () => {
    const args = { model: 'a' };
    const hash = hashInputs('batch', 'create_batch', args);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInputs('batch', 'create_batch', { model: 'a' })).toBe(hash);
    expect(hashInputs('export', 'create_batch', args)).not.toBe(hash);
    expect(hashInputs('batch', 'create_export', args)).not.toBe(hash);
  });
});

describe('credentialPartition', () => {
  it('separates tenants and never contains the credential', () => {
    const a = credentialPartition({ OPENAI_API_KEY: 'sk-tenant-a-secret' });
    const b = credentialPartition({ OPENAI_API_KEY: 'sk-tenant-b-secret' });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^p_[0-9a-f]{32}$/);
    expect(a).not.toContain('secret');
  });

  it('ignores unset credentials and their order, and binds the value to its name', () => {
    expect(credentialPartition({ A: 'x', B: undefined, C: '' })).toBe(credentialPartition({ A: 'x' }));
    expect(credentialPartition({ A: 'x', D: 'y' })).toBe(credentialPartition({ D: 'y', A: 'x' }));
    expect(credentialPartition({ A: 'x' })).not.toBe(credentialPartition({ B: 'x' }));
    expect(credentialPartition({})).toBe('anonymous');
  });

  it('changes with the partition secret', () => {
    expect(credentialPartition({ A: 'x' }, 's1')).not.toBe(credentialPartition({ A: 'x' }, 's2'));
  });
});

describe('dedupe keys and windows', () => {
  it('keeps agent keys and derived hashes in separate namespaces', () => {
    const hash = 'a'.repeat(64);
    expect(dedupeKeyFor('my-key', hash)).toBe('k:my-key');
    expect(dedupeKeyFor(undefined, hash)).toBe(`h:${hash}`);
    expect(dedupeKeyFor(`h:${hash}`, hash)).not.toBe(dedupeKeyFor(undefined, hash));
  });

  it('flags a key reused with other arguments', () => {
    expect(isKeyConflict({ inputHash: 'x' }, 'y')).toBe(true);
    expect(isKeyConflict({ inputHash: 'x' }, 'x')).toBe(false);
  });

  it.each<[string, number | null, Record<string, string>, number]>([
    ['the default', null, {}, DEFAULT_DEDUPE_WINDOW_MS],
    ['the family value', 30_000, {}, 30_000],
    ['the env over the family', 30_000, { JOB_DEDUPE_WINDOW_MS: '5000' }, 5000],
    ['0 from the env (dedupe off)', 30_000, { JOB_DEDUPE_WINDOW_MS: '0' }, 0],
    ['an empty env value as unset', 30_000, { JOB_DEDUPE_WINDOW_MS: ' ' }, 30_000],
  ])('uses %s', (_what, family, env, expected) => {
    expect(dedupeWindowMs(family, env)).toBe(expected);
  });

  it.each(['-1', '1.5', 'ten', '1e400'])('rejects JOB_DEDUPE_WINDOW_MS=%s', (value) => {
    expect(() => dedupeWindowMs(null, { JOB_DEDUPE_WINDOW_MS: value })).toThrow(/JOB_DEDUPE_WINDOW_MS/);
  });

  it('holds agent keys for the retention and derived keys for the window', () => {
    expect(dedupeUntil(1000, true, 60_000, 86_400_000)).toBe(1000 + 86_400_000);
    expect(dedupeUntil(1000, false, 60_000, 86_400_000)).toBe(61_000);
  });
});

describe('deriveUpstreamKey', () => {
  it('is stable for a retry and differs per partition, key and generation', () => {
    const key = deriveUpstreamKey('p_1', 'k:abc');
    expect(deriveUpstreamKey('p_1', 'k:abc')).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveUpstreamKey('p_2', 'k:abc')).not.toBe(key);
    expect(deriveUpstreamKey('p_1', 'k:abd')).not.toBe(key);
    expect(deriveUpstreamKey('p_1', 'k:abc', 'job_1')).not.toBe(deriveUpstreamKey('p_1', 'k:abc', 'job_2'));
  });

  it('offers a URL-safe token format', () => {
    expect(deriveUpstreamKey('p', 'h:x', null, 'token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('newJobId and Repeatability-First-Sent', () => {
  it('mints unique URL-safe handles', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newJobId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^job_[A-Za-z0-9_-]{22}$/);
  });

  it('formats the first-sent time as an HTTP date', () => {
    expect(repeatabilityFirstSent(Date.UTC(2026, 10, 29, 16, 30, 5))).toBe('Sun, 29 Nov 2026 16:30:05 GMT');
  });
});
