import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  baseToolName,
  cancelArgNames,
  credentialEnvName,
  jobToolBase,
  jobToolName,
  MAX_GENERATED_TOOL_NAME,
  NameRegistry,
  RUNTIME_ENV_VARS,
  shortenName,
  TOOL_NAME_PATTERN,
  toArgName,
  toPackageName,
  toSnakeCase,
} from '../../../src/emit/naming.js';

describe('toSnakeCase', () => {
  it.each([
    ['createBatch', 'create_batch'],
    ['getHTTPResponse', 'get_http_response'],
    ['actions/get-fork-pr', 'actions_get_fork_pr'],
    ['texttospeech.projects.locations.synthesizeLongAudio', 'texttospeech_projects_locations_synthesize_long_audio'],
    ['DocumentTranslation_StartTranslation', 'document_translation_start_translation'],
    ['__weird--name__', 'weird_name'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(toSnakeCase(input)).toBe(expected));
});

describe('baseToolName', () => {
  it.each([
    ['listPets', 'GET', '/pets', 'list_pets'],
    [undefined, 'GET', '/pets/{petId}/toys', 'get_pets_by_pet_id_toys'],
    [undefined, 'POST', '/responses?beta=true', 'post_responses'],
    [undefined, 'DELETE', '/', 'delete'],
    ['!!!', 'PUT', '/things/{id}', 'put_things_by_id'],
  ] as const)('%s %s %s → %s', (operationId, method, path, expected) => {
    expect(baseToolName(operationId, method, path)).toBe(expected);
  });

  // GitHub operationIds over 56 characters (room for a client's prefix): shortened by meaning, never mid-word.
  it.each([
    ['actions/get-fork-pr-contributor-approval-permissions-organization', 'actions_get_fork_pr_contrib_approval_perms_org'],
    ['actions/list-selected-repositories-enabled-github-actions-organization', 'actions_list_selected_repos_enabled_github_actions_org'],
    ['orgs/custom-properties-for-repos-create-or-update-organization-definitions', 'orgs_custom_props_for_repos_upsert_org_defs'],
    ['packages/list-docker-migration-conflicting-packages-for-authenticated-user', 'packages_list_docker_migration_conflicting_auth_user'],
    [
      'copilot/list-copilot-coding-agent-selected-repositories-for-organization',
      'copilot_list_copilot_coding_agent_selected_repos_for_org',
    ],
  ] as const)('%s', (operationId, expected) => {
    const name = baseToolName(operationId, 'GET', '/x');
    expect(name).toBe(expected);
    expect(name).toMatch(TOOL_NAME_PATTERN);
  });
});

describe('shortenName', () => {
  it('leaves names within the limit untouched, even with abbreviable words', () => {
    expect(shortenName('get_organization_repository')).toBe('get_organization_repository');
  });

  it('falls back to whole words plus a stable hash when meaning-keeping steps are not enough', () => {
    const long = Array.from({ length: 20 }, (_, i) => `word${i}`).join('_');
    const short = shortenName(long);
    expect(short.length).toBeLessThanOrEqual(56);
    expect(short).toMatch(/^word0_word1_.*_[0-9a-z]+$/);
    expect(shortenName(long)).toBe(short);
    expect(shortenName(`${long}_x`)).not.toBe(short);
  });
});

describe('NameRegistry', () => {
  it('gives the first claimant the plain name and later ones stable suffixes', () => {
    const registry = new NameRegistry();
    expect(['a', 'a', 'a_2', 'a'].map((n) => registry.claim(n))).toEqual(['a', 'a_2', 'a_2_2', 'a_3']);
  });

  it('skips a suffix claimed exactly in between and keeps counting where it left off', () => {
    const registry = new NameRegistry();
    expect(registry.claim('a')).toBe('a');
    expect(registry.claim('a')).toBe('a_2');
    registry.claimExact('a_3');
    registry.claimExact('a_5');
    expect(['a', 'a', 'a'].map((n) => registry.claim(n))).toEqual(['a_4', 'a_6', 'a_7']);
  });

  it('keeps suffixed names within 64 characters', () => {
    const registry = new NameRegistry();
    const name = 'x'.repeat(64);
    registry.claim(name);
    const second = registry.claim(name);
    expect(second.length).toBeLessThanOrEqual(64);
    expect(second).toMatch(TOOL_NAME_PATTERN);
    expect(second).not.toBe(name);
  });

  it('can compare case-insensitively (file names on macOS and Windows)', () => {
    const registry = new NameRegistry(64, true);
    expect(registry.claim('Pets')).toBe('Pets');
    expect(registry.claim('pets')).toBe('pets_2');
  });
});

describe('argument, package and env var names', () => {
  it.each([
    ['petId', 'petId'],
    ['X-Request-ID', 'x_request_id'],
    ['page[size]', 'page_size'],
    ['$.xgafv', 'xgafv'],
    ['2fa', 'p_2fa'],
    ['__proto__', 'proto'],
    ['---', 'param'],
  ])('arg %s → %s', (wire, arg) => expect(toArgName(wire)).toBe(arg));

  it("a cancel tool's asked arguments: never `job_id`, two that would be one told apart", () => {
    expect(cancelArgNames(['reason'])).toEqual(['reason']);
    expect(cancelArgNames(['job-id', 'job_id'])).toEqual(['job_id_2', 'job_id_3']);
    expect(cancelArgNames(['a-b', 'a_b', 'Reason'])).toEqual(['a_b', 'a_b_2', 'Reason']);
  });

  it.each([
    ['Swagger Petstore', 'swagger-petstore-mcp'],
    ['OpenAI API', 'openai-api-mcp'],
    ['Cloud Text-to-Speech API', 'cloud-text-to-speech-api-mcp'],
    ['???', 'api-mcp'],
  ])('package %s → %s', (title, name) => expect(toPackageName(title)).toBe(name));

  it.each([
    ['bearerAuth', 'TOKEN', 'BEARER_AUTH_TOKEN'],
    ['access_token', 'TOKEN', 'ACCESS_TOKEN'],
    ['api_key', 'API_KEY', 'API_KEY'],
    ['Ocp-Apim-Subscription-Key', 'API_KEY', 'OCP_APIM_SUBSCRIPTION_KEY'],
    ['header', 'API_KEY', 'HEADER_API_KEY'],
    ['basic', 'USERNAME', 'BASIC_USERNAME'],
  ] as const)('env %s/%s → %s', (key, suffix, env) => expect(credentialEnvName(key, suffix)).toBe(env));
});

describe('RUNTIME_ENV_VARS', () => {
  // A credential env var named like a runtime setting would be read as that setting (e.g. a scheme
  // `job_partition_secret` becoming the HMAC key), so the reserved list must cover every name the runtime reads.
  it('reserves every env var the runtime reads', () => {
    const dir = join(import.meta.dirname, '../../../templates/runtime');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const read = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv, '([A-Z][A-Z0-9_]+)'/g)) read.add(m[1] ?? m[2]!);
    }
    expect(read.size).toBeGreaterThanOrEqual(8);
    expect([...read].filter((name) => !RUNTIME_ENV_VARS.includes(name)).sort()).toEqual([]);
  });

  it('keeps a credential env var off a reserved name', () => {
    const registry = new NameRegistry(Number.MAX_SAFE_INTEGER);
    for (const reserved of RUNTIME_ENV_VARS) registry.claimExact(reserved);
    const name = registry.claim(credentialEnvName('job_partition_secret', 'API_KEY'));
    expect(name).not.toBe('JOB_PARTITION_SECRET');
  });
});

describe('job tool names', () => {
  it.each([
    ['batch', 'create_batch', 'Batch Service', 'job_batch_status'],
    ['fine_tuning_job', 'create_fine_tuning_job', 'OpenAI API', 'job_fine_tuning_status'],
    // Generic family names would read as some other API's jobs (GitHub Actions has jobs of its own).
    ['job', 'orgs_create_cluster_deployment_records_job', 'GitHub', 'job_orgs_cluster_deployment_records_status'],
    ['task', 'agent_tasks_create_task_in_repo', 'GitHub', 'job_agent_tasks_repo_status'],
    // Dynamic mode's shared `job_status` is no family's: a start that says nothing more names it by the API's title.
    ['job', 'submit_job', 'AWS Batch', 'job_aws_batch_status'],
    ['job', 'Job_Create', 'AutomationManagement API', 'job_automation_management_status'],
    ['job', 'CreateJob', 'AWS IoT', 'job_aws_iot_status'],
    ['job', 'create_job', '', 'job_job_status'],
  ])('%s started by %s of %s → %s', (family, start, title, expected) => {
    const name = jobToolName(jobToolBase(family, start, title), 'status');
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(MAX_GENERATED_TOOL_NAME);
  });

  it('stay within 56 characters with the longest verb', () => {
    const base = jobToolBase('job', 'enterprise_admin_create_very_long_descriptive_operation_name_for_provisioning_job');
    expect(jobToolName(base, 'status').length).toBeLessThanOrEqual(MAX_GENERATED_TOOL_NAME);
    expect(jobToolName(base, 'status')).toMatch(/^job_/);
  });
});
