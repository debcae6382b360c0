/**
 * Convention: a record with no id of its own, keyed by the ids of the things it relates, read again by a Describe
 * whose stated filters name each of those ids (issue 24). DMS `TestConnection {ReplicationInstanceArn, EndpointArn}`
 * answers `{Connection: {ReplicationInstanceArn, EndpointArn, Status, …}}`, and `DescribeConnections` ("Valid filter
 * names: endpoint-arn | replication-instance-arn") answers `{Connections: [Connection]}`. A connection is the pair:
 * filtered by the endpoint alone the read lists that endpoint's connections to every replication instance, so the
 * poll sends one filter per key (`{"Filters": [{"Name": "endpoint-arn", …}, {"Name": "replication-instance-arn",
 * …}]}`) and the job is the listed item whose fields match them all (JobOperationLink carry `in: 'filter'`).
 *
 * Tied by the record's shape (SchemaReader.fingerprint), as recordShapePoll.ts ties a record answered again; the
 * filter names are the contract's own (filterInputs.ts), matched to the record's fields by their normalised form
 * (`endpoint-arn` ↔ `EndpointArn`), never guessed. A record with an id of its own (`ReplicationTask.ReplicationTaskArn`)
 * is asked by that id alone (the plain id flow), so here none of its id fields may name the record's own noun.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import { singular } from '../familyName.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** A read listing such records: the filter input of the first key, and every key's filter and item field. */
export interface FilterKeyedPoll {
  op: Operation;
  input: OperationInput;
  /** Where the record sits in the read's answer (`Connections.0`). */
  at: string;
  /** The record's key fields in field order, each with the filter input that selects by it. */
  keys: Array<{ field: string; input: OperationInput }>;
}

/** Reads by the record's fingerprint. */
export type FilterKeyedPolls = Map<string, FilterKeyedPoll[]>;

/** The record's id fields (`EndpointArn`), none of them naming the record's own noun (`Connections` → connection). */
function keyFields(reader: SchemaReader, holder: string, record: JsonSchema | undefined): string[] | null {
  const own = nameTokens(holder).map(singular);
  const fields = [...reader.properties(record).keys()].filter(isIdName);
  const owns = (field: string) => {
    const noun = nameTokens(field).slice(0, -1).map(singular);
    return noun.length === 0 || noun.every((t) => own.includes(t));
  };
  return fields.some(owns) ? null : fields;
}

/** Describe reads whose answer lists a record keyed by two or more ids, each of which a stated filter selects by. */
export function filterKeyedPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): FilterKeyedPolls {
  const out: FilterKeyedPolls = new Map();
  for (const op of ops) {
    if (!mayPoll(op)) continue;
    const filters = inputsOf(op).filter((i) => i.filter !== undefined);
    if (filters.length < 2) continue;
    for (const [name, schema] of reader.properties(successSchema(op))) {
      if (reader.typeOf(schema) !== 'array') continue;
      const record = reader.itemsOf(schema);
      const fields = keyFields(reader, name, record);
      if (fields === null) continue;
      const keys = fields.flatMap((field) => {
        const input = filters.find((i) => norm(i.filter!.name) === norm(field));
        return input ? [{ field, input }] : [];
      });
      // One filter narrows to the record only where it is the record's own id, which keyFields ruled out.
      if (keys.length < 2 || keys.some((k) => k.input.name !== keys[0]!.input.name)) continue;
      pushTo(out, reader.fingerprint(record), { op, input: keys[0]!.input, at: `${name}.0`, keys });
    }
  }
  return out;
}

/** A poll candidate for a start answering such a record at its top (`Connection`). */
export interface FilterKeyedCandidate {
  poll: Operation;
  input: OperationInput;
  /** The start's field the first key comes from (`Connection.EndpointArn`). */
  field: string;
  /** Where the record sits in the poll's answer. */
  at: string;
  /** The other keys, as carries into the same filter list; the job is the item whose fields match them all. */
  carry: JobOperationLink['carry'];
}

/** The reads that list the very record `start` answers, keyed by filters; nothing when the answer holds none. */
export function filterKeyedCandidates(start: Operation, polls: FilterKeyedPolls, reader: SchemaReader): FilterKeyedCandidate[] {
  if (polls.size === 0) return [];
  const out: FilterKeyedCandidate[] = [];
  for (const [holder, record] of reader.properties(successSchema(start))) {
    if (reader.typeOf(record) !== 'object') continue;
    for (const p of polls.get(reader.fingerprint(record)) ?? []) {
      if (p.op === start) continue;
      const [first, ...rest] = p.keys;
      const carry: JobOperationLink['carry'] = rest.map((k) => ({
        param: k.input.filter!.name,
        from: `body:${holder}.${k.field}`,
        in: 'filter',
        itemId: k.field,
      }));
      out.push({ poll: p.op, input: p.input, field: `${holder}.${first!.field}`, at: p.at, carry });
    }
  }
  return out;
}

/** Explain's line for a record keyed by more than its id: each further filter the poll sends, and where from. */
export function keyedEvidence(poll: string, carry: JobOperationLink['carry'] | undefined): string[] {
  const keys = (carry ?? []).filter((c) => c.in === 'filter');
  if (keys.length === 0) return [];
  const sent = keys.map((c) => `\`${c.param}\` (from \`${c.from.replace(/^body:/, '')}\`)`).join(', ');
  const fields = keys.map((c) => `\`${c.itemId}\``).join(', ');
  return [`keyed record: ${poll} is also sent the filter ${sent}; the job is the listed item whose ${fields} match too`];
}
