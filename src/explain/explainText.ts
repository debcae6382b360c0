/**
 * `mcp-jobgen explain` for people: per family the start/poll/cancel/result operations, the state map,
 * the confidence and the evidence; then the operations that looked async and why they were rejected.
 */
import type { ApiModel } from '../model/ir.js';
import { isDoneFlag, type JobDetection, type ReturnsToRest } from '../model/jobs.js';
import { operationKey } from '../model/operationKey.js';
import {
  type ExplainCancelCall,
  type ExplainIdFlow,
  type ExplainJob,
  type ExplainLink,
  type ExplainOperation,
  type ExplainResult,
  toExplainJson,
} from './explainJson.js';

export function formatExplainText(model: ApiModel, detection: JobDetection): string {
  const doc = toExplainJson(model, detection);
  const lines: string[] = [];
  const synthetic = new Set(doc.syntheticOperations.map((o) => operationKey(o)));
  const link = (l: ExplainLink): string =>
    'via' in l ? `URL from ${l.via}` : `${op(l)}${synthetic.has(operationKey(l)) ? ' [synthetic: not declared by the spec]' : ''}`;
  const result = (r: ExplainResult): string => {
    if ('field' in r) return `URL in status field ${r.field}`;
    if ('finalStateVia' in r) return `final state via ${r.finalStateVia}`;
    return link(r);
  };
  const families = doc.jobs.length === 1 ? '1 job family' : `${doc.jobs.length} job families`;
  lines.push(`${model.title} ${model.version}: ${doc.operations} operations, ${families}`);
  for (const job of doc.jobs) {
    lines.push('', `job ${job.name} (confidence ${job.confidence})`);
    for (const s of job.start) lines.push(`  start   ${op(s)}`);
    lines.push(`  poll    ${link(job.poll)}`);
    lines.push(`  cancel  ${job.cancel ? link(job.cancel) : '-'}${job.cancelCall ? cancelCallText(job.cancelCall) : ''}`);
    lines.push(`  result  ${job.result ? result(job.result) : '-'}`);
    lines.push(`  status  ${job.statusField ?? '-'}`);
    const states = Object.entries(job.states);
    if (states.length > 0) lines.push(`  states  ${states.map(([k, v]) => `${k}→${v}`).join(', ')}`);
    if (job.outcomeField) {
      const outcomes = Object.entries(job.outcomes);
      lines.push(`  outcome ${job.outcomeField}${outcomes.length > 0 ? `: ${outcomes.map(([k, v]) => `${k}→${v}`).join(', ')}` : ''}`);
    }
    if (job.progress) lines.push(`  progress ${progressText(job.progress)}`);
    if (job.etaField) lines.push(`  eta     ${job.etaField}${job.etaUnit ? ` in ${job.etaUnit}` : ''} (paces polling and stall detection)`);
    if (job.idempotency) lines.push(`  idempotency  ${job.idempotency.in} ${job.idempotency.name}`);
    for (const flow of job.idFlow ?? []) lines.push(...idFlowLines(flow));
    // A job over a set: one member per listed item, each polled, ended when all ended (detect/idflow/memberSets.ts).
    for (const set of job.memberSets ?? [])
      lines.push(
        `  set     ${op(set.start)} lists its members in \`${set.itemsAt}\`, each by \`${set.itemId}\`; the job ends when all have`,
      );
    // A thing that rests between runs: the job's end is its last run's, for a run the job set off (status/returnsToRest.ts).
    if (job.returnsToRest) lines.push(restLine(job.returnsToRest));
    lines.push('  evidence:');
    for (const e of job.evidence) lines.push(`    - ${e}`);
  }
  if (doc.hints.length > 0) {
    lines.push('', `looked async, not a job (${doc.hints.length}):`);
    for (const h of doc.hints) lines.push(`  ${op(h)}: ${h.reason}`);
  }
  const announced = doc.promotions.filter((p) => p.announce);
  if (doc.promotions.length > 0) {
    lines.push(
      '',
      `promoted to a job when a call outlives JOB_PROMOTE_AFTER_MS (every plain operation by default; announced in the description: ${announced.length} of ${doc.promotions.length} with evidence):`,
    );
    for (const p of doc.promotions) {
      const timing = [
        p.expectedDurationMs !== null ? `expected ${Math.round(p.expectedDurationMs / 1000)} s` : '',
        p.timeoutMs !== null ? `timeout ${Math.round(p.timeoutMs / 1000)} s` : '',
      ].filter(Boolean);
      lines.push(
        `  ${p.announce ? 'yes' : p.promote ? 'def' : 'no '} ${op(p)} (${p.source}${timing.length > 0 ? `; ${timing.join(', ')}` : ''})`,
      );
      for (const e of p.evidence) lines.push(`      - ${e}`);
    }
  }
  if (doc.diagnostics.length > 0) {
    lines.push('', 'diagnostics:');
    for (const d of doc.diagnostics) lines.push(`  ${d.severity} ${d.code}: ${d.message}${d.pointer ? ` (${d.pointer})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

function op(o: ExplainOperation): string {
  return `${operationKey(o)}${o.operationId ? ` (${o.operationId})` : ''}`;
}

/** `progress (percent)`, `request_counts.(completed+failed) / request_counts.total`. */
function progressText(p: NonNullable<ExplainJob['progress']>): string {
  if ('field' in p) return `${p.field} (${p.scale === 100 ? 'percent' : 'fraction'})`;
  const at = p.counts === '' ? '' : `${p.counts}.`;
  return `${at}(${p.done.join('+')}) / ${at}${p.total}`;
}

/**
 * `id path  StartX answer `JobId` → GetX JSON body `JobId``, the vocabulary's source, then each rejected poll:
 * how an id-flow family was linked, and what else was weighed.
 */
function idFlowLines(flow: ExplainIdFlow): string[] {
  const answered = flow.from.field === '' ? 'the id itself' : `\`${flow.from.field}\``;
  const from =
    flow.to.in === 'none'
      ? 'needs no id'
      : flow.from.flow === 'answer'
        ? `answers ${answered}`
        : `takes the client's name \`${flow.from.field}\``;
  // `item`: the poll takes no id; the job is matched in the list of the scope it answers (detect/idflow/scopeListPoll.ts).
  // `none`: the poll takes no id at all; it reads the account's one thing of its kind (detect/idflow/singletonPoll.ts).
  const where = {
    path: 'path parameter',
    query: 'query parameter',
    body: 'JSON body field',
    item: 'no id input, the listed field',
    none: 'no id input: a singleton, read as is',
  }[flow.to.in];
  const how =
    flow.to.filter !== undefined
      ? ` (as the only value of its filter \`${flow.to.filter}\`)`
      : flow.to.list
        ? ' (as the only item of its list)'
        : '';
  const item = flow.to.item ? `; the job is the item of \`${flow.to.item.at}\` whose \`${flow.to.item.id}\` is its id` : '';
  const to = flow.to.in === 'none' ? where : `${where} \`${flow.to.input}\`${how}${item}`;
  const v = flow.vocabulary;
  const depth = v.depth > 0 ? `, ${v.depth} level${v.depth > 1 ? 's' : ''} down${v.inList ? ' in the first list item' : ''}` : '';
  const lines = [
    `  id path  ${op(flow.start)} ${from} → ${op(flow.to)} ${to}`,
    `  vocabulary  \`${v.field}\` from its ${isDoneFlag(v.values) ? 'type, a flag that says the work ended' : v.from === 'enum' ? 'enum' : 'description'}${depth}: ${v.values.join(', ')}`,
  ];
  if (flow.rejected.length === 0) return [...lines, '  rejected polls: none'];
  lines.push(`  rejected polls (${flow.rejected.length + flow.rejectedMore}):`);
  // A poll is weighed once per input and flow, so the one chosen may also stand here, weighed by another input (the
  // parent's `spaceName` beside the job's `id`): said so, lest it read as the poll itself rejected.
  for (const r of flow.rejected)
    lines.push(`    - ${op(r)}${sameOperation(r, flow.to) ? ', the chosen poll weighed another way' : ''}: ${r.reason}`);
  if (flow.rejectedMore > 0) lines.push(`    - and ${flow.rejectedMore} more`);
  return lines;
}

function sameOperation(a: ExplainOperation, b: ExplainOperation): boolean {
  return operationKey(a) === operationKey(b);
}

function restLine(rest: ReturnsToRest): string {
  const outcomes = Object.entries(rest.lastRunOutcomes).map(([k, v]) => `${k}→${v}`);
  const ours = rest.lastRunStartedAt ? `seen running, or \`${rest.lastRunStartedAt}\` at or after the start` : 'seen running';
  return `  rest    ${rest.rest.join(', ')} between runs; the end is the last run's \`${rest.lastRunStatus}\` (${outcomes.join(', ')}) for a run this job set off (${ours})`;
}

/** What the cancel sends beside the job: ` asks \`reason\`` (of the agent), ` sets \`requestedState\` = \`…CANCELLED\``. */
function cancelCallText(call: ExplainCancelCall): string {
  const asks = call.asks.map((a) => `\`${a.name}\``);
  const sets = call.sets.map((v) => `\`${v.param}\` = \`${v.value}\``);
  return `${asks.length > 0 ? `; asks the agent for ${asks.join(' and ')}` : ''}${sets.length > 0 ? `; sets ${sets.join(' and ')}` : ''}`;
}
