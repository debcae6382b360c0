/**
 * A family whose status (or outcome) field carries numeric codes the contract names (model/enumCodes.ts): detection
 * read the names, so the state map is keyed by them; the runtime is told each code's name (`statusCodes`,
 * `outcomeCodes`, a resting thing's `lastRunCodes`) and reads `2` as `Completed`. One pass over the finished
 * families, after overrides, so a status field the user names is read the same way.
 */

import type { EnumCodes } from '../../model/enumCodes.js';
import type { JobFamily } from '../../model/jobs.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';

/** Codes shown in evidence before "…": a status lists a handful; a hostile one may list hundreds. */
const SHOWN = 8;

const shown = (codes: EnumCodes) =>
  codes
    .slice(0, SHOWN)
    .map(([code, name]) => `${code} ${name}`)
    .join(', ') + (codes.length > SHOWN ? ', …' : '');

/** The families, each told the names of its status and outcome codes where the contract gives them. */
export function withNamedCodes(families: JobFamily[], reader: SchemaReader): JobFamily[] {
  return families.map((f) => {
    const status = f.statusField ? reader.enumCodes(schemaAtPath(reader, f.statusSchema, f.statusField)) : null;
    const outcome = f.outcomeField ? reader.enumCodes(schemaAtPath(reader, f.statusSchema, f.outcomeField)) : null;
    const rest = f.returnsToRest;
    const lastRun = rest ? reader.enumCodes(schemaAtPath(reader, f.statusSchema, rest.lastRunStatus)) : null;
    if (!status && !outcome && !lastRun) return f;
    const evidence = [...f.evidence];
    if (status) evidence.push(`\`${f.statusField}\` carries numeric codes the contract names (${shown(status)}): read as their names`);
    if (outcome) evidence.push(`\`${f.outcomeField}\` carries numeric codes the contract names (${shown(outcome)}): read as their names`);
    if (rest && lastRun)
      evidence.push(`\`${rest.lastRunStatus}\` carries numeric codes the contract names (${shown(lastRun)}): read as their names`);
    return {
      ...f,
      evidence,
      ...(status ? { statusCodes: Object.fromEntries(status) } : {}),
      ...(outcome ? { outcomeCodes: Object.fromEntries(outcome) } : {}),
      ...(rest && lastRun ? { returnsToRest: { ...rest, lastRunCodes: Object.fromEntries(lastRun) } } : {}),
    };
  });
}
