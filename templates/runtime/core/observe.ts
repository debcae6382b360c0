/**
 * What the runtime reports about itself, as one interface with two implementations: metrics (core/metrics.ts,
 * HTTP mode) and the JSON log (core/log.ts). Call sites know nothing about either. Events carry only ids,
 * names, states and numbers: never arguments, URLs, headers or bodies, so nothing secret can leave this way.
 */
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

/** Label of upstream requests that no tool call caused (recovery, the watcher, other work of the server's own). */
export const BACKGROUND_TOOL = 'background';

/** How an observed fetch makes its twin labelled with another tool (observedFetch's cache of them). */
const relabellers = new WeakMap<typeof fetch, (tool: string) => typeof fetch>();

/**
 * The context a tool call runs in: its fetch labels every upstream request with `tool`, and so does whatever
 * the call starts with that context (background continuations included). Passed along with the context rather
 * than kept in an AsyncLocalStorage, whose promise hooks every status call of a busy server would pay for.
 * A context whose fetch is not an observed one (tests, no observer) is returned as it is.
 */
export function withToolLabel<C extends { fetch: typeof fetch }>(ctx: C, tool: string): C {
  const labelled = relabellers.get(ctx.fetch)?.(tool);
  return labelled === undefined || labelled === ctx.fetch ? ctx : { ...ctx, fetch: labelled };
}

export function outcomeOf(status: number): UpstreamOutcomeKind {
  if (status >= 500) return 'http_5xx';
  if (status >= 400) return 'http_4xx';
  return 'ok';
}

/**
 * `fetch` that reports each upstream request (time to the response headers, outcome, the tool that caused
 * it: `tool`, or the one withToolLabel gave the context). The one seam every upstream request already goes
 * through, so no call site needs to know.
 */
export function observedFetch(inner: typeof fetch, observer: Observer, tool = BACKGROUND_TOOL): typeof fetch {
  // One labelled fetch per tool name, made once: the names are the server's own tools, a bounded set.
  const byTool = new Map<string, typeof fetch>();
  const labelled = (label: string): typeof fetch => {
    const made = byTool.get(label);
    if (made) return made;
    const fetcher: typeof fetch = async (input, init) => {
      const began = performance.now();
      const method = (init?.method ?? 'GET').toUpperCase();
      const report = (outcome: UpstreamOutcomeKind, status: number | null) =>
        observer.upstream({ tool: label, method, outcome, status, seconds: (performance.now() - began) / 1000 });
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
    byTool.set(label, fetcher);
    relabellers.set(fetcher, labelled);
    return fetcher;
  };
  return labelled(tool);
}
