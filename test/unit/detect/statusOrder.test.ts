/**
 * Which of several equal statuses an answer is read at does not depend on the order the schema lists them in
 * (src/detect/status/statusByMeaning.ts `plainerPath`, `statusFieldLevels`): the metamorphic corpus test's `order`
 * rewrite found Image Builder's `image.state.status` read as `image.scanState.status`, DigitalOcean's app read at
 * `pending_deployment.phase`, and Amplify's job at a list of steps, each when the file listed them the other way.
 */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { findStatusByMeaning, plainerPath } from '../../../src/detect/status/statusByMeaning.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const reader = new SchemaReader(createModel([]));
const status = (values: string[]): JsonSchema => ({ type: 'string', enum: values });
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const BUILD = ['PENDING', 'BUILDING', 'AVAILABLE', 'FAILED'];
const SCAN = ['PENDING', 'SCANNING', 'COMPLETED', 'FAILED'];

/** `props` in the order given and reversed: the same answer. */
const bothOrders = (props: Array<[string, JsonSchema]>) => [
  object(Object.fromEntries(props)),
  object(Object.fromEntries([...props].reverse())),
];
const fieldOf = (answer: JsonSchema) => {
  const found = findStatusByMeaning(reader, answer);
  return 'rejected' in found ? found.rejected : found.field;
};

describe('a status read the same whatever the order', () => {
  it.each([
    [
      "the thing's own state before a qualified one (`scanState`)",
      [['image', object({ scanState: object({ status: status(SCAN) }), state: object({ status: status(BUILD) }) })]] as Array<
        [string, JsonSchema]
      >,
      'image.state.status',
    ],
    [
      "one thing's status before a list's first item's",
      [
        ['steps', { type: 'array', items: object({ status: status(BUILD) }) }],
        ['summary', object({ status: status(BUILD) })],
      ] as Array<[string, JsonSchema]>,
      'summary.status',
    ],
  ])('%s', (_label, props, field) => {
    for (const answer of bothOrders(props)) expect(fieldOf(answer)).toBe(field);
  });

  it('one schema reached under several holders is read under the plainest, then the first by name', () => {
    const deployment = { $ref: '#/components/schemas/Deployment' };
    const model = createModel([], { schemas: { '#/components/schemas/Deployment': object({ phase: status(BUILD) }) } });
    const shared = new SchemaReader(model);
    const holders: Array<[string, JsonSchema]> = [
      ['pending_deployment', deployment],
      ['active_deployment', deployment],
      ['in_progress_deployment', deployment],
    ];
    for (const answer of bothOrders(holders)) {
      const found = findStatusByMeaning(shared, object({ app: answer }));
      expect('rejected' in found ? found.rejected : found.field).toBe('app.active_deployment.phase');
    }
  });

  it.each([
    ['image.state.status', 'image.scanState.status', true],
    ['image.scanState.status', 'image.state.status', false],
    ['currentState', 'requestedState', true],
    // Two fields of one holder equal in every other way: their names' order is the last tie-break.
    ['DeviceAggregatedStatus', 'ProvisioningStatus', true],
  ])('plainerPath(%s, %s) is %s', (a, b, expected) => expect(plainerPath(a, b)).toBe(expected));
});
