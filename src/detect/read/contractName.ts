/**
 * The name of an operation that has no operationId (optional in OpenAPI: a tenth of the corpus's specs give none),
 * read from what the contract still says, as verb + noun like a name read from an operationId (operationNames.ts):
 *
 * - its summary, when it reads as verb + object ("Create an export job" → create + export job), else
 * - its path and method, by HTTP's own semantics (RFC 9110 §9.3): a POST to a collection creates (`POST /jobs` →
 *   create + job), a GET of a collection lists and of an item reads, PATCH updates, DELETE deletes; an
 *   action segment names the verb (`POST /jobs/{id}/cancel` → cancel + job); the noun is the
 *   collection's (with the static segments before it), singular. A POST is not safe (§9.2.1), so a read word in its
 *   path (`POST /jobs/describe`, Midjourney's describe command) names the thing posted to, never a read; a POST or
 *   PUT to no collection gives no name (the path does not say whether it creates, replaces or acts).
 *
 * Only a fallback: an operation with an operationId (or an RPC path that spells its action) keeps that name.
 */
import type { Operation } from '../../model/ir.js';
import { singular as singularNoun } from '../familyName.js';
import { nameTokens } from './nameTokens.js';
import { splitPath } from './operationIndex.js';

export interface ContractName {
  verb: string;
  noun: readonly string[];
  /** What the name was read from, for reasons that quote it. */
  from: 'path' | 'summary';
}

const singular = (w: string) => (w.length > 3 ? singularNoun(w) : w);
const isPlural = (w: string) => w.length > 3 && singularNoun(w) !== w;

/** `v1`, `v2.1` and `api` name a version or the API itself, no thing (familyName.ts's pathNoun drops them too). */
const isVersion = (s: string) => /^v\d+(\.\d+)?$/i.test(s) || s.toLowerCase() === 'api';

/** The verb of each method on an item and on a collection (RFC 9110 §9.3). */
const ITEM_VERB: Partial<Record<string, string>> = { GET: 'get', PATCH: 'update', DELETE: 'delete' };
const COLLECTION_VERB: Partial<Record<string, string>> = { GET: 'list', POST: 'create', PATCH: 'update', DELETE: 'delete' };

/**
 * The name its method and path give: `POST /v1/jobs` → create|job, `GET /jobs/{id}` → get|job,
 * `POST /jobs/{id}/cancel` → cancel|job, `GET /jobs/{id}/status` → get|job status, `POST /projects/{id}/exports` →
 * create|export.
 */
export function pathName(op: Operation, isVerb: (word: string) => boolean, readVerbs: readonly string[]): ContractName | null {
  const segs = splitPath(op.path)
    .pathname.split('#')[0]!
    .split('/')
    .filter((s) => s !== '' && !isVersion(s));
  const name = (verb: string | undefined, noun: readonly string[]): ContractName | null =>
    verb && noun.length > 0 ? { verb, noun: noun.map(singular), from: 'path' } : null;
  // A custom method (AIP-136: `/v1/{name}:cancel`, `/jobs:run`): the part after the colon is the verb.
  const custom = /^([^:]*):([A-Za-z][A-Za-z0-9]*)$/.exec(segs.at(-1) ?? '');
  if (custom) {
    const action = nameTokens(custom[2]!);
    const rest = custom[1]!;
    const on = rest === '' || rest.includes('{') ? staticRun(segs.slice(0, -1)) : nameTokens(rest);
    return name(action[0], [...on, ...action.slice(1)]);
  }
  const lastParam = segs.map((s) => s.includes('{')).lastIndexOf(true);
  const tail = segs.slice(lastParam + 1);
  // The collection an item belongs to: the static segments right before its parameter (`/terminals/refunds/{id}`).
  const collection = staticRun(segs.slice(0, Math.max(lastParam, 0)));
  if (tail.length === 0) return lastParam < 0 ? null : name(ITEM_VERB[op.method], collection);
  const last = nameTokens(tail.at(-1)!);
  if (last.length === 0) return null;
  // What the last segment is under: the static segments before it, else the collection of the item it follows.
  const parent = tail.length > 1 ? staticRun(tail.slice(0, -1)) : collection;
  // A segment that starts with a verb is an action on what it is under (`/jobs/{id}/cancel`, `/containers/create`).
  if (op.method !== 'GET' && isVerb(last[0]!) && !readVerbs.includes(last[0]!)) return name(last[0], [...parent, ...last.slice(1)]);
  // A plural names a collection (`/jobs`, `/terminals/refunds`, `/projects/{id}/exports`): the method says what is
  // done to it; the static segments before it qualify its noun. A phrase (`apply_to_resources`) names no collection.
  const phrase = last.some((t) => PHRASE_ENDS.has(t));
  if (isPlural(last.at(-1)!) && !phrase) return name(COLLECTION_VERB[op.method], staticRun(tail));
  // A singular names a part of what it is under (`/jobs/{id}/status`, `/jobs/describe`): a POST or PUT there
  // processes what it is sent by that resource's own rules (RFC 9110 §9.3.3, §9.3.4), which its path does not tell.
  return name(ITEM_VERB[op.method], [...parent, ...last]);
}

/**
 * The tokens of the last run of static segments in `segs`, past any parameters at its end: `/repos/{owner}/{repo}`'s
 * item is a repo.
 */
function staticRun(segs: readonly string[]): readonly string[] {
  const isParam = segs.map((s) => s.includes('{'));
  const end = isParam.lastIndexOf(false) + 1;
  const from = isParam.slice(0, end).lastIndexOf(true) + 1;
  return segs.slice(from, end).flatMap((s) => nameTokens(s));
}

/** Words that only point at the object (articles, determiners, possessives), skipped before its noun. */
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'all',
  'any',
  'each',
  'every',
  'some',
  'my',
  'your',
  'its',
  'their',
  'our',
  'one',
  'new',
]);
/** Prepositions and conjunctions: the object's noun phrase ends before them. */
const PHRASE_ENDS = new Set([
  'of',
  'for',
  'in',
  'on',
  'at',
  'by',
  'to',
  'from',
  'with',
  'within',
  'into',
  'via',
  'using',
  'and',
  'or',
  'as',
  'if',
  'when',
  'which',
  'based',
]);

/**
 * The name its summary gives when the summary reads as an imperative verb + object: "Create an export job" →
 * create|export job, "Get the status of a job" → get|job status, "Cancels a job" → cancel|job, "Re-run a job" →
 * rerun|job. A summary whose first word is no known verb is still a verb phrase when a determiner opens its object
 * ("View a translation project", "Initiate a Droplet Action": an article follows no noun at a title's start); such a
 * verb this detection does not weigh gives way to the verb HTTP gives the method there (`pathVerb`: RFC 9110 §9.3),
 * the summary still naming the object; with no such verb it names nothing. A summary that starts with no verb ("Job status") gives none.
 */
export function summaryName(op: Operation, isVerb: (word: string) => boolean, pathVerb?: string): ContractName | null {
  // The first clause only: "Create a job. The job runs …", "Create job (async)".
  const clause = (op.summary ?? '').split(/[.;:,()[\]]|\s[-–—]\s/)[0]!;
  const tokens = doneAgain(nameTokens(clause));
  const known = imperative(tokens[0], isVerb);
  // A verb by grammar alone names nothing this detection weighs: the method's verb there stands in for it, and where
  // HTTP gives none (a POST to no collection) the summary names nothing (Plaid's "Execute a transaction", a payment).
  const byGrammar = known === null && tokens[0] !== undefined && OBJECT_OPENERS.has(tokens[1] ?? '');
  const verb = known ?? (byGrammar ? pathVerb : undefined);
  if (!verb) return null;
  const rest = tokens.slice(1).filter((t) => !DETERMINERS.has(t));
  const end = rest.findIndex((t) => PHRASE_ENDS.has(t));
  const head = end < 0 ? rest : rest.slice(0, end);
  // "the status of a job": the thing of the `of` is the noun's first word (job status), as names put it.
  const of = end >= 0 && rest[end] === 'of' ? rest.slice(end + 1).filter((t) => !DETERMINERS.has(t)) : [];
  const ofEnd = of.findIndex((t) => PHRASE_ENDS.has(t));
  const noun = ownWords([...(ofEnd < 0 ? of : of.slice(0, ofEnd)), ...head], op.path);
  if (noun.length === 0 || noun.length > 4) return null;
  return { verb, noun: noun.map(singular), from: 'summary' };
}

/**
 * A summary that is one identifier (`upgradeOrgMultiSitesDevices`, `get_job_status`): the operation's id written
 * where its summary goes, to be read as an operationId is. Prose has spaces; one plain word is no identifier.
 */
export function identifierSummary(op: Operation): string | null {
  const text = (op.summary ?? '').trim();
  return isIdentifier(text) && /[a-z][A-Z]|[_./-]/.test(text) ? text : null;
}

/**
 * Letters and digits, starting with a letter, in words joined by single `_`, `.`, `/` or `-`: read a character at
 * a time, since a summary is the stranger's text and a regex of repeated groups is one the linearity check refuses.
 */
function isIdentifier(text: string): boolean {
  if (!/^[A-Za-z]/.test(text) || /[_./-]$/.test(text)) return false;
  let joined = false;
  for (const c of text) {
    const join = c === '_' || c === '.' || c === '/' || c === '-';
    if (join && joined) return false;
    if (!join && !/[A-Za-z0-9]/.test(c)) return false;
    joined = join;
  }
  return true;
}

/** Words that open a verb's object (articles, demonstratives, possessives, quantifiers): the word before them is a verb. */
const OBJECT_OPENERS = new Set([...DETERMINERS].filter((w) => w !== 'new' && w !== 'one'));

/** `re`-`run` (a hyphenated "Re-run") joined again as operationNames.ts joins `re-run-job`: one verb, `rerun`. */
function doneAgain(tokens: readonly string[]): readonly string[] {
  return tokens[0] === 're' && tokens.length > 1 ? [`re${tokens[1]}`, ...tokens.slice(2)] : tokens;
}

/**
 * The noun without the participles before its head that the path does not spell ("Retrieve an Existing Action",
 * "Start specified task"): a participle used as an adjective says which one the author means, not what the thing
 * is called, where the path, which names the resource, has no such word. The head noun always stays.
 */
function ownWords(noun: readonly string[], path: string): readonly string[] {
  const spelled = nameTokens(path);
  return noun.filter((t, i) => {
    const stem = i === noun.length - 1 ? null : participleStem(t);
    // The path spells it, or its verb ("Get Training Status" of `/v2/vision/train/{modelId}`).
    return stem === null || spelled.some((w) => w.startsWith(stem));
  });
}

/**
 * The stem of an `-ing` or `-ed` form of a verb (`existing` → exist, `specified` → specifi, `scheduled` → schedul),
 * three letters or more with a vowel (not `thing`, `string`, `need`); null for any other word.
 */
function participleStem(word: string): string | null {
  const stem = word.endsWith('ing') ? word.slice(0, -3) : word.endsWith('ed') ? word.slice(0, -2) : null;
  return stem !== null && stem.length >= 3 && /[aeiouy]/.test(stem) && !word.endsWith('eed') ? stem : null;
}

/** The imperative of a summary's first word: itself, or the verb of its third person (`creates`, `cancels`, `fetches`). */
function imperative(word: string | undefined, isVerb: (word: string) => boolean): string | null {
  if (word === undefined) return null;
  for (const w of [word, word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y')]) if (isVerb(w)) return w;
  return null;
}
