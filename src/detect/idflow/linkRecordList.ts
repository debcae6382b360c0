/**
 * A link made between two things, read in one side's list of its links: OpenSearch `AssociatePackage {PackageID,
 * DomainName}` is followed in `ListPackagesForDomain {DomainName}` → `DomainPackageDetailsList: [{PackageID,
 * DomainPackageStatus}]`, App Runner `AssociateCustomDomain {ServiceArn, DomainName}` in `DescribeCustomDomains
 * {ServiceArn}` → `CustomDomains: [{DomainName, Status}]`. The link has no id of its own; within the side it is
 * listed under, the other side's id names it:
 *
 * - the start relates things (`associate`, `attach`) and requires both ids;
 * - the read's noun begins with the start's (`ListPackagesForDomain` for `package`: it lists the things linked), requires one of those ids under its very
 *   name (the side, carried from the start's arguments) and no other id;
 * - a list in its answer, at its top or one object down, carries the other id under its very name; the job is the
 *   item whose field holds the id the client gave (idIn `item`, `idFrom: arg:…`), and its status is that item's.
 */
import type { Operation } from '../../model/ir.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import type { ListedItem } from './scopeListPoll.js';

/** Verbs that make a link between two things that exist. */
const MAKE_LINK = new Set(['associate', 'attach']);

export interface LinkListCandidate extends ListedItem {
  poll: Operation;
  /** The start's input naming the link within the side: the job's id. */
  key: OperationInput;
}

export function linkListCandidates(
  start: OperationName | null,
  startInputs: readonly OperationInput[],
  readOps: readonly Operation[],
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): LinkListCandidate[] {
  if (start === null || !MAKE_LINK.has(start.verb)) return [];
  const ids = startInputs.filter((i) => i.required && isIdName(i.name));
  if (ids.length < 2) return [];
  const out: LinkListCandidate[] = [];
  for (const op of readOps) {
    // It lists the things the start links, first in its name (`ListPackagesForDomain`, not `ListDomainsForPackage`).
    const noun = nameOf(op)?.noun ?? [];
    if (noun.slice(0, start.noun.length).join(' ') !== start.noun.join(' ')) continue;
    const required = inputsOf(op).filter((i) => i.required && isIdName(i.name));
    if (required.length !== 1) continue;
    const side = ids.find((i) => norm(i.name) === norm(required[0]!.name));
    if (side === undefined) continue;
    const keys = ids.filter((i) => i !== side);
    const answer = successSchema(op);
    for (const [at, items] of listsOf(reader, answer))
      for (const prop of reader.properties(items).keys()) {
        const key = keys.find((k) => norm(k.name) === norm(prop));
        if (key) out.push({ poll: op, key, itemsAt: at, itemId: prop });
      }
  }
  return out;
}

/** Lists of objects in an answer, at its top or one object down, with their item schema. */
function listsOf(reader: SchemaReader, answer: ReturnType<typeof successSchema>): Array<[string, ReturnType<typeof successSchema>]> {
  const out: Array<[string, ReturnType<typeof successSchema>]> = [];
  const add = (at: string, p: ReturnType<typeof successSchema>) => {
    const items = reader.itemsOf(p);
    if (reader.typeOf(items) === 'object') out.push([at, items]);
  };
  for (const [field, p] of reader.properties(answer)) {
    const type = reader.typeOf(p);
    if (type === 'array') add(field, p);
    else if (type === 'object')
      for (const [inner, q] of reader.properties(p)) if (reader.typeOf(q) === 'array') add(`${field}.${inner}`, q);
  }
  return out;
}
