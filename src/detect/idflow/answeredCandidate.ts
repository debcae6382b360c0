/** What a rule file offers idFlowJobs.ts as an answer-flow poll candidate, with the mark of the rule that found it. */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import type { OperationInput } from '../read/operationInputs.js';

/** A read asked by the id the start answers at `field` (`TaskHandle`), sent as (or standing for) `input`. */
export interface AnsweredCandidate {
  poll: Operation;
  input: OperationInput;
  idFrom: ValueSource;
  flow: 'answer';
  field: string;
  /** The noun the id names, for the pairing's name rules. */
  noun: string[];
  bare: false;
}
