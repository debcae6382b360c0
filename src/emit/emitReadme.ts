/**
 * README.md of the generated project: what it is, how to build and run it, every tool, every job family
 * with its workflow, and every environment variable the server reads.
 */

import {
  AWS_REGION_ENV,
  BUNDLED_PACKAGES,
  DEFAULT_BACKGROUND_TIMEOUT_MS,
  DEFAULT_CALL_BUDGET_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_MEMBERS_MAX,
  DEFAULT_PROMOTE_AFTER_MS,
  DEFAULT_RESULT_INLINE_MAX_BYTES,
  DEFAULT_WAIT_MAX_MS,
  DEFAULT_WATCH_INTERVAL_MS,
  DEFAULT_WATCH_MAX_JOBS,
  DEFAULT_WATCH_YOUNG_FACTOR,
  NO_RUN_SEEN_MS,
  STORE_BACKEND_INFO,
  STORE_KINDS,
  withArticle,
} from '../../templates/runtime/defaults.js';
import type { AwsSigv4SchemeSpec } from '../../templates/runtime/definition.js';
import type { ApiModel } from '../model/ir.js';
import { type EtaUnit, isOperationLink } from '../model/jobs.js';
import { operationKey } from '../model/operationKey.js';
import { type GeneratedFile, MANIFEST_PATH } from '../model/output.js';
import { clipText } from './code.js';
import type { ServerFacts } from './emitDefinition.js';
import { servingEnvRows, servingSection } from './emitReadmeServing.js';
import { toolsetEnvRows, toolsetsSection } from './emitReadmeToolsets.js';
import type { GenerationSource } from './header.js';
import { dedupeWindowOf, expectedDurationOf, formatDuration } from './jobText.js';
import { apiName, cancelArgNames } from './naming.js';
import type { ToolsetPlan } from './planToolsets.js';
import { markdownSafe } from './safeText.js';
import type { PlannedFamily, ToolPlan } from './toolPlan.js';
import { wrapMarkdown } from './wrapMarkdown.js';

/** How the README names an ETA field's unit (detect/status/etaUnit.ts); nothing when the value's own form decides. */
function etaUnitText(unit: EtaUnit | null): string {
  if (unit === null) return '';
  if (unit === 'date-time') return ' (the time it finishes)';
  if (unit === 'unix-s' || unit === 'unix-ms')
    return ` (the time it finishes, as a Unix time in ${unit === 'unix-s' ? 'seconds' : 'milliseconds'})`;
  return ` (${{ ms: 'milliseconds', s: 'seconds', min: 'minutes', h: 'hours' }[unit]})`;
}

/** Markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** The AWS variables a SigV4 server reads: each request is signed, nothing is sent as the credential itself. */
function sigv4Rows(spec: AwsSigv4SchemeSpec): Array<[string, string]> {
  const service = spec.service ? ` for the service ${code(spec.service)}` : '';
  const region = spec.region ? ` Default: ${code(spec.region)} (from the spec's server URL).` : ' **Required**: the spec names none.';
  const [regionEnv, fallbackEnv] = AWS_REGION_ENV;
  return [
    [spec.env.accessKeyId, `AWS access key id. Every request is signed with AWS Signature Version 4${service} (scheme ${code(spec.key)}).`],
    [spec.env.secretAccessKey, 'AWS secret access key: used only to compute signatures, never sent, logged or stored.'],
    [spec.env.sessionToken, 'AWS session token, for temporary credentials (optional).'],
    [regionEnv, `AWS region to sign for (${fallbackEnv} is read when it is unset); set API_BASE_URL to that region's endpoint.${region}`],
  ];
}

/** A family one of whose starts acts on a set of things (a job over a set: StartSpec.members). */
function runsSets(family: PlannedFamily): boolean {
  return family.family.start.some((s) => s.members !== undefined);
}

function envTable(facts: ServerFacts, toolsets: ToolsetPlan): string[] {
  const rows: Array<[string, string]> = [];
  const base = facts.baseUrl;
  const absolute = base !== null && /^https?:\/\//i.test(base);
  rows.push([
    'API_BASE_URL',
    absolute
      ? `Upstream base URL. Default: ${code(base)} (from the spec's servers).`
      : `Upstream base URL. **Required**: the spec gives ${base === null ? 'no server URL' : `only the relative server URL ${code(base)}`}.`,
  ]);
  for (const { spec, source } of facts.schemes) {
    const about = source.description ? ` ${clipText(source.description, 160)}` : '';
    if (spec.type === 'bearer') rows.push([spec.env.token, `Token for ${code(spec.key)}, sent as \`Authorization: Bearer …\`.${about}`]);
    else if (spec.type === 'basic') {
      rows.push([spec.env.username, `User name for ${code(spec.key)} (HTTP basic).${about}`]);
      rows.push([spec.env.password, `Password for ${code(spec.key)} (HTTP basic).`]);
    } else if (spec.type === 'awsSigv4') rows.push(...sigv4Rows(spec));
    else rows.push([spec.env.value, `API key for ${code(spec.key)}, sent in the ${spec.in} ${code(spec.name)}.${about}`]);
  }
  rows.push(
    [
      'JOB_STORE_URL',
      'Job store. Unset: SQLite file `.mcp-jobs.sqlite` in the working directory; `sqlite:/path/jobs.sqlite`, `sqlite::memory:` (tests), `redis://host:6379`, `postgres://user:pass@host/db`. Replicas sharing Redis or PostgreSQL serve the same jobs.',
    ],
    [
      'JOB_DEDUPE_WINDOW_MS',
      'Window in which identical starts without `idempotency_key` return the existing job. Default: per family (see below; 600000 unless configured).',
    ],
    ['JOB_RETENTION_MS', 'How long finished job records are kept. Default: 604800000 (7 days).'],
    ['UPSTREAM_TIMEOUT_MS', 'Timeout of each upstream HTTP call. Default: 30000.'],
    [
      'UPSTREAM_HEADERS',
      'Headers to add to every request to the API\'s own origin, as a JSON object (`{"x-tenant": "acme"}`): ones the contract leaves out but the upstream or its gateway wants. Kept from logs and output like credentials, never sent to another origin; the server\'s own headers (framing, credentials, idempotency keys) are refused.',
    ],
    [
      'JOB_ALLOWED_ORIGINS',
      'Comma-separated extra origins that poll and result URLs, and redirects, may point at (others are refused; credentials are never sent there).',
    ],
    ['JOB_WAIT_MAX_MS', `Cap on a status call's \`wait_ms\` long-poll. Default: ${DEFAULT_WAIT_MAX_MS}.`],
    [
      'JOB_START_WAIT_MS',
      'How long a start tool waits for the upstream before answering; a slower start goes on in the background and the status tool reports its outcome. Default: 1000.',
    ],
    ['JOB_SHUTDOWN_GRACE_MS', 'On SIGTERM/SIGINT, how long running calls may finish before the server exits. Default: 10000.'],
    [
      'JOB_PROMOTE_AFTER_MS',
      `A plain tool not answered within this returns a \`job_id\` instead (every plain tool not turned off in the spec or the generator's config; those marked below are known to be slow), and the request goes on in the background. 0 turns promotion off. Default: ${DEFAULT_PROMOTE_AFTER_MS}.`,
    ],
    [
      'JOB_POLL_PACE',
      "`on`: one pace per job shared by every replica through the store (Retry-After, rate-limit headers, the job's interval, backoff); a status call inside the job's window answers from the store, and one replica polls for all. `off`: every status call polls the upstream. Default: `on`.",
    ],
    [
      'JOB_WATCH',
      '`on`: every replica runs a watcher that, without anyone calling a tool, refreshes the jobs someone may care about at their shared pace (a client that asked with a progress token or a Tasks request in the last 5 minutes, or a job younger than its expected duration × `JOB_WATCH_YOUNG_FACTOR`, 10 minutes when unknown), marks stalled jobs, and ends a job nobody asked about for the retention `failed` (`expired`); a lease in the store makes one replica watch each job. `off`: jobs move only when a tool asks. Needs `JOB_POLL_PACE=on`. Default: `on`.',
    ],
    ['JOB_WATCH_INTERVAL_MS', `How often the watcher looks at its jobs. Default: ${DEFAULT_WATCH_INTERVAL_MS}.`],
    ['JOB_WATCH_MAX_JOBS', `Jobs the watcher reads per look, and the most one replica watches. Default: ${DEFAULT_WATCH_MAX_JOBS}.`],
    [
      'JOB_WATCH_YOUNG_FACTOR',
      `A job is watched unasked while younger than its expected duration times this. Default: ${DEFAULT_WATCH_YOUNG_FACTOR}.`,
    ],
    [
      'JOB_BACKGROUND_TIMEOUT_MS',
      `Timeout of a request that outlives its tool call (a promoted call, a job start). Default: ${DEFAULT_BACKGROUND_TIMEOUT_MS}.`,
    ],
    [
      'JOB_RESULT_INLINE_MAX_BYTES',
      `A job result or call answer larger than this is not returned inline: it is kept in the job store beside its job and the tool answers \`result_ref\` (a \`mcp-jobgen://jobs/…\` URI, its size; a plain tool that was not promoted puts it in \`mcp_answer\`) and a resource link; the client reads it a page of this size at a time with \`resources/read\` (\`?offset=\` the page's \`next_offset\`) or by calling the result tool (or the call status tool) with \`offset\`. Default: ${DEFAULT_RESULT_INLINE_MAX_BYTES}.`,
    ],
    [
      'JOB_CALL_BUDGET_MS',
      `Every upstream round trip of one cancel or result call ends within this, so a client's own tool timeout (often 30 s) does not fire first; past it the tool says what it knows and what to do (a cancel sent but unanswered is \`outcome: unknown\`). Keep it below the clients' timeout. Default: ${DEFAULT_CALL_BUDGET_MS}.`,
    ],
    [
      'JOB_MEMBERS_MAX',
      `A job over a set (one start acting on several things) follows at most this many of the members its start lists, the first ones: the others are not polled or cancelled, and its upstream status, its succeeded message and a cancel's answer say how many were left out and the first and last of their ids. Default: ${DEFAULT_MEMBERS_MAX}.`,
    ],
    [
      'JOB_LEASE_MS',
      `Lease of work running inside a server process; renewed every third of it, and a replica recovers the work of a crashed one within about lease + lease/3. Default: ${DEFAULT_LEASE_MS}.`,
    ],
    ['LOG_LEVEL', 'Level of the JSON log on stderr (one line per job transition): `fatal` … `trace`, or `silent`. Default: `info`.'],
    ['JOB_PARTITION_SECRET', "HMAC key for the credential partition that keeps tenants' jobs apart; set the same value on every replica."],
    ...servingEnvRows(),
    ...toolsetEnvRows(toolsets),
  );
  return ['| Variable | Meaning |', '|---|---|', ...rows.map(([name, text]) => `| ${code(name)} | ${cell(text)} |`)];
}

function familySection(family: PlannedFamily): string[] {
  const { tools } = family;
  const expected = expectedDurationOf(family);
  const lines = [
    `### ${family.title} (\`${family.family.name}\`, ${family.family.confidence} confidence)`,
    '',
    `1. Start: ${family.starts.map((s) => code(s.tool)).join(', ')}. Returns a \`job_id\` at once, not the result (unless the upstream answers the start with a finished job: then its \`result\` or \`error\` is in the same answer).`,
    `2. Poll ${code(tools.status)} with the \`job_id\` (optionally \`wait_ms\`) until \`terminal\` is true: \`succeeded\`, \`failed\` or \`cancelled\`.`,
  ];
  if (tools.result) {
    lines.push(
      `3. Fetch the result with ${code(tools.result)}. A result larger than \`JOB_RESULT_INLINE_MAX_BYTES\` comes back as \`result_ref\` instead: read it a page at a time with \`resources/read\` on its \`uri\`, or with ${code(tools.result)} and \`offset\`.`,
    );
  }
  for (const out of family.outputs) {
    lines.push(`- Output: the job's ${code(out.field)} is the ${code(out.arg)} of ${code(out.tool)}, which fetches it.`);
  }
  if (tools.cancel) {
    const asks = isOperationLink(family.family.cancel)
      ? cancelArgNames((family.family.cancel.asks ?? []).map((a) => a.name)).map(code)
      : [];
    const sets = isOperationLink(family.family.cancel) ? (family.family.cancel.sets ?? []) : [];
    const also =
      asks.length > 0
        ? ` (with ${asks.join(' and ')}, which the API's cancel requires)`
        : sets.length > 0
          ? ` (it updates the job, setting ${sets.map((v) => `${code(v.param)} to ${code(v.value)}`).join(' and ')})`
          : '';
    lines.push(
      `- Cancel with ${code(tools.cancel)}${also}; it reports whether the job was cancelled, is cancelling or had already finished.`,
    );
  }
  if (expected !== null) lines.push(`- Usually takes about ${formatDuration(expected)}.`);
  else if (family.family.etaField) {
    lines.push(
      `- The upstream says how long each job takes in ${code(family.family.etaField)}${etaUnitText(family.family.etaUnit)}; \`poll_after_ms\` and stall detection follow it.`,
    );
  }
  const idempotency = family.family.start.find((s) => s.idempotency)?.idempotency;
  if (idempotency)
    lines.push(`- \`idempotency_key\` (given or derived) is sent upstream as the ${idempotency.in} ${code(idempotency.name)}.`);
  const linked = [...new Set(family.linked.values())].map(code);
  if (linked.length === 1)
    lines.push(`- The plain tool ${linked[0]} calls the same upstream operation by upstream id, for jobs this server did not start.`);
  if (linked.length > 1)
    lines.push(
      `- The plain tools ${linked.join(', ')} call the same upstream operations by upstream id, for jobs this server did not start.`,
    );
  if (runsSets(family))
    lines.push(
      `- One start acts on several things: the job follows each thing its answer lists (\`members\`, at most \`JOB_MEMBERS_MAX\`) and ends when all have ended; it succeeded only when every member followed did.`,
    );
  lines.push(`- Dedupe window: ${formatDuration(dedupeWindowOf(family))}.`);
  const states = Object.entries(family.family.states);
  // A status the upstream sends as numeric codes (detect/status/namedCodes.ts): each name with the code on the wire.
  const codes = new Map(Object.entries(family.family.statusCodes ?? {}).map(([wire, name]) => [name, wire]));
  const shown = (raw: string) => (codes.has(raw) ? `${code(raw)} (sent as ${code(codes.get(raw)!)})` : code(raw));
  // An Azure LRO's status is read the core-lro way and a Google operation's by `done`: not by this map's words.
  const byMap = !family.family.start.some((s) => s.azureLro) && family.family.doneField === null;
  const unlisted = byMap
    ? ' Another status is read as running, or as its plain meaning where it is a common end word (`completed`, `error`, `canceled`).'
    : '';
  if (states.length > 0)
    lines.push(`- Upstream states: ${states.map(([raw, canonical]) => `${shown(raw)} → ${canonical}`).join(', ')}.${unlisted}`);
  // A thing that rests between runs (runtime jobs/restingRun.ts): the job is one run, ended as its last run ended.
  const resting = family.family.returnsToRest;
  if (resting) {
    const ends = Object.entries(resting.lastRunOutcomes)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([raw, state]) => `${code(raw)} → ${state}`);
    lines.push(
      `- Rests at ${[...resting.rest].sort().map(code).join(' or ')} between runs: the job is one run, and ends as ${code(resting.lastRunStatus)} says that run ended (${ends.join(', ')}); if no run of this job is seen within ${NO_RUN_SEEN_MS / 60_000} min of the start, it fails as \`no_run_seen\`.`,
    );
  }
  // A start from rest (runtime jobs/startFromRest.ts): the rest it leaves, seen again, is a start that did not take.
  const rest = family.family.restsBeforeStart;
  if (rest)
    lines.push(
      `- Back at ${[...rest].sort().map(code).join(' or ')} once a poll saw it leave, what the job started did not run: the job fails as \`back_at_rest\` (cancelled after a cancel the upstream accepted).`,
    );
  // A value that ends the job without saying how (runtime jobs/interpret.ts): the error beside it says it failed.
  const neutral = family.family.neutralEnds;
  if (neutral && family.family.errorField)
    lines.push(
      `- ${[...neutral].sort().map(code).join(' or ')} says the job ended, not how: with ${code(family.family.errorField)} set, it failed${neutral.includes('true') ? ` (cancelled where its \`code\` is 1, google.rpc's CANCELLED; and set while the flag is still \`false\`, it failed too)` : ''}.`,
    );
  // A job started again (runtime jobs/earlierRun.ts): an end dated before the start is the earlier run's.
  const earlier = family.family.earlierRun;
  if (earlier)
    lines.push(
      `- Started again (a start that acts on the job, its id from the arguments), an end whose ${code(earlier.field)} is before the start is the previous run's: the job stays queued until the new run shows, and fails as \`no_run_seen\` after ${NO_RUN_SEEN_MS / 60_000} min without one.`,
    );
  // The words beside the status that say why (detect/status/statusReason.ts), read by the runtime on a bad end.
  const reason = family.family.reasonField;
  if (reason)
    lines.push(`- A job that failed or was cancelled gives the upstream's ${code(reason)} as its \`error\` where no error field says why.`);
  return lines;
}

function toolRows(plan: ToolPlan): string[] {
  const rows = ['| Tool | What it does | HTTP |', '|---|---|---|'];
  for (const p of plan.operations) {
    const what = clipText(p.op.summary ?? p.op.description ?? '', 140);
    const sentence = what && !/[.!?…]$/.test(what) ? `${what}.` : what;
    const job =
      p.role === 'start'
        ? `Starts a long-running job (family \`${p.family}\`).`
        : p.promote?.announce
          ? `Slow: past \`JOB_PROMOTE_AFTER_MS\` it answers with a \`job_id\` for \`${plan.callStatusTool}\`.`
          : '';
    rows.push(`| ${code(p.tool)} | ${cell([sentence, job].filter(Boolean).join(' ') || '—')} | ${code(operationKey(p.op))} |`);
  }
  for (const f of plan.families) {
    rows.push(`| ${code(f.tools.status)} | ${cell(`Status of ${withArticle(f.title)} job; waits with wait_ms.`)} | — |`);
    if (f.tools.result) rows.push(`| ${code(f.tools.result)} | ${cell(`Result of a succeeded ${f.title} job.`)} | — |`);
    if (f.tools.cancel)
      rows.push(`| ${code(f.tools.cancel)} | ${cell(`Cancels ${withArticle(f.title)} job and reports the outcome.`)} | — |`);
  }
  if (plan.callStatusTool)
    rows.push(`| ${code(plan.callStatusTool)} | Status of a promoted call (a slow call answered with a job_id); waits with wait_ms. | — |`);
  if (plan.listJobsTool)
    rows.push(`| ${code(plan.listJobsTool)} | Jobs this server started, newest first; filter by family and state. | — |`);
  return rows;
}

export function countRegisteredTools(plan: ToolPlan): number {
  const operations = plan.operations.length;
  const jobTools = plan.families.reduce((n, f) => n + 1 + (f.tools.cancel ? 1 : 0) + (f.tools.result ? 1 : 0), 0);
  return operations + jobTools + (plan.listJobsTool ? 1 : 0) + (plan.callStatusTool ? 1 : 0);
}

export function emitReadme(
  model: ApiModel,
  facts: ServerFacts,
  plan: ToolPlan,
  toolsets: ToolsetPlan,
  source?: GenerationSource,
): GeneratedFile {
  const about = clipText(model.description, 600);
  const lines = [
    `# ${facts.title} MCP server`,
    '',
    `An MCP server for the ${apiName(facts.title)} (version ${model.version}), generated by mcp-jobgen. Do not edit the generated files; regenerate them from this directory with \`${source ? source.command : 'npx mcp-jobgen'}\`${source?.configOnly ? ' (and the same mcp-jobgen config file)' : ''}.`,
    ...(about ? ['', about] : []),
    '',
    '## Build and run',
    '',
    '```sh',
    'npm install',
    'npm run build',
    'npm start                                  # MCP over stdio',
    'node dist/index.js --http --port 3000      # Streamable HTTP at http://localhost:3000/mcp (stateless)',
    'npm test                                   # smoke test: an MCP client lists the tools over both protocol eras and calls one, in memory',
    '```',
    '',
    storeDriversSentence(),
    'dependencies, loaded only when `JOB_STORE_URL` selects their store; the server names the package to install when one is',
    'missing. A deployment on SQLite may leave them out (`npm ci --omit=optional`): the build does not read their types.',
    "Each file under `src/` names where it came from. `runtime/` is mcp-jobgen's runtime, compiled: one JavaScript module",
    '(`runtime/index.js`, so a cold start loads one file, not a hundred) and the type declarations of each source, which `tsc`',
    'checks your code against without re-checking the runtime itself; `runtime/README.md` describes it.',
    '`dist/` imports the runtime as `../runtime/`, so a deployment carries `dist/` and `runtime/` together.',
    `\`runtime/index.js\` has ${bundledList()} compiled in (their licences: \`runtime/THIRD_PARTY_NOTICES.md\`): the server`,
    'loads them from there, not from `node_modules`, where they are devDependencies pinned to the same versions for their',
    'types only. So upgrading zod or the MCP SDK is regenerating with an mcp-jobgen that bundles the newer one, not an',
    "`npm install`; code of your own imports `z` from `runtime/index.js`, not from `zod`, so that its schemas are the runtime's zod.",
    '`tsc` is TypeScript 7, the native compiler (a devDependency); the code type-checks with TypeScript 5.9 as well, for tools',
    'that need the 5.x JS API.',
    '',
    ...ownCodeSection(),
    '',
    '## Environment variables',
    '',
    'Credentials are read from the environment only; they are never logged or returned in tool results.',
    '',
    ...envTable(facts, toolsets),
    '',
    ...servingSection(plan.families.length > 0, [...new Set(facts.schemes.flatMap(({ spec }) => Object.values(spec.env)))].sort()),
    '',
    ...toolsetsSection(plan, toolsets, countRegisteredTools(plan)),
    '',
    `## Tools (${countRegisteredTools(plan)})`,
    '',
    ...toolRows(plan),
  ];
  if (plan.families.length > 0) {
    lines.push(
      '',
      '## Long-running jobs',
      '',
      `Each job family below has a start tool that returns a \`job_id\` handle instead of waiting, a status tool that is the source of truth (poll it; \`wait_ms\` waits up to ${DEFAULT_WAIT_MAX_MS / 1000} s for a change, \`poll_after_ms\` says when to ask again, and \`waiting_for_input\` says when the upstream waits for its user to act, \`requires_action\` or \`waiting_for_user\`), and where the API allows, result and cancel tools. Handles are stored in the job store, so they survive restarts and work on every replica. \`${plan.listJobsTool}\` finds a lost handle again. A start without \`idempotency_key\` that repeats an earlier one inside the dedupe window returns the existing job with \`deduplicated: true\`.`,
    );
    for (const family of plan.families) lines.push('', ...familySection(family));
  }
  // Spec text reaches the README in many places (title, descriptions, summaries, the regenerate command).
  return { path: 'README.md', contents: wrapMarkdown(markdownSafe(`${lines.join('\n')}\n`)) };
}

/** The packages compiled into the runtime bundle, from the runtime's table (defaults.ts): `` `zod@4.6.7` ``, … */
function bundledList(): string {
  const named = BUNDLED_PACKAGES.map((bundled) => `\`${bundled.package}@${bundled.version}\``);
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** The README's sentence on the store drivers, from the runtime's backend table (defaults.ts). */
function storeDriversSentence(): string {
  const sqlite = STORE_BACKEND_INFO.sqlite;
  const optional = STORE_KINDS.map((kind) => STORE_BACKEND_INFO[kind]).filter((backend) => backend.driver.optional);
  const names = optional.map((backend) => backend.name);
  const packages = optional.map((backend) => `\`${backend.driver.package}\``).join(', ');
  return (
    `Jobs are kept in ${sqlite.name} by default (\`${sqlite.driver.package}\`). The ${names.slice(0, -1).join(', ')} and ${names.at(-1)} ` +
    `drivers (${packages}) are optional`
  );
}

/**
 * Where an owner's code goes: what the generator rewrites (the manifest's files) and keeps (everything else, as
 * src/write/carryOver.ts does), where the handlers live, and why the tool files carry type arguments.
 */
function ownCodeSection(): string[] {
  return [
    '## Your own code',
    '',
    `mcp-jobgen owns the files listed in \`${MANIFEST_PATH}\` and rewrites them on every run; any other file in this folder (your own modules, tests, a Dockerfile) is kept as it is. Change what is generated with the mcp-jobgen config file (tool names, the operations to include or leave out, job families and their states), not by editing generated files: the next run would put them back.`,
    '',
    "The generated files are data: `src/tools/*.ts` describe one tool per operation (with the JSON Schemas tools/list sends), `src/schemas/*.ts` hold the plain tools' zod schemas (imported on a tool's first call), `src/jobs.ts` the job families, `src/definition.ts` the server. The handlers that serve them are the runtime's (`runtime/mcp/` for the MCP tools, `runtime/jobs/` for jobs, `runtime/upstream/` for the HTTP calls). To change what the server offers from code of your own, write an entry point beside `src/index.ts` (say `src/main.ts`) that passes an adjusted `definition` to `runMain` from `../runtime/index.js` (more `instructions`, for one), and start `dist/main.js` instead; `npm run build` compiles it with the rest.",
    '',
    "The type arguments in the tool files (`lazy<OperationSpec, 'input'>(…)`) change nothing at run time: given, `tsc` does not infer them once per tool, which keeps the build fast on large APIs.",
  ];
}
