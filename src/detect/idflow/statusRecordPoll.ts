/**
 * Convention: a status record both the start and its poll answer, as AWS's request-tracking APIs do. SSO admin's
 * `CreateAccountAssignment` answers `{AccountAssignmentCreationStatus: {RequestId, Status}}` and
 * `DescribeAccountAssignmentCreationStatus(AccountAssignmentCreationRequestId)` answers that same record; DMS's
 * `RefreshSchemas` answers `{RefreshSchemasStatus: {EndpointArn, Status}}`, read again by
 * `DescribeRefreshSchemasStatus(EndpointArn)`. The record's name and its id field tie the two, whatever the
 * operations are called: the poll requires the record's id (`EndpointArn`), or that id qualified by the record's
 * subject (`…RequestId` for `RequestId`), and answers the record under the same name. Its status must be the
 * record's own (`AccountAssignmentCreationStatus.Status`), checked where the pairing is weighed (idFlowJobs.ts).
 */
import type { Operation } from '../../model/ir.js';
import { houseEnvelopes } from '../read/envelope.js';
import { pushTo } from '../read/multiMap.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

export type RecordPolls = Map<string, Array<{ op: Operation; input: OperationInput }>>;

/**
 * Reads that answer a record holding a specific id (not a bare `Id`, which every record has) and require that id,
 * keyed by `Record.IdField` as the start's answer spells it.
 */
export function statusRecordPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): RecordPolls {
  const out: RecordPolls = new Map();
  const wrappers = houseEnvelopes(ops, reader);
  for (const op of ops) {
    const required = inputsOf(op).filter((i) => i.required && !i.list);
    if (required.length === 0 || !mayPoll(op)) continue;
    for (const [record, schema] of reader.properties(successSchema(op))) {
      if (reader.typeOf(schema) !== 'object' || wrappers.has(record)) continue;
      for (const field of reader.properties(schema).keys()) {
        const id = norm(field);
        if (!isIdName(field) || BARE_IDS.has(id)) continue;
        for (const input of required) {
          if (!norm(input.name).endsWith(id)) continue;
          const key = `${record}.${field}`;
          pushTo(out, key, { op, input });
        }
      }
    }
  }
  return out;
}
