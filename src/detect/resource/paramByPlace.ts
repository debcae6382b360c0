/**
 * Which of the start's path parameters a read under its path takes at a place, by the place and not by the name.
 * `POST /v1/Assistants/{id}/ModelBuilds` → `GET /v1/Assistants/{AssistantSid}/ModelBuilds/{id}`: the read's
 * `{AssistantSid}` is the start's `{id}` (the same segment of the same path, RFC 3986 §3.3), and its `{id}` is no
 * argument of the start but the item of the collection it creates into. A contract may name one parameter
 * otherwise in each route (resource routes call a member's own id `{id}`, its nested collection's parent
 * `{assistant_id}`); the path's hierarchy says which value is which.
 */
import { splitPath } from '../read/operationIndex.js';

const segments = (path: string) => splitPath(path).pathname.replace(/\/$/, '').split('/');
const paramOf = (segment: string) => /^\{([^{}]+)\}$/.exec(segment)?.[1];

/** The first `n` segments of both paths are the same: the same literals, a parameter where the other has one. */
function sameUpTo(a: readonly string[], b: readonly string[], n: number): boolean {
  for (let i = 0; i < n; i++) {
    const [p, q] = [paramOf(a[i]!), paramOf(b[i]!)];
    if ((p === undefined) !== (q === undefined) || (p === undefined && a[i] !== b[i])) return false;
  }
  return true;
}

/**
 * The start's path parameter at the place `{param}` holds in the read's path (null: no parameter of the start is
 * there, the read's segment lies below the start's path), or undefined when the read is not at or under the start's
 * path (its literal segments differ): then only the name can say.
 */
export function startParamAt(startPath: string, readPath: string, param: string): string | null | undefined {
  const own = segments(startPath);
  const read = segments(readPath);
  if (read.length < own.length || !sameUpTo(own, read, own.length)) return undefined;
  const at = read.indexOf(`{${param}}`);
  if (at < 0) return undefined;
  return at < own.length ? paramOf(own[at]!)! : null;
}

/**
 * The start's path parameter at the place `{param}` holds in the read's path when both paths are the same up to
 * there (`POST /targets/{id}/scan_now/` and `GET /targets/{target_id}/scans/{id}/`: the target both act under),
 * else null. The read's own segments past the start's path are not compared: only the shared parent is.
 */
export function sharedParentParam(startPath: string, readPath: string, param: string): string | null {
  const own = segments(startPath);
  const read = segments(readPath);
  const at = read.indexOf(`{${param}}`);
  if (at < 1 || at >= own.length || !sameUpTo(own, read, at)) return null;
  return paramOf(own[at]!) ?? null;
}
