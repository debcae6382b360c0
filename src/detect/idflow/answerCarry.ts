/**
 * A value the poll requires beside the job's id, taken from the start's answer when its request does not carry it
 * (issue 24): Proton's `CreateServiceTemplateVersion {templateName}` answers `{serviceTemplateVersion:
 * {templateName, majorVersion, minorVersion, …}}`, and `GetServiceTemplateVersion` requires all three; the version
 * numbers are the service's to choose, so only the answer knows them. The runtime reads a carry from the start's
 * answer as it reads the id (`body:` sources, templates/runtime/jobs/jobParams.ts).
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import { pushTo } from '../read/multiMap.js';
import { successSchema } from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The one string field of the start's answer named like `param`, at its top or one object down; null when there is
 * none, or more than one (two records each with a `name` leave the choice to a guess).
 */
export function answerCarry(reader: SchemaReader, start: Operation, param: string): ValueSource | null {
  const found = STRING_FIELDS.get(reader, start, (op) => stringFields(reader, op)).get(norm(param)) ?? [];
  return found.length === 1 ? `body:${found[0]!}` : null;
}

/**
 * The answer's string fields by normalised name, top level and one object down, in schema order: asked for every
 * input of every poll weighed against the start (graph-beta: hundreds of thousands), read once per start.
 */
const STRING_FIELDS = new ReaderMemo<Operation, Map<string, string[]>>();
function stringFields(reader: SchemaReader, start: Operation): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, p] of reader.properties(successSchema(start))) {
    if (reader.typeOf(p) === 'string') pushTo(out, norm(name), name);
    if (reader.typeOf(p) !== 'object') continue;
    for (const [inner, q] of reader.properties(p)) if (reader.typeOf(q) === 'string') pushTo(out, norm(inner), `${name}.${inner}`);
  }
  return out;
}
