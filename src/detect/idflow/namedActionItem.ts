/**
 * Two calls on one item whose paths name their actions (AWS's REST-JSON services modelled as RPC): OSIS's `PUT
 * /osis/startPipeline/{PipelineName}` and `GET /osis/getPipeline/{PipelineName}`. The paths are the same but for the
 * one segment each spells its own operation with (`startPipeline`, `getPipeline`), and both end in the same
 * parameter: the item after the action is the same thing on both sides, whatever the parameter is called (a bare
 * `{id}` too). The suffix and infix forms of a verb on an item are idFlowJobs.ts `actionOnItem` and infixAction.ts.
 */
import type { Operation } from '../../model/ir.js';
import { operationIdName } from '../read/generatedIds.js';
import type { OperationInput } from '../read/operationInputs.js';
import { memoByString } from '../read/readerMemo.js';
import { resourcePath } from '../read/resourcePath.js';

const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const segmentsOf = memoByString((path: string): readonly string[] => resourcePath(path).split('/'));

/**
 * The paths differ in one segment only, each the spelling of its own operationId, and end at `input`. Asked of most
 * start–poll pairs id flow weighs (graph-beta: over a million): the ends are compared before any path is split.
 */
export function namedActionItem(start: Operation, poll: Operation, input: OperationInput): boolean {
  const startId = operationIdName(start);
  const pollId = operationIdName(poll);
  if (input.in !== 'path' || !startId || !pollId) return false;
  const end = `{${input.name}}`;
  if (!resourcePath(start.path).endsWith(end) || !resourcePath(poll.path).endsWith(end)) return false;
  const a = segmentsOf(start.path);
  const b = segmentsOf(poll.path);
  if (a.length !== b.length || a.at(-1) !== `{${input.name}}` || b.at(-1) !== a.at(-1)) return false;
  const differ = a.flatMap((s, k) => (s === b[k] ? [] : [k]));
  if (differ.length !== 1) return false;
  const k = differ[0]!;
  return letters(a[k]!) === letters(startId) && letters(b[k]!) === letters(pollId);
}
