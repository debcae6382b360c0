/** Which contract language a parsed document speaks, from its `swagger` / `openapi` field. */
import type { Diagnostic } from '../model/diagnostics.js';
import type { SpecFlavour } from '../model/ir.js';
import { isObject } from '../model/jsonPointer.js';
import { loadDiagnostic } from './codes.js';

export interface FlavourResult {
  /** Absent when the document is not a Swagger 2.0 / OpenAPI 3.x document we can read. */
  flavour?: SpecFlavour;
  diagnostics: Diagnostic[];
}

export function detectFlavour(document: unknown, file: string): FlavourResult {
  if (!isObject(document)) {
    const what = document === undefined || document === null ? 'empty' : Array.isArray(document) ? 'an array' : typeof document;
    return fail(
      loadDiagnostic('MJG106', `${file} is not an OpenAPI or Swagger document (its top level is ${what})`, { file, pointer: '#' }),
    );
  }
  const swagger = document.swagger;
  const openapi = document.openapi;
  if (swagger !== undefined) {
    if (String(swagger) === '2.0' || swagger === 2) return { flavour: 'swagger-2.0', diagnostics: [] };
    return fail(
      loadDiagnostic('MJG107', `${file} declares swagger: ${JSON.stringify(swagger)}; only "2.0" is supported`, {
        file,
        pointer: '#/swagger',
      }),
    );
  }
  if (openapi === undefined) {
    const also = document.swaggerVersion !== undefined ? ' (Swagger 1.x uses swaggerVersion; convert it to 2.0 or 3.x)' : '';
    return fail(loadDiagnostic('MJG106', `${file} has neither an \`openapi\` nor a \`swagger\` field${also}`, { file, pointer: '#' }));
  }
  // Unquoted YAML `openapi: 3.0` arrives as the number 3.
  const version = typeof openapi === 'number' && Number.isInteger(openapi) ? `${openapi}.0` : String(openapi);
  const match = /^3\.(\d+)(\.|$)/.exec(version);
  if (!match) {
    return fail(
      loadDiagnostic('MJG107', `${file} declares openapi: ${JSON.stringify(openapi)}; supported are 3.0.x and 3.1.x`, {
        file,
        pointer: '#/openapi',
      }),
    );
  }
  const minor = Number(match[1]);
  if (minor === 0) return { flavour: 'openapi-3.0', diagnostics: [] };
  if (minor === 1) return { flavour: 'openapi-3.1', diagnostics: [] };
  return {
    flavour: 'openapi-3.1',
    diagnostics: [loadDiagnostic('MJG108', `${file} declares openapi: ${version}; it is read as 3.1`, { file, pointer: '#/openapi' })],
  };
}

function fail(diagnostic: Diagnostic): FlavourResult {
  return { diagnostics: [diagnostic] };
}
