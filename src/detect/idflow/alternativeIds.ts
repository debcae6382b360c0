/**
 * AWS reads that take one thing by either of two ids, each optional because either will do: Kinesis
 * `DescribeStream {StreamName?, StreamARN?}`, Network Firewall `DescribeFirewall {FirewallName?, FirewallArn?}`
 * ("You must specify the ARN or the name, and you can specify both"). Neither is required in the contract, yet the
 * read is of one item, not a filter over many: an optional id counts as the job's own when another optional input
 * names the same thing by another id word and the read requires no id at all.
 */
import type { OperationInput } from '../read/operationInputs.js';
import { BARE_IDS, isIdName, norm } from '../read/operationInputs.js';
import { idNoun } from '../read/operationNames.js';

export function oneOfAlternativeIds(input: OperationInput, inputs: readonly OperationInput[]): boolean {
  if (input.required || input.list || input.filter || BARE_IDS.has(norm(input.name))) return false;
  if (inputs.some((i) => i.required && isIdName(i.name))) return false;
  const noun = idNoun(input.name).join(' ');
  if (noun === '') return false;
  return inputs.some(
    (other) =>
      other !== input &&
      !other.required &&
      !other.list &&
      !other.filter &&
      other.in === input.in &&
      isIdName(other.name) &&
      norm(other.name) !== norm(input.name) &&
      idNoun(other.name).join(' ') === noun,
  );
}
