/**
 * An opaque id asked for under another of its names. The answer names the id by its thing and the read of that very
 * thing asks for it bare: AWS Service Catalog's `ProvisionProduct` answers `RecordDetail.RecordId` and
 * `DescribeRecord` takes `Id`; `CreateConstraint` answers `ConstraintDetail.ConstraintId`, `DescribeConstraint` takes
 * `Id`. The read may spell the opaque id otherwise (`identifier`, `uuid`: itemIdentity.ts reads them as one id).
 *
 * Only a read of the id's own noun is asked (idFlowJobs.ts files bare-id reads under their noun), so a `RecordId`
 * never reaches another thing's `Id`; id flow then weighs the pairing as any other.
 */
import { nameTokens } from '../read/nameTokens.js';
import { idNoun } from '../read/operationNames.js';

/** Last name tokens that spell the same opaque id (`id`, `identifier`, `uuid`); an ARN or a name is another value. */
const OPAQUE = ['id', 'identifier', 'uuid'];

/**
 * The bare-id poll keys (`<input>|<poll noun>`, as idFlowJobs.ts files them) under which a read may ask for the
 * answered `field`, each with the noun the id names. A bare answered id names no noun of its own: none.
 */
export function nounIdKeys(field: string): Array<{ key: string; noun: string[] }> {
  const last = nameTokens(field.split('.').at(-1)!).at(-1) ?? '';
  const noun = idNoun(field);
  if (!OPAQUE.includes(last) || nameTokens(field.split('.').at(-1)!).length < 2 || noun.length === 0) return [];
  return OPAQUE.map((b) => ({ key: `${b}|${noun.join(' ')}`, noun }));
}
