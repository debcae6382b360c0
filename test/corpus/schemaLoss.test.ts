/**
 * Corpus: every spec of fixtures/real through the real pipeline; the generated tool files are transpiled and
 * imported, each input schema listed as the SDK lists it (zod → JSON Schema → the runtime's portable pass), and
 * compared with the contract (scripts/schemas/schemaLoss.mjs). No input property may lose its type or its
 * description; the only exceptions are cuts that say so. The baseline before this test existed was
 * OpenAI 211 types and 382 descriptions lost of 1,433 properties, Argo 1,066 and 2,627 of 4,353.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with scripts/schemas/measureSchemas.mjs, without type declarations
import { CUT_MARK, loadProject, measureLoss, toolInputJson } from '../../scripts/schemas/schemaLoss.mjs';
import { CUT_MARK as EMIT_CUT_MARK } from '../../src/emit/zod/cuts.js';
import { generate } from '../../src/index.js';

const REAL = path.join('fixtures', 'real');
const SPECS = readdirSync(REAL)
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort();

describe('corpus: tool input schemas keep the contract', () => {
  it('the loss counter recognises the cut notes emit writes', () => {
    expect(CUT_MARK).toBe(EMIT_CUT_MARK);
  });

  it.each(SPECS)(
    '%s: no input property loses its type or description',
    async (file) => {
      const result = await generate({ spec: path.join(REAL, file) });
      const { operations, portableJsonSchema } = await loadProject(result.files, path.join('.tmp', 'schema-loss', file));
      const stats = measureLoss(result.model, operations, portableJsonSchema);
      expect(stats.properties).toBeGreaterThan(0);
      expect(stats.examples.filter((e: string) => !e.startsWith('cut'))).toEqual([]);
      expect(stats.typeLost).toBe(0);
      expect(stats.descriptionLost).toBe(0);
      // The lists an agent reads are portable: no dialect URI, no type arrays.
      for (const op of operations) {
        const json = JSON.stringify(toolInputJson(op, portableJsonSchema));
        expect(json, op.tool).not.toContain('"$schema"');
        expect(json, op.tool).not.toMatch(/"type":\[/);
      }
    },
    120_000,
  );
});
