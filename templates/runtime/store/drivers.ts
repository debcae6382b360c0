/**
 * Loading a store's driver package on demand. ioredis and pg are optional dependencies of a generated server
 * (`npm install --omit=optional` leaves them out), so a missing one is an expected state with a fix, not a
 * crash: the error names the store, the package and the npm command. Only the package itself being absent
 * counts; a package that is installed but broken (one of its own imports missing) keeps its own error.
 */
import { STORE_BACKEND_INFO, type StoreKind } from '../defaults.js';
import { JobStoreError } from './recordRules.js';

export type { StoreKind } from '../defaults.js';

/** True when `error` says that `pkg` itself cannot be found (ESM `import()` or CommonJS `require`). */
export function isMissingPackage(error: unknown, pkg: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const text = typeof message === 'string' ? message : '';
  // Node: "Cannot find package 'ioredis' imported from …" / "Cannot find module 'pg'"; a subpath counts too.
  return text.includes(`'${pkg}'`) || text.includes(`'${pkg}/`) || text.includes(`"${pkg}"`);
}

/** The error for a store whose driver is not installed. */
export function missingDriverError(store: StoreKind): JobStoreError {
  const { name, driver } = STORE_BACKEND_INFO[store];
  const where = `JOB_STORE_URL selects the ${name} store`;
  if (!driver.optional) {
    return new JobStoreError(
      'STORE_DRIVER_MISSING',
      `${where}, which needs "${driver.package}", a dependency of this server that is not installed: run \`npm install\` in the server's directory`,
    );
  }
  return new JobStoreError(
    'STORE_DRIVER_MISSING',
    `${where}, which needs the optional package "${driver.package}" (not installed): run \`npm install ${driver.package}@${driver.version}\` in the server's directory`,
  );
}

/** Imports the driver of `store`, turning "not installed" into missingDriverError. */
export async function importDriver<T>(store: StoreKind, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, STORE_BACKEND_INFO[store].driver.package)) throw missingDriverError(store);
    throw error;
  }
}
