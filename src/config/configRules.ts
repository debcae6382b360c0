/**
 * The shape of a config file, as data: one rule per key of GeneratorConfig (src/model/config.ts). Kept as a
 * table so that validation, "did you mean" suggestions and the docs all read the same list of keys.
 * zod is only a devDependency of mcp-jobgen, so the generator validates with this small interpreter instead.
 */
import { CANONICAL_STATES } from '../model/jobs.js';

export type Rule =
  | { kind: 'string'; check?: (value: string) => string | undefined }
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number }
  | { kind: 'stringArray'; check?: (value: string) => string | undefined }
  | { kind: 'enum'; values: readonly string[] }
  /** `required` keys may be left out when the `unless` key is given (`{promote}` alone is a whole entry). */
  | { kind: 'object'; fields: Record<string, Rule>; required?: readonly string[]; unless?: string }
  | { kind: 'record'; value: Rule }
  | { kind: 'falseOr'; rule: Rule }
  | { kind: 'booleanOr'; rule: Rule };

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

function checkNonEmpty(value: string): string | undefined {
  return value.trim() === '' ? 'must not be empty' : undefined;
}

function checkBaseUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'must be an http(s) URL';
  } catch {
    return 'must be an absolute URL such as https://api.example.com/v1';
  }
}

function checkPackageName(value: string): string | undefined {
  return value.length <= 214 && NPM_NAME.test(value)
    ? undefined
    : 'must be a valid npm package name (lower case, e.g. "my-api-mcp" or "@scope/my-api-mcp")';
}

function checkToolName(value: string): string | undefined {
  return TOOL_NAME.test(value) ? undefined : 'must match ^[a-zA-Z0-9_-]{1,64}$ (an MCP tool name)';
}

/** A poll or result URL origin: scheme, host and port only, because the runtime compares origins exactly. */
function checkOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) origin';
    return url.origin === value.replace(/\/$/, '') ? undefined : `must be an origin only; did you mean "${url.origin}"?`;
  } catch {
    return 'must be an origin such as https://files.example.com';
  }
}

function checkValueSource(value: string): string | undefined {
  return /^(header|body|arg):.+/.test(value) ? undefined : 'must look like "body:id", "header:Location" or "arg:body.name"';
}

const familyOverride: Rule = {
  kind: 'object',
  fields: {
    enabled: { kind: 'boolean' },
    states: { kind: 'record', value: { kind: 'enum', values: CANONICAL_STATES } },
    expectedDurationMs: { kind: 'integer', min: 0 },
    dedupeWindowMs: { kind: 'integer', min: 0 },
    allowedOrigins: { kind: 'stringArray', check: checkOrigin },
  },
};

/** A plain operation's async promotion: true, false, or on with its timings. */
const promoteSetting: Rule = {
  kind: 'booleanOr',
  rule: {
    kind: 'object',
    fields: { timeoutMs: { kind: 'integer', min: 1 }, expectedDurationMs: { kind: 'integer', min: 1 } },
  },
};

const operationOverride: Rule = {
  kind: 'falseOr',
  rule: {
    kind: 'object',
    required: ['family', 'role'],
    unless: 'promote',
    fields: {
      promote: promoteSetting,
      family: { kind: 'string', check: checkNonEmpty },
      role: { kind: 'enum', values: ['start', 'poll', 'cancel', 'result'] },
      idParam: { kind: 'string', check: checkNonEmpty },
      idIn: { kind: 'enum', values: ['path', 'query', 'body'] },
      idList: { kind: 'boolean' },
      kind: { kind: 'enum', values: ['job', 'provisioning'] },
      idFrom: { kind: 'string', check: checkValueSource },
      statusField: { kind: 'string', check: checkNonEmpty },
    },
  },
};

/** Every key a config file may hold; the same keys as GeneratorConfig. */
export const CONFIG_RULE: Rule & { kind: 'object' } = {
  kind: 'object',
  fields: {
    spec: { kind: 'string', check: checkNonEmpty },
    output: { kind: 'string', check: checkNonEmpty },
    include: { kind: 'stringArray', check: checkNonEmpty },
    exclude: { kind: 'stringArray', check: checkNonEmpty },
    rename: { kind: 'record', value: { kind: 'string', check: checkToolName } },
    baseUrl: { kind: 'string', check: checkBaseUrl },
    packageName: { kind: 'string', check: checkPackageName },
    validate: { kind: 'boolean' },
    jobs: { kind: 'record', value: familyOverride },
    operations: { kind: 'record', value: operationOverride },
  },
};

export const CONFIG_KEYS: readonly string[] = Object.keys(CONFIG_RULE.fields);

/** Flag-level checks reuse the same rules so that `--base-url x` and `baseUrl: x` fail the same way. */
export const valueChecks = { checkBaseUrl, checkPackageName, checkToolName };
