/**
 * How much start–poll weighing one detection run may do. Id flow weighs each start against every read that shares
 * an id name and a noun word with it (idFlowJobs.ts): in a contract where thousands of starts and reads share one id
 * (`JobId`) and one word (`job`), that is quadratic. A generated contract of 2,000 such operations took two minutes
 * and 20,000 would take hours: a spec must not hang the generator. The budget counts weighings, never time, so the
 * output stays byte-identical from run to run and machine to machine.
 *
 * What the data says (dev corpus, 1,299 specs): the largest contract, graph-beta, weighs 1.5 million candidates
 * for 12,520 starts, 29,000 of them through the status checks, and spends 1.23 million units; no other spec spends a
 * tenth of that. The budget is about three times graph-beta's spend; a contract that spends it all is detected in
 * about 20 s on a 2-core machine, however large. A start is weighed whole or not at all: once the budget is spent,
 * the starts left are not weighed, and one warning (MJG309) names how many and where to declare their families.
 */
import type { Operation } from '../../model/ir.js';

/** Units one detection run may spend: a candidate poll weighed costs 1, one taken through the status checks more. */
export const PAIRING_BUDGET = 4_000_000;
/**
 * What a candidate that reaches the status checks costs beside a cheap rejection: measured at about three times
 * (a contract whose every candidate is read through: ~26 µs each; graph-beta's mostly cheap ones: ~9 µs).
 */
export const STATUS_CHECK_COST = 3;

export class PairingBudget {
  private spent = 0;
  /** Starts not weighed because the budget was spent, in the order they came. */
  readonly unweighed: Operation[] = [];

  constructor(private readonly limit = PAIRING_BUDGET) {}

  /** Whether the next start may still be weighed. */
  get open(): boolean {
    return this.spent < this.limit;
  }

  /** One candidate poll weighed. */
  weigh(): void {
    this.spent += 1;
  }

  /** A candidate taken on through the status checks. */
  weighStatus(): void {
    this.spent += STATUS_CHECK_COST;
  }
}
