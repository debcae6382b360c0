/**
 * A GET at the path a POST creates under that answers a page of what the POST creates (Bitbucket `GET
 * …/pipelines` → `{page, size, values: [pipeline]}`): the collection in a paging envelope, as much a list as a bare
 * array, so it is not the created item's read (RFC 9110 §9.3.3 puts that at `{collection}/{id}`). Either side may
 * carry its document in an envelope (`{data: pipeline}`, `{data: {values: [pipeline]}}`: read/envelope.ts): the
 * page is read where the document is.
 */
import type { JsonSchema } from '../../model/ir.js';
import { envelopeMember } from '../read/envelope.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** A list of the answer (top level, or inside its envelope) whose items are what the start answers. */
export function pagesOfStartSchema(reader: SchemaReader, answer: JsonSchema | undefined, start: JsonSchema | undefined): boolean {
  const made = new Set([...withinEnvelope(reader, start)].map((s) => reader.fingerprint(s)).filter((fp) => fp !== ''));
  if (made.size === 0) return false;
  for (const level of withinEnvelope(reader, answer))
    for (const p of reader.properties(level).values())
      if (reader.typeOf(p) === 'array' && made.has(reader.fingerprint(reader.itemsOf(p)))) return true;
  return false;
}

/** The schema, and the document inside it when it is an envelope. */
function* withinEnvelope(reader: SchemaReader, schema: JsonSchema | undefined): Generator<JsonSchema | undefined> {
  yield schema;
  const member = envelopeMember(reader, schema);
  if (member !== null) yield reader.properties(schema).get(member);
}
