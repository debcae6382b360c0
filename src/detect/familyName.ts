/**
 * Family names: snake_case from the job resource (schema name, else the path noun), unique in the spec
 * and stable between runs (decided in spec order, collisions numbered).
 */

import { refName } from '../model/schemaRefs.js';
import { ACRONYM_END } from './read/nameTokens.js';
import { staticSegments } from './read/operationIndex.js';
import { memoByString } from './read/readerMemo.js';
import { GENERIC_NAME_WORDS } from './read/signalWords.js';

export function toSnakeCaseUncached(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(ACRONYM_END, '_')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** `createImageVariation` → `create_image_variation`; asked about the same names again and again: once per name. */
export const toSnakeCase = memoByString(toSnakeCaseUncached);

/** `runs` → `run`, `analyses` → `analysis`, `batches` → `batch`, `caches` → `cache`; good enough for naming, not grammar. */
export function singular(word: string): string {
  if (/ses$/.test(word) && /(analy|diagno|synthe|the)ses$/.test(word)) return word.replace(/ses$/, 'sis');
  // `analysis`, `synthesis`, `diagnosis`: a Greek singular in -sis, not a plural.
  if (/[^s]sis$/.test(word)) return word;
  // `caches`, `niches`: the few -ches plurals of a word that ends in -che (none else in the corpus's names).
  if (/(cach|nich|headach|avalanch|mo?ustach)es$/.test(word)) return word.slice(0, -1);
  if (/(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/s$/.test(word) && !/ss$/.test(word) && !/us$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The noun of a job item path: the static segment before the id (`/fine_tuning/jobs/{id}` → `job`). */
export function pathNounUncached(itemPath: string): string | null {
  const segs = staticSegments(itemPath).filter((s) => !/^v\d+(\.\d+)?$/.test(s) && s !== 'api');
  const last = segs.at(-1);
  return last ? singular(toSnakeCase(last)) : null;
}

/** pathNoun, once per path. */
export const pathNoun = memoByString(pathNounUncached);

/**
 * The name a `$ref` gives its schema: the entry of a schema table (`#/components/schemas/Job`, Swagger 2's
 * `#/definitions/Job`), or a file of its own (`job.yaml`). A pointer anywhere else names a place, not a thing:
 * DigitalOcean reuses one operation's answer as `#/paths/~1v2~1apps~1{app_id}~1deployments/post/responses/200/
 * content/application~1json/schema`, whose last segment is the keyword `schema`, and the family was named `schema`.
 */
function schemaRefName(ref: string): string | null {
  const hash = ref.indexOf('#');
  if (hash < 0 || hash === ref.length - 1) return refName(ref.slice(0, hash < 0 ? undefined : hash)).replace(/\.(ya?ml|json)$/i, '');
  const segments = ref.slice(hash + 1).split('/');
  return segments.length >= 2 && /^(schemas|definitions)$/.test(segments.at(-2)!) ? refName(ref) : null;
}

/** Strips decoration words (`Object`, `Resource`, `schemas_…_response`, `statusInfo`) from a schema name. */
export function nameFromSchemaRef(ref: string | undefined): string | null {
  const named = ref ? schemaRefName(ref) : null;
  return named ? nameFromSchemaName(named) : null;
}

/** A schema's name without its decoration: `io.argoproj.workflow.v1alpha1.Workflow` → workflow, `JobStatusInfo` → job. */
export function nameFromSchemaName(named: string): string | null {
  // Kubernetes-style names keep only the last dotted part: `io.argoproj.workflow.v1alpha1.Workflow`.
  const last = named.split('.').at(-1) ?? '';
  const words = toSnakeCase(last).split('_').filter(Boolean);
  // Generator convention `schemas_<thing>_response`: both ends are decoration.
  if (words[0] === 'schemas' && words.length > 2) words.shift();
  if (words.length > 1 && /^(response|request)$/.test(words.at(-1)!) && toSnakeCase(last).startsWith('schemas_')) words.pop();
  while (words.length > 0 && GENERIC_NAME_WORDS.includes(words.at(-1)!)) words.pop();
  return words.length > 0 ? words.join('_') : null;
}

/** The schema name as written, snake_cased (`Operation` → `operation`), for when stripping leaves nothing. */
export function rawNameFromSchemaRef(ref: string | undefined): string | null {
  const named = ref ? schemaRefName(ref) : null;
  if (!named) return null;
  const last = named.split('.').at(-1) ?? '';
  return toSnakeCase(last) || null;
}

export class FamilyNamer {
  private readonly used = new Set<string>();

  /** First usable candidate (with `suffix`), made unique with a numeric suffix. */
  take(candidates: Array<string | null | undefined>, fallback: string, suffix = ''): string {
    const base = `${candidates.find((c): c is string => !!c && /^[a-z][a-z0-9_]*$/.test(c)) ?? (toSnakeCase(fallback) || 'job')}${suffix}`;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }

  reserve(name: string): void {
    this.used.add(name);
  }
}
