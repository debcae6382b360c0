/**
 * Progress from counts: a total and the counts of the items finished, in one object (`request_counts {total,
 * completed, failed}`, SSM's `ProgressCounters {TotalSteps, SuccessSteps, FailedSteps}`, Glue's `Statistics
 * {TotalActions, SucceededActions, …}`, Google Vault's `stats {totalArtifactCount, exportedArtifactCount}`) or
 * beside the status (Device Farm's `totalJobs`, `completedJobs`). The fraction is the finished counts over the total.
 *
 * A count is the total's name with one word more (`TotalSteps` → `SuccessSteps`), and that word reads as an end in
 * the status vocabulary (stateWords.ts): `completed`, `Success`, `Failed`, `Stopped`, `errored`. At least one count
 * must be of items done well, so that token usage (`total_tokens` beside `completion_tokens`), tallies of outcomes
 * only (`{total, failed}`) and a dataset's stats (`{Total, Labeled, Anomaly}`) are not progress. Where the object
 * says it reports progress (its name, or its description), the work's own participle counts as done well too
 * (Vault's "Progress information for an export": `exportedArtifactCount`).
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { lookupStateWord, readStateWord, type StateWord } from './stateWords.js';

export interface CountsFound {
  done: string[];
  total: string;
}

/** Integer formats a JSON string carries a count in (Google's JSON mapping writes int64 as a string). */
const INTEGER_STRING = /^u?int(32|64)$/;

/** A number in the contract's own type: a fraction field must be one (findProgress.ts), a count may be one. */
export function isNumber(reader: SchemaReader, schema: JsonSchema | undefined): boolean {
  const type = reader.typeOf(schema);
  return type === 'number' || type === 'integer';
}

/** A number, or an integer written as a string (never a fraction: `"0.5"` of items is no count). */
function isCount(reader: SchemaReader, schema: JsonSchema | undefined): boolean {
  if (isNumber(reader, schema)) return true;
  const format = reader.resolve(schema)?.['format'];
  return reader.typeOf(schema) === 'string' && typeof format === 'string' && INTEGER_STRING.test(format);
}

/** The finished counts and the total of the object `schema`, or null when it counts no progress. */
export function countsOf(reader: SchemaReader, schema: JsonSchema | undefined, saysProgress: boolean): CountsFound | null {
  const numeric = [...reader.properties(schema)].filter(([, p]) => isCount(reader, p)).map(([n]) => n);
  // Each count under the stem it has beside its word: one lookup per total, not a scan of every count per total
  // (a hostile object of 100,000 `total…` counts costs a pass, not 10^10 comparisons).
  const byStem = new Map<string, Array<{ key: string; word: string; spelledApart: boolean }>>();
  for (const key of numeric) {
    for (const { stem, word, spelledApart } of stemsOf(countWords(key))) {
      const list = byStem.get(stem);
      if (list) list.push({ key, word, spelledApart });
      else byStem.set(stem, [{ key, word, spelledApart }]);
    }
  }
  // One total per stem is weighed: `total_steps` and `total__steps` count the same steps.
  const weighed = new Set<string>();
  for (const total of numeric) {
    const tokens = countWords(total);
    const at = tokens.indexOf('total');
    if (at < 0 || tokens.length > MAX_COUNT_TOKENS) continue;
    const stem = [...tokens.slice(0, at), ...tokens.slice(at + 1)].join(' ');
    if (weighed.has(stem)) continue;
    weighed.add(stem);
    const done = new Set<string>();
    let doneWell = false;
    for (const { key, word, spelledApart } of byStem.get(stem) ?? []) {
      const end = key === total ? null : endOf(word, saysProgress, spelledApart);
      if (end === null) continue;
      done.add(key);
      doneWell ||= end === 'succeeded';
    }
    if (doneWell) return { done: [...done], total };
  }
  return null;
}

/** A name's tokens but those that only say it is a number (`total_count` beside `succeeded`; `numberOfFailedSteps`). */
function countWords(name: string): string[] {
  return nameTokens(name).filter((t) => !NUMBER_WORDS.has(t));
}

const NUMBER_WORDS = new Set(['count', 'number', 'num', 'of']);

/** Longest name read for its stem: a hostile 100 KB property name is not split into 100,000 stems. */
const MAX_COUNT_TOKENS = 12;

/**
 * Each way to read `tokens` as a stem and one word beside it (`success steps`: stem `steps`, word `success`). The
 * word may be written in two tokens (`TimedOutSteps` → `timedout`, `InProgressSteps` → `inprogress`).
 */
function stemsOf(tokens: readonly string[]): Array<{ stem: string; word: string; spelledApart: boolean }> {
  if (tokens.length > MAX_COUNT_TOKENS) return [];
  const out: Array<{ stem: string; word: string; spelledApart: boolean }> = [];
  for (const size of [1, 2]) {
    for (let i = 0; i + size <= tokens.length; i++) {
      const stem = [...tokens.slice(0, i), ...tokens.slice(i + size)].join(' ');
      out.push({ stem, word: tokens.slice(i, i + size).join(''), spelledApart: size === 2 });
    }
  }
  return out;
}

/**
 * How a count's word ends its items: a terminal state the vocabulary knows (a strong success only counts as done
 * well: `invalid` is an end, not a success), or in an object that says it is progress, an unknown participle (the
 * work's own step done: `exported`, `moved`). A word spelled in two tokens counts only as the table spells it
 * (`TimedOut`, `InProgress`), never read as a compound: `devicesFailed` beside a `total` of tests counts devices.
 */
function endOf(word: string, saysProgress: boolean, spelledApart: boolean): 'succeeded' | 'ended' | null {
  const read: StateWord | null = spelledApart ? lookupStateWord(word) : knownOnly(readStateWord(word));
  if (read) {
    if (read.state === 'succeeded') return read.strong ? 'succeeded' : 'ended';
    return read.state === 'failed' || read.state === 'cancelled' ? 'ended' : null;
  }
  return saysProgress && !spelledApart && PARTICIPLE.test(word) ? 'succeeded' : null;
}

/** A word the vocabulary reads, or null: readStateWord also guesses for words it does not know (`known: false`). */
function knownOnly(read: StateWord & { known: boolean }): StateWord | null {
  return read.known ? read : null;
}

/** A past participle (`exported`, `moved`, `copied`), not a word that only ends so (`speed`, `feed`). */
const PARTICIPLE = /^[a-z]{2,}[^e]ed$/;
