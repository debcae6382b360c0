import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETENTION_MS } from '../../../templates/runtime/defaults.js';
import { openStore } from '../../../templates/runtime/store/index.js';
import { parseStoreUrl, redactUrl } from '../../../templates/runtime/store/storeUrl.js';
import { sweepInterval } from '../../../templates/runtime/store/sweeper.js';
import { MINUTE, makeRecord, T0 } from './makeRecord.js';

const cwd = '/srv/app';

describe('parseStoreUrl', () => {
  it.each<[string | undefined, object]>([
    [undefined, { kind: 'sqlite', path: '/srv/app/.mcp-jobs.sqlite', synchronous: 'NORMAL', namespace: null }],
    ['  ', { kind: 'sqlite', path: '/srv/app/.mcp-jobs.sqlite' }],
    ['sqlite:/var/lib/jobs.db', { kind: 'sqlite', path: '/var/lib/jobs.db' }],
    ['sqlite:///var/lib/jobs.db', { kind: 'sqlite', path: '/var/lib/jobs.db' }],
    ['sqlite:data/jobs.db', { kind: 'sqlite', path: '/srv/app/data/jobs.db' }],
    ['sqlite::memory:', { kind: 'sqlite', path: ':memory:' }],
    ['file:///var/lib/jobs.db', { kind: 'sqlite', path: '/var/lib/jobs.db' }],
    ['file:jobs.db', { kind: 'sqlite', path: '/srv/app/jobs.db' }],
    ['./jobs.db', { kind: 'sqlite', path: '/srv/app/jobs.db' }],
    ['sqlite:/x.db?synchronous=full&namespace=api_a', { kind: 'sqlite', path: '/x.db', synchronous: 'FULL', namespace: 'api_a' }],
    ['redis://127.0.0.1:6390', { kind: 'redis', url: 'redis://127.0.0.1:6390', namespace: null }],
    ['rediss://:pw@cache:6380/2?namespace=svc', { kind: 'redis', url: 'rediss://:pw@cache:6380/2', namespace: 'svc' }],
    ['postgres://u:p@db/jobs?sslmode=require', { kind: 'postgres', url: 'postgres://u:p@db/jobs?sslmode=require' }],
    ['postgresql://db/jobs?namespace=x&sslmode=disable', { kind: 'postgres', url: 'postgresql://db/jobs?sslmode=disable', namespace: 'x' }],
  ])('reads %j', (url, expected) => {
    expect(parseStoreUrl(url, cwd)).toMatchObject(expected);
  });

  it.each([
    ['mysql://u:secret@db/jobs', /unknown scheme "mysql:"/],
    ['redis://h?namespace=Bad-Name', /namespace must match/],
    ['sqlite:/x.db?synchronous=off', /synchronous must be normal or full/],
    ['sqlite:', /no file path/],
  ])('rejects %s with a coded error', (url, message) => {
    expect(() => parseStoreUrl(url, cwd)).toThrow(message);
    try {
      parseStoreUrl(url, cwd);
    } catch (error) {
      expect((error as { code: string }).code).toBe('STORE_BAD_URL');
      expect(String(error)).not.toContain('secret');
    }
  });

  it('redacts passwords', () => {
    expect(redactUrl('postgres://user:hunter2@db:5432/x')).toBe('postgres://user:***@db:5432/x');
    expect(redactUrl('redis://:hunter2@cache')).toBe('redis://:***@cache');
    expect(redactUrl('redis://cache:6379')).toBe('redis://cache:6379');
  });
});

describe('retention', () => {
  it('sweeps a tenth of the retention, within 1 s and 10 min', () => {
    expect(sweepInterval(100)).toBe(1000);
    expect(sweepInterval(60_000)).toBe(6000);
    expect(sweepInterval(DEFAULT_RETENTION_MS)).toBe(600_000);
  });

  it('deletes expired records in the background until closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobstore-sweep-'));
    try {
      const url = `sqlite:${join(dir, 'jobs.sqlite')}`;
      const seed = await openStore(url);
      const expired = makeRecord({ expiresAt: T0 + MINUTE });
      const kept = makeRecord({ expiresAt: Date.now() + 60 * MINUTE });
      await seed.create(expired, T0);
      await seed.create(kept, T0);
      await seed.close();
      const store = await openStore(url, { sweepIntervalMs: 20 });
      await vi.waitFor(async () => expect(await store.get(expired.id)).toBeNull(), { timeout: 2000 });
      expect(await store.get(kept.id)).not.toBeNull();
      await store.close();
      // The sweep uses the caller's clock: at T0 nothing has expired yet.
      const another = makeRecord({ expiresAt: T0 + MINUTE });
      const seeded = await openStore(url);
      await seeded.create(another, T0);
      await seeded.close();
      const faked = await openStore(url, { sweepIntervalMs: 20, now: () => T0 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await faked.get(another.id)).not.toBeNull();
      await faked.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openStore failures', () => {
  it('names the backend and hides the password when the server is unreachable', async () => {
    await expect(openStore('postgres://u:hunter2@127.0.0.1:1/x')).rejects.toThrow(
      /postgres at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/x could not be opened/,
    );
  });

  it('fails fast for an unreachable Redis', async () => {
    await expect(openStore('redis://:hunter2@127.0.0.1:1')).rejects.toThrow(
      /redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 could not be opened/,
    );
  });
});
