/**
 * A record written as a union of its states (read/schemaWalk.ts `collectAlternatives`): OpenAPI 3's polymorphism and
 * TypeSpec's unions say a job as `oneOf: [QueuedRender, RunningRender, DoneRender, …]`, each alternative fixing
 * `status` to its own value. A value is one of the alternatives, so its `status` is any of theirs. Found by the
 * metamorphic `stateUnions` rewrite (scripts/corpus/stateUnions.ts), under which detection kept 45 of 249 labelled AWS
 * jobs, 34 of 213 provisionings and 21 of 73 other vendors' jobs before: the first alternative's one value was read
 * as the whole vocabulary. Its sibling `stateMappings` leaves the member an open string in each alternative and names
 * the values only in the discriminator's mapping (`schemaWalk.ts` `discriminatorValues`): 77 of 249, 61 of 213 and 31
 * of 73 before.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { componentSchemas, createModel, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { renderModel } from './renderOps.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const STATES = ['queued', 'running', 'completed', 'failed'];
/** `Render` as a union of one schema per state, each the same record with `status` fixed. */
function renderSchemas(wrap: (refs: JsonSchema[]) => JsonSchema = (refs) => ({ oneOf: refs })): Record<string, JsonSchema> {
  const variants = Object.fromEntries(STATES.map((s) => [`Render_${s}`, obj({ id: str(), status: str([s]) }, ['id', 'status'])]));
  return { Render: wrap(STATES.map((s) => createSchemaRef(`Render_${s}`))), ...variants };
}
describe('members of alternatives', () => {
  it.each<[string, (refs: JsonSchema[]) => JsonSchema]>([
    ['oneOf with a discriminator', (refs) => ({ oneOf: refs, discriminator: { propertyName: 'status' } })],
    ['anyOf', (refs) => ({ anyOf: refs })],
    ['a union wrapped in allOf, described', (refs) => ({ allOf: [{ oneOf: refs }], description: 'A render.' })],
  ])('a member each alternative fixes reads as all their values (%s)', (_label, wrap) => {
    const reader = new SchemaReader(renderModel(renderSchemas(wrap)));
    expect(reader.enumValues(reader.properties(createSchemaRef('Render')).get('status'))).toEqual(STATES);
  });

  it('a member the alternatives declare alike stays its own schema', () => {
    const shared = str();
    const reader = new SchemaReader(
      createModel([], {
        schemas: componentSchemas({ U: { oneOf: [obj({ id: shared, a: str(['x']) }), obj({ id: shared, a: str(['y']) })] } }),
      }),
    );
    expect(reader.properties(createSchemaRef('U')).get('id')).toBe(shared);
    // Declared alike but written twice (code-first generators inline each class): the first declaration, not a union.
    const twice = new SchemaReader(
      createModel([], { schemas: componentSchemas({ U: { oneOf: [obj({ id: str() }), obj({ id: str() })] } }) }),
    );
    expect(twice.properties(createSchemaRef('U')).get('id')).toEqual(str());
  });

  it('near miss: allOf branches are all true of the value, so the first declaration stands', () => {
    const reader = new SchemaReader(
      createModel([], { schemas: componentSchemas({ I: { allOf: [obj({ a: str(['x', 'y']) }), obj({ a: str(['x']) })] } }) }),
    );
    expect(reader.enumValues(reader.properties(createSchemaRef('I')).get('a'))).toEqual(['x', 'y']);
  });

  it('near miss: the record’s own declaration beside its alternatives stands', () => {
    const reader = new SchemaReader(
      createModel([], {
        schemas: componentSchemas({ R: { properties: { status: str(['a', 'b', 'c']) }, oneOf: [obj({ status: str(['a']) })] } }),
      }),
    );
    expect(reader.enumValues(reader.properties(createSchemaRef('R')).get('status'))).toEqual(['a', 'b', 'c']);
  });

  it('reads a bounded number of alternatives (a hostile contract may list thousands)', () => {
    const many = Array.from({ length: 5000 }, (_, i) => obj({ status: str([`s${i}`]) }));
    const reader = new SchemaReader(createModel([], { schemas: componentSchemas({ U: { oneOf: many } }) }));
    expect(reader.enumValues(reader.properties(createSchemaRef('U')).get('status'))?.length).toBe(64);
  });
});

describe('detection of a job written as a union of its states', () => {
  it('finds the resource job and maps every state', () => {
    const detection = detectJobs(renderModel(renderSchemas()));
    expect(summarize(detection)).toMatchObject([{ start: ['createRender'], poll: 'getRender' }]);
    expect(detection.families[0]).toMatchObject({
      statusField: 'status',
      states: { queued: 'queued', running: 'running', completed: 'succeeded', failed: 'failed' },
    });
  });

  it('finds an AWS-shaped job whose record in the poll’s answer is a union (Transcribe said as TypeSpec would)', () => {
    const job = (s: string) => obj({ TranscriptionJobName: str(), TranscriptionJobStatus: str([s]) });
    const model = createModel(
      [
        rpc(
          'StartTranscriptionJob',
          obj({ TranscriptionJobName: str() }, ['TranscriptionJobName']),
          obj({ TranscriptionJob: createSchemaRef('Job') }),
        ),
        rpc(
          'GetTranscriptionJob',
          obj({ TranscriptionJobName: str() }, ['TranscriptionJobName']),
          obj({ TranscriptionJob: createSchemaRef('Job') }),
        ),
      ],
      { schemas: componentSchemas({ Job: { oneOf: ['QUEUED', 'IN_PROGRESS', 'FAILED', 'COMPLETED'].map(job) } }) },
    );
    expect(summarize(detectJobs(model))).toMatchObject([{ start: ['StartTranscriptionJob'], poll: 'GetTranscriptionJob' }]);
  });
});

describe('values named by a discriminator’s mapping', () => {
  const base = obj({ id: str(), status: str(undefined, 'Where the render is.') }, ['id', 'status']);
  const mapped = (mapping: boolean, member: JsonSchema = base): Record<string, JsonSchema> => ({
    Render: {
      oneOf: STATES.map((s) => createSchemaRef(`Render_${s}`)),
      discriminator: {
        propertyName: 'status',
        ...(mapping ? { mapping: Object.fromEntries(STATES.map((s) => [s, `#/components/schemas/Render_${s}`])) } : {}),
      },
    },
    RenderBase: member,
    ...Object.fromEntries(STATES.map((s) => [`Render_${s}`, { allOf: [createSchemaRef('RenderBase')] }])),
  });
  const statusOf = (schemas: Record<string, JsonSchema>) => {
    const reader = new SchemaReader(renderModel(schemas));
    return reader.properties(createSchemaRef('Render')).get('status');
  };

  it('reads the mapping’s keys as the values of an open member, its description kept', () => {
    expect(statusOf(mapped(true))).toEqual({ type: 'string', enum: STATES, description: 'Where the render is.' });
    expect(summarize(detectJobs(renderModel(mapped(true))))).toMatchObject([{ start: ['createRender'], poll: 'getRender' }]);
  });
  it('near miss: without a mapping the values would be schema names, and nothing is read', () => {
    expect(statusOf(mapped(false))).toEqual(str(undefined, 'Where the render is.'));
    expect(detectJobs(renderModel(mapped(false))).families).toEqual([]);
  });
  it('near miss: a member that declares its values keeps them', () => {
    expect(statusOf(mapped(true, obj({ status: str(['a', 'b']) })))).toEqual(str(['a', 'b']));
  });
});

describe('what every alternative requires', () => {
  const form = (state: string, more: string[] = []) =>
    obj({ Name: str(), ModelVariantActions: str(), DesiredState: str([state]), [`${state}Note`]: str() }, [
      'Name',
      'ModelVariantActions',
      ...more,
    ]);
  const reader = new SchemaReader(
    createModel([], {
      schemas: componentSchemas({
        Stop: { oneOf: [createSchemaRef('StopCompleted'), createSchemaRef('StopCancelled')] },
        StopCompleted: form('Completed', ['CompletedNote']),
        StopCancelled: form('Cancelled'),
        Base: obj({ Name: str() }, ['Name']),
        Composed: { anyOf: [{ allOf: [createSchemaRef('Base'), obj({ a: str() }, ['a'])] }, { allOf: [createSchemaRef('Base')] }] },
      }),
    }),
  );
  it('a request written as a union of its forms requires what each form requires (SageMaker’s StopInferenceExperiment)', () => {
    expect([...reader.requiredNames(createSchemaRef('Stop'))].sort()).toEqual(['ModelVariantActions', 'Name']);
  });
  it('a base two alternatives compose is required by both; what one adds is not', () => {
    expect([...reader.requiredNames(createSchemaRef('Composed'))]).toEqual(['Name']);
  });
  it('near miss: alternatives that share no requirement require nothing', () => {
    expect([...reader.requiredNames({ oneOf: [obj({ a: str() }, ['a']), obj({ b: str() }, ['b'])] })]).toEqual([]);
  });
});
