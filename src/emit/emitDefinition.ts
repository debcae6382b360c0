/**
 * `src/definition.ts`: the ServerDefinition that the runtime serves. Also decides the server-level facts
 * other files repeat (base URL, credential env vars, instructions), exported for the README emitter.
 */

import { AWS_CREDENTIAL_ENV } from '../../templates/runtime/defaults.js';
import type { SecuritySchemeSpec, ServerDefinition } from '../../templates/runtime/definition.js';
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
  const data = definitionData(facts, plan, toolsets);
  w.block(
    'export const definition: ServerDefinition = {',
    () => {
      w.line(`name: ${quote(data.name)},`);
      w.line(`version: ${quote(data.version)},`);
      w.expr('title: ', quote(data.title));
      w.expr('instructions: ', quote(data.instructions));
      w.expr('baseUrl: ', data.baseUrl === null ? 'null' : quote(data.baseUrl));
      if (data.securitySchemes.length === 0) w.line('securitySchemes: [],');
      else {
        w.block(
          'securitySchemes: [',
          () => {
            for (const spec of data.securitySchemes) w.expr('', literal(spec));
          },
          '],',
        );
      }
      // Code, not data: the tool files' arrays and the job table, imported above.
      w.expr('operations: ', `[${imports.map((i) => `...${i.alias}`).join(', ')}]`);
      w.line('families,');
      w.line(`listJobsTool: ${data.listJobsTool === null ? 'null' : quote(data.listJobsTool)},`);
      writeToolsets(w, data);
      if (data.callStatusTool) w.line(`callStatusTool: ${quote(data.callStatusTool)},`);
    },
    '};',
  );
  return { path: 'src/definition.ts', contents: w.toString() };
}

/**
 * The data part of the ServerDefinition (everything but the tool arrays and the job table, which are code),
 * typed against the runtime's contract so that renaming a field there fails the generator's own compile.
 */
export function definitionData(
  facts: ServerFacts,
  plan: ToolPlan,
  toolsets: ToolsetPlan,
): Omit<ServerDefinition, 'operations' | 'families'> {
  return {
    name: facts.name,
    version: facts.version,
    title: facts.title,
    instructions: facts.instructions,
    baseUrl: facts.baseUrl,
    securitySchemes: facts.schemes.map(({ spec }) => spec),
    listJobsTool: plan.listJobsTool,
    toolsets: toolsets.toolsets.map(({ name, description }) => ({ name, description })),
    toolMode: toolsets.toolMode,
    ...(plan.callStatusTool !== null ? { callStatusTool: plan.callStatusTool } : {}),
  };
}

function writeToolsets(w: LineWriter, data: Pick<ServerDefinition, 'toolsets' | 'toolMode'>): void {
  if (data.toolsets.length === 0) w.line('toolsets: [],');
  else {
    w.block(
      'toolsets: [',
      () => {
        for (const toolset of data.toolsets) w.line(`${literal(toolset)},`);
      },
      '],',
    );
  }
  w.line(`toolMode: ${quote(data.toolMode)},`);
}
