/**
 * Guard: an AWS filter or id list asks for the job by the record's own id, never by the parent the record sits in
 * (issue 24). Filters (filterInputs.ts) and id lists (operationInputs.ts) are optional narrowings of a Describe
 * that lists everything; narrowed by a parent's id they list all its children, and the job would be whichever the
 * upstream lists first.
 */
import type { JsonSchema } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { answersOwnId } from './nounInputs.js';

/**
 * A filter or id list asked by an id the start answered inside its record beside the record's own id: FSx
 * `CreateVolume` answers `{Volume: {VolumeId, FileSystemId}}`, and `DescribeVolumes` filtered by `file-system-id`
 * lists every volume of that file system, the first of them whichever the upstream puts first. The record's own
 * id (answersOwnId: `Volume.VolumeId`) is the one to ask by (`VolumeIds: [VolumeId]`); a record with no id of its
 * own (`FleetAttributes.FleetId`, `task.importTaskId`) says nothing of which of its ids is a parent's.
 */
export function asksByParentId(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  c: { input: OperationInput; field: string; flow: 'answer' | 'request' },
  isIdName: (name: string) => boolean,
): boolean {
  const { input, field } = c;
  if (c.flow !== 'answer' || (input.filter === undefined && input.list === undefined) || input.required) return false;
  const at = field.lastIndexOf('.');
  if (at < 0 || namesHolder(field)) return false;
  const holder = field.slice(0, at);
  const siblings = [...reader.properties(reader.propertyAt(answer, holder)).keys()];
  return siblings.some((k) => k !== field.slice(at + 1) && isIdName(k) && namesHolder(`${holder}.${k}`));
}

/**
 * An id field that names the record holding it: answersOwnId, or a noun that ends with the holder's name
 * (`task.importTaskId`). A bare `Name` or `Id` says nothing of whose it is.
 */
function namesHolder(field: string): boolean {
  const parts = field.split('.');
  const noun = nameTokens(parts.at(-1)!).slice(0, -1);
  if (noun.length === 0) return false;
  const holder = nameTokens(parts.at(-2)!);
  const tail = noun.slice(-holder.length);
  return answersOwnId(field) || (tail.length === holder.length && holder.every((t, i) => t === tail[i]));
}
