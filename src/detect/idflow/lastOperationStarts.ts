/**
 * Convention: an action on an item, read back at the item's own record of its latest run of that action (issue 24).
 * Microsoft Graph's eDiscovery: `POST …/searches/{ediscoverySearch-id}/microsoft.graph.security.estimateStatistics`
 * answers 204, and `GET …/searches/{ediscoverySearch-id}/lastEstimateStatisticsOperation` answers how that run is
 * going. The read is one literal segment below the same item, its name is `last` + the action's own words +
 * `operation`, and it takes nothing but the item's path: the job is the item's latest run, so it is named by the
 * item's id, the start's own path argument (as a start at an item is in idFlowJobs.ts: `arg:…`). The read must
 * answer one job's lifecycle (statusByMeaning.ts).
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { toSnakeCase } from '../familyName.js';
import { readStartSignals } from '../marked/startSignals.js';
import { nameTokens } from '../read/nameTokens.js';
import { describeOp, pathParams, splitPath, toOperationRef, trailingParam } from '../read/operationIndex.js';
import { readJobStatus } from '../status/readJobStatus.js';

/** The words of an action segment, its namespace dropped (`microsoft.graph.security.estimateStatistics` → estimate statistics). */
const actionWords = (segment: string) => nameTokens(segment.split('.').at(-1)!);

/** The action words a `last…Operation` segment names (`lastEstimateStatisticsOperation` → estimate statistics), else null. */
function lastRunOf(segment: string): string[] | null {
  const words = nameTokens(segment);
  return words.length > 2 && words[0] === 'last' && words.at(-1) === 'operation' ? words.slice(1, -1) : null;
}

export function findLastOperationStarts(
  ops: readonly Operation[],
  ctx: DetectContext,
  isFree: (op: Operation) => boolean,
): StartCandidate[] {
  const out: StartCandidate[] = [];
  for (const start of ops) {
    if (start.method !== 'POST' || !isFree(start)) continue;
    const segments = splitPath(start.path).pathname.split('/');
    const action = segments.at(-1)!;
    const item = segments.slice(0, -1).join('/');
    const param = trailingParam(item);
    if (param === null || action === '' || action.startsWith('{')) continue;
    const words = actionWords(action);
    const reads = ctx.index.children(item).filter((op) => {
      if (op.method !== 'GET' || !isFree(op)) return false;
      const run = lastRunOf(splitPath(op.path).pathname.split('/').at(-1)!);
      return (run?.every((w) => words.includes(w)) ?? false) && sameInputs(start, op);
    });
    if (reads.length !== 1) continue;
    const candidate = lastRunCandidate(start, reads[0]!, param, ctx);
    if (candidate) out.push(candidate);
  }
  return out;
}

/** The read needs no input but the start's path parameters. */
function sameInputs(start: Operation, read: Operation): boolean {
  const own = new Set(pathParams(start.path));
  return read.parameters.every((p) => !p.required || (p.in === 'path' && own.has(p.name)));
}

function lastRunCandidate(start: Operation, read: Operation, param: string, ctx: DetectContext): StartCandidate | null {
  const found = readJobStatus(ctx.reader, read);
  if (found === null) return null;
  const link: JobOperationLink = {
    op: toOperationRef(read),
    idParam: param,
    idIn: 'path',
    carry: pathParams(read.path)
      .filter((p) => p !== param)
      .map((p) => ({ param: p, from: `arg:${p}` as const, in: 'path' as const })),
  };
  const last = splitPath(read.path).pathname.split('/').at(-1)!;
  return {
    kind: 'family',
    start,
    signals: readStartSignals(start, ctx.reader),
    idFrom: `arg:${param}`,
    poll: { op: read, link, match: 'path', idFrom: null },
    pollVia: null,
    status: found.status,
    statusSchema: found.schema,
    resource: { score: 0, evidence: [], cancel: null, result: null, strongEnum: found.fromEnum },
    evidence: [
      `${describeOp(start)} runs an action on \`{${param}}\`; ${describeOp(read)} reads that item's latest run of it (\`${last}\`)`,
      ...found.evidence,
    ],
    confidence: 'low',
    name: toSnakeCase(last.replace(/^last/i, '')),
  };
}
