/**
 * The one configuration object. CLI flags, `mcp-jobgen.config.{ts,js,json,yaml}` and the library API all
 * produce this; every stage reads the part it needs. Documented in README (Configuration).
 */
import type { CanonicalState } from './jobs.js';

/** A spec named by URL (`https://…`, `file://…`). Never fetched: the load stage reports it (MJG114). */
export function isSpecUrl(spec: string): boolean {
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(spec);
}

/**
 * Async promotion of a plain operation: `true` / `false` force it on or off (beating the heuristics);
 * an object forces it on with the background request's timeout and the expected duration.
 */
export type PromoteSetting = boolean | { timeoutMs?: number; expectedDurationMs?: number };

/** Per-operation job override: the same shape as the `x-mcp-jobgen` vendor extension on an operation. */
export type OperationJobOverride =
  | false // never part of a job family, never an async hint
  | {
      /** Family this operation belongs to (created if no heuristic found it). */
      family: string;
      role: 'start' | 'poll' | 'cancel' | 'result';
      /** poll/cancel/result: parameter receiving the job id (with `idIn: 'body'`, a dotted path into the JSON body). */
      idParam?: string;
      /** poll/cancel/result: where `idParam` goes; absent: a path parameter (else a query parameter of that name). */
      idIn?: 'path' | 'query' | 'body';
      /**
       * poll/cancel/result with `idIn: 'body'`: the body field takes a list of ids and the job's id goes as its only
       * item (`DescribeExportTasks {"exportIds": [id]}`). Without `idIn`, it implies `body`.
       */
      idList?: boolean;
      /**
       * start: where the job id is: the response (`body:id`, `header:Location`), or the start's own arguments for
       * a job the client names (`arg:body.name`).
       */
      idFrom?: string;
      /** Any role: the family is a job that finishes (`job`, the default) or a resource brought up (`provisioning`). */
      kind?: 'job' | 'provisioning';
      /** poll: dotted path of the status field. */
      statusField?: string;
    };

/**
 * A config `operations` entry or an `x-mcp-jobgen` value: a job override, or (for a plain operation) only its
 * promotion, `{ promote: … }`, which leaves job detection alone.
 */
export type OperationOverride = OperationJobOverride | { promote: PromoteSetting };

export interface FamilyOverride {
  /** false: suppress this family (its operations become plain tools). */
  enabled?: boolean;
  /** Extra upstream status values → canonical state (merged over detected ones). */
  states?: Record<string, CanonicalState>;
  expectedDurationMs?: number;
  dedupeWindowMs?: number;
  /** Origins (`https://files.example.com`) that poll/result URLs may point at besides the API's own. */
  allowedOrigins?: string[];
}

export interface GeneratorConfig {
  /** Path to the spec (YAML or JSON). */
  spec: string;
  /** Output directory; default: a folder named after the API title. */
  output?: string;
  /** Keep only operations matching any of these: tag name, operationId, or path glob (`/repos/**`). */
  include?: string[];
  /** Drop operations matching any of these (applied after include). */
  exclude?: string[];
  /** Tool renames: operationId (or `METHOD /path`) → tool name. */
  rename?: Record<string, string>;
  /** Default upstream base URL baked into the server (API_BASE_URL still overrides at run time). */
  baseUrl?: string;
  /** npm package name of the generated project. */
  packageName?: string;
  /** Run full schema validation of the spec (slower; off by default). */
  validate?: boolean;
  /**
   * Folder that `$ref`s may read from, when wider than the spec's own folder (`--ref-root`; never read from a
   * config file, which may come with the spec).
   */
  refRoot?: string;
  /** Per job family overrides, by family name. */
  jobs?: Record<string, FamilyOverride>;
  /** Per operation overrides (by operationId or `METHOD /path`), same as `x-mcp-jobgen`. */
  operations?: Record<string, OperationOverride>;
}
