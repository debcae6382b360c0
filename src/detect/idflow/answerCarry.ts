/**
 * A value the poll requires beside the job's id, taken from the start's answer when its request does not carry it
 * (issue 24): Proton's `CreateServiceTemplateVersion {templateName}` answers `{serviceTemplateVersion:
 * {templateName, majorVersion, minorVersion, …}}`, and `GetServiceTemplateVersion` requires all three; the version
 * numbers are the service's to choose, so only the answer knows them. The runtime reads a carry from the start's
 * answer as it reads the id (`body:` sources, templates/runtime/jobs/jobParams.ts).
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import { successSchema } from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The one string field of the start's answer named like `param`, at its top or one object down; null when there is
 * none, or more than one (two records each with a `name` leave the choice to a guess).
 */
export function answerCarry(reader: SchemaReader, start: Operation, param: string): ValueSource | null {
  const want = norm(param);
  const found: string[] = [];
  for (const [name, p] of reader.properties(successSchema(start))) {
    if (norm(name) === want && reader.typeOf(p) === 'string') found.push(name);
    if (reader.typeOf(p) !== 'object') continue;
    for (const [inner, q] of reader.properties(p))
      if (norm(inner) === want && reader.typeOf(q) === 'string') found.push(`${name}.${inner}`);
  }
  return found.length === 1 ? `body:${found[0]!}` : null;
}
