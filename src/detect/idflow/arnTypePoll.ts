/**
 * Convention: an ARN answered under the name of the resource type the poll's ARN accepts. AWS ARNs end in
 * `<resource-type>/<resource-id>`, and Smithy models type an ARN input with a pattern that spells that type:
 * imagebuilder `GetImage {imageBuildVersionArn}` accepts `^arn:aws[^:]*:imagebuilder:…:image/[a-z0-9-_]+/…$`. A start
 * that answers `imageArn` (`ImportVmImage`) hands out an ARN of that type, whatever the poll calls its input: the
 * pattern, not the name, says which thing it reads. Only a read whose noun is that type (`GetImage`) takes it, and
 * only an ARN whose own name is exactly that type's (`imageArn`, not `imageRecipeArn`).
 *
 * idFlowJobs.ts weighs what this offers as any answer-flow candidate (the id names the poll's noun).
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import { idNamesPoll, idNoun, type OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { inputPatterns } from './handleInputs.js';

/** Required ARN inputs of reads, by the resource type their pattern accepts (`image`). */
export type ArnTypePolls = Map<string, Array<{ op: Operation; input: OperationInput }>>;

/** A resource type spelled by an ARN pattern: the segment after a `:` that a `/` ends (`…:image/[a-z0-9-_]+/…`). */
export function arnPatternType(pattern: string): string | null {
  if (!/^\^?arn:/.test(pattern)) return null;
  // Split, not a scan with backtracking: contract text is untrusted (regexLinearity.test).
  const segment = pattern.split(':').find((s) => /^[a-z][a-z0-9-]*\//.test(s));
  return segment === undefined ? null : segment.slice(0, segment.indexOf('/'));
}

export function arnTypePolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): ArnTypePolls {
  const out: ArnTypePolls = new Map();
  for (const op of ops) {
    if (!mayPoll(op)) continue;
    for (const input of inputsOf(op)) {
      if (!input.required || input.list || input.filter || nameTokens(input.name).at(-1) !== 'arn') continue;
      const type = inputPatterns(op, input, reader)
        .map(arnPatternType)
        .find((t) => t !== null);
      if (type) pushTo(out, norm(type), { op, input });
    }
  }
  return out;
}

/** Reads of the type the start's answered `<type>Arn` names, asked under another name (`imageArn` → `imageBuildVersionArn`). */
export function arnTypeCandidates(
  start: Operation,
  polls: ArnTypePolls,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): Array<{ poll: Operation; input: OperationInput; field: string; noun: string[] }> {
  const out: Array<{ poll: Operation; input: OperationInput; field: string; noun: string[] }> = [];
  // An ARN the start takes itself names what it acts on (`PutImagePolicy {imageArn}` echoes it), not what it makes.
  const taken = new Set(inputsOf(start).map((i) => norm(i.name)));
  for (const field of reader.properties(successSchema(start)).keys()) {
    if (nameTokens(field).at(-1) !== 'arn' || taken.has(norm(field))) continue;
    const noun = idNoun(field);
    for (const { op, input } of polls.get(noun.join('')) ?? [])
      if (op !== start && norm(input.name) !== norm(field) && idNamesPoll(noun, nameOf(op))) out.push({ poll: op, input, field, noun });
  }
  return out;
}
