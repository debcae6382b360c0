/**
 * A contract is untrusted input, and its size is part of it: generate stays linear as one dimension of a spec
 * grows. Each row is a spec big in one way only, a shape that took time quadratic in that size (found by doubling
 * each dimension of a synthetic spec and profiling the runs that more than doubled). No time is asserted: a
 * regression shows as the row's timeout; each row takes a few seconds when linear and over half a minute without.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'linear-spec-size-'));

const record = {
  'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } },
};

function api(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'Linear size', version: '1' }, paths, ...extra };
}

/** `count` GET operations on paths of their own, each built by `operation(i)`. */
function manyOperations(count: number, operation: (i: number) => Record<string, unknown>): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    paths[`/r${i}`] = { get: { ...operation(i), responses: { '200': { description: 'ok', content: record } } } };
  return paths;
}

const OPERATIONS = 12_000;
const TAGS = 16_000;
const tags = Array.from({ length: TAGS }, (_, i) => `tag${i}`);

describe('a spec large in one dimension is generated in linear time', () => {
  it.each([
    // Every operation after the first claimed its tool name by trying `_2`, `_3`… from the start (naming.ts).
    [`${OPERATIONS} operations sharing one operationId`, api(manyOperations(OPERATIONS, () => ({ operationId: 'sameName' })))],
    // Each operation's list of toolsets was copied once per toolset it joined (planToolsets.ts).
    // A slash that ends a path was dropped by `/(.)\/+$/`-style regexes, which backtrack through a run of slashes
    // from every start: a path of 60,000 slashes took seconds per question asked of it (operationIndex.ts).
    [
      'a few paths of 60,000 slashes each',
      api(
        Object.fromEntries(
          ['a', 'b', 'c', 'd'].map((p) => [
            `/${p}${'/'.repeat(60_000)}x/{id}`,
            {
              get: {
                operationId: `get_${p}`,
                parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
                responses: { '200': { description: 'ok', content: record } },
              },
            },
          ]),
        ),
      ),
    ],
    // A path parameter `{id}` is bound to the answer field its contract documents alike (paramBinding.ts): the
    // descriptions were compared without markup by `/<[^>]*>/g`, which rescans the rest from every unclosed `<`.
    [
      'an item parameter and an answer field documented by 200,000 unclosed tags',
      api({
        '/jobs': {
          post: {
            operationId: 'StartJob',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { JobId: { type: 'string', description: '<'.repeat(200_000) } } },
                  },
                },
              },
            },
          },
        },
        '/jobs/{id}': {
          get: {
            operationId: 'GetJob',
            parameters: [{ name: 'id', in: 'path', required: true, description: '<'.repeat(200_000), schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { JobId: { type: 'string' }, Status: { type: 'string', enum: ['IN_PROGRESS', 'SUCCEEDED', 'FAILED'] } },
                    },
                  },
                },
              },
            },
          },
        },
      }),
    ],
    [
      `ten operations carrying ${TAGS} tags each`,
      api(
        manyOperations(10, (i) => ({ operationId: `op${i}`, tags })),
        { tags: tags.map((name) => ({ name })) },
      ),
    ],
  ])(
    '%s',
    async (_name, spec) => {
      const file = join(dir, 'spec.json');
      writeFileSync(file, JSON.stringify(spec));
      const result = await generate({ spec: file, output: join(dir, 'out') });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.files.length).toBeGreaterThan(10);
    },
    12_000,
  );
});
