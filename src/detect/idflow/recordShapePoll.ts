/**
 * Convention: the poll answers again the very record the start answered, under whatever name (issue 24). GameLift's
 * `StartMatchBackfill` answers `{MatchmakingTicket: {TicketId, Status, …}}` and `DescribeMatchmaking(TicketIds)`
 * answers `{TicketList: [MatchmakingTicket]}`; Redshift's `RestoreTableFromClusterSnapshot` answers
 * `{TableRestoreStatus: {TableRestoreRequestId, Status, …}}` and `DescribeTableRestoreStatus(TableRestoreRequestId)`
 * answers `{TableRestoreStatusDetails: [TableRestoreStatus]}`. statusRecordPoll.ts ties a record answered under the
 * same name; here the record's shape (its property names, SchemaReader.fingerprint) ties it, whatever the start and
 * the poll are called, once the poll takes the record's own specific id field (not a bare `Id`, which every record
 * has). The poll's status must be that record's, checked where the pairing is weighed (idFlowJobs.ts).
 *
 * A `List…` read qualifies too when it lists that very record and takes the record's id as an optional input of its
 * own: SSM's `SendCommand` answers `{Command: {CommandId, Status, …}}` and `ListCommands {CommandId?}` ("If
 * provided, lists only the specified command") answers `{Commands: [Command]}`. Id flow files no `List…` as a poll
 * (a list of everything is no read of one item); one asked by the listed record's own id is, and the job is the
 * listed item whose id is the one sent (JobOperationLink itemsAt, itemId). A required input of a `List…` is the
 * scope it lists (`ListMessageMoveTasks {SourceArn}`), never the record's id, so only optional ones count.
 */
import type { Operation } from '../../model/ir.js';
import { houseEnvelopes } from '../read/envelope.js';
import { pushTo } from '../read/multiMap.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, idNameOf, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** A `List…` read (GET, or an RPC call so named): a poll only where it lists a record asked by its id. */
export const listRead = (op: Operation, name: OperationName | null) =>
  (op.method === 'GET' || op.method === 'POST') && name?.verb === 'list';

/** The record both answer is a listed item (`Commands.0`) asked by an optional id: the job is the item with that id. */
export const listedRecord = (record: string | undefined, input: OperationInput) => record?.endsWith('.0') === true && !input.required;

/** Reads by `shape|idField`, each with where the record sits in its answer (`TicketList.0`). */
export type ShapePolls = Map<string, Array<{ op: Operation; input: OperationInput; at: string }>>;

/** A record's key: its shape and the id field in it; null for a shape too thin to be one record. */
export function recordKey(reader: SchemaReader, record: unknown, field: string): string | null {
  const fp = reader.fingerprint(record as Parameters<SchemaReader['fingerprint']>[0]);
  // An id and a status at least: a record of one field says nothing of which thing it is.
  return fp.split(',').length >= 3 ? `${fp}|${norm(field)}` : null;
}

/**
 * Reads answering, at their top or as the items of a top-level list, a record whose specific id field they take;
 * `lists` are the `List…` reads that may poll, which qualify only by an optional singular id and a listed record.
 */
export function recordShapePolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
  lists: (op: Operation) => boolean = () => false,
): ShapePolls {
  const out: ShapePolls = new Map();
  // The API's own wrapper (`{data: …}` on every answer) is its top level, not a record's name (read/envelope.ts).
  const wrappers = houseEnvelopes(ops, reader);
  for (const op of ops) {
    const listing = lists(op);
    if (!mayPoll(op) && !listing) continue;
    const inputs = inputsOf(op).filter((i) => !i.filter && (!listing || (!i.required && i.list === undefined)));
    if (inputs.length === 0) continue;
    for (const [name, schema] of reader.properties(successSchema(op))) {
      const type = reader.typeOf(schema);
      if ((listing && type !== 'array') || wrappers.has(name)) continue;
      const record = type === 'array' ? reader.itemsOf(schema) : type === 'object' ? schema : undefined;
      if (record === undefined || reader.typeOf(record) !== 'object') continue;
      const at = type === 'array' ? `${name}.0` : name;
      for (const field of reader.properties(record).keys()) {
        if (!isIdName(field) || BARE_IDS.has(norm(field))) continue;
        const key = recordKey(reader, record, field);
        if (key === null) continue;
        for (const input of inputs) {
          if (norm(idNameOf(input)) !== norm(field)) continue;
          pushTo(out, key, { op, input, at });
        }
      }
    }
  }
  return out;
}
