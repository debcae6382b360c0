/**
 * Which poll a start's id flows to when several qualify (issue 24, cause 3: "the wrong poll is chosen"). Every
 * candidate here already passed idFlowJobs.ts's rules; what is left is to say which one reads the start's job. The
 * issue's rule, in its order, each step deciding only when the one before it ties:
 *
 * 0. the work's own record: a start that answers the record of the work it set off, read by its own id with a job
 *    lifecycle (`{action: {id, status}}` → `GET /actions/{id}`: envelopePoll.ts), is followed there, not at the
 *    thing it also answers coming up (Hetzner's `POST /servers` → `{server, action}`): the contract hands out that
 *    record for this very call; so is a start whose whole answer is such a record, read again by its id (Yandex
 *    Cloud's `POST /instances` → `Operation` → `GET /operations/{operationId}`, not the instance: sameRepresentation.ts);
 * 1. names: the read named for the start's own noun (`Start|Create|Submit X` ↔ `Describe|Get X`);
 * 2. an item read (the status of one thing) beats a collection read (the status of a list's first item);
 * 3. the data: the poll whose status sits in the record the start answered (`RestoreFromClusterSnapshot` →
 *    `{Cluster}`, `DescribeClusters` → `Clusters[].…`, not `DescribeClusterSnapshots` → `Snapshots[].Status`;
 *    `CreateDocument` → `{DocumentDescription}`, `DescribeDocument` → `{Document: DocumentDescription}`, not
 *    `GetDocument`'s flat summary);
 * 4. the score idFlowJobs.ts weighs everything else by (shared noun words, how the id is passed, depth);
 * 5. where all of that ties, a key that does not depend on where the operations sit in the file (`pollOrderKey`):
 *    a GET before any other method (a safe read, RFC 9110 §9.2.1: AWS's query protocol declares GET and POST of one
 *    `/#Action=X`), then the path, the input and the status field as strings. The spec's order is no tie-break: a
 *    contract whose paths are listed otherwise says the same (the metamorphic corpus test, `order`).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { OperationName } from '../read/operationNames.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';

/** What decides between two polls of one start; `score` is idFlowJobs.ts's weighing. */
export interface PollMerit {
  /**
   * The id is each item's of a list the start answers (memberSets.ts): a link of the start's one thing (its own
   * read by the name it gave) follows what it made; a set of handles is followed only when nothing else is.
   */
  set: boolean;
  /** The poll reads an envelope the start answers, or the record that is its whole answer, with a job lifecycle (step 0). */
  envelope: boolean;
  namePair: boolean;
  item: boolean;
  record: boolean;
  score: number;
  /** The last tie-break (`pollOrderKey`): the smaller wins. */
  key: string;
}

/** Step 5's key: GET first, then the poll's path, how it is asked, and the status it is read at. */
export function pollOrderKey(method: string, path: string, input: string, statusField: string): string {
  return `${method === 'GET' ? 0 : 1} ${path}\n${input}\n${statusField}`;
}

/** Start verbs whose read is `Describe|Get` of the same noun (the name rule). */
const PAIR_STARTS = new Set(['start', 'create', 'submit']);
const PAIR_READS = new Set(['describe', 'get']);

/** `StartTranscriptionJob` ↔ `GetTranscriptionJob`, `CreateExportTask` ↔ `DescribeExportTasks` (nouns are singular). */
export function namePair(start: OperationName | null, poll: OperationName | null): boolean {
  return (
    start !== null &&
    poll !== null &&
    PAIR_STARTS.has(start.verb) &&
    PAIR_READS.has(poll.verb) &&
    start.noun.length > 0 &&
    start.noun.join(' ') === poll.noun.join(' ')
  );
}

/**
 * Whether an object on the way to the poll's status (its answer, or any object or list item the dotted path steps
 * through) has the shape of a record the start answered (its answer, or an object one level down). Shapes compare
 * by their property names (SchemaReader.fingerprint), so two `$ref`s to one schema and a copy of it compare equal;
 * a record of fewer than two properties says too little to be the same thing.
 */
export function statusInStartRecord(
  reader: SchemaReader,
  startAnswer: JsonSchema | undefined,
  pollAnswer: JsonSchema | undefined,
  statusField: string,
): boolean {
  const shape = (s: JsonSchema | undefined) => {
    const fp = reader.fingerprint(s);
    return fp.includes(',') ? fp : null;
  };
  const records = new Set<string>();
  for (const s of [startAnswer, ...reader.properties(startAnswer).values()]) {
    const fp = shape(s);
    if (fp !== null) records.add(fp);
  }
  if (records.size === 0) return false;
  const parts = statusField.split('.');
  for (let i = 0; i < parts.length; i += 1) {
    const at = i === 0 ? pollAnswer : schemaAtPath(reader, pollAnswer, parts.slice(0, i).join('.'));
    const fp = shape(at);
    if (fp !== null && records.has(fp)) return true;
  }
  return false;
}

/** Whether poll `a` is the better read of the start than poll `b`, by the rule above. */
export function betterPoll(a: PollMerit, b: PollMerit): boolean {
  if (a.set !== b.set) return !a.set;
  if (a.envelope !== b.envelope) return a.envelope;
  if (a.namePair !== b.namePair) return a.namePair;
  if (a.item !== b.item) return a.item;
  if (a.record !== b.record) return a.record;
  if (a.score !== b.score) return a.score > b.score;
  return a.key < b.key;
}
