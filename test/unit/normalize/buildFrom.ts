import type { LoadResult } from '../../../src/load/index.js';
import type { SpecFlavour } from '../../../src/model/ir.js';
import { normalizeModel } from '../../../src/normalize/index.js';

/** Build straight from a document written in the test: no files, no load stage. */
export function buildFrom(document: Record<string, unknown>) {
  const flavour: SpecFlavour =
    document.swagger !== undefined ? 'swagger-2.0' : String(document.openapi).startsWith('3.0') ? 'openapi-3.0' : 'openapi-3.1';
  const loaded: LoadResult = { document, flavour, ok: true, files: ['spec.yaml'], diagnostics: [] };
  return normalizeModel(loaded);
}

export function oas3(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths, ...extra };
}

export function swagger2(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { swagger: '2.0', info: { title: 'T', version: '1' }, paths, ...extra };
}

export const ok = { '200': { description: 'ok' } };
