/**
 * An item read whose own path parameter is a bare `{id}` (Rails' and Laravel's resource routes: `GET /channels/{id}`)
 * addresses the same item as one that names it `{channelName}`: the collection before it says whose id it is (RFC
 * 3986's hierarchy). Where a link by name asks `channelName` ↔ `{channelName}`, a link by place asks that the id's
 * noun (`channel` of `channelName`, `ip set` of `IpSetId`, `bridge` of `Bridge.BridgeArn`) be that collection's
 * (`channels`, `ipset`, `bridges`), the one the head of the other (`associationId` ↔ `/sourceApiAssociations/{id}`,
 * `topicRuleDestination.arn` ↔ `/destinations/{id}`). Only for the item reads of the collection the start posts to
 * (idFlowJobs.ts `asked`): elsewhere a bare id is too common to link by.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { staticSegments, trailingParam } from '../read/operationIndex.js';
import { BARE_IDS, norm, type OperationInput } from '../read/operationInputs.js';
import { singular } from '../read/operationNames.js';
import { resourcePath } from '../read/resourcePath.js';

/** `long` ends in the words of `short` (`source api association` in `association`). */
const endsWith = (long: readonly string[], short: readonly string[]) =>
  short.length > 0 && short.length <= long.length && short.every((t, k) => long[long.length - short.length + k] === t);

/** Bare names of an identifier that do not say which (a bare `{name}` is a name, linked by name: idFlowJobs.ts). */
const OPAQUE = new Set(['id', 'identifier', 'uuid']);
/** Which identifier a parameter's description says it is: `The name of the channel`, `The ARN of the bridge`. */
const STATED = /^(?:<p>)?\s*the\s+(?:unique\s+|system-generated\s+)?(name|arn|amazon resource name|id|identifier)\b/i;
/** The kind of identifier a last name token is (an ARN, a name and an opaque id are three values of one thing). */
const KIND: Record<string, string> = {
  name: 'name',
  arn: 'arn',
  'amazon resource name': 'arn',
  id: 'id',
  identifier: 'id',
  uuid: 'id',
  sid: 'id',
};

/**
 * The kind of identifier a parameter's description says it takes: in a sentence (`The name of the channel`), or as
 * the last word of a label of a few words (MediaLive's `channel ID`, `Channel ARN`); undefined when it says none.
 */
function statedKind(description: string): string | undefined {
  const sentence = STATED.exec(description)?.[1];
  if (sentence !== undefined) return KIND[sentence.toLowerCase()];
  const label = description.length <= 40 ? nameTokens(description) : [];
  // `Amazon Resource Name` is an ARN, whatever its last word.
  return label.length >= 2 && label.length <= 4 ? (KIND[label.slice(-3).join(' ')] ?? KIND[label.at(-1)!]) : undefined;
}

/**
 * The read's last path parameter is a bare id and its collection is the id's noun (`idNoun`'s singular tokens). The
 * id named `field` must be the identifier the parameter's description says it takes, if it says (`The name of the
 * channel` takes `channelName`, not the `channelArn` answered beside it): the place says whose, not which. A bare
 * `{name}` or `{arn}` says which itself, and is linked by that name as written.
 */
export function namesBareItem(idNoun: readonly string[], read: Operation, input: OperationInput, field: string): boolean {
  if (idNoun.length === 0 || input.in !== 'path' || !OPAQUE.has(norm(input.name))) return false;
  const stated = statedKind(read.parameters.find((p) => p.in === 'path' && p.name === input.name)?.description ?? '');
  const own = KIND[nameTokens(field.split('.').at(-1) ?? '').at(-1) ?? ''];
  if (stated !== undefined && own !== stated) return false;
  const address = resourcePath(read.path);
  if (trailingParam(address) !== input.name) return false;
  const segment = staticSegments(address).at(-1);
  if (segment === undefined) return false;
  const tokens = nameTokens(segment);
  const collection = [...tokens.slice(0, -1), singular(tokens.at(-1) ?? '')];
  // Compared without separators too: `ipset` is `IpSet`'s, `thing-groups` is `thingGroup`'s.
  return collection.join('') === idNoun.join('') || endsWith(collection, idNoun) || endsWith(idNoun, collection);
}

/**
 * The start takes the bare id `key` only as a parent it acts under, whatever the method (`PUT
 * /projects/{id}/devEnvironments`, `POST /images/{id}/actions`): a segment follows it. The `id` it answers is then
 * the new item's, which the item read below asks for as its own `{id}` (`…/devEnvironments/{id}`): same name,
 * another thing (a bare path id names the item of the collection before it). idFlowJobs.ts keeps it out of the
 * start's own ids.
 */
export function parentIdOnly(start: Operation, key: string, inputs: readonly OperationInput[]): boolean {
  if (!BARE_IDS.has(key)) return false;
  const own = inputs.filter((i) => norm(i.name) === key);
  const address = resourcePath(start.path);
  return own.length > 0 && own.every((i) => i.in === 'path' && address.includes(`{${i.name}}/`) && trailingParam(address) !== i.name);
}
