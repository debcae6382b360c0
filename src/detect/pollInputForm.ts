/**
 * How a poll takes a job's id: the parameter, where it goes, and the list, filter or listed item it rides in. Starts
 * that reach one poll form one family only when they reach it the same way: a family has one poll link, so a start
 * whose id goes in another way (OpenSearch `CreatePackage` answers a `PackageID`, `AssociatePackage` a `PackageName`,
 * and `DescribePackages` filters by either) would be polled with the other start's filter and never find its job.
 * What a start carries beside the id (`carry`) is not part of the form: buildFamily.ts merges the carries of all.
 */
import type { JobOperationLink } from '../model/jobs.js';

export function pollInputForm(link: JobOperationLink): string {
  const filter = link.idFilter ? `${link.idFilter.nameKey}=${link.idFilter.name}/${link.idFilter.valuesKey}` : '';
  // Absent, `path` and `query` all name the poll's own parameter `idParam`: one form.
  const where = link.idIn === 'body' || link.idIn === 'item' || link.idIn === 'none' ? link.idIn : 'param';
  return [link.idParam, where, link.idList ? 'list' : '', filter, link.itemsAt ?? '', link.itemId ?? ''].join('|');
}
