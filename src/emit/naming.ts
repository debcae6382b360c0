/**
 * THE naming module: every name the generated project shows to an agent or a user (tool names, env var
 * names, input property names, file names) is decided here, so that names are readable, unique, valid
 * and stable between runs. Everything is a pure function of its inputs and the order of the calls, and
 * emit always calls in spec order.
 */

import { toSnakeCase } from '../detect/index.js';
import type { HttpMethod } from '../model/ir.js';

// The tool-name rule and the runtime's own env var names live with the runtime's defaults (one source).
export { MAX_TOOL_NAME, RUNTIME_ENV_VARS, TOOL_NAME_PATTERN } from '../../templates/runtime/defaults.js';
// The package name and the default output folder come from one slug of the title (model/projectNames.ts).
export { defaultPackageName as toPackageName } from '../model/projectNames.js';

// `getHTTPResponse2` / `actions/get-fork-pr` → `get_http_response2`, `actions_get_fork_pr`. Family names (detect)
// and tool names follow the same rule, so detect's definition is the one (emit may import from detect).
export { toSnakeCase };

/**
 * Generated tool names stay 8 characters under the protocol's 64: clients prefix them with the server's name
 * (`github__…`, `mcp_openai_…`) and some refuse the tool when the result is too long. User renames may use all 64.
 */
export const MAX_GENERATED_TOOL_NAME = 56;

export function toUpperSnake(text: string): string {
  return toSnakeCase(text).toUpperCase();
}

/** `fine_tuning_job` → `Fine Tuning Job`. */
export function toTitle(name: string): string {
  return toSnakeCase(name)
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** Name for an operation without operationId: `GET /pets/{petId}/toys` → `get_pets_by_pet_id_toys`. */
export function nameFromMethodAndPath(method: HttpMethod, path: string): string {
  const pathOnly = path.split('?')[0] ?? '';
  const words = pathOnly
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/\{([^{}]*)\}/g, (_m, param: string) => `by_${param}`));
  return toSnakeCase([method.toLowerCase(), ...words].join('_'));
}

// Shortening, applied step by step and only to names over the limit, so short names are never touched.
// Each step keeps meaning: multi-word phrases first, then well-known abbreviations, then filler words.
const PHRASES: ReadonlyArray<[string, string]> = [
  ['create_or_update', 'upsert'],
  ['add_or_update', 'upsert'],
  ['authenticated_user', 'auth_user'],
];
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  organization: 'org',
  organizations: 'orgs',
  repository: 'repo',
  repositories: 'repos',
  configuration: 'config',
  configurations: 'configs',
  permissions: 'perms',
  permission: 'perm',
  environment: 'env',
  environments: 'envs',
  information: 'info',
  application: 'app',
  applications: 'apps',
  definitions: 'defs',
  definition: 'def',
  administrator: 'admin',
  management: 'mgmt',
  enterprise: 'ent',
  installation: 'install',
  deployment: 'deploy',
  subscription: 'sub',
  notification: 'notif',
  notifications: 'notifs',
  authenticated: 'auth',
  authentication: 'auth',
  authorization: 'authz',
  contributor: 'contrib',
  versions: 'vers',
  version: 'ver',
  properties: 'props',
  property: 'prop',
  description: 'desc',
  statistics: 'stats',
  parameters: 'params',
  parameter: 'param',
  identifier: 'id',
  identifiers: 'ids',
};
const FILLER_WORDS = new Set(['a', 'an', 'the', 'for', 'of', 'in', 'to', 'by', 'with', 'from', 'on', 'at', 'and', 'or']);

function replacePhrases(name: string): string {
  let out = `_${name}_`;
  for (const [phrase, short] of PHRASES) out = out.split(`_${phrase}_`).join(`_${short}_`);
  return out.slice(1, -1);
}

function abbreviateWords(name: string): string {
  return name
    .split('_')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join('_');
}

function dropFillerWords(name: string): string {
  const words = name.split('_');
  // Keep the first word: it is usually the tag or verb that tells tools apart.
  return words.filter((w, i) => i === 0 || !FILLER_WORDS.has(w)).join('_');
}

/** A word repeated later in the name (`copilot_list_copilot_coding_agent`) says nothing new the second time. */
function dropRepeatedWords(name: string): string {
  const seen = new Set<string>();
  return name
    .split('_')
    .filter((w) => {
      if (seen.has(w)) return false;
      seen.add(w);
      return true;
    })
    .join('_');
}

/** Stable 32-bit FNV-1a, as base36: a short suffix that depends only on the text. */
export function stableHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** Shorten a snake_case name to `max` characters, keeping it readable; a hash suffix only as the last resort. */
export function shortenName(name: string, max = MAX_GENERATED_TOOL_NAME): string {
  if (name.length <= max) return name;
  let current = name;
  for (const step of [replacePhrases, abbreviateWords, dropFillerWords, dropRepeatedWords]) {
    current = step(current);
    if (current.length <= max) return current;
  }
  // Last resort: whole words up to the limit, then a hash of the full name so distinct names stay distinct.
  const suffix = `_${stableHash(name)}`;
  const words = current.split('_');
  let kept = '';
  for (const w of words) {
    const next = kept ? `${kept}_${w}` : w;
    if (next.length + suffix.length > max) break;
    kept = next;
  }
  return (kept || current.slice(0, max - suffix.length)) + suffix;
}

/** Base tool name for an operation before uniqueness: operationId in snake_case, else method + path. */
export function baseToolName(operationId: string | undefined, method: HttpMethod, path: string): string {
  const fromId = operationId ? toSnakeCase(operationId) : '';
  const base = fromId || nameFromMethodAndPath(method, path) || method.toLowerCase();
  return shortenName(base);
}

/**
 * Hands out unique names in call order. A taken name gets `_2`, `_3`… (shortened first so the suffix
 * still fits), so the first claimant keeps the plain name and later ones are stable as long as the spec
 * order is.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();
  /**
   * Per name, the suffix number its last `claim` ended on. Names are never released, so every `name_N` below it
   * is still taken: 10,000 operations sharing one operationId tried 50 million candidates without it.
   */
  private readonly lastSuffix = new Map<string, number>();

  constructor(
    private readonly max = MAX_GENERATED_TOOL_NAME,
    private readonly caseInsensitive = false,
  ) {}

  private key(name: string): string {
    return this.caseInsensitive ? name.toLowerCase() : name;
  }

  has(name: string): boolean {
    return this.taken.has(this.key(name));
  }

  /** Claim exactly this name (e.g. a user rename); false when it is already taken. */
  claimExact(name: string): boolean {
    if (this.has(name)) return false;
    this.taken.add(this.key(name));
    return true;
  }

  /** Claim `name`, or the first free `name_N`. */
  claim(name: string): string {
    if (this.claimExact(name)) return name;
    for (let n = (this.lastSuffix.get(name) ?? 1) + 1; ; n++) {
      const suffix = `_${n}`;
      const candidate = shortenName(name, this.max - suffix.length) + suffix;
      if (this.claimExact(candidate)) {
        this.lastSuffix.set(name, n);
        return candidate;
      }
    }
  }
}

/** Property name for a parameter in a tool's input object: kept as written when it is a plain identifier. */
export function toArgName(wireName: string): string {
  // `__proto__` and friends are valid identifiers but poison plain objects; they get the snake form too.
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(wireName) && !wireName.startsWith('__')) return wireName;
  const snake = toSnakeCase(wireName);
  if (!snake) return 'param';
  return /^[0-9]/.test(snake) ? `p_${snake}` : snake;
}

/**
 * The cancel tool's arguments for the inputs it asks for, in order: each wire name made a tool argument, never the
 * tool's own `job_id`, and two names that make one argument (`a-b`, `a_b`) told apart by a suffix.
 */
export function cancelArgNames(wireNames: readonly string[]): string[] {
  const taken = new Set(['job_id']);
  return wireNames.map((name) => {
    const base = toArgName(name);
    let arg = base;
    for (let n = 2; taken.has(arg); n++) arg = `${base}_${n}`;
    taken.add(arg);
    return arg;
  });
}

/** File stem for a tool group (`src/tools/<stem>.ts`); lower-case so case-insensitive file systems agree. */
export function toFileStem(text: string): string {
  const snake = toSnakeCase(text);
  return snake ? shortenName(snake, 48) : 'default';
}

/** Upper-snake env var name for a credential: `<SCHEME>_<SUFFIX>`, without repeating a suffix already there. */
export function credentialEnvName(schemeKey: string, suffix: 'TOKEN' | 'API_KEY' | 'USERNAME' | 'PASSWORD'): string {
  const base = toUpperSnake(schemeKey) || 'API';
  if (suffix === 'API_KEY' && /(^|_)(KEY|TOKEN|SECRET)$/.test(base)) return base;
  if (suffix === 'TOKEN' && /(^|_)TOKEN$/.test(base)) return base;
  return `${base}_${suffix}`;
}

/** `Petstore` → `Petstore API`; `GitHub v3 REST API` stays as it is. */
export function apiName(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim() || 'Untitled';
  return /\bapi$/i.test(clean) ? clean : `${clean} API`;
}

/** Words that name no particular kind of job: a family called only this is named after its start operation. */
const GENERIC_JOB_WORDS = new Set(['job', 'task', 'operation', 'request', 'process', 'work', 'lro', 'async']);
const START_VERBS = new Set(['create', 'start', 'submit', 'trigger', 'run', 'begin', 'launch', 'generate', 'post', 'add', 'make', 'new']);
const JOB_PREFIX = 'job_';
const LONGEST_JOB_VERB = '_status';

/**
 * The part of a family's job tool names between `job_` and the verb: the family name without a trailing `job`
 * (`fine_tuning_job` → `fine_tuning`); a generic one (`job`, `task`) is replaced by its start operation's words
 * without the verb (`orgs_create_cluster_deployment_records_job` → `orgs_cluster_deployment_records`), so it
 * cannot be read as some other API's own jobs or tasks; where the start says nothing more (`submit_job`), by the
 * API's title (`AWS Batch` → `aws_batch`): `job_status`, `job_cancel` and `job_result` are dynamic mode's shared
 * tools, which a family's own tools would only shadow as `job_status_2`.
 */
export function jobToolBase(familyName: string, startTool: string, apiTitle = ''): string {
  const words = toSnakeCase(familyName).split('_').filter(Boolean);
  while (words.length > 1 && (words.at(-1) === 'job' || words.at(-1) === 'jobs')) words.pop();
  let base = words;
  if (words.length === 0 || (words.length === 1 && GENERIC_JOB_WORDS.has(words[0]!))) {
    const generic = words[0] ?? 'job';
    const fromStart = toSnakeCase(startTool)
      .split('_')
      .filter((w) => w && w !== generic && !START_VERBS.has(w) && !FILLER_WORDS.has(w));
    // A title's words as a reader splits them: `MediaConvert` is two, `IoT` one.
    const fromTitle = apiTitle
      .replace(/([a-z0-9])([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && w !== 'api');
    base = fromStart.length > 0 ? fromStart : fromTitle.length > 0 ? fromTitle : [generic];
  }
  return shortenName(base.join('_'), MAX_GENERATED_TOOL_NAME - JOB_PREFIX.length - LONGEST_JOB_VERB.length);
}

/**
 * `job_<base>_<verb>`: every tool that takes a job_id starts with `job_`, so it is never confused with a plain tool,
 * and never is one of dynamic mode's shared `job_status`, `job_cancel`, `job_result` (jobToolBase).
 */
export function jobToolName(base: string, verb: 'status' | 'cancel' | 'result'): string {
  return `${JOB_PREFIX}${base}_${verb}`;
}
