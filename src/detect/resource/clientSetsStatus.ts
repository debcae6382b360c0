/**
 * A start whose request carries the status itself (`POST /check-runs {status}`, `POST /statuses {state}`) records
 * a state the client reports; it starts no work the API runs. Shared by the resource convention (evaluateStart.ts)
 * and id flow (idFlowJobs.ts).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The request body has the status field as its own input. A body that is the resource's whole representation
 * (the same schema the poll answers, Azure Speech's `Transcription`) or marks the field read-only only echoes it.
 */
export function clientSetsStatus(op: Operation, field: string, reader: SchemaReader, pollSchema: JsonSchema | undefined): boolean {
  const pollFp = reader.fingerprint(pollSchema);
  return (op.requestBody?.content ?? []).some((c) => {
    const p = reader.properties(c.schema).get(field);
    if (p === undefined || (pollFp !== '' && reader.fingerprint(c.schema) === pollFp)) return false;
    return reader.resolve(p)?.['readOnly'] !== true && (p as Record<string, unknown>)['readOnly'] !== true;
  });
}
