/**
 * A path is a hierarchy (RFC 3986 §3.3): a parameter names the item at its place, whatever the contract calls it.
 * `POST /apps/{appId}/branches/{id}/jobs` and `GET /apps/{appId}/branches/{branchName}/jobs/{id}` address the same
 * branch: the two paths agree segment by segment up to it. A contract in Rails' or Laravel's resource-route style
 * names each path's last parameter `{id}`, so one item is `{id}` in one path and `{branchName}` in the next; its place
 * still says which it is.
 */
import { resourcePath } from './resourcePath.js';

const PARAM = /^\{([^{}]+)\}$/;

/** The first `n` segments of two paths agree: the same literal, or a parameter in both, whatever its name. */
function agreeUpTo(a: readonly string[], b: readonly string[], n: number): boolean {
  for (let k = 0; k < n; k++) if (a[k] !== b[k] && !(PARAM.test(a[k]!) && PARAM.test(b[k]!))) return false;
  return true;
}

/**
 * The parameter of `from` at the place of `to`'s `{param}`, when the two paths agree on every segment up to it
 * (the same literal, or a parameter in both); else null.
 */
export function paramAtSamePlace(to: string, param: string, from: string): string | null {
  const target = resourcePath(to).split('/');
  const source = resourcePath(from).split('/');
  const at = target.indexOf(`{${param}}`);
  if (at < 0 || at >= source.length || !agreeUpTo(target, source, at)) return null;
  return PARAM.exec(source[at]!)?.[1] ?? null;
}

/**
 * The start's path parameter at the place `{param}` holds in the read's path, when the read lies at or under the
 * start's whole path (`POST /v1/Assistants/{id}/ModelBuilds` → `GET /v1/Assistants/{AssistantSid}/ModelBuilds/{id}`:
 * `{AssistantSid}` is the start's `{id}`); null when `{param}` lies below the start's path (the read's `{id}` is the
 * item the start creates, no argument of it); undefined when the read is not under the start's path: then only the
 * name can say.
 */
export function startParamAt(startPath: string, readPath: string, param: string): string | null | undefined {
  const own = resourcePath(startPath).split('/');
  const read = resourcePath(readPath).split('/');
  const at = read.indexOf(`{${param}}`);
  if (at < 0 || read.length < own.length || !agreeUpTo(own, read, own.length)) return undefined;
  return at < own.length ? (PARAM.exec(own[at]!)?.[1] ?? null) : null;
}
