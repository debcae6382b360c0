/**
 * A path is a hierarchy (RFC 3986 §3.3): a parameter names the item at its place, whatever the contract calls it.
 * `POST /apps/{appId}/branches/{id}/jobs` and `GET /apps/{appId}/branches/{branchName}/jobs/{id}` address the same
 * branch: the two paths agree segment by segment up to it. A contract in Rails' or Laravel's resource-route style
 * names each path's last parameter `{id}`, so one item is `{id}` in one path and `{branchName}` in the next; its place
 * still says which it is.
 */
import { resourcePath } from './resourcePath.js';

const PARAM = /^\{([^{}]+)\}$/;

/**
 * The parameter of `from` at the place of `to`'s `{param}`, when the two paths agree on every segment up to it
 * (the same literal, or a parameter in both); else null.
 */
export function paramAtSamePlace(to: string, param: string, from: string): string | null {
  const target = resourcePath(to).split('/');
  const source = resourcePath(from).split('/');
  const at = target.indexOf(`{${param}}`);
  if (at < 0 || at >= source.length) return null;
  for (let k = 0; k < at; k++) {
    const [a, b] = [target[k]!, source[k]!];
    if (a !== b && !(PARAM.test(a) && PARAM.test(b))) return null;
  }
  return PARAM.exec(source[at]!)?.[1] ?? null;
}

/**
 * Whether `{param}` of `to` is the start's own argument of that name: at the same place in both paths, or, where
 * the two paths part before it, by name alone. Below the start's whole path it is a new item's, even where the start
 * calls its parent by the same name (`POST /environment/{id}/jobs` → `GET /environment/{name}/jobs/{id}`).
 */
export function takesSameParam(to: string, param: string, from: string): boolean {
  const placed = paramAtSamePlace(to, param, from);
  if (placed !== null) return placed === param;
  const source = resourcePath(from).split('/');
  const target = resourcePath(to).split('/');
  const below = target.length > source.length && source.every((s, k) => s === target[k] || (PARAM.test(s) && PARAM.test(target[k]!)));
  return !below && source.includes(`{${param}}`);
}
