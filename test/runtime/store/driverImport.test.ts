/**
 * The network stores' drivers are optional dependencies of a generated server: when the one JOB_STORE_URL needs
 * is missing, opening the store fails with an error that names the store, the package and the npm command. The
 * import is made to fail here; test/runtime/store/drivers.test.ts runs a compiled server where they are absent.
 */
import { describe, expect, it } from 'vitest';
import { STORE_BACKEND_INFO } from '../../../templates/runtime/defaults.js';
import { importDriver, isMissingPackage, missingDriverError } from '../../../templates/runtime/store/drivers.js';
import { JobStoreError } from '../../../templates/runtime/store/index.js';

/** The error Node gives for an ESM import of a package that is not installed. */
function notFound(pkg: string, code = 'ERR_MODULE_NOT_FOUND'): Error {
  return Object.assign(new Error(`Cannot find package '${pkg}' imported from /srv/server/dist/runtime/store/index.js`), { code });
}

describe('optional store drivers', () => {
  it.each([
    ['redis', 'ioredis', 'Redis'],
    ['postgres', 'pg', 'PostgreSQL'],
  ] as const)('%s: a missing %s names the package and the npm command', async (store, pkg, name) => {
    const error = await importDriver(store, () => Promise.reject(notFound(pkg))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobStoreError);
    expect(error).toMatchObject({ code: 'STORE_DRIVER_MISSING' });
    const { version } = STORE_BACKEND_INFO[store].driver;
    expect((error as Error).message).toBe(
      `JOB_STORE_URL selects the ${name} store, which needs the optional package "${pkg}" (not installed): ` +
        `run \`npm install ${pkg}@${version}\` in the server's directory`,
    );
  });

  it('says the same for CommonJS and a subpath of the package', () => {
    expect(isMissingPackage(Object.assign(new Error("Cannot find module 'pg'"), { code: 'MODULE_NOT_FOUND' }), 'pg')).toBe(true);
    expect(isMissingPackage(notFound('pg/lib/index.js'), 'pg')).toBe(true);
  });

  it('keeps the own error of an installed driver that is broken (one of its imports missing) or fails otherwise', async () => {
    const inner = notFound('denque');
    await expect(importDriver('redis', () => Promise.reject(inner))).rejects.toBe(inner);
    expect(isMissingPackage(notFound('pg-pool'), 'pg')).toBe(false);
    const other = new Error('boom');
    await expect(importDriver('postgres', () => Promise.reject(other))).rejects.toBe(other);
    expect(isMissingPackage(Object.assign(new Error("Cannot find package 'pg'"), { code: 'EACCES' }), 'pg')).toBe(false);
  });

  it('hands the module over when it loads', async () => {
    const driver = { Redis: class {} };
    await expect(importDriver('redis', () => Promise.resolve(driver))).resolves.toBe(driver);
  });

  it('tells a missing SQLite driver (a plain dependency) to complete the install', () => {
    expect(missingDriverError('sqlite').message).toBe(
      'JOB_STORE_URL selects the SQLite store, which needs "better-sqlite3", a dependency of this server that is not installed: ' +
        "run `npm install` in the server's directory",
    );
  });
});
