/**
 * `node dist/scripts/corpus/traceLabels.js [--only <substring>] [--set awsJobs|awsProvisioning|genericJobs]`:
 * every labelled start that detection misses (or polls elsewhere), traced through id-flow detection: the start's
 * and the labelled poll's names, the poll's inputs and status by meaning, and why id flow rejected each poll it
 * weighed. A tool for classifying misses by cause (issue 24); it prints, and scores nothing.
 */
import path from 'node:path';
import { detectJobs } from '../../src/detect/detectJobs.js';
import type { DetectContext } from '../../src/detect/detectTypes.js';
import { changeVerbRule } from '../../src/detect/idflow/changeVerbStarts.js';
import { findIdFlowStarts } from '../../src/detect/idflow/idFlowJobs.js';
import { SyntheticOperations } from '../../src/detect/marked/syntheticOperations.js';
import { describeOp, OperationIndex, successSchema } from '../../src/detect/read/operationIndex.js';
import { operationInputs } from '../../src/detect/read/operationInputs.js';
import { operationName } from '../../src/detect/read/operationNames.js';
import { SchemaReader } from '../../src/detect/read/schemaWalk.js';
import { findStatusByMeaning } from '../../src/detect/status/statusByMeaning.js';
import { loadDocument } from '../../src/load/index.js';
import type { Operation } from '../../src/model/ir.js';
import { isOperationLink } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { apiRoot, flag, only, REPO_ROOT } from './corpusArgs.js';
import { LABEL_SETS, type LabelOp, labelKey, readLabels } from './labelScore.js';

let currentReader: SchemaReader | undefined;
const labels = readLabels(path.join(REPO_ROOT, 'fixtures', 'corpus', 'labels'));
const onlySet = flag('--set', '');
const keyOf = (op: { method: string; path: string }) => labelKey(op.method, op.path);
const show = (op: Operation | undefined) => (op ? `${op.operationId ?? '?'} [${op.method} ${op.path}]` : 'ABSENT');
const nameText = (op: Operation | undefined) => {
  const n = op ? operationName(op) : null;
  return n ? `${n.verb}|${n.noun.join(' ')}` : 'no name';
};

for (const set of LABEL_SETS) {
  if (onlySet && set !== onlySet) continue;
  for (const entry of labels[set]) {
    if (!entry.spec.includes(only)) continue;
    const loaded = await loadDocument(path.join(apiRoot, entry.spec));
    if (!loaded.ok) {
      console.log(`${set} ${entry.spec}: LOAD FAILED`);
      continue;
    }
    const { model } = normalizeModel(loaded);
    const detection = detectJobs(model);
    const reader = new SchemaReader(model);
    currentReader = reader;
    // A query-protocol start is weighed in its POST variant (id flow skips GETs as starts).
    const find = (l: LabelOp) => {
      const all = model.operations.filter((o) => keyOf(o) === keyOf(l));
      return all.find((o) => o.method === l.method) ?? all[0];
    };
    const familyOf = (op: Operation) => detection.families.find((f) => f.start.some((s) => keyOf(s.op) === keyOf(op)));
    const roleOf = (op: Operation) =>
      detection.families.find((f) => [f.poll, f.cancel, f.result].some((l) => l && isOperationLink(l) && keyOf(l.op) === keyOf(op)));
    const ctx: DetectContext = {
      index: new OperationIndex(
        model,
        (s) => reader.fingerprint(s),
        () => false,
      ),
      reader,
      resources: new Map(),
      synthetic: new SyntheticOperations(),
    };
    const rejections = new Map<Operation, readonly string[]>();
    const free = findIdFlowStarts(
      model.operations,
      ctx,
      () => true,
      () => true,
      (s, r) => rejections.set(s, r),
    );
    for (const label of entry.starts) {
      const start = find(label);
      const poll = find(label.poll);
      const fam = start ? familyOf(start) : undefined;
      const polled = fam && isOperationLink(fam.poll) ? keyOf(fam.poll.op) : null;
      // A URL poll the contract says is the labelled poll is linked too (labelScore.ts): the runtime polls that resource.
      const atUrl = fam?.pollUrlReads ? keyOf(fam.pollUrlReads) : null;
      if (fam && (polled ?? atUrl) === keyOf(label.poll)) continue;
      console.log(`\n== ${set} ${entry.spec}: ${show(start)} → ${show(poll)}`);
      if (fam) console.log(`   FOUND, polled elsewhere: ${polled ?? (atUrl ? `by URL, which is ${atUrl}` : 'by URL')}`);
      console.log(`   names: ${nameText(start)} → ${nameText(poll)}`);
      if (start) {
        const clash = roleOf(start);
        if (clash) console.log(`   start is a companion of family ${clash.name}`);
        const props = [...reader.properties(successSchema(start)).keys()].slice(0, 12);
        console.log(`   start answers: ${props.join(', ') || '(nothing)'}`);
        console.log(
          `   start inputs: ${operationInputs(start, reader)
            .slice(0, 12)
            .map((i) => `${i.name}/${i.in}${i.required ? '!' : ''}`)
            .join(', ')}`,
        );
      }
      if (poll) {
        console.log(
          `   poll inputs: ${operationInputs(poll, reader)
            .slice(0, 12)
            .map((i) => `${i.name}/${i.in}${i.required ? '!' : ''}`)
            .join(', ')}`,
        );
        const st = findStatusByMeaning(reader, successSchema(poll));
        console.log(
          `   poll status: ${'rejected' in st ? `REJECTED ${st.rejected}` : `${st.field} (${st.judgement.kind}) ${st.values.join(',')}`}`,
        );
        const clash = roleOf(poll);
        if (clash) console.log(`   poll already in family ${clash.name} (starts ${clash.start.map((s) => s.op.operationId).join(',')})`);
      }
      const freeFound = start ? free.find((c) => c.start === start) : undefined;
      if (freeFound) console.log(`   id flow over all operations would pair it with ${show(freeFound.poll?.op)}`);
      const reasons = (start && rejections.get(start)) ?? [];
      for (const r of reasons) console.log(`   - ${r}`);
      console.log(`   cause: ${causeOf(start, poll, reasons, fam !== undefined, poll ? roleOf(poll)?.name : undefined)}`);
    }
  }
}

/** A miss's first cause, with the names in backticks blanked so that causes can be counted. */
function causeOf(
  start: Operation | undefined,
  poll: Operation | undefined,
  reasons: readonly string[],
  found: boolean,
  pollFamily: string | undefined,
): string {
  if (found) return 'found, polled elsewhere';
  if (!start || !poll) return 'operation absent from the model';
  const verb = operationName(start)?.verb;
  // A change verb may start through a fresh handle or its action's status read: its poll's own reason says why not.
  const rule = changeVerbRule(operationName(start));
  if (verb && rule === 'skip') return `start verb ${verb} is never a start`;
  const own = reasons.find((r) => r.startsWith(`${describeOp(poll)}:`));
  if (!own && rule === 'handle') return `start verb ${verb} starts only by a fresh handle or a read of its action's status`;
  if (own)
    return own
      .slice(describeOp(poll).length + 2)
      .replace(/`[^`]*`/g, '`_`')
      .replace(/\([^)]*\)/g, '(…)');
  // A poll another family holds is still offered to id flow (a start found there joins it): say so, and go on to
  // why this start was never paired with it.
  const claimed = pollFamily ? ` (poll in family ${pollFamily})` : '';
  const pv = operationName(poll)?.verb ?? '(no name)';
  const rpcRead = /#/.test(poll.path) || poll.method !== 'GET';
  if (rpcRead && !['get', 'describe', 'read', 'retrieve', 'fetch', 'check', 'poll', 'show', 'query'].includes(pv))
    return `never a candidate${claimed}: poll verb ${pv}`;
  const reader = currentReader!;
  const ins = operationInputs(poll, reader);
  const idIn = ins.filter((i) => /(id|arn|name|uuid|identifier)$/i.test(i.name) && i.required);
  if (idIn.length === 0) {
    const arr = ins.filter((i) => /(ids|arns|names|s)$/i.test(i.name) && i.in === 'body');
    return arr.length
      ? `never a candidate${claimed}: poll takes ids only in an array/filter (${arr.map((a) => a.name).join(',')})`
      : `never a candidate${claimed}: poll requires no id (${ins.map((i) => i.name).join(',')})`;
  }
  // No id to follow at all: the answer declares nothing, and the poll requires an id the start does not take.
  const taken = new Set(operationInputs(start, reader).map((i) => i.name.toLowerCase()));
  if (reader.properties(successSchema(start)).size === 0 && idIn.some((i) => !taken.has(i.name.toLowerCase())))
    return `never a candidate${claimed}: the start answers nothing, and the poll requires an id it does not take`;
  return `never a candidate${claimed}: id names differ`;
}
