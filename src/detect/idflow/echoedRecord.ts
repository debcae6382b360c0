/**
 * A start that acts on a thing it names (`RestorePhoneNumber {phoneNumberId}`, `UpdateShareInvitation
 * {ShareInvitationId}`) and answers that thing's record echoes its id there (`PhoneNumber.PhoneNumberId`,
 * `ShareInvitation.ShareInvitationId`). Another id in that record (`PhoneNumber.OrderId`, `ShareInvitation.WorkloadId`)
 * is what the thing points to, there before the call: the order the number came from, the workload shared. It is no
 * handle the call hands out, and a read by it follows that other thing, not work the start began (as a bare `id` of an
 * object beside the answer's own is, relatedReference.ts). Pure.
 */
import type { JsonSchema } from '../../model/ir.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The id of the record at `field`'s holder, named for it, that echoes a required input of the start (`PhoneNumberId`),
 * when `field` is another id beside it; null when `field` may be the job's.
 */
export function echoedRecordId(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  field: string,
  startInputs: readonly OperationInput[],
): string | null {
  const parts = field.split('.');
  if (parts.length !== 2) return null;
  const [holder, id] = parts as [string, string];
  const record = reader.properties(reader.properties(answer).get(holder));
  const named = new Set(startInputs.filter((i) => i.required).map((i) => norm(i.name)));
  if (named.has(norm(id))) return null;
  // The record's own id is named for it (`PhoneNumber.PhoneNumberId`): a token the start also sends and the record
  // echoes (`CreatorRequestId`) names the request, not the thing.
  const own = `${norm(holder)}id`;
  return [...record.keys()].find((k) => k !== id && norm(k) === own && named.has(own)) ?? null;
}
