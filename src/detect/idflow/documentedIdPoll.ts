/**
 * Convention: the poll says in its own documentation where its id comes from. Vendors whose names link nothing
 * write it in prose: useapi's `GET /jobs/?jobid=` takes "jobid value returned by jobs/imagine, jobs/button,
 * jobs/blend or jobs/describe"; SendGrid's `GET /marketing/contacts/imports/{id}` says "Use the `job_id` from the
 * "Import Contacts," "Add or Update a Contact," … endpoints as the `id` in the path parameter". The contract's
 * author states the data flow itself, where the names (`jobid` is not even an id-shaped name; `job_id` → `{id}`
 * at another path) say nothing.
 *
 * A read is linked to a start when its text (summary, description, and the descriptions of the inputs it
 * requires) names both the start, whole (its summary, its operationId, or its path's last two or more static
 * segments), and a field the start answers at the top level, whole, whose name ends in an identifier word
 * (`jobid`, `job_id`, `ScanId`), in whatever case the prose spells it (`job_id` of a field called `jobId`). The id goes into the one required input the start does not itself take, or into
 * the input of the field's own name. Id flow (idFlowJobs.ts) still weighs the pairing: the poll's status must be a
 * job's or a resource coming up, and its other inputs must come from the start.
 */
import type { Operation } from '../../model/ir.js';
import { answerFields } from '../read/envelope.js';
import { operationIdName } from '../read/generatedIds.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { splitPath, successSchema } from '../read/operationIndex.js';
import { BARE_IDS, ID_TOKENS, norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * Reads by each identifier-shaped word their documentation holds, with that documentation. A word is kept by its
 * letters and digits alone (`norm`): prose says `job_id` of a field the schema spells `jobId`, and "job-id" of either.
 */
export interface DocumentedPolls {
  byWord: Map<string, Operation[]>;
  text: Map<Operation, string>;
  /** The same text lower-cased, to pass over a read that cannot hold a phrase before its pattern runs. */
  lower: Map<Operation, string>;
  inputsOf: (op: Operation) => OperationInput[];
}

/** A word of a text, whole (not part of a longer name or a hyphenated one): `job_id`, `jobid`, `ScanId`, `job-id`. */
const WORD = /[A-Za-z0-9_-]+/g;
/**
 * A word or field name that ends in an identifier word once its separators are gone (`jobid`, `job_id`), and is not
 * that word alone: prose says "the id" of everything.
 */
const endsInId = (word: string) => {
  const n = norm(word);
  return !BARE_IDS.has(n) && [...ID_TOKENS].some((t) => n.endsWith(t));
};

export function documentedPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): DocumentedPolls {
  const byWord = new Map<string, Operation[]>();
  const text = new Map<Operation, string>();
  const lower = new Map<Operation, string>();
  for (const op of ops) {
    if (!mayPoll(op)) continue;
    const own = documentation(op, inputsOf(op), reader);
    if (own === '') continue;
    text.set(op, own);
    lower.set(op, own.toLowerCase());
    const words = new Set(
      [...own.matchAll(WORD)]
        .map((m) => m[0])
        .filter(endsInId)
        .map(norm),
    );
    for (const w of words) pushTo(byWord, w, op);
  }
  return { byWord, text, lower, inputsOf };
}

/** The read's own words: summary, description, and what it says of each input it requires. */
function documentation(op: Operation, inputs: readonly OperationInput[], reader: SchemaReader): string {
  const required = new Set(inputs.filter((i) => i.required).map((i) => `${i.in} ${i.name}`));
  const params = op.parameters.filter((p) => required.has(`${p.in} ${p.name}`)).map((p) => p.description ?? '');
  const body = op.requestBody?.content[0]?.schema;
  const fields = [...reader.properties(body)]
    .filter(([name]) => required.has(`body ${name}`))
    .map(([, s]) => reader.descriptionWithBranches(s));
  return [op.summary ?? '', op.description ?? '', ...params, ...fields].filter((t) => t !== '').join('\n');
}

export interface DocumentedPoll {
  op: Operation;
  input: OperationInput;
  /** The start's answer field the poll's documentation names. */
  field: string;
}

/** The reads whose documentation names this start and a field it answers, each with the input the id goes into. */
export function documentedPollsOf(start: Operation, polls: DocumentedPolls, reader: SchemaReader): DocumentedPoll[] {
  const out: DocumentedPoll[] = [];
  let phrases: Phrase[] | undefined;
  const startInputs = new Set(polls.inputsOf(start).map((i) => norm(i.name)));
  for (const { name: field, path, schema } of answerFields(reader, successSchema(start))) {
    if (!endsInId(field) || reader.typeOf(schema) === 'object' || reader.typeOf(schema) === 'array') continue;
    for (const op of polls.byWord.get(norm(field)) ?? []) {
      const text = polls.text.get(op)!;
      if (op === start) continue;
      phrases ??= startPhrases(start);
      const lower = polls.lower.get(op)!;
      if (!phrases.some((p) => (p.ascii === null || lower.includes(p.ascii)) && p.pattern.test(text))) continue;
      const input = inputFor(polls.inputsOf(op), field, startInputs);
      if (input) out.push({ op, input, field: path });
    }
  }
  return out;
}

/**
 * The input the id goes into: the one of the field's own name, else the one required input the start does not
 * take (`{id}` beside nothing else); two such inputs and the prose cannot say which.
 */
function inputFor(inputs: readonly OperationInput[], field: string, startInputs: ReadonlySet<string>): OperationInput | null {
  const plain = inputs.filter((i) => i.list === undefined && i.filter === undefined);
  const same = plain.find((i) => norm(i.name) === norm(field));
  if (same) return same;
  const open = plain.filter((i) => i.required && !startInputs.has(norm(i.name)));
  return open.length === 1 ? open[0]! : null;
}

/**
 * A phrase that names the start, and, when it is ASCII, itself lower-cased: case-insensitive matching maps no other
 * character to an ASCII one, so a text whose lower case lacks it cannot match (graph-beta: thousands of reads a start).
 */
interface Phrase {
  pattern: RegExp;
  ascii: string | null;
}
const phrase = (text: string, also = ''): Phrase => ({
  pattern: whole(text, also),
  ascii: /^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : null,
});

/** How a text names the start whole: its summary (two words or more), its operationId, or the tail of its path. */
function startPhrases(start: Operation): Phrase[] {
  const out: Phrase[] = [];
  const summary = start.summary?.trim().replace(/[.:;,!]+$/, '') ?? '';
  if (summary.split(/\s+/).length >= 2) out.push(phrase(summary));
  const id = operationIdName(start);
  if (id && nameTokens(id).length >= 2) out.push(phrase(id));
  // `jobs/imagine` of `POST /jobs/imagine`: the trailing static segments, two or more, as the prose spells a path.
  const segments = splitPath(start.path)
    .pathname.split('/')
    .filter((s) => s !== '');
  const tail: string[] = [];
  for (const s of segments.reverse()) {
    if (s.includes('{') || s.includes('#')) break;
    tail.unshift(s);
  }
  for (let k = 2; k <= tail.length; k++) out.push(phrase(tail.slice(-k).join('/'), '/'));
  return out;
}

/** `phrase` (any case) as a whole: not inside a longer word (nor a longer path, for `also`). */
function whole(phrase: string, also = ''): RegExp {
  const edge = `[A-Za-z0-9_\\-${also}]`;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<!${edge})${escaped}(?!${edge})`, 'i');
}
