/**
 * Links between a start and its poll that other vendors' layouts make where the names and the id's own name do not
 * (issue 24): one table of conventions, each its own unit. Id flow (idFlowJobs.ts) weighs what they offer as any
 * other pairing (the poll's other inputs, its status, the parent a start posts under): a link here only says the
 * poll reads the thing the start made, as an id that names the poll's noun would.
 */
import type { Operation } from '../../model/ir.js';
import type { MemberSet } from '../../model/jobs.js';
import type { DetectContext } from '../detectTypes.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { collectionItemsOf, type NamedCollections, namedCollections, namedItemsOf } from '../resource/collectionItemOfId.js';
import { pollsOfRepresentation, type RepresentationPolls, representationPolls } from '../resource/sameRepresentation.js';
import { type DocumentedPolls, documentedPolls, documentedPollsOf } from './documentedIdPoll.js';
import { type ListedRepresentationPolls, listedRepresentationPolls, pollsOfListedRepresentation } from './listedRepresentation.js';
import { type SoleKeyPolls, soleKeyPolls, soleKeyPollsOf } from './soleKeyPoll.js';

/** Which convention linked a poll: explain's evidence names it. */
export type VendorLink = 'representation' | 'collection item' | 'named item' | 'documented id' | 'sole key' | 'bare id';

export const VENDOR_LINK_EVIDENCE: Readonly<Record<VendorLink, string>> = {
  representation: 'the start answers the same named representation the poll reads',
  'collection item': 'the poll reads the item of the collection the start posts to',
  'named item': "the answer's id field names the collection whose item the poll reads",
  'documented id': "the poll's documentation names the start and the id field it answers",
  'sole key': 'the poll takes nothing but the id the start answers, under its very name',
  'bare id': 'the start answers the id itself, which names the item of the collection it posts to',
};

export interface VendorPolls {
  mayPoll: (op: Operation) => boolean;
  inputsOf: (op: Operation) => OperationInput[];
  representations: RepresentationPolls;
  listedRepresentations: ListedRepresentationPolls;
  collections: NamedCollections;
  documented: DocumentedPolls;
  soleKeys: SoleKeyPolls;
}

export interface VendorCandidate {
  poll: Operation;
  input: OperationInput;
  /** The start's answer field the id comes from. */
  field: string;
  bare: boolean;
  via: VendorLink;
  /** The answer lists one item per thing the start makes, each polled by its id (listedRepresentation.ts). */
  members?: MemberSet;
  /** The member of the poll's house envelope its document sits in (`data`: sameRepresentation.ts). */
  documentAt?: string;
}

/** What every start's look-up shares, built once per contract. */
export function vendorPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  ctx: DetectContext,
): VendorPolls {
  return {
    mayPoll,
    inputsOf,
    representations: representationPolls(ops, mayPoll, inputsOf, ctx.reader),
    listedRepresentations: listedRepresentationPolls(ops, mayPoll, inputsOf, ctx.reader),
    collections: namedCollections(ops, mayPoll, inputsOf),
    documented: documentedPolls(ops, mayPoll, inputsOf, ctx.reader),
    soleKeys: soleKeyPolls(ops, mayPoll, inputsOf),
  };
}

/** The polls each convention links to this start. */
export function vendorPollsOf(start: Operation, polls: VendorPolls, ctx: DetectContext): VendorCandidate[] {
  const of = (
    via: VendorLink,
    found: ReadonlyArray<{ op: Operation; input: OperationInput; field: string; members?: MemberSet; at?: string }>,
  ) =>
    found.map(({ op, input, field, members, at }) => ({
      poll: op,
      input,
      field,
      bare: BARE_IDS.has(norm(field.split('.').at(-1)!)),
      via,
      ...(members ? { members } : {}),
      ...(at !== undefined ? { documentAt: at } : {}),
    }));
  return [
    ...of('representation', pollsOfRepresentation(start, polls.representations, ctx)),
    ...of('representation', pollsOfListedRepresentation(start, polls.listedRepresentations, ctx)),
    ...of('collection item', collectionItemsOf(start, ctx, polls.mayPoll, polls.inputsOf)),
    ...of('named item', namedItemsOf(start, polls.collections, ctx.reader)),
    ...of('documented id', documentedPollsOf(start, polls.documented, ctx.reader)),
    ...of('sole key', soleKeyPollsOf(start, answeredIds(start, ctx), polls.soleKeys, polls.inputsOf)),
  ];
}

/** The start's top-level answer fields named as ids. */
function answeredIds(start: Operation, ctx: DetectContext): string[] {
  const props = ctx.reader.properties(successSchema(start));
  return [...props].flatMap(([name, p]) => (isIdName(name) && ctx.reader.typeOf(p) !== 'object' ? [name] : []));
}
