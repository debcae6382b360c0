/**
 * Lifecycles AWS descriptions write out in HTML lists rather than in a "Valid Values:" line (Personalize,
 * Forecast): a chain of states per list item ("CREATE PENDING > CREATE IN_PROGRESS > ACTIVE -or- CREATE FAILED",
 * beside lone items such as "DELETE PENDING"), one state per item ("<li>PENDING</li><li>IN PROGRESS</li>…"), or
 * one state per term of a definition list (ECS: "<dt>ACTIVE</dt> <dd>…</dd>").
 * The values hold spaces, so the identifier scans of statusValuesInDescription miss them. Every item must be
 * states and nothing else: a `>` in prose ("size > 5") or a list of sentences is no lifecycle. Redshift and RDS
 * write lower-case states one `<code>` per item instead ("<li><code>available</code></li><li><code>creating</code>
 * …"): codeListValues.
 */

/** One to three upper-case words: `ACTIVE`, `CREATE PENDING`, `CREATE IN_PROGRESS`. */
const VALUE = /^[A-Z][A-Z0-9_]{1,40}(?: [A-Z][A-Z0-9_]{1,40}){0,2}$/;
/** A chain's separators: the arrow and the branch to the failure. */
const SEPARATOR = /\s*(?:>|-or-)\s*/;
const plain = (s: string) =>
  s
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .replace(/&gt;/g, '>')
    .trim();

/** The states a description lists: chains anywhere, or list items that are each one state (two at least). */
export function lifecycleListValues(text: string): string[] {
  if (!text) return [];
  const found = new Set<string>();
  // List items, paragraphs and lines: the units a chain or a state stands alone in.
  const segments = text
    .split(/<\/?(?:li|p|ul|ol)\b[^<>]*>|\n/i)
    .map(plain)
    .filter((s) => s.length > 0);
  const chains = segments.filter((s) => s.includes('>')).map((s) => s.split(SEPARATOR));
  const whole = chains.filter((pieces) => pieces.length >= 2 && pieces.every((p) => VALUE.test(p)));
  for (const v of whole.flat()) found.add(v);
  const items = text
    .split(/<li\b[^<>]*>/i)
    .slice(1)
    .map((item) => plain(item.split(/<\/li>/i)[0]!));
  const lone = items.filter((s) => VALUE.test(s));
  // Lone states beside a chain (`DELETE PENDING`), or a list whose every item is a state.
  if (whole.length > 0) for (const s of segments) if (!s.includes('>') && VALUE.test(s)) found.add(s);
  if (whole.length === 0 && lone.length >= 2 && lone.length === items.length) for (const s of lone) found.add(s);
  // A definition list of states (ECS: `<dl> <dt>ACTIVE</dt> <dd>The cluster is ready…</dd> <dt>PROVISIONING</dt>…`):
  // every term a state, each explained in its `<dd>`.
  const terms = text
    .split(/<dt\b[^<>]*>/i)
    .slice(1)
    .map((term) => plain(term.split(/<\/dt>/i)[0]!));
  if (terms.length >= 2 && terms.every((t) => VALUE.test(t))) for (const t of terms) found.add(t);
  return [...found];
}

/**
 * A lower-case state as Redshift and RDS write it (`available`, `cancelling-resize`, `rotating-keys`), or
 * capitalised as Elastic Transcoder does (`<code>Submitted</code>, <code>Progressing</code>, …`).
 */
const CODE_VALUE = /^[A-Za-z][a-z0-9]*(?:[-_][a-z0-9]+){0,3}$/;

/**
 * Lower-case states written one `<code>` each: as HTML list items, when every item of the description's lists is a
 * code and nothing else (a list of options explained in prose is not a vocabulary), or inline as a run of codes
 * joined only by commas, `or`, `and` or bars ("- <code>creating</code>, <code>available</code>, …", ElastiCache).
 * An item holding two states (`available, prep-for-resize`: a state qualified by a task) is kept out; two single
 * states at least.
 */
export function codeListValues(text: string): string[] {
  if (!text) return [];
  const items = text
    .split(/<li\b[^<>]*>/i)
    .slice(1)
    .map((item) =>
      item
        .split(/<\/li>/i)[0]!
        .replace(/<\/?p\b[^<>]*>/gi, ' ')
        .trim(),
    );
  const codes = items.map((item) => /^<code>([^<]*)<\/code>$/i.exec(item)?.[1]?.trim());
  const listed = codes.length >= 2 && codes.every((c) => c !== undefined) ? codes : longestCodeRun(text);
  const values = [...new Set(listed.filter((c): c is string => c !== undefined && CODE_VALUE.test(c)))];
  return values.length >= 2 ? values : [];
}

/**
 * What may stand between two codes of one inline enumeration: blanks, a comma or a bar, then `or`/`and`. Read by
 * trimming, not by a pattern: `\s*` on both sides of an optional comma backtracks quadratically on a long gap.
 */
function joins(gap: string): boolean {
  let g = gap.trim();
  if (g.startsWith(',') || g.startsWith('|')) g = g.slice(1).trimStart();
  return g === '' || g.toLowerCase() === 'or' || g.toLowerCase() === 'and';
}

/** The longest run of `<code>` words with nothing but joiners between them. */
function longestCodeRun(text: string): string[] {
  let best: string[] = [];
  let run: string[] = [];
  let end = -1;
  for (const m of text.matchAll(/<code>([^<]*)<\/code>/gi)) {
    const joined = end >= 0 && joins(text.slice(end, m.index));
    run = joined ? [...run, m[1]!.trim()] : [m[1]!.trim()];
    end = m.index + m[0].length;
    if (run.length > best.length) best = run;
  }
  return best;
}

/** The lead of a sentence that is nothing but a status's values in plain words. */
const PLAIN_LEADS = ['returns', 'can be either', 'can be', 'may be', 'might be'];
/** One plain word: `starting`, `in-progress`, `Enabled`. */
const PLAIN_VALUE = /^[A-Za-z][a-z0-9]*(?:[-_][a-z0-9]+){0,3}$/;
/**
 * One identifier in camel or Pascal case, two to five words (`esriJobSucceeded`, `TimedOut`): a value as code spells
 * it, never a word of prose. A list is read so only when every piece is one (camelList).
 */
const CAMEL_VALUE = /^[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]+){1,4}$/;

/**
 * A sentence that lists the values in plain words, with no quotes or codes ("The status of the restore action.
 * Returns starting, restoring, completed, or failed.": Redshift's `RestoreStatus.Status`), after its lead verb: three
 * words at least, joined by commas, `or` before the last, and nothing else to the sentence's end. A sentence of
 * prose after `returns` ("Returns the average rate for a completed backup") has words that are no list.
 * A colon leads such a list too ("The current state of the Machine: created, starting, started, …, failed.": Fly
 * Machines), its last word after a comma, `or` or `and`: what a colon opens to the sentence's end is the list.
 * A value's gloss in parentheses is no part of it ("queued (waiting for a concurrency slot)"), and a status listed in
 * two sentences is both lists ("While it runs: initializing, queued, … Final: finished, failed, …": Codemagic). A
 * sentence that is a list and nothing else is one too (wholeList).
 */
export function plainListValues(text: string): string[] {
  if (!text) return [];
  // A Set, not a list searched per word: a hostile description of 150,000 listed words took 30 s that way.
  const found = new Set<string>();
  const plain = text.replace(/<\/?[a-z][^<>]*>/gi, ' ').replace(/\([^()]*\)/g, '');
  // A sentence ends at a full stop before a space or the end: a value spelled with a dot (`job.starting`) goes on.
  for (const sentence of plain.split(/\.(?=\s|$)|[;\n]/)) {
    const s = sentence.trim();
    const lead = PLAIN_LEADS.find((l) => s.toLowerCase().startsWith(`${l} `));
    const colon = s.indexOf(':');
    const words =
      lead !== undefined
        ? listAfter(s.slice(lead.length), ['or '])
        : colon > 0
          ? listAfter(s.slice(colon + 1), ['or ', 'and ', ''])
          : bareOrGlossed(s);
    if (words.length >= 3) for (const w of words) found.add(w);
  }
  return [...found];
}

/**
 * A sentence that is the list and nothing else ("Allocated, Upload, Prepare, Importing, Completed, Error or Abort.":
 * Mailjet's bulk jobs): four plain words at least, the last after `or`. Fewer is as likely a phrase ("red, green or
 * blue") as a vocabulary; the state table judges what is read either way.
 */
function wholeList(sentence: string): string[] {
  if (!sentence.includes(',')) return [];
  const words = listAfter(sentence, ['or ']);
  return words.length >= 4 ? words : [];
}

/** A value under its namespace, as code spells it: `job.starting`, `video.encoded` (Coconut's statuses). */
const DOTTED_VALUE = /^[a-z][a-z0-9_]{0,30}\.[a-z][a-z0-9_]{0,40}$/;

/** Words that open a value's gloss in a glossed list: when, or for how long, the status holds that value. */
const GLOSS_LEADS = new Set(['when', 'while', 'once', 'until', 'after', 'before', 'if', 'as']);

/**
 * A sentence listing the values each with its gloss, a clause on when the status holds it ("received once the request
 * is accepted, loaded once the document is fetched, …, completed when every page is done, or error when processing
 * failed": Mathpix; "pending while labelers work on it, then completed, or canceled": Scale): pieces joined by
 * commas, each a plain word, alone or followed by a clause that opens with `when`, `while`, `once`, …; `then`, `or`
 * and `and` may lead a piece, and the piece that `or` or `and` leads ends the list (a comma in its gloss goes on with
 * it). Three values at least, one glossed at least (a list of bare words is wholeList's); any other piece, and none.
 */
function glossedList(sentence: string): string[] {
  if (!sentence.includes(',')) return [];
  const values: string[] = [];
  let glossed = false;
  for (const raw of sentence.split(',')) {
    const words = raw.trim().split(/\s+/);
    const joined = words[0] === 'or' || words[0] === 'and';
    if (joined || words[0] === 'then') words.shift();
    const [value, next, last] = words;
    if (value === undefined || !(PLAIN_VALUE.test(value) || DOTTED_VALUE.test(value))) return [];
    // The last two values joined without a comma end the list ("…, then job.completed or job.failed": Coconut).
    if ((next === 'or' || next === 'and') && words.length === 3 && (PLAIN_VALUE.test(last!) || DOTTED_VALUE.test(last!)))
      return glossed && values.length >= 1 ? [...values, value, last!] : [];
    if (next !== undefined && !GLOSS_LEADS.has(next.toLowerCase())) return [];
    glossed ||= next !== undefined;
    values.push(value);
    if (joined) return glossed && values.length >= 3 ? values : [];
  }
  return [];
}

function bareOrGlossed(sentence: string): string[] {
  const bare = wholeList(sentence);
  return bare.length > 0 ? bare : glossedList(sentence);
}

/**
 * Plain words joined by commas, the last after one of `lastJoins`, with a comma before it or not ("a, b, or c" and
 * "a, b or c" alike); none if any piece is no single word, unless every piece is a short phrase of plain words
 * with the same first word (Meta's report runs: "Job Not Started, Job Running, … or Job Skipped"), which
 * namespacedValues.ts reads by the words after it.
 */
function listAfter(clause: string, lastJoins: string[]): string[] {
  const pieces = clause.split(',').map((p) => p.trim());
  const last = pieces.pop()!;
  const join = lastJoins.find((j) => j !== '' && last.startsWith(j));
  const bare =
    join === undefined && pieces.length > 0
      ? lastJoins
          .filter((j) => j !== '')
          .map((j) => last.split(` ${j}`))
          .find((parts) => parts.length === 2)
      : undefined;
  if (join !== undefined) pieces.push(last.slice(join.length));
  else if (bare !== undefined) pieces.push(...bare.map((p) => p.trim()));
  else if (lastJoins.includes('')) pieces.push(last);
  else return [];
  if (pieces.every((w) => PLAIN_VALUE.test(w))) return pieces;
  return camelList(pieces) ? pieces : sharedLeadPhrases(pieces);
}

/**
 * A list of values as code spells them (ArcGIS's job status: "esriJobNew, esriJobSubmitted, …, esriJobDeleting or
 * esriJobDeleted"): every piece one camel-case identifier, most of them two words at least, so a list of plain words
 * with one capital among them stays plain words'.
 */
function camelList(pieces: string[]): boolean {
  return (
    pieces.every((w) => PLAIN_VALUE.test(w) || CAMEL_VALUE.test(w)) && pieces.filter((w) => CAMEL_VALUE.test(w)).length * 2 > pieces.length
  );
}

/** Phrases of two to four plain words that all begin with one word, as they are; else none. */
function sharedLeadPhrases(pieces: string[]): string[] {
  const words = pieces.map((p) => p.split(' '));
  const lead = words[0]![0];
  const fits = (w: string[]) => w.length >= 2 && w.length <= 4 && w[0] === lead && w.every((x) => PLAIN_VALUE.test(x));
  return words.every(fits) ? pieces : [];
}

/** One bullet line: a marker, then the value (in backticks or quotes or bare), then nothing, or its gloss after a separator. */
const BULLET = /^\s{0,8}[*+-]\s+[`'"]?([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+){0,3})[`'"]?\s*(?:$|[:(\u2013\u2014-])/;

/**
 * A Markdown bullet list of the values, one to a line ("The current status.\n\n* active\n* pending\n* resizing":
 * Vultr's instances; "- `queued`: waiting for a worker"), the way many vendors' references write an enum in prose:
 * two bullets at least, each a value alone or followed by its gloss. Bullets of sentences are no values.
 */
export function bulletListValues(text: string): string[] {
  if (!text || !/\n\s{0,8}[*+-]\s/.test(text)) return [];
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const m = BULLET.exec(line);
    if (m && !found.includes(m[1]!)) found.push(m[1]!);
  }
  return found.length >= 2 ? found : [];
}

/** One glossed value: the value as code spells it (`LAUNCH_FAILED`, `in_progress`; in quotes or not), then its gloss. */
const GLOSSED = /^[`'"]?([A-Z][A-Z0-9_]{1,40}|[a-z][a-z0-9]*(?:[-_][a-z0-9]+){0,3})[`'"]?\s{0,2}(?::|\s[-\u2013\u2014=])\s{0,2}[A-Za-z(]/;

/**
 * A glossary of the values in one paragraph, each a value, a colon or a dash, and what it means, the entries apart by
 * semicolons or sentences ("Instance state. PENDING: being created; LAUNCH_FAILED: creation failed; RUNNING: running;
 * …": Tencent Cloud's instances; "queued - waiting for a worker; …"). Three entries at least, each value spelled as
 * code (all capitals, or lower case, words joined by `_` or `-`): a capitalised word before a colon is prose's (`Note:`,
 * `Example:`). Bullets are bulletListValues'; the state table judges whatever words are read.
 */
export function glossaryValues(text: string): string[] {
  if (!text) return [];
  const found = new Set<string>();
  for (const piece of text.split(/[;\n]|\.\s/)) {
    const m = GLOSSED.exec(piece.trim());
    if (m) found.add(m[1]!);
  }
  return found.size >= 3 ? [...found] : [];
}

/** One cell of a table's separator row: `---`, `:--`, `--:` (GitHub Flavored Markdown). */
const RULE_CELL = /^:?-{3,}:?$/;
/** A table's separator row (`|---|---|`, `| :-- | --: |`): two cells at least, each a rule. */
const isTableRule = (line: string) => {
  const cells = line.replace(/\s+/g, '').replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.length >= 2 && cells.every((c) => RULE_CELL.test(c));
};
/** A first cell that is a value: a word, in backticks or quotes or bold or not (`started`, `` `IN_PROGRESS` ``). */
const TABLE_VALUE = /^[`'"*]{0,2}([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+){0,3})[`'"*]{0,2}$/;

/**
 * A Markdown table of the values, one to a row, its gloss in the next column (UpCloud's server states: "| State |
 * Description |\n|---|---|\n| started | The server is running. |"): the first column of the rows below the separator.
 * The header row names the columns, not a value; two values at least, and a row whose first cell is no word ends
 * the reading. `lines` are the table's own lines, which the bar-separated list reading must not read again.
 */
export function tableColumnValues(text: string): { values: string[]; lines: Set<number> } {
  const none = { values: [], lines: new Set<number>() };
  if (!text.includes('|')) return none;
  const lines = text.split('\n');
  const rule = lines.findIndex((l) => l.includes('-') && isTableRule(l));
  if (rule < 1 || !lines[rule - 1]!.includes('|')) return none;
  const values: string[] = [];
  const own = new Set([rule - 1, rule]);
  for (let i = rule + 1; i < lines.length && lines[i]!.includes('|'); i++) {
    own.add(i);
    const cell = lines[i]!.trim().replace(/^\|/, '').split('|')[0]!.trim();
    const m = TABLE_VALUE.exec(cell);
    if (m && !values.includes(m[1]!)) values.push(m[1]!);
  }
  return values.length >= 2 ? { values, lines: own } : none;
}

/** A word in capitals, as states are written in prose: `BUILDING`, `IN_PROGRESS` (three letters at least: not `ID`). */
const CAPS_WORD = /\b[A-Z][A-Z_]{2,40}\b/g;

/**
 * States a status description names in capitals inside its prose ("The state of the cluster: BUILDING while it is
 * being built, ACTIVE once it is running, SCALING or UPGRADING while an update is applied": Civo's clusters), where
 * no list, enum or `Valid Values:` line holds them. Only words the state table knows (`isState`), so that acronyms and
 * shouted words (`URL`, `NOTE`, `UTC`) are never values; two at least.
 */
export function capitalStateWords(text: string, isState: (word: string) => boolean): string[] {
  if (!text || !/[A-Z]{3}/.test(text)) return [];
  const words = new Set<string>();
  for (const m of text.matchAll(CAPS_WORD)) words.add(m[0]);
  const found = [...words].filter(isState);
  return found.length >= 2 ? found : prefixedStateWords(words, isState);
}

/**
 * Capitals that share a namespace word before the state (`QUERY_STATE_PENDING`, `QUERY_STATE_EXECUTING`, …: Dune's
 * executions, as proto enums spell their values; namespacedValues.ts reads an enum so): the words after the
 * `_`-ended prefix the most of them share are states the table knows, two at least; the values are kept whole.
 */
function prefixedStateWords(words: ReadonlySet<string>, isState: (word: string) => boolean): string[] {
  const byPrefix = new Map<string, string[]>();
  for (const word of words) {
    for (let i = word.indexOf('_'); i > 0 && i < word.length - 1; i = word.indexOf('_', i + 1)) {
      if (!isState(word.slice(i + 1))) continue;
      const prefix = word.slice(0, i + 1);
      const group = byPrefix.get(prefix);
      if (group) group.push(word);
      else byPrefix.set(prefix, [word]);
    }
  }
  let best: string[] = [];
  for (const [, group] of byPrefix) if (group.length > best.length) best = group;
  return best.length >= 2 ? best : [];
}
