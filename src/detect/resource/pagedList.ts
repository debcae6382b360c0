/**
 * A GET at the path a POST creates under that answers a page of what the POST creates (Bitbucket `GET
 * …/pipelines` → `{page, size, values: [pipeline]}`): the collection in a paging envelope, as much a list as a bare
 * array, so it is not the created item's read (RFC 9110 §9.3.3 puts that at `{collection}/{id}`).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** The answer has a top-level list whose items have the start's own answer schema (`startFp`, its fingerprint). */
export function pagesOfStartSchema(reader: SchemaReader, answer: JsonSchema | undefined, startFp: string): boolean {
  if (!startFp) return false;
  for (const p of reader.properties(answer).values()) {
    if (reader.typeOf(p) === 'array' && reader.fingerprint(reader.itemsOf(p)) === startFp) return true;
  }
  return false;
}
