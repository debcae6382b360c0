/**
 * `--include` / `--exclude`: a pattern matches an operation by tag (exact), operationId (exact), or path
 * glob (patterns starting with `/`: `*` within one segment, `**` any number of segments), optionally
 * preceded by an HTTP method (`POST /jobs/**`). An empty include list keeps everything; exclude wins.
 * `schemas` is trimmed to what the kept operations still reach.
 */
import type { ApiModel, Operation } from '../model/ir.js';
import { collectOperationSchemas } from './collectSchemas.js';

export function filterOperations(model: ApiModel, include: readonly string[], exclude: readonly string[]): ApiModel {
  if (include.length === 0 && exclude.length === 0) return model;
  const includes = include.map(compilePattern);
  const excludes = exclude.map(compilePattern);
  const operations = model.operations.filter(
    (op) => (includes.length === 0 || includes.some((m) => m(op))) && !excludes.some((m) => m(op)),
  );
  const { schemas } = collectOperationSchemas(operations, (ref) => model.schemas[ref]);
  return { ...model, operations, schemas };
}

/** The patterns that select no operation at all (likely typos), for the caller to warn about. */
export function unmatchedPatterns(model: ApiModel, patterns: readonly string[]): string[] {
  return patterns.filter((pattern) => {
    const matches = compilePattern(pattern);
    return !model.operations.some(matches);
  });
}

type Matcher = (op: Operation) => boolean;

export function compilePattern(raw: string): Matcher {
  const pattern = raw.trim();
  const methodForm = /^([A-Za-z]+)\s+(\/.*)$/.exec(pattern);
  if (methodForm) {
    const method = methodForm[1]!.toUpperCase();
    const matchesPath = pathGlob(methodForm[2]!);
    return (op) => op.method === method && matchesPath(op.path);
  }
  if (pattern.startsWith('/')) {
    const matchesPath = pathGlob(pattern);
    return (op) => matchesPath(op.path);
  }
  return (op) => op.operationId === pattern || op.tags.includes(pattern);
}

function pathGlob(glob: string): (path: string) => boolean {
  const segments = glob.split('/').slice(1);
  let source = '^';
  segments.forEach((segment, i) => {
    if (segment === '**') {
      // Zero or more whole segments; a trailing `/**` also matches the parent path itself.
      source += i === segments.length - 1 ? '(?:/.*)?' : '(?:/[^/]*)*';
    } else {
      source += `/${segment.split('*').map(escapeRegExp).join('[^/]*')}`;
    }
  });
  const regex = new RegExp(`${source}/?$`);
  // Some specs put a query in the path key (`/responses?beta=true`): match with and without it.
  return (path) => regex.test(path) || regex.test(path.split('?')[0]!);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
