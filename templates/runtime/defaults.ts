/**
 * Defaults and fixed names that the generator and the runtime share: the runtime applies them, the generator
 * quotes them (README env tables, server instructions, tool-name rules). The one source for both sides.
 * Import-free on purpose: mcp-jobgen compiles this file (and the type-only definition.ts) into its own dist/
 * and must not pull the rest of the runtime in.
 */

/** The canonical lifecycle; queued/running keep polling, the last three are terminal. */
export const CANONICAL_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const TERMINAL_STATES = ['succeeded', 'failed', 'cancelled'] as const;

/** Azure `x-ms-long-running-operation-options.final-state-via` values. */
export const FINAL_STATE_VIA = ['location', 'azure-async-operation', 'original-uri', 'operation-location'] as const;

/**
 * OpenAPI 3's parameter serialisation defaults (a parameter's `style` and `explode` fields): `form` in query and
 * cookie, `simple` in path and header; `explode` is true for `form` only. Normalize applies them, emit prints only
 * the departures from them, and the runtime falls back to them.
 */
export const DEFAULT_PARAM_STYLE = { query: 'form', cookie: 'form', path: 'simple', header: 'simple' } as const;
export function defaultExplode(style: string): boolean {
  return style === 'form';
}

/**
 * Header parameters OpenAPI 3 says SHALL be ignored (Parameter Object, `in: header`): the body's media type, the
 * negotiation and the security scheme set them. Dropped without a word: a contract that lists them is valid.
 */
export const CONTRACT_IGNORED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/**
 * Headers only the HTTP client sets, lower-cased, with why. A value from a contract parameter or an agent could
 * re-route the request (`Host`), smuggle a second one past a proxy (`Content-Length`, `Transfer-Encoding`,
 * RFC 9112 §6, §11.2), strip or switch what a hop forwards (`Connection` and the hop-by-hop fields it governs,
 * RFC 9110 §7.6.1: `Keep-Alive`, `Proxy-Connection`, `TE`, `Upgrade`; `Trailer` §6.6.2, `Expect` §10.1.1), or send
 * a credential nobody configured (`Proxy-Authorization` §11.7.2, `Cookie`: the job's jar and the API-key
 * cookie). Normalize drops such a parameter (MJG212), the runtime refuses one in a definition, and
 * UPSTREAM_HEADERS may not name them either. A Map, so `constructor` is just a name.
 */
export const SERVER_OWNED_HEADERS: ReadonlyMap<string, string> = new Map([
  ...[
    'host',
    'content-length',
    'transfer-encoding',
    'connection',
    'proxy-connection',
    'keep-alive',
    'upgrade',
    'te',
    'trailer',
    'expect',
  ].map((name) => [name, 'part of the request framing'] as const),
  ['proxy-authorization', 'a credential for a proxy'],
  ['cookie', "built from the contract's cookie parameters, the credentials and the job's cookie jar"],
]);

/** UPSTREAM_TIMEOUT_MS: per upstream request. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
/**
 * How long a job that rests between runs, or is started again, waits for a sign of its run before it fails as
 * `no_run_seen` (jobs/restingRun.ts, jobs/earlierRun.ts); the generated README quotes it.
 */
export const NO_RUN_SEEN_MS = 15 * 60_000;
/** JOB_RETENTION_MS: records expire this long after their last write. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 3600_000;
/** JOB_WAIT_MAX_MS: cap of the status tool's `wait_ms` long-poll. */
export const DEFAULT_WAIT_MAX_MS = 25_000;
/** JOB_SHUTDOWN_GRACE_MS: drain time on SIGTERM. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** JOB_START_WAIT_MS: a start tool answers within this; a slower upstream start goes on in the background. */
export const DEFAULT_START_WAIT_MS = 1_000;
/** JOB_LEASE_MS: lease of in-process work; renewed every third of it, so a crash is recovered within lease + lease/3. */
export const DEFAULT_LEASE_MS = 15_000;
/** JOB_PROMOTE_AFTER_MS: a promotable plain call not answered within this returns a job handle (0: never). */
export const DEFAULT_PROMOTE_AFTER_MS = 20_000;
/** JOB_BACKGROUND_TIMEOUT_MS: timeout of the upstream request of a promoted call or of a start (it outlives the tool call). */
export const DEFAULT_BACKGROUND_TIMEOUT_MS = 10 * 60_000;
/**
 * JOB_RESULT_INLINE_MAX_BYTES: a result (or a call's answer, promoted or not: jobs/largeAnswer.ts) larger than this is
 * kept beside its record and served by reference, one page of this size at a time (jobs/resultRefs.ts), never inline.
 */
export const DEFAULT_RESULT_INLINE_MAX_BYTES = 256 * 1024;
/**
 * JOB_CALL_BUDGET_MS: the upstream round trips of one cancel or result call end within this, so an agent's own
 * tool timeout (often 30 s) never fires first; past it the tool answers with what it knows and what to do.
 */
export const DEFAULT_CALL_BUDGET_MS = 25_000;
/**
 * JOB_MEMBERS_MAX: a job over a set (jobs/memberSet.ts) follows at most this many of the members its start lists, the
 * first ones. Its record keeps every member it follows with its last document (up to 64 KiB each) in every store, and
 * rewrites them on each status check: a start answering thousands of handles would make a record of hundreds of MB.
 */
export const DEFAULT_MEMBERS_MAX = 100;
/** JOB_WATCH_INTERVAL_MS: how often each replica's watcher looks at its share of non-terminal jobs. */
export const DEFAULT_WATCH_INTERVAL_MS = 5_000;
/** JOB_WATCH_MAX_JOBS: the watcher reads at most this many jobs per tick and holds at most this many watch leases. */
export const DEFAULT_WATCH_MAX_JOBS = 50;
/** JOB_WATCH_YOUNG_FACTOR: a job is watched unasked while younger than its expected duration times this. */
export const DEFAULT_WATCH_YOUNG_FACTOR = 2;
/** A job whose expected duration nobody knows is watched unasked for this long after its start. */
export const DEFAULT_WATCH_YOUNG_MS = 10 * 60_000;
/** Sends of in-process work in all (the first and the recovery re-sends) before it ends as interrupted. */
export const MAX_WORK_ATTEMPTS = 3;
/** Dedupe window for starts without an agent key when neither the family nor JOB_DEDUPE_WINDOW_MS sets one. */
export const DEFAULT_DEDUPE_WINDOW_MS = 10 * 60 * 1000;
/** JOB_STORE_URL unset: this SQLite file in the working directory. */
export const DEFAULT_SQLITE_FILE = '.mcp-jobs.sqlite';

/**
 * The job-store backends, one row each: how they are named to a user, the URL schemes that select them, and the
 * driver package the runtime imports for them, with the range a generated package.json pins. `optional`: an
 * optionalDependency, loaded only when JOB_STORE_URL selects its store (the runtime names the package and the
 * install command when one is missing); SQLite's driver is a plain dependency, as it is the default store.
 * The generator reads this table for package.json; the runtime's store/backends.ts adds how each is opened.
 * A new backend is a row here and an entry there (its type makes every list of backends fail to compile until
 * it has one).
 */
export const STORE_BACKEND_INFO = {
  sqlite: {
    name: 'SQLite',
    schemes: ['sqlite', 'file'],
    example: 'sqlite:/path',
    driver: { package: 'better-sqlite3', version: '^12.4.1', optional: false },
  },
  redis: {
    name: 'Redis',
    schemes: ['redis', 'rediss'],
    example: 'redis://host:port',
    driver: { package: 'ioredis', version: '^5.9.2', optional: true },
  },
  postgres: {
    name: 'PostgreSQL',
    schemes: ['postgres', 'postgresql'],
    example: 'postgres://user@host/db',
    driver: { package: 'pg', version: '^8.16.0', optional: true },
  },
} as const;

/** The backends by key, in the table's order. */
export type StoreKind = keyof typeof STORE_BACKEND_INFO;
export const STORE_KINDS = Object.keys(STORE_BACKEND_INFO) as StoreKind[];

/**
 * The packages compiled into the shipped runtime bundle (`runtime/index.js`, scripts/runtimeBundle.mjs), at the
 * exact versions it was built from: zod and the MCP server SDK (with the SDK's core). Loaded from node_modules, zod
 * evaluates its 64 locale modules and the SDK its own ~10 on every start, most of a cold start's module loading
 * (issue 25); inlined, only what the runtime reaches is in one file. The generated code imports `z` from the
 * runtime, so there is one zod; the generated package.json keeps these as devDependencies pinned to the same
 * versions, for the types its `tsc` reads. The package build refuses a bundle whose inlined packages or versions
 * differ from this table, so it cannot drift from what is installed.
 */
export const BUNDLED_PACKAGES = [
  { package: '@modelcontextprotocol/core', version: '2.4.0' },
  { package: '@modelcontextprotocol/server', version: '2.4.0' },
  { package: 'zod', version: '4.6.7' },
] as const;

/**
 * AWS Signature V4 (a security scheme of type `awsSigv4`): the signing library, a dependency only of servers whose
 * contract declares SigV4 (emit writes it into their package.json; upstream/sigv4.ts imports it on first use), and
 * the standard AWS environment variables the credentials and the region come from.
 */
export const SIGV4_LIBRARY = { package: 'aws4', version: '1.13.2' } as const;
export const AWS_CREDENTIAL_ENV = {
  accessKeyId: 'AWS_ACCESS_KEY_ID',
  secretAccessKey: 'AWS_SECRET_ACCESS_KEY',
  sessionToken: 'AWS_SESSION_TOKEN',
} as const;
/** Read in this order; the contract's default region (its server URL) when neither is set. */
export const AWS_REGION_ENV = ['AWS_REGION', 'AWS_DEFAULT_REGION'] as const;

/** MCP tool names (the SDK's and most clients' rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_TOOL_NAME = 64;

/** A toolset never holds more tools than this (OpenAI's cap of tools per request); bigger tags are split. */
export const MAX_TOOLSET_TOOLS = 128;
/** A spec with more operations than this starts in dynamic mode unless MCP_TOOL_MODE says otherwise. */
export const DYNAMIC_MODE_ABOVE_OPERATIONS = 128;
/**
 * MCP_TOOLS_PAGE_SIZE: tools per tools/list page; 0 lists every tool in one answer, the default: Mastra and
 * mcp-use read only the first page and silently dropped the rest of GitHub's 1,235 tools at a page of 500.
 * An operator whose clients follow nextCursor may ask for pages.
 */
export const DEFAULT_TOOLS_PAGE_SIZE = 0;
/** MCP_TOOLSETS names that are not tags: every tool, and every job tool. */
export const ALL_TOOLSET = 'all';
export const JOBS_TOOLSET = 'jobs';
/**
 * The tools dynamic mode lists besides list_jobs. The generator reserves these names, so no operation or job
 * tool takes one; job_status/job_cancel/job_result serve every family (a job_id knows its family).
 */
export const DYNAMIC_TOOLS = {
  search: 'search_operations',
  describe: 'describe_operation',
  call: 'call_operation',
  status: 'job_status',
  cancel: 'job_cancel',
  result: 'job_result',
} as const;

/**
 * Env var names the runtime itself reads. Credential variables the generator names must never collide with
 * them; the generated README documents each. Add a name here when the runtime starts reading one.
 */
export const RUNTIME_ENV_VARS: readonly string[] = [
  'API_BASE_URL',
  'JOB_STORE_URL',
  'JOB_DEDUPE_WINDOW_MS',
  'JOB_RETENTION_MS',
  'UPSTREAM_TIMEOUT_MS',
  'UPSTREAM_HEADERS',
  'JOB_ALLOWED_ORIGINS',
  'JOB_WAIT_MAX_MS',
  'JOB_SHUTDOWN_GRACE_MS',
  'JOB_START_WAIT_MS',
  'JOB_PARTITION_SECRET',
  'JOB_LEASE_MS',
  'JOB_PROMOTE_AFTER_MS',
  'JOB_POLL_PACE',
  'JOB_WATCH',
  'JOB_WATCH_INTERVAL_MS',
  'JOB_WATCH_MAX_JOBS',
  'JOB_WATCH_YOUNG_FACTOR',
  'JOB_BACKGROUND_TIMEOUT_MS',
  'JOB_RESULT_INLINE_MAX_BYTES',
  'JOB_CALL_BUDGET_MS',
  'JOB_MEMBERS_MAX',
  'LOG_LEVEL',
  'MCP_TASKS',
  'MCP_HTTP_TOKEN',
  'MCP_ALLOWED_HOSTS',
  'MCP_CLIENT_CREDENTIALS',
  'MCP_TOOLSETS',
  'MCP_TOOL_MODE',
  'MCP_TOOLS_PAGE_SIZE',
  'PORT',
  // Read, never set: a semi-space flag in it keeps the user's nursery (core/nursery.ts).
  'NODE_OPTIONS',
];

/**
 * MCP_CLIENT_CREDENTIALS=on: the HTTP request header that carries one credential env var's value
 * (`OPENAI_API_KEY` → `x-upstream-openai-api-key`).
 */
export function credentialHeaderName(envName: string): string {
  return `x-upstream-${envName.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * The indefinite article before a family's title ("an Operation job", "a Build job", "a User job"), which the status
 * and cancel tools' descriptions and the generated README both write. Titles are words made from a family's name,
 * so the first letter decides, with the one common exception of a `u` sounded as "you" (Unit, Union, Usage, User).
 */
const YOU_SOUND = /^u(?:ni(?!n)|s|t|r[aeiou])/i;
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) && !YOU_SOUND.test(noun) ? 'an' : 'a'} ${noun}`;
}
