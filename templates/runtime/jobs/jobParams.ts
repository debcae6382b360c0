/**
 * The values a job's linked operations (poll, cancel, result) take beyond their own arguments: the job id, read out
 * of a URL where the start handed one out, and the values carried from the start's arguments or answer.
 */
import type { JobFamilySpec, JobOperationLinkSpec } from '../definition.js';
import { hasControlChars } from '../upstream/serialize.js';
import { readArg, readSource, type StartInputs } from './interpret.js';
import { isOperationLink } from './pollRequest.js';

/** OperationSpec.tool → its path template, for reading ids out of URLs. */
export type PathOf = (operation: string) => string | undefined;

/** Path parameter values for every linked operation of the family (poll, cancel, result). */
export function familyPathParams(
  family: JobFamilySpec,
  upstreamId: string | null,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  pathOf: PathOf,
  /** The start's operation: `arg:` sources name its parameters as the contract does (interpret.ts readArg). */
  startOp?: StartInputs,
  /** The URL the job is followed at, as the start handed it out: a link `fromPollUrl` reads its parameters out of it. */
  pollUrl: string | null = null,
): Record<string, string> {
  const pathParams: Record<string, string> = {};
  for (const link of [family.poll, family.cancel, family.result]) {
    if (!isOperationLink(link)) continue;
    if (link.fromPollUrl !== undefined && pollUrl !== null) Object.assign(pathParams, paramsFromPollUrl(pollUrl, link.fromPollUrl));
    Object.assign(pathParams, linkParams(link, upstreamId, args, headers, json, pathOf(link.operation), startOp));
  }
  return pathParams;
}

/**
 * The path parameters of the GET a job's URL is (`/rest/api/3/task/{taskId}`), read out of that URL; none when it
 * does not fit the template (the upstream moved the job elsewhere): the link then lacks its id, and says so when
 * called, rather than send the whole URL as one.
 */
export function paramsFromPollUrl(pollUrl: string, template: string): Record<string, string> {
  let pathname: string;
  try {
    pathname = new URL(pollUrl).pathname;
  } catch {
    return {};
  }
  const params = matchPathSuffix(pathname, template.split('?')[0]!) ?? {};
  // The upstream wrote the URL: a value no path parameter may hold (`a%2F..%2Fadmin` decodes to dot segments;
  // upstream/serialize.ts refuses them) names no job, so the URL does not fit.
  return Object.values(params).some(unfitForPath) ? {} : params;
}

function unfitForPath(value: string): boolean {
  return value.split('/').some((part) => part === '.' || part === '..') || hasControlChars(value);
}

/**
 * Some contracts name a header holding the job's URL as its id source (Operation-Location). When the value is
 * a URL, the linked operation's path template is matched against its path to read the id (and any other path
 * parameters) out of it; a plain id is used as is. Google names (`projects/p/operations/o`) are not URLs.
 */
export function paramsFromIdValue(value: string, template: string | undefined, idParam: string): Record<string, string> {
  const isUrl = /^https?:\/\//i.test(value) || value.startsWith('/');
  if (!isUrl || !template) return { [idParam]: value };
  const pathname = new URL(value, 'http://placeholder.invalid').pathname;
  return matchPathSuffix(pathname, template.split('?')[0]!) ?? { [idParam]: value };
}

/**
 * The path parameters of `template` read from the end of `pathname` (a base path may come before it), segment
 * by segment, without a regular expression: both come from strangers (the contract and the upstream), so the
 * work stays linear. A segment holds at most one parameter (`{id}`, `{id}.json`); one with more (`{a}.{b}`) has
 * no single reading and is not matched. Null when the path does not fit the template.
 */
function matchPathSuffix(pathname: string, template: string): Record<string, string> | null {
  if (!template.startsWith('/')) return null;
  const want = template.split('/');
  const have = pathname.split('/');
  if (have.length < want.length) return null;
  const out: Record<string, string> = {};
  for (let i = 1; i < want.length; i++) {
    const t = want[want.length - i]!;
    const p = have[have.length - i]!;
    const open = t.indexOf('{');
    if (open < 0) {
      if (t !== p) return null;
      continue;
    }
    const close = t.indexOf('}', open);
    if (close < 0 || t.indexOf('{', close) >= 0) return null;
    const before = t.slice(0, open);
    const after = t.slice(close + 1);
    if (p.length <= before.length + after.length || !p.startsWith(before) || !p.endsWith(after)) return null;
    try {
      out[t.slice(open + 1, close)] = decodeURIComponent(p.slice(before.length, p.length - after.length));
    } catch {
      return null; // Not valid percent-encoding: the value is used whole, as an id that is not a URL.
    }
  }
  return out;
}

function linkParams(
  link: JobOperationLinkSpec,
  upstreamId: string | null,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  template: string | undefined,
  startOp: StartInputs | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (upstreamId !== null) Object.assign(out, paramsFromIdValue(upstreamId, template, link.idParam));
  for (const carry of link.carry) {
    let value: string | undefined;
    // `arg:thread_id`, or a dotted path into the start's arguments (`arg:body.Region`), own properties only.
    if (carry.from.startsWith('arg:')) value = readArg(carry.from as `arg:${string}`, args, startOp);
    else {
      value = readSource(carry.from as Parameters<typeof readSource>[0], headers, json);
    }
    if (value !== undefined) out[carry.param] = value;
  }
  return out;
}
