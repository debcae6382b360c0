/**
 * A vendor-neutral simulated job. Each lifecycle module maps these phases onto its own vocabulary
 * (validating/in_progress, NotStarted/Running, done/error, …). Progress is driven by status polls and/or a
 * virtual clock owned by the test, never by wall-clock sleeps, so tests are fast and deterministic.
 */
export type SimPhase = 'queued' | 'running' | 'finishing' | 'succeeded' | 'failed' | 'expired' | 'cancelling' | 'cancelled';
export type SimOutcome = 'succeeded' | 'failed' | 'expired';

export interface JobPlan {
  outcome: SimOutcome;
  /** Status polls that advance the job one step (queued → running → finishing → outcome); 0: polls never advance it. */
  pollsPerStep: number;
  /** Virtual-clock ms per step; null: the clock never advances it. */
  msPerStep: number | null;
  /** A cancel that arrives before the end makes the job finish with its outcome instead (completion wins the race). */
  cancelRacesCompletion: boolean;
  /** Polls spent in `cancelling` before `cancelled`; 0 cancels at once. */
  cancelPolls: number;
  /** How a failed job's status endpoint answers: a normal status body, or a 4xx with an error body. */
  failMode: 'status' | 'http';
}

export const DEFAULT_PLAN: JobPlan = {
  outcome: 'succeeded',
  pollsPerStep: 1,
  msPerStep: null,
  cancelRacesCompletion: false,
  cancelPolls: 1,
  failMode: 'status',
};

const PATH: SimPhase[] = ['queued', 'running', 'finishing'];
export const TERMINAL_PHASES: readonly SimPhase[] = ['succeeded', 'failed', 'expired', 'cancelled'];

export class VirtualClock {
  private offset = 0;
  constructor(private readonly origin = Date.now()) {}
  now(): number {
    return this.origin + this.offset;
  }
  /** Seconds since epoch, as many vendors report timestamps. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export class SimJob {
  polls = 0;
  /** Steps added by `advance` from a test. */
  private extraSteps = 0;
  private cancelAtPoll: number | null = null;
  private frozen: SimPhase | null = null;
  readonly createdAt: number;
  /** Free-form data a lifecycle keeps with the job (input, cookie, parent, …). */
  readonly data: Record<string, unknown>;

  constructor(
    readonly id: string,
    readonly kind: string,
    readonly plan: JobPlan,
    private readonly clock: VirtualClock,
    data: Record<string, unknown> = {},
  ) {
    this.createdAt = clock.now();
    this.data = data;
  }

  get phase(): SimPhase {
    if (this.frozen) return this.frozen;
    if (this.cancelAtPoll !== null) {
      if (this.polls - this.cancelAtPoll >= this.plan.cancelPolls) return this.freeze('cancelled');
      return 'cancelling';
    }
    const byPolls = this.plan.pollsPerStep > 0 ? Math.floor(this.polls / this.plan.pollsPerStep) : 0;
    const byClock = this.plan.msPerStep ? Math.floor((this.clock.now() - this.createdAt) / this.plan.msPerStep) : 0;
    const step = byPolls + byClock + this.extraSteps;
    if (step >= PATH.length) return this.freeze(this.plan.outcome);
    return PATH[step] as SimPhase;
  }

  get terminal(): boolean {
    return TERMINAL_PHASES.includes(this.phase);
  }

  /** A status poll: counts, then reports the phase it produced. */
  poll(): SimPhase {
    if (!this.terminal) this.polls += 1;
    return this.phase;
  }

  /** Moves the job on by steps, as if time passed upstream. */
  advance(steps = 1): void {
    this.extraSteps += steps;
  }

  /** Runs the job to its planned end now. */
  finish(): void {
    this.advance(PATH.length);
    void this.phase;
  }

  /** Cancel request: returns the phase right after it. */
  cancel(): SimPhase {
    const now = this.phase;
    if (TERMINAL_PHASES.includes(now) || now === 'cancelling') return now;
    if (this.plan.cancelRacesCompletion) return this.freeze(this.plan.outcome);
    this.cancelAtPoll = this.polls;
    return this.phase;
  }

  /** Fraction done along the normal path, for vendors that report counts. */
  get fraction(): number {
    const index = PATH.indexOf(this.phase);
    if (index >= 0) return index / PATH.length;
    return this.phase === 'succeeded' ? 1 : 0;
  }

  private freeze(phase: SimPhase): SimPhase {
    this.frozen = phase;
    return phase;
  }
}

/** Job ids that look like the vendor's (`batch_…`, hex), unique within one fake. */
export function makeIdFactory(): (prefix: string) => string {
  let n = 0;
  return (prefix) => `${prefix}${(++n).toString(16).padStart(6, '0')}${Math.random().toString(16).slice(2, 8)}`;
}
