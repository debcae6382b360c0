/**
 * A verb that relates two things (`AssociatePackage {PackageID, DomainName}`, `AttachDisk`, `DetachStaticIp`) makes
 * or breaks a link between things that exist already. The read of its own noun (`DescribePackages`, `GetDisk`)
 * reports that thing, whose status (`PackageStatus` VALIDATING → AVAILABLE) says how the thing came up, not how the
 * link did: it is the link's poll only when its status speaks of the link, in its name or its values
 * (`DomainPackageStatus` ASSOCIATING → ACTIVE, `AssociationStatus`). The link's own read
 * (`GetResolverRuleAssociation`), an operation record (`GetOperation`) or a job read stays open to it.
 */
import { type OperationName, sameNoun } from '../read/operationNames.js';
import type { StatusByMeaning } from '../status/statusByMeaning.js';

/** Verbs that make or break a link between two things. */
export const LINK_VERBS = new Set(['associate', 'attach', 'disassociate', 'dissociate', 'detach']);

/** Words of a link: the verbs' own stems and their kin (`ASSOCIATING`, `attachmentState`, `BINDING`). */
const LINK_WORDS = /associat|dissociat|attach|detach|link|bind|bound/i;

/** The start relates things, the poll reads the start's own noun, and its status says nothing of a link. */
export function readsThingNotLink(start: OperationName | null, poll: OperationName | null, status: StatusByMeaning): boolean {
  if (start === null || !LINK_VERBS.has(start.verb) || !sameNoun(start, poll)) return false;
  return !LINK_WORDS.test(status.field) && !status.values.some((v) => LINK_WORDS.test(v));
}
