/**
 * A resource that runs until it is stopped: it starts (`Initializing`, `pending`), runs (`InProgress`, `running`) and
 * ends only when stopped, terminated or failed (Chime media pipelines: `Initializing`, `InProgress`, `Failed`,
 * `Stopping`, `Stopped`, `Paused`; EC2 instances: `pending`, `running`, `stopping`, `stopped`, `terminated`). No word
 * says the work ended well, because the work never ends on its own: what the start brought up runs. AWS's own
 * waiters read such a resource as up when it runs (EC2 `InstanceRunning`, EMR `ClusterRunning`, ECS `TasksRunning`:
 * success on `running`, failure on its stop and terminate words), so for the start that creates it the run word is
 * the success of a provisioning lifecycle. The stop words stay what the table says (`Stopped` cancelled: the
 * resource was stopped before it ran). It maps only: id flow still asks for a start that brings a resource up and
 * for a word that says it is being brought up (idFlowJobs.ts).
 *
 * A stop word is asked for: a job that lists no success (`queued`, `running`, `failed`, `cancelled`) is a job whose
 * success the contract forgot, not a resource that runs, and reading its `running` as done would end it early. A
 * job that can be stopped names its success beside the stop (SageMaker training `Completed`, `Stopped`), so any
 * success word, strong or weak (`READY`), or a value no rule places (`LAUNCHED`), leaves the vocabulary to the other
 * rules.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';

type Provisioning = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

/** The words of a resource that is running (the bare words only: `CREATE_IN_PROGRESS` is a step under way). */
const RUN_WORDS = new Set(['running', 'inprogress']);
/** The words of a resource stopped or being stopped, by its owner or for good. */
const STOP_WORDS = new Set(['stopping', 'stopped', 'terminating', 'terminated', 'shuttingdown']);

export function judgeRunUntilStopped(values: readonly string[]): Provisioning | null {
  if (values.length < 3) return null;
  const read = values.map((v) => [v, readStateWord(v)] as const);
  // A value no rule places may be the end the run leads to (DRS launches: `PENDING`, `IN_PROGRESS`, `LAUNCHED`,
  // `FAILED`, `TERMINATED`): every value is read, and none says the work ended well.
  const placed = (v: string, known: boolean) => known || STOP_WORDS.has(normalizeStateWord(v));
  if (read.some(([v, w]) => !placed(v, w.known) || w.state === 'succeeded')) return null;
  const runs = values.filter((v) => RUN_WORDS.has(normalizeStateWord(v)));
  if (runs.length !== 1 || !values.some((v) => STOP_WORDS.has(normalizeStateWord(v)))) return null;
  // Before it runs, the resource is waiting or being brought up: a table word, not a gerund guessed from its ending.
  const starting = values.filter((v) => !runs.includes(v) && lookupStateWord(v)?.state === 'queued');
  if (starting.length === 0) return null;
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = runs.includes(v) ? 'succeeded' : w.state;
  return { kind: 'provisioning', states, inProgress: starting, success: runs };
}
