/**
 * `src/definition.ts`: the ServerDefinition that the runtime serves. Also decides the server-level facts
 * other files repeat (base URL, credential env vars, instructions), exported for the README emitter.
 */

import { DEFAULT_WAIT_MAX_MS } from '../../templates/runtime/defaults.js';
import type { SecuritySchemeSpec } from '../../templates/runtime/definition.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, SecurityScheme } from '../model/ir.js';
import type { GeneratedFile } from '../model/output.js';
import { clipText, LineWriter, literal, quote } from './code.js';
import { emitDiagnostic } from './codes.js';
import { generatedHeader } from './header.js';
import { familySummary } from './jobText.js';
import { apiName, credentialEnvName, NameRegistry, RUNTIME_ENV_VARS } from './naming.js';
import type { ToolPlan } from './planTools.js';

export interface ServerFacts {
  name: string;
  version: string;
  title: string;
  baseUrl: string | null;
  schemes: Array<{ spec: SecuritySchemeSpec; source: SecurityScheme }>;
  instructions: string;
}

/** Server URL with variables replaced by their defaults; relative URLs are kept (the runtime asks for API_BASE_URL). */
export function resolveBaseUrl(model: ApiModel, override: string | undefined, diagnostics: Diagnostic[] = []): string | null {
  if (override) return override;
  const server = model.servers[0];
  const url = server ? server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole) : null;
  if (url === null || !/^https?:\/\//i.test(url)) {
    const what = url === null ? 'declares no server' : `only gives the relative server URL "${url}"`;
    diagnostics.push(emitDiagnostic('MJG506', `The spec ${what}: the generated server needs API_BASE_URL at run time.`));
  }
  return url;
}

/** Credential schemes the runtime can read from env vars; others get a diagnostic and are left out. */
export function planSchemes(model: ApiModel, diagnostics: Diagnostic[]): ServerFacts['schemes'] {
  const envNames = new NameRegistry(Number.MAX_SAFE_INTEGER);
  for (const reserved of RUNTIME_ENV_VARS) envNames.claimExact(reserved);
  const out: ServerFacts['schemes'] = [];
  for (const source of model.securitySchemes) {
    let spec: SecuritySchemeSpec | null = null;
    if (source.type === 'apiKey') {
      spec = {
        key: source.key,
        type: 'apiKey',
        in: source.in,
        name: source.name,
        env: { value: envNames.claim(credentialEnvName(source.key, 'API_KEY')) },
      };
    } else if (source.type === 'http' && source.scheme.toLowerCase() === 'basic') {
      spec = {
        key: source.key,
        type: 'basic',
        env: {
          username: envNames.claim(credentialEnvName(source.key, 'USERNAME')),
          password: envNames.claim(credentialEnvName(source.key, 'PASSWORD')),
        },
      };
    } else if (
      (source.type === 'http' && source.scheme.toLowerCase() === 'bearer') ||
      source.type === 'oauth2' ||
      source.type === 'openIdConnect'
    ) {
      // OAuth flows happen outside the server: the user supplies an access token, sent as a bearer token.
      spec = { key: source.key, type: 'bearer', env: { token: envNames.claim(credentialEnvName(source.key, 'TOKEN')) } };
    }
    if (spec) out.push({ spec, source });
    else {
      const kind = source.type === 'http' ? `http ${source.scheme}` : source.type;
      diagnostics.push(
        emitDiagnostic('MJG504', `Security scheme "${source.key}" (${kind}) is not supported; operations needing it are sent without it.`),
      );
    }
  }
  return out;
}

export function buildInstructions(model: ApiModel, plan: ToolPlan): string {
  const parts = [
    `Tools for the ${apiName(model.title)} (version ${model.version}). Each plain tool makes one HTTP call and returns the response.`,
  ];
  const about = clipText(model.description, 400);
  if (about) parts.push(about);
  if (plan.families.length > 0) {
    parts.push(
      `Long-running operations are job tools. A start tool returns a job_id at once, not the result. Call the family's status tool with that job_id until terminal is true (succeeded, failed or cancelled); between calls wait poll_after_ms, or pass wait_ms (at most ${DEFAULT_WAIT_MAX_MS / 1000} s) to let the server wait. Job handles survive server restarts. ${plan.listJobsTool} lists jobs this server started, to find a lost job_id. Identical starts without idempotency_key inside the dedupe window return the existing job with deduplicated: true.`,
    );
    parts.push(`Job families: ${plan.families.map(familySummary).join(' ')}`);
  }
  return parts.join('\n\n');
}

export function emitDefinition(facts: ServerFacts, plan: ToolPlan, model: ApiModel): GeneratedFile {
  const w = new LineWriter();
  w.line(generatedHeader(model.title));
  w.line("import { families } from './jobs.js';");
  w.line("import type { ServerDefinition } from './runtime/definition.js';");
  const imports = plan.groups.map((g) => ({ stem: g.stem, alias: `tools_${g.stem}` }));
  for (const { stem, alias } of imports) w.line(`import { operations as ${alias} } from './tools/${stem}.js';`);
  w.blank();
  w.block(
    'export const definition: ServerDefinition = {',
    () => {
      w.line(`name: ${quote(facts.name)},`);
      w.line(`version: ${quote(facts.version)},`);
      w.line(`title: ${quote(facts.title)},`);
      w.line(`instructions: ${quote(facts.instructions)},`);
      w.line(`baseUrl: ${facts.baseUrl === null ? 'null' : quote(facts.baseUrl)},`);
      if (facts.schemes.length === 0) w.line('securitySchemes: [],');
      else {
        w.block(
          'securitySchemes: [',
          () => {
            for (const { spec } of facts.schemes) w.line(`${literal(spec)},`);
          },
          '],',
        );
      }
      w.line(`operations: [${imports.map((i) => `...${i.alias}`).join(', ')}],`);
      w.line('families,');
      w.line(`listJobsTool: ${plan.listJobsTool === null ? 'null' : quote(plan.listJobsTool)},`);
      if (plan.callStatusTool !== null) w.line(`callStatusTool: ${quote(plan.callStatusTool)},`);
    },
    '};',
  );
  return { path: 'src/definition.ts', contents: w.toString() };
}
