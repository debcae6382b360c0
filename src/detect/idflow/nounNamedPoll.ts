/**
 * Convention: a read that asks for the thing by its noun alone (issue 24). Smithy names an input after the resource
 * it identifies when the value may be its name or its ARN: SimSpace Weaver's `DescribeSimulation ?simulation=`
 * ("the name of the simulation"), `DescribeApp ?app&domain&simulation`. No id word (`…Id`, `…Name`) marks such an
 * input, so the id-flow index (idFlowJobs.ts) never files it; what links it is that the start which brings up that
 * same noun is given the name the client chose:
 *
 * - the read requires an input whose name is its whole noun (`simulation` of `DescribeSimulation`): a read of one
 *   thing by its identifier; a read that requires another noun (`DescribeApp ?simulation` alone) reads that other
 *   thing, or a part of it, and is not filed;
 * - the start brings up that very noun (`StartSimulation`, `CreateApp`) and requires its name: a bare `Name`, or
 *   the noun's (`SimulationName`). The client names the job; the start's other inputs (`Domain`, `Simulation`)
 *   supply the rest of what the read needs (companionInputs.ts).
 *
 * The candidate is a request flow (the id comes from the start's arguments), so the pairing rules of idFlowJobs.ts
 * judge it as any client-named resource: same noun, a bring-up verb, a job or provisioning status.
 */
import type { Operation } from '../../model/ir.js';
import type { StartArgSource } from '../../model/jobs.js';
import { pushTo } from '../read/multiMap.js';
import { argOf, norm, type OperationInput } from '../read/operationInputs.js';
import { BRING_UP_VERBS, type OperationName } from '../read/operationNames.js';

/** Reads by their noun (`simulation`, `app`), each with the input that names that noun. */
export type NounNamedPolls = Map<string, Array<{ op: Operation; input: OperationInput }>>;

/** A poll of the start's noun, asked by the name the start was given. */
export interface NounNamedCandidate {
  poll: Operation;
  input: OperationInput;
  idFrom: StartArgSource;
  flow: 'request';
  field: string;
  noun: string[];
  bare: false;
}

/** Every read that requires an input named after its whole noun, filed under that noun. */
export function nounNamedPolls(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): NounNamedPolls {
  const out: NounNamedPolls = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!name || name.noun.length === 0 || !canRead(op)) continue;
    const own = norm(name.noun.join(''));
    // A list or filter input is a set of things asked for, not the one the read is of.
    const input = inputsOf(op).find((i) => i.required && !i.list && !i.filter && norm(i.name) === own);
    if (input) pushTo(out, name.noun.join(' '), { op, input });
  }
  return out;
}

/** The reads of the start's own noun that take the name the start requires (`StartSimulation {Name}`). */
export function nounNamedCandidates(
  start: Operation,
  startName: OperationName | null,
  polls: NounNamedPolls,
  inputsOf: (op: Operation) => OperationInput[],
): NounNamedCandidate[] {
  if (!startName || startName.noun.length === 0 || !BRING_UP_VERBS.includes(startName.verb)) return [];
  const noun = norm(startName.noun.join(''));
  // Only a name the client gives: an `Id` or `Arn` the start takes is of something that exists already.
  const named = inputsOf(start).find((i) => i.required && (norm(i.name) === 'name' || norm(i.name) === `${noun}name`));
  if (!named) return [];
  return (polls.get(startName.noun.join(' ')) ?? [])
    .filter(({ op }) => op !== start)
    .map(({ op, input }) => ({
      poll: op,
      input,
      idFrom: argOf(named),
      flow: 'request' as const,
      field: named.name,
      noun: [...startName.noun],
      bare: false as const,
    }));
}
