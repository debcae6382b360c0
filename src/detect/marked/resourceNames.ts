/**
 * AIP-122 resource names in a Google API's paths. Google names a resource by a path of collection ids and
 * resource ids (`projects/p/locations/l/operations/o`), and its HTTP bindings (AIP-127) give a whole name to
 * one variable: `get: "/v1/{name=projects/*\/locations/*\/operations/*}"`, `post: "/v1/{parent=projects/*}/books"`.
 * An OpenAPI rendering loses the binding's pattern (`/v1/{name}`), not its place: the variable stands right
 * under the version root (`versionRoot`, the AIP-151 detection's), where a name's first collection id would
 * otherwise be a literal segment. Such a value is a path of its own, sent with its slashes; any other path
 * variable (`/v1/projects/{project}/books/{book}`) is one segment. Only in an API that follows the AIPs: one on
 * Google's own hosts, or one whose jobs are AIP-151 Operations (detection's `doneField`), whose names the
 * server itself sends back to the poll. Elsewhere `/v1/{id}` is just an id, and an id with a `/` in it must not
 * reach another path.
 */
import type { ApiModel } from '../../model/ir.js';
import type { JobFamily } from '../../model/jobs.js';
import { splitPath } from '../read/operationIndex.js';
import { versionRoot } from './googleOperations.js';

/** Whether the API names resources the AIP way: Google's own hosts, or AIP-151 Operations among its jobs. */
export function followsAips(model: Pick<ApiModel, 'servers'>, families: Iterable<Pick<JobFamily, 'doneField'>>): boolean {
  if (isGoogleApi(model)) return true;
  for (const family of families) if (family.doneField !== null) return true;
  return false;
}

export function isGoogleApi(model: Pick<ApiModel, 'servers'>): boolean {
  return model.servers.some((server) => {
    const host = hostOf(server.url);
    return host === 'googleapis.com' || host.endsWith('.googleapis.com');
  });
}

/** The lower-case host of an absolute or scheme-relative URL (`''` for a relative one), read without a regex. */
function hostOf(url: string): string {
  const start = url.indexOf('//');
  if (start < 0 || url.slice(0, start).includes('/')) return '';
  let authority = url.slice(start + 2);
  for (const stop of ['/', '?', '#']) {
    const at = authority.indexOf(stop);
    if (at >= 0) authority = authority.slice(0, at);
  }
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const port = host.lastIndexOf(':');
  return (port >= 0 ? host.slice(0, port) : host).toLowerCase();
}

/** The path variable holding a whole resource name (`name` in `/v1/{name}:cancel`), or null. */
export function resourceNameParam(path: string): string | null {
  const root = versionRoot(path);
  if (root === '') return null;
  const rest = splitPath(path).pathname.slice(root.length);
  const match = /^\/\{([^{}/]+)\}(?:$|[/:])/.exec(rest);
  return match ? match[1]! : null;
}
