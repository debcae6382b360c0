/**
 * Whether two operations answer 202 Accepted with the same document (SchemaReader.documentKey: its name, or an inline
 * document's whole content), neither without one: a start and the read whose 202 says the very thing the start's did (Snowflake's `QueryStatus`), or an API that
 * answers one queueing document to every call it runs in the background (Visma's `BackgroundApiAcceptedDto`).
 */
import type { Operation } from '../../model/ir.js';
import { responseSchema } from './operationIndex.js';
import type { SchemaReader } from './schemaWalk.js';

export function sameAcceptedDocument(a: Operation, b: Operation, reader: SchemaReader): boolean {
  const da = acceptedDocument(a, reader);
  return da !== undefined && acceptedDocument(b, reader) === da;
}

function acceptedDocument(op: Operation, reader: SchemaReader): string | undefined {
  const r = op.responses.find((x) => x.status === '202');
  return r ? reader.documentKey(responseSchema(r)) : undefined;
}
