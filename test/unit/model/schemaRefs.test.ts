/** The IR toolkit's one `$ref` resolver: every stage's chain endings come from these rows. */
import { describe, expect, it } from 'vitest';
import { followRefs, modelLookup, refName, resolveSchema } from '../../../src/model/schemaRefs.js';

const schemas: Record<string, unknown> = {
  '#/components/schemas/Job': { type: 'object', description: 'A job' },
  '#/components/schemas/JobAlias': { $ref: '#/components/schemas/Job' },
  '#/components/schemas/A': { $ref: '#/components/schemas/B' },
  '#/components/schemas/B': { $ref: '#/components/schemas/A' },
  '#/components/schemas/Self': { $ref: '#/components/schemas/Self' },
  '#/components/schemas/Dangling': { $ref: '#/components/schemas/Nowhere' },
  '#/components/schemas/Never': false,
};
const lookup = (ref: string) => schemas[ref];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('followRefs', () => {
  it.each([
    ['an inline node is its own value', { type: 'string' }, { value: { type: 'string' }, refs: [] }],
    ['a non-object is its own value', true, { value: true, refs: [] }],
    ['one ref', ref('Job'), { value: schemas['#/components/schemas/Job'], refs: ['#/components/schemas/Job'] }],
    [
      'a ref to a ref',
      ref('JobAlias'),
      { value: schemas['#/components/schemas/Job'], refs: ['#/components/schemas/JobAlias', '#/components/schemas/Job'] },
    ],
    ['a boolean target', ref('Never'), { value: false, refs: ['#/components/schemas/Never'] }],
    [
      'a two-ref loop',
      ref('A'),
      {
        value: undefined,
        refs: ['#/components/schemas/A', '#/components/schemas/B'],
        stop: 'cycle',
        stoppedAt: '#/components/schemas/A',
      },
    ],
    [
      'a ref to itself',
      ref('Self'),
      { value: undefined, refs: ['#/components/schemas/Self'], stop: 'cycle', stoppedAt: '#/components/schemas/Self' },
    ],
    [
      'a chain ending at a ref that names nothing',
      ref('Dangling'),
      { value: undefined, refs: ['#/components/schemas/Dangling'], stop: 'missing', stoppedAt: '#/components/schemas/Nowhere' },
    ],
    ['a ref that names nothing', ref('Gone'), { value: undefined, refs: [], stop: 'missing', stoppedAt: '#/components/schemas/Gone' }],
  ])('%s', (_name, node, expected) => {
    expect(followRefs(node, lookup)).toEqual(expected);
  });

  it('a ref already on the caller path is a cycle before it is looked up', () => {
    const seen: string[] = [];
    const chain = followRefs(
      ref('JobAlias'),
      (r) => {
        seen.push(r);
        return schemas[r];
      },
      { onPath: ['#/components/schemas/Job'] },
    );
    expect(chain).toMatchObject({ stop: 'cycle', stoppedAt: '#/components/schemas/Job', refs: ['#/components/schemas/JobAlias'] });
    expect(seen).toEqual(['#/components/schemas/JobAlias']);
  });

  it('stops a chain longer than maxHops', () => {
    const long: Record<string, unknown> = { '#/s/5': { type: 'string' } };
    for (let i = 0; i < 5; i++) long[`#/s/${i}`] = { $ref: `#/s/${i + 1}` };
    expect(followRefs({ $ref: '#/s/0' }, (r) => long[r], { maxHops: 6 })).toEqual({ value: { type: 'string' }, refs: expect.any(Array) });
    expect(followRefs({ $ref: '#/s/0' }, (r) => long[r], { maxHops: 5 })).toMatchObject({ stop: 'too-long', stoppedAt: '#/s/5' });
  });

  it('keepSiblings: keywords beside a ref win over the target and the target is not modified', () => {
    const target = schemas['#/components/schemas/Job'];
    const chain = followRefs({ ...ref('JobAlias'), description: 'Mine', nullable: true }, lookup, { keepSiblings: true });
    expect(chain.value).toEqual({ type: 'object', description: 'Mine', nullable: true });
    expect(target).toEqual({ type: 'object', description: 'A job' });
    // Without siblings the target itself comes back: callers may cache by identity.
    expect(followRefs(ref('Job'), lookup, { keepSiblings: true }).value).toBe(target);
    expect(followRefs({ ...ref('Job'), description: 'Mine' }, lookup).value).toBe(target);
  });
});

describe('modelLookup and resolveSchema', () => {
  const model = {
    schemas: { '#/components/schemas/Job': { type: 'object' } },
    namedSchemas: { '#/components/schemas/Job': { type: 'object' }, '#/components/schemas/Meta': { type: 'string' } },
  };

  it('reads schemas, and namedSchemas only when asked', () => {
    expect(resolveSchema(ref('Meta'), modelLookup(model))).toBeUndefined();
    expect(resolveSchema(ref('Meta'), modelLookup(model, true))).toEqual({ type: 'string' });
    expect(resolveSchema(ref('Job'), modelLookup(model))).toBe(model.schemas['#/components/schemas/Job']);
  });

  it('names nothing through inherited keys', () => {
    expect(modelLookup(model)('constructor')).toBeUndefined();
    expect(modelLookup(model, true)('__proto__')).toBeUndefined();
  });
});

describe('refName', () => {
  it.each([
    ['#/components/schemas/Job', 'Job'],
    ['#/definitions/a~1b~0c', 'a/b~c'],
    ['#/components/schemas/caf%C3%A9', 'café'],
    ['#/components/schemas/100%', '100%'],
    ['Job', 'Job'],
  ])('%s → %s', (input, expected) => {
    expect(refName(input)).toBe(expected);
  });
});
