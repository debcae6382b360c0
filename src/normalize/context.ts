/**
 * State shared by the normalize steps: the bundled document, its flavour and the diagnostics being collected.
 * Diagnostics get the source file of their pointer (multi-file specs) from the load stage.
 */

import type { LoadResult } from '../load/index.js';
import { type Diagnostic, diagnosticFromTable } from '../model/diagnostics.js';
import type { JsonPointer, SpecFlavour } from '../model/ir.js';
import { getAtPointer } from '../model/jsonPointer.js';
import { followRefs, type RefChain } from '../model/schemaRefs.js';
import { NORMALIZE_CODES, type NormalizeCode } from './codes.js';

const MAX_CHAIN = 32;

export interface NormalizeContext {
  document: Record<string, unknown>;
  flavour: SpecFlavour;
  diagnostics: Diagnostic[];
  report(code: NormalizeCode, message: string, pointer: JsonPointer): void;
  /** The value at an internal ref in the document, memoised: GitHub's 1,223 operations share a few hundred refs. */
  lookup(ref: string): unknown;
  /** Where the `$ref` chain starting at `ref` ends (`followRefChain`), memoised per ref. */
  chainOf(ref: string): RefChain;
  /** True the first time `key` is seen: for problems that would otherwise repeat on every operation. */
  firstTime(key: string): boolean;
}

export function createNormalizeContext(loaded: LoadResult): NormalizeContext {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const resolved = new Map<string, unknown>();
  const chains = new Map<string, RefChain>();
  const multiFile = loaded.files.length > 1 && loaded.sourceFileOf !== undefined;
  return {
    document: loaded.document,
    flavour: loaded.flavour,
    diagnostics,
    lookup(ref) {
      if (resolved.has(ref)) return resolved.get(ref);
      const value = getAtPointer(loaded.document, ref);
      resolved.set(ref, value);
      return value;
    },
    chainOf(ref) {
      let chain = chains.get(ref);
      if (chain === undefined) {
        chain = followRefChain(this, ref);
        chains.set(ref, chain);
      }
      return chain;
    },
    firstTime(key) {
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
    report(code, message, pointer) {
      const file = multiFile ? loaded.sourceFileOf!(pointer) : loaded.files[0];
      diagnostics.push(diagnosticFromTable(NORMALIZE_CODES, code, message, { pointer, ...(file ? { file } : {}) }));
    },
  };
}

/**
 * Where the chain of refs starting at `ref` ends. It depends on `ref` alone (no siblings kept, no path), so the
 * context memoises it per ref: GitHub's 1,223 operations use a few hundred shared parameters and responses.
 */
export function followRefChain(ctx: Pick<NormalizeContext, 'lookup'>, ref: string): RefChain {
  return followRefs({ $ref: ref }, (r) => (r.startsWith('#') ? ctx.lookup(r) : undefined), { maxHops: MAX_CHAIN });
}
