/**
 * Opt-in validation (`validate: true`) with swagger-parser: its JSON Schema check reports every finding
 * (MJG110, capped), its spec check stops at the first problem (MJG111). It dereferences a copy of the
 * bundled document, which is why it is not on the default path (about a second on GitHub's spec).
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { loadDiagnostic } from './codes.js';

const MAX_FINDINGS = 25;

interface AjvError {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

export async function validateDocument(
  document: Record<string, unknown>,
  sourceFileOf: (pointer: string) => string,
): Promise<Diagnostic[]> {
  // Imported only when asked for: swagger-parser and ajv take longer to load than GitHub's spec takes to parse.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    // The bundled document has only internal refs; a clone because validation dereferences in place.
    await SwaggerParser.validate(structuredClone(document) as never, { resolve: { external: false } } as never);
    return [];
  } catch (error) {
    const details = (error as { details?: AjvError[] }).details;
    if (Array.isArray(details)) return findingsToDiagnostics(details, sourceFileOf);
    const message = (error instanceof Error ? error.message : String(error)).replace(/^Validation failed\.\s*/, '');
    return [loadDiagnostic('MJG111', `validation stopped: ${message}`)];
  }
}

/**
 * ajv reports every failed branch of the schema's `oneOf`s (e.g. "must have required property '$ref'" next
 * to the real "must have required property 'description'"): where a location has a concrete finding, the
 * branch noise at that location is dropped.
 */
function isBranchNoise(detail: AjvError): boolean {
  return detail.keyword === 'oneOf' || detail.keyword === 'anyOf' || detail.params?.missingProperty === '$ref';
}

function findingsToDiagnostics(all: AjvError[], sourceFileOf: (pointer: string) => string): Diagnostic[] {
  const concrete = new Set(all.filter((d) => !isBranchNoise(d)).map((d) => d.instancePath ?? ''));
  const details = all.filter((d) => !isBranchNoise(d) || !concrete.has(d.instancePath ?? ''));
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const detail of details) {
    const pointer = `#${detail.instancePath ?? ''}`;
    const extra = detail.params && 'additionalProperty' in detail.params ? ` (${String(detail.params.additionalProperty)})` : '';
    const message = `${detail.message ?? 'invalid'}${extra}`;
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (out.length === MAX_FINDINGS) {
      out.push(loadDiagnostic('MJG110', `more validation findings not shown (${details.length} in all)`));
      break;
    }
    out.push(loadDiagnostic('MJG110', `schema validation: ${pointer} ${message}`, { pointer, file: sourceFileOf(pointer) }));
  }
  return out;
}
