/**
 * A start whose request carries the status itself (`POST /check-runs {status}`, `POST /statuses {state}`) records
 * a state the client reports; it starts no work the API runs. Shared by the resource convention (evaluateStart.ts)
 * and id flow (idFlowJobs.ts).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';

/**
 * The request body has the status field as its own input, or the status object that holds it (`Status.PrimaryStatus`:
 * SageMaker's `CreateTrialComponent` sends the status its Describe answers, a record the client keeps of work run
 * elsewhere). A body that is the resource's whole representation (the same schema the poll answers, Azure Speech's
 * `Transcription`) or marks the field read-only only echoes it; so does a bag of the resource's properties that
 * holds the status among them (Azure's `properties.provisioningState`, the schema a PUT and its GET share).
 */
export function clientSetsStatus(op: Operation, field: string, reader: SchemaReader, pollSchema: JsonSchema | undefined): boolean {
  const [head, ...rest] = field.split('.');
  if (rest.length > 0 && !(rest.length === 1 && STATUS_NAME_TOKENS.has(nameTokens(head!).at(-1) ?? ''))) return false;
  const pollFp = reader.fingerprint(pollSchema);
  return (op.requestBody?.content ?? []).some((c) => {
    const p = reader.propertyAt(c.schema, field);
    if (p === undefined || (pollFp !== '' && reader.fingerprint(c.schema) === pollFp)) return false;
    return reader.resolve(p)?.['readOnly'] !== true && (p as Record<string, unknown>)['readOnly'] !== true;
  });
}
