/**
 * A start that acts on a thing it names (`RestorePhoneNumber {phoneNumberId}`, `UpdateShareInvitation
 * {ShareInvitationId}`) and answers that thing's record echoes its id there (`PhoneNumber.PhoneNumberId`,
 * `ShareInvitation.ShareInvitationId`). Another id in that record (`PhoneNumber.OrderId`, `ShareInvitation.WorkloadId`)
 * is what the thing points to, there before the call: the order the number came from, the workload shared. It is no
 * handle the call hands out, and a read by it follows that other thing, not work the start began (as a bare `id` of an
 * object beside the answer's own is, relatedReference.ts). Pure.
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import { BRING_UP_VERBS, idNoun, type OperationName, singular } from '../read/operationNames.js';
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
  // The record's own id is named for it (`PhoneNumber.PhoneNumberId`), or for the thing a record describing it is of
  // (`AssociationDescription.AssociationId`, `ClusterInfo.ClusterId`): a token the start also sends and the record
  // echoes (`CreatorRequestId`) names the request, not the thing.
  const own = new Set(recordOf(holder).map((thing) => `${thing}id`));
  return [...record.keys()].find((k) => k !== id && own.has(norm(k)) && named.has(norm(k))) ?? null;
}

/** Last words of a record's name that say it describes a thing (AWS's `…Description`, `…Info`, `…Detail`, `…Summary`). */
const RECORD_WORDS = new Set(['description', 'info', 'information', 'detail', 'details', 'summary']);

/** The names the thing a record holder stands for goes by: the holder's, and without a last record word. */
function recordOf(holder: string): string[] {
  const tokens = nameTokens(holder);
  const bare = tokens.length > 1 && RECORD_WORDS.has(tokens.at(-1)!) ? [norm(tokens.slice(0, -1).join(''))] : [];
  return [norm(holder), ...bare];
}

/**
 * A start that makes a thing answers the thing's record under the thing's own name (`CreateMultiplexProgram` →
 * `{MultiplexProgram: {…}}`, `RegisterGameServer` → `{GameServer: {…}}`, `CreateNatGateway` → `{NatGateway: {…}}`,
 * AWS's shape for every create). An id in that record naming another thing (`MultiplexProgram.ChannelId`,
 * `GameServer.GameServerGroupName`, `NatGateway.VpcId`) is what the new thing belongs to or uses, there before the call:
 * a read by it follows that other thing, whose status says nothing of the one made. The record's own id names the
 * thing (`Service.ServiceArn`, `taskSet.id`) or is bare; only another thing's is refused. The name of that other
 * thing, or null when `field` may be the job's.
 */
export function madeRecordReference(field: string, start: OperationName | null): string | null {
  const parts = field.split('.');
  if (parts.length !== 2 || start === null || !BRING_UP_VERBS.includes(start.verb)) return null;
  const holder = nameTokens(parts[0]!).map(singular);
  if (holder.join(' ') !== start.noun.join(' ')) return null;
  const named = idNoun(field);
  return named.length > 0 && !named.every((t) => start.noun.includes(t)) ? named.join(' ') : null;
}
