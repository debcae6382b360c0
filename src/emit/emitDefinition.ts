/**
 * `src/definition.ts`: the ServerDefinition that the runtime serves. Also decides the server-level facts
 * other files repeat (base URL, credential env vars, instructions), exported for the README emitter.
 */

import { AWS_CREDENTIAL_ENV } from '../../templates/runtime/defaults.js';
import type { SecuritySchemeSpec } from '../../templates/runtime/definition.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, SecurityScheme } from '../model/ir.js';
import type { GeneratedFile } from '../model/output.js';
import { clipText, LineWriter, literal, quote } from './code.js';
import { emitDiagnostic } from './codes.js';
import { type GenerationSource, generatedHeader } from './header.js';
import { apiName, credentialEnvName, NameRegistry, RUNTIME_ENV_VARS } from './naming.js';
import type { ToolsetPlan } from './planToolsets.js';
import type { ToolPlan } from './toolPlan.js';

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
  const url = server ? server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole) : null;
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
    if (source.type === 'awsSigv4') {
      // The standard AWS variables, shared by every SigV4 scheme of the spec: one set of AWS credentials signs.
      for (const name of Object.values(AWS_CREDENTIAL_ENV)) envNames.claimExact(name);
      spec = { key: source.key, type: 'awsSigv4', service: source.service, region: source.region, env: { ...AWS_CREDENTIAL_ENV } };
    } else if (source.type === 'apiKey') {
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

/**
 * The API part of the server instructions. The runtime appends the job workflow (jobs/describe.ts
 * serverInstructions), because only it knows the limits in force (JOB_WAIT_MAX_MS, JOB_DEDUPE_WINDOW_MS).
 */
export function buildInstructions(model: ApiModel): string {
  const parts = [
    `Tools for the ${apiName(model.title)} (version ${model.version}). Each plain tool makes one HTTP call and returns the response.`,
  ];
  const about = clipText(model.description, 400);
  if (about) parts.push(about);
  return parts.join('\n\n');
}

export function emitDefinition(
  facts: ServerFacts,
  plan: ToolPlan,
  model: ApiModel,
  toolsets: ToolsetPlan,
  source?: GenerationSource,
): GeneratedFile {
  const w = new LineWriter();
  w.line(generatedHeader(model.title, source));
  w.line("import { families } from './jobs.js';");
  w.line("import type { ServerDefinition } from '../runtime/definition.js';");
  const imports = plan.groups.map((g) => ({ stem: g.stem, alias: `tools_${g.stem}` }));
  for (const { stem, alias } of imports) w.line(`import { operations as ${alias} } from './tools/${stem}.js';`);
  w.blank();
  w.block(
    'export const definition: ServerDefinition = {',
    () => {
      w.line(`name: ${quote(facts.name)},`);
      w.line(`version: ${quote(facts.version)},`);
      w.expr('title: ', quote(facts.title));
      w.expr('instructions: ', quote(facts.instructions));
      w.expr('baseUrl: ', facts.baseUrl === null ? 'null' : quote(facts.baseUrl));
      if (facts.schemes.length === 0) w.line('securitySchemes: [],');
      else {
        w.block(
          'securitySchemes: [',
          () => {
            for (const { spec } of facts.schemes) w.expr('', literal(spec));
          },
          '],',
        );
      }
      w.expr('operations: ', `[${imports.map((i) => `...${i.alias}`).join(', ')}]`);
      w.line('families,');
      w.line(`listJobsTool: ${plan.listJobsTool === null ? 'null' : quote(plan.listJobsTool)},`);
      writeToolsets(w, toolsets);
      if (plan.callStatusTool !== null) w.line(`callStatusTool: ${quote(plan.callStatusTool)},`);
    },
    '};',
  );
  return { path: 'src/definition.ts', contents: w.toString() };
}

function writeToolsets(w: LineWriter, plan: ToolsetPlan): void {
  if (plan.toolsets.length === 0) w.line('toolsets: [],');
  else {
    w.block(
      'toolsets: [',
      () => {
        for (const { name, description } of plan.toolsets) w.line(`${literal({ name, description })},`);
      },
      '],',
    );
  }
  w.line(`toolMode: ${quote(plan.toolMode)},`);
}
