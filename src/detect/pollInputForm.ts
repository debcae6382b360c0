/**
 * How a poll takes a job's id: the parameter, where it goes, and the list, filter or listed item it rides in. Starts
 * that reach one poll form one family only when they reach it the same way: a family has one poll link, so a start
 * whose id goes in another way (OpenSearch `CreatePackage` answers a `PackageID`, `AssociatePackage` a `PackageName`,
 * and `DescribePackages` filters by either) would be polled with the other start's filter and never find its job.
 *
 * What a start carries into the poll's path beside the id is not part of the form: buildFamily.ts merges those of all
 * starts, and the runtime fills each path parameter from what a job's start gave. What it carries elsewhere (a body
 * field, a query parameter, a filter) is: merged, one start's source would be read for another's job. Rekognition's
 * `CopyProjectVersion` carries `ProjectArn` from its `DestinationProjectArn`, and `CreateProjectVersion` from its own
 * `ProjectArn`, which in a copy is the project copied from. A start's own parameter of the poll's parameter's name
 * (`api-version` ← `arg:api-version`) is the same source for every start that has it: not part of the form.
 */
import type { JobOperationLink } from '../model/jobs.js';
import { pathParams } from './read/operationIndex.js';

export function pollInputForm(link: JobOperationLink): string {
  const filter = link.idFilter ? `${link.idFilter.nameKey}=${link.idFilter.name}/${link.idFilter.valuesKey}` : '';
  // Absent, `path` and `query` all name the poll's own parameter `idParam`: one form.
  const where = link.idIn === 'body' || link.idIn === 'item' || link.idIn === 'none' ? link.idIn : 'param';
  const inPath = new Set(pathParams(link.op.path));
  const carried = link.carry
    .filter((c) => !(inPath.has(c.param) && (c.in === undefined || c.in === 'path')) && c.from !== `arg:${c.param}`)
    .map((c) => `${c.in ?? ''}:${c.param}<${c.from}`)
    .sort();
  return [link.idParam, where, link.idList ? 'list' : '', filter, link.itemsAt ?? '', link.itemId ?? '', ...carried].join('|');
}
