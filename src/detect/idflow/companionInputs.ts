/**
 * Where a value a poll requires besides the job's id comes from (`GetPipelineExecution {pipelineName,
 * pipelineExecutionId}`): the start's own input of that name, the start's bare `name`/`id` asked for under the
 * start's noun (`StartPipelineExecution {name}` → `pipelineName`), its path parameter at the same place (`{id}` for
 * `{branchName}`: paramPlace.ts), or a field of the start's answer of that name,
 * top level or one object down (`CreateServiceTemplateVersion` → `{serviceTemplateVersion: {majorVersion,
 * minorVersion}}`, the one string field of that name: answerCarry.ts). The value flows from the start as the id
 * does; anything else the poll needs, the start cannot supply.
 */
import type { Operation } from '../../model/ir.js';
import type { StartArgSource, ValueSource } from '../../model/jobs.js';
import { argOf, BARE_IDS, norm, type OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import { paramAtSamePlace } from '../read/paramPlace.js';
import { resourcePath } from '../read/resourcePath.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { answerCarry } from './answerCarry.js';
import { targetFor } from './sourceTarget.js';

export function companionSource(
  needed: OperationInput,
  start: Operation,
  /** The poll that needs it; absent: not compared. */
  poll: Operation | undefined,
  startName: OperationName | null,
  startInputs: readonly OperationInput[],
  reader: SchemaReader,
): StartArgSource | ValueSource | null {
  const want = norm(needed.name);
  const same = startInputs.find((i) => norm(i.name) === want);
  if (same && !otherCollections(same, needed, start, poll)) return argOf(same);
  // The start's path parameter at the same place names the same item, whatever each path calls it (paramPlace.ts).
  const placed = poll && needed.in === 'path' ? paramAtSamePlace(poll.path, needed.name, start.path) : null;
  const atPlace = placed === null ? undefined : startInputs.find((i) => i.in === 'path' && i.name === placed);
  if (atPlace) return argOf(atPlace);
  // The start's noun or its head (`StartPipelineExecution {name}` is the pipeline's name: `pipelineName`).
  const nouns = (startName?.noun ?? []).map((_, k, all) => norm(all.slice(0, k + 1).join('')));
  const bare = startInputs.find((i) => i.required && BARE_IDS.has(norm(i.name)) && nouns.some((n) => n + norm(i.name) === want));
  if (bare) return argOf(bare);
  // What a copy or restore makes is named `target<X>` (`targetKeyspaceName` → `keyspaceName`): sourceTarget.ts.
  const made = targetFor(needed.name, startInputs);
  if (made) return made;
  // Else a value only the start's answer knows (`majorVersion`): answerCarry.ts.
  return answerCarry(reader, start, needed.name);
}

/**
 * A bare path id (`{id}`) names the item of the collection before it: Hetzner's `POST /firewalls/{id}/…` takes a
 * firewall's, `GET /certificates/{id}/actions/{action_id}` a certificate's. Same name, other things.
 */
export function otherCollections(given: OperationInput, needed: OperationInput, start: Operation, poll: Operation | undefined): boolean {
  if (!poll || given.in !== 'path' || needed.in !== 'path' || !BARE_IDS.has(norm(needed.name))) return false;
  // The address without its query or fragment (AWS's `/x/{id}#analyzerArn` keeps `{id}` a whole segment).
  const before = (op: Operation, param: string) => {
    const segs = resourcePath(op.path).split('/');
    const at = segs.indexOf(`{${param}}`);
    return at > 0 ? segs[at - 1]! : '';
  };
  return before(start, given.name) !== before(poll, needed.name);
}
