/**
 * Convention: the id at the end of an ARN the start answers, asked by the read of that thing under its id (issue 24).
 * AWS ARNs end in `<resource-type>/<resource-id>`, "the name or ID of the resource" (AWS IAM user guide, ARN format),
 * and Smithy models type an ARN with a pattern that spells its type. SageMaker `CreateDomain` answers `{DomainArn}`,
 * typed `arn:aws…:sagemaker:…:domain/.*`, and `DescribeDomain` requires `DomainId`: the domain's id is what follows
 * `domain/` in the ARN the create answered. Only the data links them:
 *
 * - the start answers exactly one ARN at its top, whose pattern spells the start's own noun as its type (`domain`
 *   for `CreateDomain`): the thing the call made;
 * - it answers no id of that thing in another form (else the plain id flow links it);
 * - a read of that very noun requires the thing's `<Noun>Id` or `<Noun>Name`, a plain id: not an ARN (its pattern
 *   admits none), not a list or filter, and not an input the start takes itself (`DomainName`: the client's name
 *   for it, linked by the request).
 *
 * The start's `idFromArn` is that type: the runtime keeps what follows `<type>/` in the answered ARN as the job id
 * (jobs/startRecord.ts), and the poll takes it as any answered id.
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import type { AnsweredCandidate } from './answeredCandidate.js';
import { arnPatternType } from './arnTypePoll.js';
import { inputPatterns, patternsOf } from './handleInputs.js';

/** Reads requiring the plain `<Noun>Id`/`<Noun>Name` of their own noun, by that noun (`domain`). */
export type ArnResourceReads = Map<string, Array<{ op: Operation; input: OperationInput }>>;

export function arnResourceReads(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): ArnResourceReads {
  const out: ArnResourceReads = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!canRead(op) || !name || name.noun.length === 0) continue;
    const own = norm(name.noun.join(''));
    for (const input of inputsOf(op)) {
      if (!input.required || input.list || input.filter || !isIdName(input.name)) continue;
      const tokens = nameTokens(input.name);
      if (!['id', 'name'].includes(tokens.at(-1)!) || norm(tokens.slice(0, -1).join('')) !== own) continue;
      if (inputPatterns(op, input, reader).some((p) => p.includes('arn:'))) continue;
      pushTo(out, own, { op, input });
    }
  }
  return out;
}

/** The one ARN the start answers at its top, typed as its own noun, when it answers no other id of it. */
export function answeredTypedArn(
  start: Operation,
  name: OperationName | null,
  reader: SchemaReader,
): { field: string; type: string } | null {
  if (!name || name.noun.length === 0) return null;
  const own = norm(name.noun.join(''));
  const answered = [...reader.properties(successSchema(start))];
  const ofNoun = (field: string) => isIdName(field) && norm(nameTokens(field).slice(0, -1).join('')) === own;
  const arns = answered.filter(([field]) => nameTokens(field).at(-1) === 'arn');
  if (arns.length !== 1 || answered.some(([field]) => ofNoun(field) && field !== arns[0]![0])) return null;
  const [field, schema] = arns[0]!;
  const type = patternsOf(schema, reader)
    .map(arnPatternType)
    .find((t) => t !== null);
  return type && norm(type) === own ? { field, type } : null;
}

/** A read of the start's noun asked by the id the answered ARN ends in. */
export type ArnResourceCandidate = AnsweredCandidate & { idFromArn: string };

export function arnResourceCandidates(
  start: Operation,
  name: OperationName | null,
  reads: ArnResourceReads,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): ArnResourceCandidate[] {
  if (reads.size === 0) return [];
  const arn = answeredTypedArn(start, name, reader);
  if (arn === null) return [];
  const taken = new Set(inputsOf(start).map((i) => norm(i.name)));
  return (reads.get(norm(name!.noun.join(''))) ?? [])
    .filter(({ op, input }) => op !== start && !taken.has(norm(input.name)))
    .map(({ op, input }) => ({
      poll: op,
      input,
      idFrom: `body:${arn.field}`,
      flow: 'answer',
      field: arn.field,
      noun: [...name!.noun],
      bare: false,
      idFromArn: arn.type,
    }));
}
