/**
 * A second, independent truth for how a job ends: AWS's own SDK waiters (fixtures/corpus/aws-waiters/, from
 * aws-sdk@2.1693.0). A waiter polls one operation until a field reaches a value, with `success`, `failure` and
 * `retry` acceptors; each acceptor on our family's poll and status field is a judgement of that value's canonical
 * state, scored against the family's state map.
 *
 * Only waiters that belong to one of the family's starts are scored. A waiter aims at one end, said by its name
 * (`StackCreateComplete`, `ChannelRunning`, `CacheClusterDeleted`); a start aims where its verb does (`CreateStack`,
 * `StartChannel`). A waiter for a delete, a stop or an update says how THAT verb's work ends (on `StackDeleteComplete`
 * an `UPDATE_COMPLETE` is a failure), not how a create's does: it is left out, as is a waiter for work to begin
 * (`RunRunning`) on a job, whose end is its completion. A waiter naming the work's end (`ImageScanComplete`,
 * `ResourceRequestSuccess`, `TrainingJobCompletedOrStopped`) belongs to every start.
 *
 * A success acceptor wants `succeeded`, a failure `failed`, a retry `queued` or `running`. A cancelled end agrees
 * with success and failure both: the waiters themselves split on it (Cloud Control fails on `CANCEL_COMPLETE`, omics
 * imports and SageMaker jobs succeed on `CANCELLED` and `Stopped`), and it is an end either way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isOperationLink, type JobDetection } from '../../src/model/jobs.js';

/** What waiter scoring needs of one family: its starts' and poll's operation ids, its status field and state map. */
export interface FamilyStates {
  name: string;
  kind: 'job' | 'provisioning';
  starts: string[];
  poll: string | null;
  statusField: string | null;
  states: Record<string, string>;
}

interface Acceptor {
  matcher: string;
  argument?: string;
  state: 'success' | 'failure' | 'retry';
  expected: unknown;
}
export interface Waiter {
  operation: string;
  acceptors: Acceptor[];
}
/** Waiters by dev spec file (`amazonaws.com/dms.json`). */
export type WaiterSets = Map<string, Record<string, Waiter>>;

export function familyStates(detection: JobDetection): FamilyStates[] {
  return detection.families.map((f) => ({
    name: f.name,
    kind: f.kind ?? 'job',
    starts: f.start.map((s) => s.op.operationId ?? ''),
    poll: isOperationLink(f.poll) ? (f.poll.op.operationId ?? null) : null,
    statusField: f.statusField,
    states: { ...f.states },
  }));
}

export function readWaiters(dir: string): WaiterSets {
  const out: WaiterSets = new Map();
  const files = new Set(readdirSync(dir));
  for (const line of readFileSync(path.join(dir, 'specs.txt'), 'utf8').split('\n')) {
    const [spec, api] = line.trim().split(/\s+/);
    if (!spec || !api || !files.has(`${api}.waiters2.json`)) continue;
    out.set(
      spec,
      (JSON.parse(readFileSync(path.join(dir, `${api}.waiters2.json`), 'utf8')) as { waiters: Record<string, Waiter> }).waiters,
    );
  }
  return out;
}

/** Where a waiter or a start aims: the verb whose work it waits on, or `end` for the work's own completion. */
export type Aim = 'end' | 'create' | 'start' | 'update' | 'stop' | 'delete' | 'attach' | 'detach' | 'import' | 'rollback' | null;

const WAITER_AIMS: ReadonlyArray<[RegExp, Aim]> = [
  [/^(delete|deleted|terminated|not|inactive)$/, 'delete'],
  [/^(update|updated)$/, 'update'],
  [/^(import)$/, 'import'],
  [/^(rollback)$/, 'rollback'],
  [/^(detached)$/, 'detach'],
  [/^(attached)$/, 'attach'],
  [/^(create|created|available|active|ready|inservice|exists|deployed|issued|scheduled|revealed)$/, 'create'],
  [/^(stop|stopped|offline|standby)$/, 'stop'],
  [/^(running|online|started)$/, 'start'],
  [/^(complete|completed|success|succeeds|succeeded|executed|finished)$/, 'end'],
];

const START_AIMS: ReadonlyArray<[RegExp, Aim]> = [
  [/^(create|restore|copy|reserve|register|publish|put|add|submit|request|issue|deploy|launch|provision)$/, 'create'],
  [/^(start|run|resume)$/, 'start'],
  [/^(update|modify)$/, 'update'],
  [/^(delete|deregister|terminate)$/, 'delete'],
  [/^(stop|pause)$/, 'stop'],
  [/^(import)$/, 'import'],
];

const tokens = (name: string) =>
  name
    .replace(/^(GET|POST)_/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The waiter's aim: a name joining ends with `or` waits for the work to end, else the first verb class its words name. */
export function waiterAim(name: string): Aim {
  // `InService` is one word (SageMaker's steady state), not `in` + `service`.
  const words = tokens(name.replace(/InService/g, 'Inservice'));
  if (words.includes('or')) return 'end';
  for (const [pattern, aim] of WAITER_AIMS) if (words.some((w) => pattern.test(w))) return aim;
  return null;
}

export function startAim(operationId: string): Aim {
  const verb = tokens(operationId)[0] ?? '';
  for (const [pattern, aim] of START_AIMS) if (pattern.test(verb)) return aim;
  return null;
}

/** Whether a waiter says how one of the family's starts ends (see the file comment). */
export function waiterBelongs(waiterName: string, family: Pick<FamilyStates, 'kind' | 'starts'>): boolean {
  const aim = waiterAim(waiterName);
  if (aim === 'end') return true;
  if (aim === null) return false;
  if (aim === 'start' && family.kind === 'job') return false;
  return family.starts.some((s) => startAim(s) === aim);
}

const norm = (v: unknown) =>
  String(v)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const lastSegment = (p: string) =>
  norm(
    p
      .split(/[.[\]]+/)
      .filter(Boolean)
      .at(-1) ?? '',
  );
const WANT: Record<Acceptor['state'], readonly string[]> = {
  success: ['succeeded', 'cancelled'],
  failure: ['failed', 'cancelled'],
  retry: ['queued', 'running'],
};

export interface WaiterScore {
  specs: number;
  /** Waiters on some family's poll, and of those the ones that belong to the family's start. */
  waiters: number;
  scoredWaiters: number;
  agree: number;
  /** `spec family [starts] Waiter: VALUE waiter=<state> ours=<state>`. */
  disagree: string[];
  /** A value the waiter names that our state map lacks. */
  unmapped: string[];
  share: number;
}

export function scoreWaiters(waiters: WaiterSets, families: Map<string, FamilyStates[]>): WaiterScore {
  const score: WaiterScore = { specs: 0, waiters: 0, scoredWaiters: 0, agree: 0, disagree: [], unmapped: [], share: 1 };
  for (const [spec, set] of waiters) {
    const fams = families.get(spec);
    if (!fams) continue;
    score.specs++;
    for (const [name, w] of Object.entries(set)) {
      for (const f of fams.filter((x) => x.poll !== null && x.poll.replace(/^(GET|POST)_/, '') === w.operation)) {
        score.waiters++;
        if (!waiterBelongs(name, f)) continue;
        score.scoredWaiters++;
        for (const a of w.acceptors) {
          if (!/^path/.test(a.matcher) || lastSegment(a.argument ?? '') !== lastSegment(f.statusField ?? '')) continue;
          const ours = Object.entries(f.states).find(([k]) => norm(k) === norm(a.expected))?.[1];
          const tag = `${spec} ${f.name} [${f.starts.join(',')}] ${name}: ${String(a.expected)} waiter=${a.state} ours=${ours ?? '-'}`;
          if (ours === undefined) score.unmapped.push(tag);
          else if (WANT[a.state].includes(ours)) score.agree++;
          else score.disagree.push(tag);
        }
      }
    }
  }
  const judged = score.agree + score.disagree.length;
  score.share = judged === 0 ? 1 : score.agree / judged;
  return score;
}

/** The corpus line, and with --misses every disagreement and unmapped value. */
export function waiterLines(s: WaiterScore, misses: boolean): string[] {
  return [
    `  AWS SDK waiters of the family's start (${s.scoredWaiters}/${s.waiters} waiters on our polls, ${s.specs} specs): acceptor values our state maps agree with ${s.agree}/${s.agree + s.disagree.length} = ${s.share.toFixed(3)}, ${s.unmapped.length} unmapped`,
    ...(misses ? [...s.disagree.map((d) => `  waiter disagrees: ${d}`), ...s.unmapped.map((u) => `  waiter value unmapped: ${u}`)] : []),
  ];
}
