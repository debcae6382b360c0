/** What every lifecycle module of the fake upstream shares: routes, the virtual clock, job plans and jobs. */
import { randomUUID } from 'node:crypto';
import type { FakeRouter } from './http.js';
import { DEFAULT_PLAN, type JobPlan, makeIdFactory, SimJob, type VirtualClock } from './simJob.js';

export class FakeContext {
  readonly jobs = new Map<string, SimJob>();
  /** Plans for the next jobs of a kind, consumed in order; then `defaults[kind]`, then DEFAULT_PLAN. */
  private readonly planQueue = new Map<string, Partial<JobPlan>[]>();
  readonly defaults = new Map<string, Partial<JobPlan>>();
  private readonly nextId = makeIdFactory();
  baseUrl = '';

  constructor(
    readonly router: FakeRouter,
    readonly clock: VirtualClock,
  ) {}

  queuePlan(kind: string, plan: Partial<JobPlan>): void {
    const list = this.planQueue.get(kind) ?? [];
    list.push(plan);
    this.planQueue.set(kind, list);
  }

  /** `idPrefix` `uuid` mints a UUID (Azure operation ids are validated as such by their contracts). */
  createJob(kind: string, idPrefix: string, data: Record<string, unknown> = {}): SimJob {
    const plan: JobPlan = { ...DEFAULT_PLAN, ...this.defaults.get(kind), ...this.planQueue.get(kind)?.shift() };
    const id = idPrefix === 'uuid' ? randomUUID() : this.nextId(idPrefix);
    const job = new SimJob(id, kind, plan, this.clock, data);
    this.jobs.set(job.id, job);
    return job;
  }

  job(kind: string, id: string): SimJob | null {
    const job = this.jobs.get(id);
    return job && job.kind === kind ? job : null;
  }

  jobsOf(kind: string): SimJob[] {
    return [...this.jobs.values()].filter((j) => j.kind === kind);
  }

  /** Absolute URL on this fake, as vendors hand out in Location headers and `urls` fields. */
  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }
}

export function notFound(what: string): { status: number; body: unknown } {
  return { status: 404, body: { error: { code: 'NotFound', message: `${what} not found` } } };
}

export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
