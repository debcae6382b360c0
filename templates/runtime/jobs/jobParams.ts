/**
 * The values a job's linked operations (poll, cancel, result) take beyond their own arguments: the job id, read out
 * of a URL where the start handed one out, and the values carried from the start's arguments or answer.
 */
import type { JobFamilySpec, JobOperationLinkSpec } from '../definition.js';
import { readArg, readSource } from './interpret.js';
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
): Record<string, string> {
  const pathParams: Record<string, string> = {};
  for (const link of [family.poll, family.cancel, family.result]) {
    if (isOperationLink(link)) Object.assign(pathParams, linkParams(link, upstreamId, args, headers, json, pathOf(link.operation)));
  }
  return pathParams;
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
  const names: string[] = [];
  const pattern = template
    .split('?')[0]!
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`${pattern}$`).exec(pathname);
  if (!match) return { [idParam]: value };
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    out[name] = decodeURIComponent(match[i + 1]!);
  });
  return out;
}

function linkParams(
  link: JobOperationLinkSpec,
  upstreamId: string | null,
  args: Record<string, unknown>,
  headers: Headers,
  json: unknown,
  template: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (upstreamId !== null) Object.assign(out, paramsFromIdValue(upstreamId, template, link.idParam));
  for (const carry of link.carry) {
    let value: string | undefined;
    // `arg:thread_id`, or a dotted path into the start's arguments (`arg:body.Region`), own properties only.
    if (carry.from.startsWith('arg:')) value = readArg(carry.from as `arg:${string}`, args);
    else {
      value = readSource(carry.from as Parameters<typeof readSource>[0], headers, json);
    }
    if (value !== undefined) out[carry.param] = value;
  }
  return out;
}
