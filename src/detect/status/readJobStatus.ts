/**
 * The job status a read declares, for the conventions that follow a read the start does not hand an id to
 * (linkedStatusStarts.ts, lastOperationStarts.ts): one job's lifecycle (statusByMeaning.ts), not a list's items,
 * found where the status analysis of the same document finds it, with its states by meaning and its evidence lines.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { describeOp, successSchema } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { analyzeStatusSchema, type StatusAnalysis } from './analyzeStatusSchema.js';
import { findStatusByMeaning } from './statusByMeaning.js';

export interface ReadJobStatus {
  status: StatusAnalysis;
  schema: JsonSchema | undefined;
  /** The values came from an enum (not a description). */
  fromEnum: boolean;
  evidence: string[];
}

/** The status `read` answers as one job's, or null: no job lifecycle, a list's items, or two readings of the field. */
export function readJobStatus(reader: SchemaReader, read: Operation): ReadJobStatus | null {
  const schema = successSchema(read);
  const found = findStatusByMeaning(reader, schema);
  if ('rejected' in found || found.inList || found.judgement.kind !== 'job') return null;
  const analysis = analyzeStatusSchema(reader, schema);
  // The family reads the status where the analysis of the document finds it: both must name one field.
  if (analysis.field !== found.field) return null;
  const j = found.judgement;
  const fromEnum = found.valuesFrom === 'enum';
  return {
    status: { ...analysis, lifecycle: { ...analysis.lifecycle, states: { ...j.states } } },
    schema,
    fromEnum,
    evidence: [
      `status \`${found.field}\` of ${describeOp(read)}, values from ${fromEnum ? 'its enum' : 'its description'}: ${found.values.join(', ')}`,
      `job lifecycle: ${j.inProgress.join(', ')} in progress, ${j.success.join(', ')} success`,
    ],
  };
}
