import type { Diagnostic } from '../model/diagnostics.js';
import type { JsonPointer, SpecFlavour } from '../model/ir.js';

export interface LoadOptions {
  /** Run swagger-parser's schema + spec validation (slow on big specs: opt-in, `--validate`). */
  validate?: boolean;
  /**
   * The folder `$ref`s may read from (default: the spec's own folder). Only the `--ref-root` flag sets it: a
   * config file beside a downloaded spec could otherwise widen it for the spec.
   */
  refRoot?: string;
}

export interface LoadResult {
  /** The bundled document: every followable `$ref` is internal (`#/...`). `{}` when `ok` is false. */
  document: Record<string, unknown>;
  flavour: SpecFlavour;
  /** False when nothing usable could be read (unreadable file, syntax error, not OpenAPI): see diagnostics. */
  ok: boolean;
  /** Every file read (relative to the working directory, `/`-separated), the root first. */
  files: string[];
  /** The file (as in `files`) whose content ended up at `pointer` in the bundled document. */
  sourceFileOf?(pointer: JsonPointer): string;
  diagnostics: Diagnostic[];
}

/**
 * Key set on the `{}` that replaces a `$ref` the load stage could not resolve (remote, missing file, bad
 * pointer; already reported). As a schema it still means "any value"; build skips such parameters,
 * responses and other items without a second diagnostic.
 */
export const UNRESOLVED_REF = 'x-mcp-jobgen-unresolved-ref';
