/**
 * A one-field change to a spec must be a small change to the generated project: fixtures/golden/shared-schemas
 * has one response schema (`Widget`) used by four tools; its `variant.yaml` adds one property to it. Because the
 * schema is printed once, as a named constant, and every line is printed width-aware, the diff of the whole
 * project (runtime copy excluded) is that one property: in the shared constant and in the list's items.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { GOLDEN_DIR, isRuntimeCopy } from './pipeline.js';

/** Lines only in `a` and lines only in `b` (a longest-common-subsequence diff, enough for small files). */
function lineDiff(a: string, b: string): { removed: string[]; added: string[] } {
  const x = a.split('\n');
  const y = b.split('\n');
  const lcs: number[][] = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) removed.push(x[i++]!);
    else added.push(y[j++]!);
  }
  return { removed: [...removed, ...x.slice(i)], added: [...added, ...y.slice(j)] };
}

describe('golden diff of a one-field spec change', () => {
  it('is the one added property, where the schema is printed', async () => {
    const dir = join(GOLDEN_DIR, 'shared-schemas');
    const [before, after] = await Promise.all([generate({ spec: join(dir, 'spec.yaml') }), generate({ spec: join(dir, 'variant.yaml') })]);
    const own = (files: typeof before.files) => new Map(files.filter((f) => !isRuntimeCopy(f.path)).map((f) => [f.path, f.contents]));
    const a = own(before.files);
    const b = own(after.files);
    expect([...b.keys()]).toEqual([...a.keys()]);
    const changes: string[] = [];
    for (const [path, contents] of a) {
      // The header names the spec file, which is the one other thing that differs between the two inputs.
      const strip = (text: string) => text.replace(/\b(spec|variant)\.yaml\b/g, 'SPEC');
      const { removed, added } = lineDiff(strip(contents), strip(b.get(path)!));
      changes.push(...removed.map((l) => `${path} - ${l}`), ...added.map((l) => `${path} + ${l}`));
    }
    // The shipped JSON Schemas (OperationSpec.listed) are JSON text wrapped over lines in the tool file: checked
    // apart below. The zod schemas of plain tools are in their schema module (emit/schemaModule.ts).
    const isJsonText = (line: string) => line.startsWith('src/tools/widgets.ts ');
    // Once in the shared WidgetOutput, once in the list's items (a nested use, not a whole response).
    expect(changes.filter((line) => !isJsonText(line))).toEqual([
      'src/schemas/widgets.ts +   weight: z.number().optional(),',
      // Inside the list's output function, two levels deeper than a top-level property.
      'src/schemas/widgets.ts +         weight: z.number().optional(),',
    ]);
    // The listed JSON changes in the same two places (the shared WidgetOutputListed and the list's own output),
    // by that one property and nothing else.
    const jsonText = (sign: string) =>
      changes
        .filter((line) => isJsonText(line) && line.startsWith(`src/tools/widgets.ts ${sign} `))
        .map((line) => line.slice('src/tools/widgets.ts + '.length))
        .join('\n')
        .replace(/\\\n/g, '');
    const added = jsonText('+');
    expect(added.split('"weight":{"type":"number"},').length - 1).toBe(2);
    expect(added.replaceAll('"weight":{"type":"number"},', '')).toBe(jsonText('-'));
  });
});
