/**
 * The words a job resource is called by, for the work-noun weight (assessJobResource.ts): its path's noun, and what
 * the contract says the thing is called where a document-local label is all that said it before.
 *
 * - The path's noun, its words spelled by the item's id parameter where the segment runs them together
 *   (`/jobschedules/{jobScheduleId}` → job schedule): the API's own address, camel-cased where it names the id.
 * - The schema's name: its component key, and its `title` when that reads as a name (a few words, no sentence):
 *   Bitbucket's `issue_job_status` is titled "Issue Job Status". A key is a label local to the document (renaming
 *   every component says the same contract: `npm run corpus:metamorphic`'s `schemaNames`); the title is the
 *   schema's own.
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameFromSchemaName, pathNoun, singular } from '../familyName.js';
import { nameTokens } from '../read/nameTokens.js';
import { pathParams, staticSegments } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';

export function resourceNouns(item: string, schema: JsonSchema | undefined, reader: SchemaReader, schemaName: string | null): string[] {
  const nouns = [pathNoun(item), spelledById(item), schemaName, titleName(reader.resolve(schema)?.title)];
  return nouns.filter((n): n is string => !!n);
}

/** `/jobschedules/{jobScheduleId}` → `job_schedule`: the id's words, less its last, when they spell the segment. */
function spelledById(item: string): string | null {
  const id = pathParams(item).at(-1);
  const segment = staticSegments(item).at(-1);
  if (!id || !segment || !item.endsWith(`/${segment}/{${id}}`)) return null;
  const words = nameTokens(id).slice(0, -1);
  const joined = singular(segment.toLowerCase().replace(/[^a-z0-9]/g, ''));
  return words.length > 1 && words.join('') === joined ? words.join('_') : null;
}

/** A title that is a name ("Issue Job Status"), not a sentence: up to four words, no stop. */
function titleName(title: unknown): string | null {
  if (typeof title !== 'string' || /[.;:]/.test(title) || title.trim().split(/\s+/).length > 4) return null;
  return nameFromSchemaName(title);
}
