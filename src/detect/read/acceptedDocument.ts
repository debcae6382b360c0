/**
 * Whether two operations answer 202 Accepted with the same document (SchemaReader.documentKey: its name, or an inline
 * document's whole content), neither without one: a start and the read whose 202 says the very thing the start's did (Snowflake's `QueryStatus`), or an API that
 * answers one queueing document to every call it runs in the background (Visma's `BackgroundApiAcceptedDto`).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { responseSchema } from './operationIndex.js';
import type { SchemaReader } from './schemaWalk.js';

export function sameAcceptedDocument(a: Operation, b: Operation, reader: SchemaReader): boolean {
  const [sa, sb] = [acceptedSchema(a), acceptedSchema(b)];
  if (sa === undefined || sb === undefined) return false;
  const [da, db] = [reader.documentKey(sa), reader.documentKey(sb)];
  // Two small inline shapes are no documents by key (MIN_DOCUMENT_FIELDS): the same shape is the same answer then, as
  // a contract that inlines every ref writes Visma's two-field queueing answer at each of its operations.
  if (da === undefined && db === undefined) return reader.fingerprint(sa) === reader.fingerprint(sb);
  return da !== undefined && da === db;
}

function acceptedSchema(op: Operation): JsonSchema | undefined {
  const r = op.responses.find((x) => x.status === '202');
  return r ? responseSchema(r) : undefined;
}
