/**
 * A poll that asks for one job in a list (`idList`: `DescribeDirectories {"DirectoryIds": [id]}`, Batch
 * `DescribeJobs {"jobs": [id]}`; `idFilter`: `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}`) is
 * answered by a list of what matched (JobOperationLinkSpec.itemsAt). The job is the item whose `itemId` field is the
 * id sent (`jobs[].jobId`), whatever else the upstream lists beside it; without an `itemId`, the one item listed.
 * Its status is read where detection found it (`ReplicationTasks.0.Status`), in the answer narrowed to that item.
 * A list without the job is the upstream saying it knows no such job: the same as a 404 (jobs/pollVerdict.ts
 * `missing`), never success and never "still running"; unless the answer is one page of more (a `NextToken`), where
 * the job may be listed further on and its absence says nothing. Where the contract says how the next page is asked
 * for (JobOperationLinkSpec.pages), a poll reads on, a bounded number of pages, until the job is listed.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec, JobOperationLinkSpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { withBudgetShare, withCallBudget } from './callBudget.js';
import { getPath } from './interpret.js';
import type { Answer, SendPoll, Unreadable } from './jobProtocol.js';
import { boundSnapshot } from './jobRecords.js';
import { interpretPoll } from './pollAnswer.js';
import { isOperationLink, prepareLinked } from './pollRequest.js';
import { pollVerdict, YOUNG_JOB_MS } from './pollVerdict.js';

/**
 * The most pages one poll reads for a job not yet listed. A list read is sorted newest first as a rule (App Runner's
 * operations, Rekognition's versions), so a job just started is on the first page, and pages are the rare case of a
 * scope with many things; each is one more request against the upstream's rate limit, so they are few.
 */
export const MAX_LIST_PAGES = 10;

/**
 * The page of a list read that lists the job: `first`, else the next pages asked for by the answer's token, until
 * the job is listed, the list ends, MAX_LIST_PAGES are read, a token comes back that was sent already (an upstream
 * going round), a page fails, or half of the call's budget (jobs/callBudget.ts) is spent. A page that ends the walk
 * without the job is the last one read: its token says more follow, and readListedPoll leaves the job as it was.
 */
export async function pageToListedJob(
  given: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  first: Answer,
  send: SendPoll,
): Promise<Answer> {
  const link = isOperationLink(family.poll) ? family.poll : undefined;
  if (link?.pages === undefined || link.itemsAt === undefined || link.itemId === undefined) return first;
  const { itemsAt } = link;
  const keys = itemKeys(link, record, record.pathParams[link.idParam] ?? record.upstreamId);
  const lists = (page: Answer) => getPath(page.body.json, itemsAt);
  const ctx = withBudgetShare(withCallBudget(given), 0.5);
  const sent = new Set<string>();
  let page = first;
  for (let read = 1; read < MAX_LIST_PAGES; read++) {
    const items = lists(page);
    if (keys.length === 0 || !Array.isArray(items) || pickItem(items, keys).length > 0) return page;
    const token = nextPageToken(link, page);
    if (token === null || sent.has(token)) return page;
    sent.add(token);
    const prepared = prepareLinked(ctx, link, record, token);
    if (!prepared.ok) return page;
    const next = await send(ctx, prepared.request);
    // A page that fails or lists nothing readable ends the walk on the page before it, whose token says more follow.
    if (!next.ok || pollVerdict(next.status) !== 'read' || !Array.isArray(lists(next))) return page;
    page = next;
  }
  return page;
}

/** One poll answer of a linked poll: the listed job picked out, and a list without it read as an unknown job. */
export function readListedPoll(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, answer: Answer): JobPatch | Unreadable {
  const link = isOperationLink(family.poll) ? family.poll : undefined;
  const itemsAt = link?.itemsAt;
  if (link === undefined || itemsAt === undefined) return interpretPoll(ctx, family, record, answer, false);
  const items = getPath(answer.body.json, itemsAt);
  const id = record.pathParams[link.idParam] ?? record.upstreamId;
  const picked = Array.isArray(items) && link.itemId !== undefined ? pickItem(items, itemKeys(link, record, id)) : null;
  const narrowed = picked === null ? answer : withItems(answer, itemsAt, picked);
  const patch = interpretPoll(ctx, family, record, narrowed, false);
  const listed = picked ?? items;
  if ('unreadable' in patch || !Array.isArray(listed) || listed.length > 0) return patch;
  // Just after the start a Describe may not list the job yet (eventual consistency), as a 404 may be early.
  if (ctx.now() - record.createdAt < YOUNG_JOB_MS) return patch;
  // A page with more after it says nothing of the job's absence: it may be listed further on. It stays as it was,
  // and a job never listed on the first page is shown stalled in time, not failed (jobs/stall.ts).
  if (hasMorePages(answer.body.json, itemsAt) || nextPageToken(link, answer) !== null) return patch;
  return {
    ...patch,
    state: 'failed',
    error: boundSnapshot({ message: unknownJob(link, itemsAt, items, id), http_status: answer.status }),
  };
}

/**
 * The item fields that name the job and the values they must hold: the id's own (`itemId`), and each `filter`
 * carry's (a connection is its endpoint and its replication instance together); none without the id.
 */
function itemKeys(link: JobOperationLinkSpec, record: JobRecord, id: string | null | undefined): Array<[string, string]> {
  if (id === null || id === undefined || link.itemId === undefined) return [];
  const keys: Array<[string, string]> = [[link.itemId, id]];
  for (const c of link.carry) {
    const value = record.pathParams[c.param];
    if (c.in === 'filter' && c.itemId !== undefined && value !== undefined) keys.push([c.itemId, value]);
  }
  return keys;
}

/**
 * Fields that say a list answer is one page of more, by the paging conventions: AWS (Smithy paginators' `NextToken`,
 * `nextToken`, the query protocol's `Marker`, `NextMarker`, S3's `IsTruncated`), Google AIP-158 (`nextPageToken`),
 * Azure (`nextLink`), cursor APIs (`next_cursor`, `has_more`). Compared lower case without separators.
 */
const NEXT_PAGE_TOKENS = new Set([
  'nexttoken',
  'marker',
  'nextmarker',
  'nextpagetoken',
  'nextlink',
  'nextcursor',
  'continuationtoken',
  'nextcontinuationtoken',
]);
const MORE_FLAGS = new Set(['istruncated', 'hasmore', 'hasnextpage']);

/** Whether the answer says more pages follow: a next-page token (a non-empty string) or a more flag (`true`) beside the list or at the top. */
function hasMorePages(json: unknown, itemsAt: string): boolean {
  const holders = [json, getPath(json, itemsAt.split('.').slice(0, -1).join('.'))];
  return holders.some((holder) => {
    if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) return false;
    return Object.entries(holder).some(([key, value]) => {
      const name = key.toLowerCase().replace(/[^a-z]/g, '');
      return (NEXT_PAGE_TOKENS.has(name) && typeof value === 'string' && value.length > 0) || (MORE_FLAGS.has(name) && value === true);
    });
  });
}

/** The token the answer hands out for the next page, where the link says where it is (`NextToken`); null at the end. */
function nextPageToken(link: JobOperationLinkSpec, answer: Answer): string | null {
  const token = link.pages ? getPath(answer.body.json, link.pages.next) : undefined;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** The listed item whose key fields hold the values sent: one, or none when the upstream lists other things only. */
function pickItem(items: unknown[], keys: ReadonlyArray<[string, string]>): unknown[] {
  if (keys.length === 0) return items;
  const match = items.find(
    (item) =>
      item !== null && typeof item === 'object' && keys.every(([field, value]) => (item as Record<string, unknown>)[field] === value),
  );
  return match === undefined ? [] : [match];
}

/** The answer with the list at `itemsAt` replaced: the objects on the way are copied, the upstream's left as sent. */
function withItems(answer: Answer, itemsAt: string, items: unknown[]): Answer {
  const rebuild = (value: unknown, path: readonly string[]): unknown => {
    if (path.length === 0) return items;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const [head, ...rest] = path as [string, ...string[]];
    if (!Object.hasOwn(value, head)) return value;
    return { ...(value as Record<string, unknown>), [head]: rebuild((value as Record<string, unknown>)[head], rest) };
  };
  return { ...answer, body: { ...answer.body, json: rebuild(answer.body.json, itemsAt.split('.')) } };
}

function unknownJob(link: JobOperationLinkSpec, itemsAt: string, items: unknown, id: string | null | undefined): string {
  const shown = JSON.stringify(id ?? null);
  if (link.itemId !== undefined && Array.isArray(items) && items.length > 0)
    return `The upstream lists no job with id ${shown}: none of the ${items.length} item(s) of its answer's \`${itemsAt}\` has \`${link.itemId}\` ${shown}, so it does not know this job.`;
  return `The upstream lists no job with id ${shown}: its answer's \`${itemsAt}\` is empty, so it does not know this job.`;
}
