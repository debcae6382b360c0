/**
 * An Azure LRO whose final result is the first page of a list (`x-ms-pageable`, StartSpec.pageable): whether a
 * job's result is such a page and whether more pages follow. jobs/resultPages.ts fetches them.
 */
import type { JobFamilySpec, StartSpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';

export type Pageable = NonNullable<StartSpec['pageable']>;

export function pageableOf(family: JobFamilySpec, record: JobRecord): Pageable | null {
  return family.starts.find((s) => s.operation === record.operation)?.pageable ?? null;
}

export function nextLinkOf(page: unknown, spec: Pageable): string | null {
  if (page === null || typeof page !== 'object' || Array.isArray(page)) return null;
  const link = (page as Record<string, unknown>)[spec.nextLinkName];
  return typeof link === 'string' && link !== '' ? link : null;
}

/** True when the document is a page that says more pages follow. */
export function hasMorePages(page: unknown, spec: Pageable): boolean {
  return nextLinkOf(page, spec) !== null;
}
