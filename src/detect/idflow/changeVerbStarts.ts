/**
 * Convention: a change to something that exists (`DeleteX`, `UpdateX`, `TerminateX`, `RemoveX`) is no job start
 * by its verb (idFlowJobs skips NON_START_VERBS), unless its answer hands out a handle of its own: an id the
 * request does not carry and that names something other than the thing changed (an operation, request, task or
 * deletion: `DeleteServiceLinkedRole` → `DeletionTaskId`, `UpdateResource` → `ProgressEvent.RequestToken`,
 * `UpdateClusterConfig` → `update.id`), which a status read then asks for. AWS documents these calls as
 * asynchronous requests tracked by that handle; an answer that only echoes the changed thing's identity
 * (`UpdateGroup` → `{GroupId}`, `DeleteCluster {name}` → `{cluster: {arn, status: DELETING}}`) is not one.
 */

import { nameTokens } from '../read/nameTokens.js';
import { splitPath } from '../read/operationIndex.js';
import { BARE_IDS, norm, type OperationInput } from '../read/operationInputs.js';
import { idNoun, NON_START_VERBS, type OperationName, READ_VERBS } from '../read/operationNames.js';
import { isHandleToken } from './handleInputs.js';

/** Verbs of NON_START_VERBS that change or remove what exists (tagging and reads never start anything). */
const CHANGE_VERBS: readonly string[] = NON_START_VERBS.filter((v) => !READ_VERBS.includes(v) && v !== 'tag' && v !== 'untag');

/** `skip`: never a start by id flow; `handle`: a start only by a fresh handle in its answer; `start`: as usual. */
export function changeVerbRule(name: OperationName | null): 'skip' | 'handle' | 'start' {
  if (!name || !NON_START_VERBS.includes(name.verb)) return 'start';
  return CHANGE_VERBS.includes(name.verb) ? 'handle' : 'skip';
}

/**
 * Whether the answered id at `field` is a handle of the call itself: an id or token, not among the start's required
 * inputs (by its own name), and naming something other than the start's noun (`DeleteCluster` → `ClusterId` is the cluster's).
 */
export function isFreshHandle(name: OperationName, field: string, inputs: readonly OperationInput[], method: string): boolean {
  // A handle is handed out: an id or a token (`OperationId`, `RequestToken`); a name (`serviceInstanceName`) the
  // client chose, and an ARN names a resource, never a call.
  const last = nameTokens(field.split('.').at(-1)!).at(-1);
  if (last !== 'id' && !isHandleToken(field)) return false;
  // A required input of that name is the thing changed; an optional one lets the client name the call's own handle,
  // or not (CloudFormation `UpdateStackSet {OperationId?}` answers `OperationId`), as for any start. But the body of
  // a PATCH or PUT is the thing's representation (RFC 9110 §9.3.4, RFC 5789), so all it echoes is the thing's own
  // state (`groupId` of an assignment), and a bare `id` in any request is the changed thing's own.
  // A bare `id` inside a record the answer names (`{action: {id}}`) is that record's, asked as `action_id`, when the
  // request names its target by place (`DELETE /servers/{id}`, RFC 3986's hierarchy): Hetzner's action handle. A
  // bare `id` in a request body is part of a representation, whose record in the answer may be the same thing under
  // another name (a team that is a group), so there the leaf alone is compared, as before.
  const parts = field.split('.').filter((p) => !/^\d+$/.test(p));
  const leaf = norm(parts.at(-1)!);
  const inBody = inputs.some((i) => i.in === 'body' && norm(i.name) === leaf);
  const holder = parts.length > 1 && BARE_IDS.has(leaf) && !inBody ? norm(parts.at(-2)!) : '';
  const own = holder + leaf;
  const representation = method === 'PATCH' || method === 'PUT';
  if (inputs.some((i) => norm(i.name) === own && (i.required || representation || BARE_IDS.has(own)))) return false;
  const noun = idNoun(field);
  if (noun.length === 0) return false;
  return noun.join(' ') !== name.noun.join(' ') && !name.noun.join(' ').endsWith(noun.join(' '));
}

/**
 * Whether a change that answers a whole named record, read again by its own id (sameRepresentation.ts), hands out that
 * record as its handle: Yandex Cloud's `DELETE /instances/{instanceId}` and `POST …/{instanceId}:stop` answer an
 * `Operation`, not the instance. A PATCH or PUT answers the representation it changed (RFC 9110 §9.3.4, RFC 5789),
 * never a handle; an answer of the changed thing itself echoes the id the change was given, which id flow reads as
 * that thing's before it asks this. `document` is the answer's document key (SchemaReader.documentKey): its name, or
 * for an answer written out inline its content, so that inlining the contract's refs changes nothing. A PUT to a
 * custom method (`PUT /instance/{id}:stop`, Exoscale; AIP-136's `:verb`) replaces no representation: it acts, as a
 * POST does.
 */
export function isRecordHandle(method: string, document: string | undefined, path: string): boolean {
  if (document === undefined) return false;
  return (method !== 'PATCH' && method !== 'PUT') || CUSTOM_METHOD.test(splitPath(path).pathname);
}

/** A path that ends in a custom method: `…/{id}:stop`, `…/instances:batchCreate`. */
const CUSTOM_METHOD = /:[A-Za-z][A-Za-z0-9-]*$/;
