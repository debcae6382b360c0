/**
 * Ranking for dynamic mode's search_operations: a small BM25F over each tool's name, title, operation id,
 * path, toolsets and description. Field weights say where a word means most (a word in the name outweighs one
 * deep in the prose); idf keeps common words (`get`, `repo`) from drowning rare ones; the share of query words
 * matched breaks the tie between a tool that matches every word once and one that repeats a single word. Words
 * are lower-cased, split at camelCase and punctuation, and reduced to a crude singular, so `listRepositories`,
 * `list repository` and `list_repos` meet. Last, a tool whose title (or name) the query covers outranks one
 * that merely contains the query: "delete a repository" is `repos_delete` before `repos_delete_webhook`.
 * Pure and deterministic: ties keep registration (spec) order.
 */

export interface SearchDoc {
  name: string;
  title?: string;
  operationId?: string;
  path?: string;
  toolsets: readonly string[];
  description: string;
}

const WEIGHTS = { name: 3, title: 2.5, operationId: 2, path: 2, toolsets: 1.5, description: 1 } as const;
type Field = keyof typeof WEIGHTS;
const K1 = 1.2;
const B = 0.75;
/** Prose beyond this adds noise (examples, tables), not meaning. */
const DESCRIPTION_CHARS = 600;

const STOP_WORDS = new Set(
  'a an and are as at be by can do for from how i in is it its me my of on or that the this to with you your'.split(' '),
);

/** Verbs an agent and a contract often spell differently; each side finds the other at half weight. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  get: ['retrieve', 'fetch', 'read', 'show'],
  list: ['search', 'find', 'all'],
  create: ['add', 'new', 'make', 'start'],
  update: ['edit', 'modify', 'change', 'patch', 'set'],
  delete: ['remove', 'destroy', 'drop'],
  cancel: ['stop', 'abort'],
};
const SYNONYM_OF = new Map<string, string[]>();
for (const [word, others] of Object.entries(SYNONYMS)) {
  for (const other of [word, ...others]) {
    const group = [word, ...others].filter((w) => w !== other);
    SYNONYM_OF.set(other, [...(SYNONYM_OF.get(other) ?? []), ...group]);
  }
}

/** A crude singular: `repositories` → `repository`, `branches` → `branch`, `pulls` → `pull`; short words stay. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z|tus)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // Between an acronym and the next word (`HTTPServer`), by lookaround: `([A-Z]+)([A-Z][a-z])` re-scans a long
    // capital run from every start, quadratic on a hostile contract's 200k-character summary.
    .replace(/(?<=[A-Z])(?=[A-Z][a-z])/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.filter((w) => w && !STOP_WORDS.has(w)).map(stem);
}

interface Indexed {
  doc: SearchDoc;
  order: number;
  /** Weighted term frequency over all fields. */
  tf: Map<string, number>;
  length: number;
  /** Distinct words of the title and of the name: how much of them a query covers. */
  heads: Array<Set<string>>;
}

export interface SearchHit {
  doc: SearchDoc;
  score: number;
}

export class SearchIndex {
  private readonly docs: Indexed[];
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;

  constructor(docs: readonly SearchDoc[]) {
    this.docs = docs.map((doc, order) => {
      const tf = new Map<string, number>();
      let length = 0;
      const fields: Array<[Field, string | undefined]> = [
        ['name', doc.name],
        ['title', doc.title],
        ['operationId', doc.operationId],
        ['path', doc.path?.replace(/\{[^{}]*\}/g, ' ')],
        ['toolsets', doc.toolsets.join(' ')],
        ['description', doc.description.slice(0, DESCRIPTION_CHARS)],
      ];
      for (const [field, text] of fields) {
        if (!text) continue;
        for (const term of tokenize(text)) {
          tf.set(term, (tf.get(term) ?? 0) + WEIGHTS[field]);
          length += WEIGHTS[field];
        }
      }
      for (const term of tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
      const heads = [doc.title, doc.name].filter((t): t is string => !!t).map((t) => new Set(tokenize(t)));
      return { doc, order, tf, length, heads: heads.filter((h) => h.size > 0) };
    });
    this.averageLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length) || 1;
  }

  /**
   * The query's terms, each with the document terms it matches and at what weight (exact 1, synonym or prefix
   * 0.5), and the term's own idf: a synonym or a longer form never counts for more than the word typed (a rare
   * synonym would otherwise outrank the common word the user meant: `list` finding `search_*` first).
   */
  private expand(query: string): Array<{ matches: Map<string, number>; idf: number | null }> {
    const vocabulary = [...this.df.keys()];
    return [...new Set(tokenize(query))].map((term) => {
      const matches = new Map<string, number>([[term, 1]]);
      for (const other of SYNONYM_OF.get(term) ?? []) if (!matches.has(other)) matches.set(other, 0.5);
      // A word being typed or shortened (`deploy` for `deployment`) still finds its longer forms.
      if (term.length >= 4) for (const word of vocabulary) if (word !== term && word.startsWith(term)) matches.set(word, 0.5);
      return { matches, idf: this.df.has(term) ? this.idf(term) : null };
    });
  }

  private idf(term: string): number {
    const n = this.df.get(term) ?? 0;
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5));
  }

  /** Hits with a positive score, best first; a query that is exactly a tool's name puts that tool first. */
  search(query: string): SearchHit[] {
    const terms = this.expand(query);
    if (terms.length === 0) return [];
    const exactName = query.trim();
    const hits: Array<SearchHit & { order: number }> = [];
    for (const indexed of this.docs) {
      let score = 0;
      let matched = 0;
      const hit = new Map<string, number>();
      for (const { matches, idf } of terms) {
        let best = 0;
        for (const [term, weight] of matches) {
          const tf = indexed.tf.get(term);
          if (!tf) continue;
          hit.set(term, Math.max(hit.get(term) ?? 0, weight));
          const saturated = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * indexed.length) / this.averageLength));
          const termIdf = weight < 1 && idf !== null ? Math.min(idf, this.idf(term)) : this.idf(term);
          best = Math.max(best, weight * termIdf * saturated);
        }
        if (best > 0) matched += 1;
        score += best;
      }
      if (score <= 0) continue;
      const covered = Math.max(0, ...indexed.heads.map((head) => [...head].reduce((sum, w) => sum + (hit.get(w) ?? 0), 0) / head.size));
      score *= (matched / terms.length) * (1 + covered);
      if (indexed.doc.name === exactName) score += 1000;
      hits.push({ doc: indexed.doc, score, order: indexed.order });
    }
    hits.sort((x, y) => y.score - x.score || x.order - y.order);
    return hits.map(({ doc, score }) => ({ doc, score }));
  }
}
