/**
 * Convention: an ARN the start answers, asked for by the bare `Arn` a read of the same noun takes in place of the
 * thing's name (issue 24). CloudFormation `TestType` answers `{TypeVersionArn}`; `DescribeType {Type?, TypeName?,
 * Arn?, VersionId?}` reads one extension ("Conditional: You must specify either TypeName and Type, or Arn"), the
 * version an ARN names included, and answers its `TypeTestsStatus`. Smithy leaves both keys optional because either
 * will do; alternativeIds.ts takes such a pair when both are specific (`StreamName?`, `StreamARN?`), and the plain id
 * flow files no bare optional id (it is a filter in a list read). Here the bare `Arn` is the read's own:
 *
 * - the read's noun is the start's (`TestType` ↔ `DescribeType`), and it requires no id: it reads one thing by
 *   whichever key it is given;
 * - beside `Arn` it takes, optionally, a specific id of that very noun (`TypeName`): the ARN is the other key of
 *   the same thing, not a filter over many;
 * - the start answers one ARN at its top, of that noun (`TypeVersionArn`: a type's version), which it does not take
 *   itself: the thing the start made or acted on, under the name its ARN says.
 *
 * The runtime sends the answered ARN as the read's `Arn` (idFlowJobs.ts weighs it as an answer-flow candidate).
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNoun, type OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import type { AnsweredCandidate } from './answeredCandidate.js';

/** The read's bare optional `Arn` beside an optional specific id of its own noun, when it requires no id. */
export function alternativeArnInput(name: OperationName | null, inputs: readonly OperationInput[]): OperationInput | null {
  if (!name || name.noun.length === 0 || inputs.some((i) => i.required && isIdName(i.name))) return null;
  const plain = (i: OperationInput) => !i.required && !i.list && !i.filter;
  const arn = inputs.find((i) => plain(i) && norm(i.name) === 'arn');
  const own = name.noun.join(' ');
  const named = inputs.some(
    (i) => plain(i) && i.in === arn?.in && isIdName(i.name) && !BARE_IDS.has(norm(i.name)) && idNoun(i.name).join(' ') === own,
  );
  return arn && named ? arn : null;
}

/** The one ARN the start answers at its top, of its own noun (`TypeVersionArn` for `TestType`), or null. */
export function answeredOwnArn(
  start: Operation,
  name: OperationName | null,
  reader: SchemaReader,
  inputs: readonly OperationInput[],
): string | null {
  if (!name || name.noun.length === 0) return null;
  const arns = [...reader.properties(successSchema(start))].filter(
    ([field, p]) => nameTokens(field).at(-1) === 'arn' && reader.typeOf(p) === 'string',
  );
  if (arns.length !== 1) return null;
  const field = arns[0]![0];
  const noun = idNoun(field);
  if (BARE_IDS.has(norm(field)) || inputs.some((i) => norm(i.name) === norm(field))) return null;
  return name.noun.every((w, i) => noun[i] === w) ? field : null;
}

/** A read of the start's noun asked by its bare `Arn`, the ARN the start answers. */
export type AlternativeArnCandidate = AnsweredCandidate & { alternativeArn: true };

/** Reads taking such an `Arn`, by their noun (`type`). */
export type AlternativeArnReads = Map<string, Array<{ op: Operation; input: OperationInput }>>;

export function alternativeArnReads(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): AlternativeArnReads {
  const out: AlternativeArnReads = new Map();
  for (const op of ops) {
    if (!canRead(op)) continue;
    const input = alternativeArnInput(nameOf(op), inputsOf(op));
    if (input) pushTo(out, nameOf(op)!.noun.join(' '), { op, input });
  }
  return out;
}

export function alternativeArnCandidates(
  start: Operation,
  name: OperationName | null,
  reads: AlternativeArnReads,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): AlternativeArnCandidate[] {
  if (reads.size === 0 || !name) return [];
  const field = answeredOwnArn(start, name, reader, inputsOf(start));
  if (field === null) return [];
  return (reads.get(name.noun.join(' ')) ?? [])
    .filter(({ op }) => op !== start)
    .map(({ op, input }) => ({
      poll: op,
      input,
      idFrom: `body:${field}`,
      flow: 'answer',
      field,
      noun: [...name.noun],
      bare: false,
      alternativeArn: true,
    }));
}
