/**
 * A long-running operation whose final result is the first page of a list (Azure `x-ms-pageable` on an LRO,
 * StartSpec.pageable): the result tool follows the next links and returns every page's items, bounded in pages
 * and size; what it could not fetch stays visible as the remaining next link.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { resolveUrl } from '../upstream/urls.js';
import { nextLinkOf, type Pageable } from './pageable.js';
import { sendWithRetry } from './poll.js';
import { prepareJobUrl } from './pollRequest.js';

const MAX_PAGES = 50;
const MAX_ITEMS_CHARS = 1_000_000;

/**
 * The first page with the items of the following pages appended; `nextLinkName` is dropped once the last page
 * is in, and kept (the link not followed) when a bound or an error stopped the walk, with a note saying why.
 */
export async function collectPages(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  first: unknown,
  firstUrl: string,
  spec: Pageable,
): Promise<{ result: unknown; note?: string }> {
  let next = nextLinkOf(first, spec);
  if (next === null) return { result: first };
  const items = Array.isArray((first as Record<string, unknown>)[spec.itemName])
    ? [...((first as Record<string, unknown[]>)[spec.itemName] ?? [])]
    : [];
  let from = firstUrl;
  let pages = 1;
  let note: string | undefined;
  while (next !== null) {
    if (pages >= MAX_PAGES || JSON.stringify(items).length > MAX_ITEMS_CHARS) {
      note = `Stopped after ${pages} pages (the result is bounded); ${spec.nextLinkName} is the next page.`;
      break;
    }
    const url = resolveUrl(next, from);
    const prepared = prepareJobUrl(ctx, family, record, 'GET', url, 'next page');
    if (!prepared.ok) {
      note = `The next page was not fetched: ${prepared.result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')}`;
      break;
    }
    const outcome = await sendWithRetry(ctx, prepared.request);
    if (!outcome.ok || outcome.status >= 300 || outcome.body.json === undefined) {
      note = `The next page could not be read (${outcome.ok ? `HTTP ${outcome.status}` : outcome.message}); ${spec.nextLinkName} is that page.`;
      break;
    }
    const page = outcome.body.json as Record<string, unknown>;
    if (Array.isArray(page[spec.itemName])) items.push(...(page[spec.itemName] as unknown[]));
    from = prepared.request.url;
    next = nextLinkOf(page, spec);
    pages += 1;
  }
  const { [spec.nextLinkName]: _followed, ...rest } = first as Record<string, unknown>;
  const result: Record<string, unknown> = { ...rest, [spec.itemName]: items };
  if (next !== null) result[spec.nextLinkName] = next;
  return note ? { result, note } : { result };
}
