/**
 * What the runtime reports about itself, as one interface with two implementations: metrics (core/metrics.ts,
 * HTTP mode) and the JSON log (core/log.ts). Call sites know nothing about either. Events carry only ids,
 * names, states and numbers: never arguments, URLs, headers or bodies, so nothing secret can leave this way.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CanonicalState } from '../definition.js';
import type { JobRecord, StartPhase } from '../store/types.js';

export interface JobStep {
  phase: StartPhase;
  state: CanonicalState;
}

export type UpstreamOutcomeKind = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'cancelled' | 'network';

export interface UpstreamEvent {
  /** The MCP tool whose call caused the request (`background` for recovery and other work of its own). */
  tool: string;
  method: string;
  outcome: UpstreamOutcomeKind;
  status: number | null;
  seconds: number;
}

export type RecoveryKind = 'resend' | 'interrupt' | 'release' | 'lost-claim';

export interface Observer {
  /** A record was written and its phase or state moved (`from` null: created). */
  jobStep(record: JobRecord, from: JobStep | null): void;
  /** A create found a live holder of its key: the caller gets the existing job. */
  dedupeHit(record: JobRecord, conflict: boolean): void;
  upstream(event: UpstreamEvent): void;
  promotion(operation: string): void;
  leaseExpired(): void;
  leaseLost(id: string): void;
  recovery(record: JobRecord | null, kind: RecoveryKind): void;
  stalled(record: JobRecord): void;
}

export const NOOP_OBSERVER: Observer = {
  jobStep: () => undefined,
  dedupeHit: () => undefined,
  upstream: () => undefined,
  promotion: () => undefined,
  leaseExpired: () => undefined,
  leaseLost: () => undefined,
  recovery: () => undefined,
  stalled: () => undefined,
};

/** Fans every event out to each observer; one failing observer never breaks a tool call or another observer. */
export function combineObservers(observers: Observer[]): Observer {
  const each =
    <K extends keyof Observer>(name: K) =>
    (...args: Parameters<Observer[K]>): void => {
      for (const observer of observers) {
        try {
          (observer[name] as (...a: Parameters<Observer[K]>) => void)(...args);
        } catch {
          // Observability must not change behaviour.
        }
      }
    };
  return {
    jobStep: each('jobStep'),
    dedupeHit: each('dedupeHit'),
    upstream: each('upstream'),
    promotion: each('promotion'),
    leaseExpired: each('leaseExpired'),
    leaseLost: each('leaseLost'),
    recovery: each('recovery'),
    stalled: each('stalled'),
  };
}

const currentTool = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts, background continuations included) labelled with `tool`. */
export function withToolLabel<T>(tool: string, work: () => T): T {
  return currentTool.run(tool, work);
}

export function toolLabel(): string {
  return currentTool.getStore() ?? 'background';
}

export function outcomeOf(status: number): UpstreamOutcomeKind {
  if (status >= 500) return 'http_5xx';
  if (status >= 400) return 'http_4xx';
  return 'ok';
}

/**
 * `fetch` that reports each upstream request (time to the response headers, outcome, the tool that caused
 * it). The one seam every upstream request already goes through, so no call site needs to know.
 */
export function observedFetch(inner: typeof fetch, observer: Observer): typeof fetch {
  return async (input, init) => {
    const began = performance.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const report = (outcome: UpstreamOutcomeKind, status: number | null) =>
      observer.upstream({ tool: toolLabel(), method, outcome, status, seconds: (performance.now() - began) / 1000 });
    try {
      const response = await inner(input, init);
      report(outcomeOf(response.status), response.status);
      return response;
    } catch (error) {
      const name = (error as { name?: string })?.name;
      report(name === 'TimeoutError' ? 'timeout' : name === 'AbortError' ? 'cancelled' : 'network', null);
      throw error;
    }
  };
}
