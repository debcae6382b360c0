/**
 * AWS Describe calls that read many things by a plural list named after the thing itself, not after its id:
 * Batch `DescribeJobs {jobs: [id]}` answers `{jobs: [{jobId, status}]}`, ECS `DescribeServices {services: [arn]}`
 * answers `{services: [{serviceArn, serviceName, status}]}`, `DescribeTaskSets {taskSets}` → `taskSets: [{id, …}]`.
 * The contract ties the two lists by name: what is asked for in `jobs` comes back in `jobs`. Which of the thing's
 * ids the list takes is what the listed items carry (`jobId`, `jobArn`, `jobName`: the thing's own noun and an id
 * word, or a bare `id`/`arn`/`name`), narrowed to the kinds the list's description names ("A list of up to 100
 * job IDs", "cluster names or full cluster Amazon Resource Name (ARN) entries") when it names any.
 * Each id kind is one input (operationInputs.ts), asked by `jobId`, `clusterArn`…; the item field that carries it
 * goes to the runtime as `itemId`, which picks the job out of the answer's list (JobOperationLink.itemId).
 */
import type { JsonSchema } from '../../model/ir.js';
import { singular } from '../familyName.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** One way a noun list asks for a thing: the id it is asked by (`jobId`) and the listed items' field holding it. */
export interface NounList {
  /** The id the list takes, named after its noun (`jobId`, `computeEnvironmentArn`, `taskSetId`). */
  idName: string;
  /** The answer's list of the things asked for (`jobs`), a top-level field of the same name as the input. */
  itemsAt: string;
  /** The field of each listed item that holds that id (`jobId`, or a bare `id`). */
  itemId: string;
}

/** Id kinds, by the last name token of an item's field. */
const KINDS: Readonly<Record<string, 'id' | 'arn' | 'name'>> = { id: 'id', identifier: 'id', uuid: 'id', arn: 'arn', name: 'name' };
const KIND_SUFFIX = { id: 'Id', arn: 'Arn', name: 'Name' } as const;
/** A description is read only this far: a spec is untrusted input, and the kinds come in its first sentence. */
const MAX_DESCRIPTION = 1_000;

/**
 * The ways the body field `field` of an operation answering `answer` asks for things by a list of their own noun:
 * none unless the field is a list of strings whose plural name the answer repeats as a list of objects that carry
 * an id of that noun.
 */
export function nounLists(reader: SchemaReader, field: string, schema: JsonSchema | undefined, answer: JsonSchema | undefined): NounList[] {
  if (reader.typeOf(reader.itemsOf(schema)) !== 'string') return [];
  const tokens = nameTokens(field);
  const last = tokens.at(-1);
  // `jobs`, `taskSets`: a plural noun. An id's own list (`jobIds`, `VersionNames`) is operationInputs' list input.
  if (last === undefined || singular(last) === last || KINDS[singular(last)] !== undefined) return [];
  const noun = [...tokens.slice(0, -1), singular(last)];
  const listed = [...reader.properties(answer)].find(([name]) => name.toLowerCase() === field.toLowerCase());
  if (!listed) return [];
  const item = reader.itemsOf(listed[1]);
  if (reader.typeOf(item) !== 'object') return [];
  const stated = statedKinds(reader.descriptionWithBranches(schema).slice(0, MAX_DESCRIPTION));
  const out: NounList[] = [];
  for (const [prop, propSchema] of reader.properties(item)) {
    if (reader.typeOf(propSchema) !== 'string') continue;
    const propTokens = nameTokens(prop);
    const kind = KINDS[propTokens.at(-1) ?? ''];
    if (kind === undefined || (stated.size > 0 && !stated.has(kind))) continue;
    // `jobId` of a job, or the item's bare `id`: the thing's own id; `jobQueueArn` in a job is another thing's.
    const own = propTokens.length === 1 || (propTokens.length === noun.length + 1 && noun.every((t, i) => singular(propTokens[i]!) === t));
    if (!own) continue;
    out.push({ idName: `${singularName(field)}${KIND_SUFFIX[kind]}`, itemsAt: listed[0], itemId: prop });
  }
  return out;
}

/** `computeEnvironments` → `computeEnvironment`: the field's own spelling, its last word made singular. */
function singularName(field: string): string {
  const last = nameTokens(field).at(-1)!;
  return field.slice(0, field.length - last.length) + singular(field.slice(field.length - last.length));
}

/**
 * The id kinds a list's description names: "job IDs" → id; "cluster names or full cluster Amazon Resource Name
 * (ARN) entries" → name, arn. Empty when it names none ("A list of services to describe"): then every id the items
 * carry is one the list may take.
 */
function statedKinds(text: string): Set<'id' | 'arn' | 'name'> {
  const out = new Set<'id' | 'arn' | 'name'>();
  // "Amazon Resource Name" is an ARN, not a name.
  const rest = text.replace(/Amazon Resource Names?/gi, ' ARN ');
  if (/\bARNs?\b/i.test(rest)) out.add('arn');
  if (/\b(?:IDs?|identifiers?)\b/i.test(rest)) out.add('id');
  if (/\bnames?\b/i.test(rest)) out.add('name');
  return out;
}

/**
 * The field of the items listed at `itemsAt` that holds the id a list or filter input asks by: a noun list's own
 * (`jobId`), else the item's field of the id's name (`FileSystemIds` → `FileSystemId`, the filter
 * `replication-task-arn` → `ReplicationTaskArn`). None when the items carry no such field: the runtime then reads
 * the first item, as the one asked for.
 */
export function listedItemId(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  itemsAt: string,
  input: { idName: string; list?: { itemsAt?: string; itemId?: string } },
): string | undefined {
  if (input.list?.itemsAt !== undefined) return input.list.itemsAt === itemsAt ? input.list.itemId : undefined;
  const flat = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const item = reader.itemsOf(reader.propertyAt(answer, itemsAt));
  return [...reader.properties(item).keys()].find((prop) => flat(prop) === flat(input.idName));
}

/**
 * The start answers `field` as the id of the thing it made: at the answer's top (`DirectoryId`), or inside an
 * object of that thing (`job.jobID`, `DataRepositoryTask.TaskId`). `Volume.FileSystemId` is the file system the
 * volume sits in: asking `DescribeFileSystems {FileSystemIds}` for it would poll the parent, not the new volume.
 */
export function answersOwnId(field: string): boolean {
  const parts = field.split('.');
  if (parts.length < 2) return true;
  const noun = nameTokens(parts.at(-1)!).slice(0, -1).map(singular);
  const holder = nameTokens(parts.at(-2)!).map(singular);
  return noun.length <= holder.length && noun.every((t, i) => holder[holder.length - noun.length + i] === t);
}
