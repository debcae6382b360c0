/**
 * What the generality rule rows share (generalityRules5.test.ts, generalityRules7.test.ts): a row builds the smallest
 * IR that carries one convention's shape and names the families it must yield, their status fields too.
 */
import { expect } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createParameter, createResponse } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { type FamilySummary, summarize } from './summarize.js';

export type RuleRow = [label: string, build: () => ApiModel, expected: Array<Partial<FamilySummary> & { status?: string }>];

export const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
export const listed = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });
export const int: JsonSchema = { type: 'integer' };
export const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
export const answers = (code: string, schema: JsonSchema) => ({ responses: [createResponse(code, { schema })] });
export const path = (...names: string[]) => ({ parameters: names.map((n) => createParameter(n, 'path', { required: true })) });

/** The row's model yields exactly the expected families, each with the status field named. */
export function expectRow(build: () => ApiModel, expected: RuleRow[2]): void {
  const d = detectJobs(build());
  const found = summarize(d).map((s, i) => ({ ...s, status: d.families[i]!.statusField ?? undefined }));
  expect(found).toMatchObject(expected);
  expect(found).toHaveLength(expected.length);
}
