/**
 * The rewrites of the metamorphic corpus test (scripts/corpus/metamorphicTransforms.ts, enumCase.ts): each keeps the
 * spec's meaning, is deterministic, and never mutates its input.
 */
import { describe, expect, it } from 'vitest';
import { enumRespellings, respell, respellProse, wordsOf } from '../../scripts/corpus/enumCase.js';
import { familySignature } from '../../scripts/corpus/metamorphicCompare.js';
import { type Json, rewrite, seededRandom, TRANSFORMS, type TransformName } from '../../scripts/corpus/metamorphicTransforms.js';
import { otherCase } from '../../scripts/corpus/nameCase.js';
import { segmentInOtherCase } from '../../scripts/corpus/pathStyles.js';
import { stateNameOf } from '../../scripts/corpus/responseStyles.js';

const job = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string' },
    status: {
      type: 'string',
      enum: ['IN_PROGRESS', 'SUCCEEDED', 'FAILED'],
      default: 'IN_PROGRESS',
      description: 'IN_PROGRESS until done.',
    },
  },
};
const spec = (): Json => ({
  openapi: '3.0.0',
  info: { title: 'Jobs', version: '1', description: 'Starts jobs.' },
  paths: {
    '/jobs': {
      post: {
        operationId: 'startJob',
        summary: 'Start a job',
        responses: {
          '202': { description: 'accepted', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          default: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/job-queues': { get: { operationId: 'listQueues', responses: { '200': { description: 'The queues' } } } },
    '/jobs/{jobId}': {
      get: {
        operationId: 'getJob',
        parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The job; `status` is "SUCCEEDED" or "FAILED" at the end',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Job/properties/status' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Job: job,
      Error: { type: 'object', properties: { description: { type: 'string' }, error_code: { type: 'string' } } },
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Job' }],
        discriminator: { propertyName: 'kind', mapping: { job: '#/components/schemas/Job' } },
      },
    },
  },
});
const ctx = { file: 'example.com/jobs.json', seed: 1 };
const names = Object.keys(TRANSFORMS) as TransformName[];

describe('every rewrite', () => {
  it.each(names)('%s is deterministic and leaves its input alone', (name) => {
    const input = spec();
    const snapshot = JSON.stringify(input);
    const a = TRANSFORMS[name](input, ctx);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(JSON.stringify(TRANSFORMS[name](spec(), ctx))).toBe(JSON.stringify(a));
    expect(JSON.stringify(a)).not.toBe(snapshot);
  });
});

describe('rewrites an AWS contract rules out', () => {
  // Its protocols fix the bodies and media types, Smithy names its operations (and its paths spell them again), and
  // it declares every `required`. The rewrite of the same spec under another name changes it ("every rewrite").
  it.each(['noOperationIds', 'dataEnvelope', 'springMediaTypes', 'opIdCase', 'fastApiOpIds', 'noRequired', 'jsonApi'] as const)(
    '%s leaves an AWS contract as written',
    (name) => {
      expect(TRANSFORMS[name](spec(), { ...ctx, file: 'amazonaws.com/batch.json' })).toEqual(spec());
    },
  );
});

describe('order and shuffle', () => {
  it('reverse every object and set array, and keep the content', () => {
    const out = TRANSFORMS.order(spec(), ctx) as any;
    expect(Object.keys(out.paths)).toEqual(['/jobs/{jobId}', '/job-queues', '/jobs']);
    // Integer-like keys (status codes) always enumerate first and ascending in JavaScript, as parsed from any file:
    // their order can be neither varied nor depended on.
    expect(Object.keys(out.paths['/jobs'].post.responses)).toEqual(['202', 'default']);
    expect(Object.keys(out.components.schemas.Job.properties)).toEqual(['status', 'id']);
    expect(out.components.schemas.Job.properties.status.enum).toEqual(['FAILED', 'SUCCEEDED', 'IN_PROGRESS']);
    expect(out.components.schemas.Job.required).toEqual(['status', 'id']);
    expect(sorted(out)).toEqual(sorted(spec()));
  });
  it('keep the order of arrays that are lists (parameters, oneOf)', () => {
    const input = { parameters: [{ name: 'a' }, { name: 'b' }], oneOf: [{ type: 'string' }, { type: 'integer' }] };
    const out = TRANSFORMS.order(input, ctx) as any;
    expect(out.parameters.map((p: { name: string }) => p.name)).toEqual(['a', 'b']);
    expect(out.oneOf).toEqual(input.oneOf);
  });
  it('shuffle by the seed and the file, the same every time', () => {
    const keys = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
    const one = Object.keys(TRANSFORMS.shuffle(keys, ctx) as object);
    expect(Object.keys(TRANSFORMS.shuffle(keys, ctx) as object)).toEqual(one);
    expect(Object.keys(TRANSFORMS.shuffle(keys, { ...ctx, seed: 2 }) as object)).not.toEqual(one);
    expect([...one].sort()).toEqual(Object.keys(keys).sort());
    const r = seededRandom(7, 'a');
    expect(Array.from({ length: 3 }, r).every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('enumCase', () => {
  it.each([
    ['IN_PROGRESS', ['in', 'progress']],
    ['inProgress', ['in', 'progress']],
    ['HTTPServer', ['http', 'server']],
    ['in-progress', ['in', 'progress']],
  ])('words of %s', (value, words) => expect(wordsOf(value)).toEqual(words));
  it.each([
    ['IN_PROGRESS', 'lower_snake', 'in_progress'],
    ['IN_PROGRESS', 'PascalCase', 'InProgress'],
    ['running', 'lower_snake', 'RUNNING'],
    ['Succeeded', 'PascalCase', 'SUCCEEDED'],
    ['inProgress', 'PascalCase', 'IN_PROGRESS'],
  ] as const)('%s → (%s) %s', (value, target, out) => expect(respell(value, target)).toBe(out));

  it("respell enums, defaults and the enum's own description the same way, and leave keywords and names alone", () => {
    const out = TRANSFORMS.enumCase(spec(), { ...ctx, seed: 2 }) as any;
    const status = out.components.schemas.Job.properties.status;
    expect(status.enum).toEqual(['in_progress', 'succeeded', 'failed']);
    expect(status.default).toBe('in_progress');
    expect(status.description).toBe('in_progress until done.');
    expect(out.paths['/jobs/{jobId}'].get.responses['200'].description).toBe('The job; `status` is "SUCCEEDED" or "FAILED" at the end');
    expect(out.paths['/jobs'].post.responses.default.description).toBe('error');
    expect(out.components.schemas.Error.properties.description).toEqual({ type: 'string' });
  });
  it("leave another schema's description alone: its list may hold values no enum has", () => {
    const out = TRANSFORMS.enumCase(
      { a: { enum: ['ACTIVE', 'FAILED'] }, b: { type: 'string', description: 'One of ACTIVE, PROVISIONING, FAILED, or `ACTIVE`.' } },
      { ...ctx, seed: 2 },
    ) as any;
    expect(out.b.description).toBe('One of ACTIVE, PROVISIONING, FAILED, or `ACTIVE`.');
  });
  it('respell a lower-case word in prose only where it is quoted', () => {
    const map = new Map([['running', 'RUNNING']]);
    const pattern = /(?<![A-Za-z0-9_])(?:running)(?![A-Za-z0-9_])/g;
    expect(respellProse('The job is running; see `running` and <code>running</code>.', map, pattern)).toBe(
      'The job is running; see `RUNNING` and <code>RUNNING</code>.',
    );
  });
  it('keep an enum whose respelled values would collide (in_progress, inProgress)', () => {
    const map = enumRespellings({ a: { enum: ['in_progress', 'inProgress'] }, b: { enum: ['in_progress', 'DONE'] } }, 'PascalCase');
    expect(map.has('in_progress')).toBe(false);
    expect(map.get('DONE')).toBe('Done');
  });
});

describe('noOperationIds', () => {
  it('drops every operationId', () => {
    expect(JSON.stringify(TRANSFORMS.noOperationIds(spec(), ctx))).not.toContain('operationId');
  });
  it('points each link that named an operationId at the same operation by operationRef', () => {
    const link = { operationId: 'getJob', parameters: { id: '$response.body#/id' } };
    const out = TRANSFORMS.noOperationIds(
      {
        paths: {
          '/jobs': { post: { operationId: 'startJob', responses: { '202': { description: 'ok', links: { Job: link } } } } },
          '/jobs/{id}': { get: { operationId: 'getJob', responses: {} } },
        },
        components: { links: { Job: link } },
      },
      ctx,
    ) as any;
    const byRef = { operationRef: '#/paths/~1jobs~1{id}/get', parameters: { id: '$response.body#/id' } };
    expect(out.paths['/jobs'].post.responses['202'].links.Job).toEqual(byRef);
    expect(out.components.links.Job).toEqual(byRef);
  });
});

describe('schemaNames', () => {
  it('renames every component schema and rewrites refs, deep refs and discriminator mappings', () => {
    const out = TRANSFORMS.schemaNames(spec(), ctx) as any;
    expect(Object.keys(out.components.schemas)).toEqual(['S1', 'S2', 'S3']);
    expect(out.paths['/jobs'].post.responses['202'].content['application/json'].schema.$ref).toBe('#/components/schemas/S1');
    expect(out.paths['/jobs/{jobId}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/S1/properties/status',
    );
    expect(out.components.schemas.S3.discriminator.mapping.job).toBe('#/components/schemas/S1');
    expect(JSON.stringify(out)).not.toMatch(/schemas\/(Job|Error|Pet)/);
  });
  it('renames Swagger 2 definitions', () => {
    const out = TRANSFORMS.schemaNames({ swagger: '2.0', definitions: { 'A/B': {}, C: { $ref: '#/definitions/A~1B' } } }, ctx) as any;
    expect(out.definitions).toEqual({ S1: {}, S2: { $ref: '#/definitions/S1' } });
  });
});

describe('inlineRefs', () => {
  it('replaces every schema ref by its schema, deep refs and siblings included, and drops the schemas no one needs', () => {
    const input = spec() as any;
    input.paths['/jobs'].post.responses['202'].content['application/json'].schema.description = 'The job started';
    const out = TRANSFORMS.inlineRefs(input, ctx) as any;
    expect(out.paths['/jobs'].post.responses['202'].content['application/json'].schema).toEqual({ ...job, description: 'The job started' });
    expect(out.paths['/jobs/{jobId}'].get.responses['200'].content['application/json'].schema).toEqual(job.properties.status);
    // Pet's mapping names Job: Job stays in its home (the mapping must resolve); Pet declares a discriminator and
    // stays; Error goes.
    expect(Object.keys(out.components.schemas)).toEqual(['Job', 'Pet']);
    expect(JSON.stringify(out.paths)).not.toContain('$ref');
  });
  it('keeps refs to a schema on a cycle, and that schema in its home', () => {
    const tree = {
      swagger: '2.0',
      paths: { '/n': { get: { responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Page' } } } } } },
      definitions: {
        Page: { type: 'object', properties: { root: { $ref: '#/definitions/Node' }, size: { $ref: '#/definitions/Size' } } },
        Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/definitions/Node' } } } },
        Size: { type: 'integer' },
      },
    };
    const out = TRANSFORMS.inlineRefs(tree, ctx) as any;
    expect(out.paths['/n'].get.responses['200'].schema).toEqual({
      type: 'object',
      properties: { root: { $ref: '#/definitions/Node' }, size: { type: 'integer' } },
    });
    expect(out.definitions).toEqual({ Node: tree.definitions.Node });
  });
  it("keeps a discriminator's hierarchy named: subtypes are found by their allOf refs and named by schema name", () => {
    const poly: any = {
      openapi: '3.0.0',
      paths: {
        '/p': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/State' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          Base: { type: 'object', discriminator: { propertyName: 'type' }, properties: { type: { type: 'string' } } },
          State: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'string' } } }] },
          Done: { allOf: [{ $ref: '#/components/schemas/State' }, { properties: { result: { $ref: '#/components/schemas/Result' } } }] },
          Result: { type: 'string', enum: ['OK', 'FAILED'] },
        },
      },
    };
    const out = TRANSFORMS.inlineRefs(poly, ctx) as any;
    expect(out.paths['/p'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/State' });
    expect(Object.keys(out.components.schemas)).toEqual(['Base', 'State', 'Done']);
    expect(out.components.schemas.Done.allOf[1].properties.result).toEqual(poly.components.schemas.Result);
  });
});

describe('paths said in other styles', () => {
  const paths = (out: Json) => Object.keys((out as any).paths);
  const aws = {
    swagger: '2.0',
    paths: {
      '/#Action=StartJob': { post: {} },
      '/v1/{name}:cancel': { post: {} },
      '/{Bucket}?uploads': { post: {} },
      '/preview/{id}#analyzerArn': { get: {} },
    },
  };
  it('pathPrefix puts every address under a version and leaves fragment paths and servers alone', () => {
    const out = rewrite('pathPrefix', spec(), ctx);
    expect(paths(out.spec)).toEqual(['/api/v9/jobs', '/api/v9/job-queues', '/api/v9/jobs/{jobId}']);
    expect(out.originalPath('/api/v9/jobs/{jobId}')).toBe('/jobs/{jobId}');
    // Paths that already start with a version get only `/api` before it.
    expect(paths(TRANSFORMS.pathPrefix(aws, ctx))).toEqual([
      '/#Action=StartJob',
      '/api/v1/{name}:cancel',
      '/api/{Bucket}?uploads',
      '/api/preview/{id}#analyzerArn',
    ]);
  });
  it('moves the refs into a moved path with it', () => {
    const input: any = {
      openapi: '3.0.0',
      paths: {
        '/a': { get: { responses: { '200': { description: 'ok', headers: { limit: { schema: { type: 'integer' } } } } } } },
        '/b': { get: { responses: { '200': { $ref: '#/paths/~1a/get/responses/200' } } } },
      },
    };
    const out = TRANSFORMS.pathPrefix(input, ctx) as any;
    expect(out.paths['/api/v9/b'].get.responses['200'].$ref).toBe('#/paths/~1api~1v9~1a/get/responses/200');
  });
  it('trailingSlash ends every address with a slash, before a query, and not after a custom method', () => {
    expect(paths(TRANSFORMS.trailingSlash(spec(), ctx))).toEqual(['/jobs/', '/job-queues/', '/jobs/{jobId}/']);
    expect(paths(TRANSFORMS.trailingSlash(aws, ctx))).toEqual([
      '/#Action=StartJob',
      '/v1/{name}:cancel',
      '/{Bucket}/?uploads',
      '/preview/{id}/#analyzerArn',
    ]);
  });
  it('keeps two paths that would share a key as written', () => {
    const out = rewrite('trailingSlash', { openapi: '3.0.0', paths: { '/a': {}, '/a/': {}, '/b': {} } }, ctx);
    expect(paths(out.spec)).toEqual(['/a', '/a/', '/b/']);
    expect(out.originalPath('/b/')).toBe('/b');
    expect(out.originalPath('/a/')).toBe('/a/');
  });
  it('neutralParams names path parameters by place, in the path, parameters (a ref one copied in) and links', () => {
    const input: any = {
      openapi: '3.0.0',
      paths: {
        '/projects/{projectId}/jobs': {
          parameters: [{ $ref: '#/components/parameters/Project' }],
          post: {
            responses: {
              '202': {
                description: 'started',
                links: {
                  status: {
                    operationId: 'getJob',
                    parameters: { projectId: '$request.path.projectId', 'path.jobId': '$response.body#/id' },
                  },
                },
              },
            },
          },
        },
        '/projects/{projectId}/jobs/{jobId}': {
          get: {
            operationId: 'getJob',
            parameters: [
              { $ref: '#/components/parameters/Project' },
              { name: 'jobId', in: 'path', required: true },
              { name: 'jobId', in: 'query' },
            ],
            responses: { '200': { description: 'the job' } },
          },
        },
      },
      components: { parameters: { Project: { name: 'projectId', in: 'path', required: true } } },
    };
    const out = rewrite('neutralParams', input, ctx);
    const o = out.spec as any;
    expect(paths(o)).toEqual(['/projects/{id1}/jobs', '/projects/{id1}/jobs/{id2}']);
    expect(out.originalPath('/projects/{id1}/jobs/{id2}')).toBe('/projects/{projectId}/jobs/{jobId}');
    expect(o.paths['/projects/{id1}/jobs'].parameters).toEqual([{ name: 'id1', in: 'path', required: true }]);
    expect(o.paths['/projects/{id1}/jobs/{id2}'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['id1', 'id2', 'jobId']);
    expect(o.paths['/projects/{id1}/jobs'].post.responses['202'].links.status.parameters).toEqual({
      id1: '$request.path.id1',
      'path.id2': '$response.body#/id',
    });
  });
  it("paramNames calls the item's own parameter id, the last one with at most a member action after it", () => {
    const input: any = {
      openapi: '3.0.0',
      paths: {
        '/jobs/{jobId}': { get: { parameters: [{ name: 'jobId', in: 'path' }] } },
        '/jobs/{jobId}/cancel': { post: { parameters: [{ name: 'jobId', in: 'path' }] } },
        '/projects/{projectId}/jobs/{jobId}/logs/{logId}': {},
        '/projects/{projectId}/jobs/{jobId}/logs': {},
        '/things/{id}/parts/{partId}': {},
      },
    };
    const out = TRANSFORMS.paramNames(input, ctx) as any;
    expect(paths(out)).toEqual([
      '/jobs/{id}',
      '/jobs/{id}/cancel',
      '/projects/{projectId}/jobs/{jobId}/logs/{id}',
      '/projects/{projectId}/jobs/{id}/logs',
      '/things/{id}/parts/{partId}',
    ]);
    expect(out.paths['/jobs/{id}/cancel'].post.parameters).toEqual([{ name: 'id', in: 'path' }]);
  });
});

describe('noDescriptions', () => {
  it('drops prose and keeps a property named description', () => {
    const out = TRANSFORMS.noDescriptions(spec(), ctx) as any;
    expect(JSON.stringify(out)).not.toMatch(/"(description|summary)":"/);
    expect(out.components.schemas.Error.properties.description).toEqual({ type: 'string' });
  });
});

describe('familySignature', () => {
  it('compares state values without case or separators, and starts as a set', () => {
    const f = (starts: string[], states: Record<string, 'running' | 'succeeded'>) => ({
      starts,
      poll: 'GET /jobs/{jobId}',
      kind: 'job' as const,
      vocabulary: { statusField: 'status', states, unknownRunning: [], statusLess: false, progress: null },
    });
    expect(familySignature(f(['POST /a', 'POST /b'], { IN_PROGRESS: 'running', DONE: 'succeeded' }))).toBe(
      familySignature(f(['POST /b', 'POST /a'], { done: 'succeeded', inProgress: 'running' })),
    );
    expect(familySignature(f(['POST /a'], { DONE: 'succeeded' }))).not.toBe(familySignature(f(['POST /a'], { DONE: 'running' })));
  });
  it('tells a family with a cancel from one without (a request written as a union once lost what it required)', () => {
    const f = (cancel: string | null) => ({ starts: ['POST /a'], poll: 'GET /a/{id}', kind: 'job' as const, cancel });
    expect(familySignature(f('POST /a/{id}/stop'))).not.toBe(familySignature(f(null)));
    expect(familySignature(f(null))).toBe(familySignature(f(null)));
  });
});

/** A value with every object's keys sorted, to compare content without order. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
  );
}

describe('dataEnvelope', () => {
  it('wraps every success JSON body, its examples and its links in `data`, and leaves errors alone', () => {
    const input = spec() as any;
    input.paths['/jobs'].post.responses['202'].content['application/json'].example = { id: 'j1' };
    input.paths['/jobs'].post.responses['202'].links = { status: { operationId: 'getJob', parameters: { jobId: '$response.body#/id' } } };
    const out = TRANSFORMS.dataEnvelope(input, ctx) as any;
    const accepted = out.paths['/jobs'].post.responses['202'];
    expect(accepted.content['application/json'].schema).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/Job' } },
    });
    expect(accepted.content['application/json'].example).toEqual({ data: { id: 'j1' } });
    expect(accepted.links.status.parameters.jobId).toBe('$response.body#/data/id');
    expect(out.paths['/jobs'].post.responses.default).toEqual(input.paths['/jobs'].post.responses.default);
  });
  it('wraps a shared success response where it is defined, and Swagger 2 bodies', () => {
    const shared = {
      openapi: '3.0.0',
      paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
      components: { responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } },
    };
    expect(
      (TRANSFORMS.dataEnvelope(shared, ctx) as any).components.responses.Ok.content['application/json'].schema.properties.data,
    ).toEqual({
      type: 'string',
    });
    const swagger = {
      swagger: '2.0',
      paths: { '/a': { get: { responses: { '200': { description: 'ok', schema: { type: 'string' } } } } } },
    };
    expect((TRANSFORMS.dataEnvelope(swagger, ctx) as any).paths['/a'].get.responses['200'].schema.required).toEqual(['data']);
  });
});

describe('statusName', () => {
  it.each([
    ['status', 'state'],
    ['Status', 'State'],
    ['jobStatus', 'jobState'],
    ['JobStatus', 'JobState'],
    ['job_status', 'job_state'],
    ['JOB_STATUS', 'JOB_STATE'],
    ['Substatus', null],
    ['jobstatus', null],
    ['statusCode', null],
  ])('%s → %s', (name, to) => expect(stateNameOf(name)).toBe(to));
  it("renames a schema's status properties with its required list, and leaves parameters and a taken name alone", () => {
    const out = TRANSFORMS.statusName(spec(), ctx) as any;
    expect(Object.keys(out.components.schemas.Job.properties)).toEqual(['id', 'state']);
    expect(out.components.schemas.Job.required).toEqual(['id', 'state']);
    const both = { type: 'object', properties: { status: { type: 'string' }, state: { type: 'string' } } };
    expect(TRANSFORMS.statusName(both, ctx)).toEqual(both);
    const param = { parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }] };
    expect(TRANSFORMS.statusName(param, ctx)).toEqual(param);
  });
});

describe('statusName refs', () => {
  it('a $ref into a renamed property follows it', () => {
    const out = TRANSFORMS.statusName(spec(), ctx) as any;
    expect(out.paths['/jobs/{jobId}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Job/properties/state',
    );
  });
});

describe('dataEnvelope on an envelope', () => {
  it('leaves a body that is an envelope already as written (`data`, or one object member)', () => {
    const api = (schema: Json): Json => ({
      openapi: '3.0.0',
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } },
      components: { schemas: { Droplet: { type: 'object', properties: { id: { type: 'integer' } } } } },
    });
    for (const schema of [
      { type: 'object', properties: { data: { type: 'object' }, meta: { type: 'object' } } },
      { type: 'object', properties: { droplet: { $ref: '#/components/schemas/Droplet' } } },
    ] as Json[])
      expect(TRANSFORMS.dataEnvelope(api(schema), ctx)).toEqual(api(schema));
  });
});

describe('nameCase', () => {
  it.each([
    ['job_id', 'jobId'],
    ['JOB_STATUS', 'jobStatus'],
    ['output_s3_uri', 'outputS3Uri'],
    ['jobId', 'job_id'],
    ['JobId', 'job_id'],
    ['Status', 'status'],
    ['OutputS3Uri', 'output_s3_uri'],
    ['JobARN', 'job_arn'],
    ['jobIDs', 'job_ids'],
    ['ResourceARNsList', 'resource_arns_list'],
    ['status', null],
    ['_links', null],
    ['@odata.type', null],
    ['x-rate-limit', null],
    ['job__id', null],
  ])('%s → %s', (name, to) => expect(otherCase(name)).toBe(to));
  it("renames a schema's members with required, refs and examples, and query parameters with the links naming them", () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: {
        '/jobs/{job_id}': {
          get: {
            parameters: [
              { name: 'job_id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'include_logs', in: 'query', schema: { type: 'boolean' } },
              { name: 'X-Request_Id', in: 'header', schema: { type: 'string' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/Job' },
                    examples: { done: { value: { job_id: 'j1', job_status: 'DONE', result: { file_url: 'u' } } } },
                  },
                },
                links: {
                  self: {
                    operationId: 'getJob',
                    parameters: { job_id: '$response.body#/job_id', include_logs: '$request.query.include_logs' },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Job: {
            type: 'object',
            required: ['job_id', 'job_status'],
            properties: { job_id: { type: 'string' }, job_status: { $ref: '#/components/schemas/Job/properties/job_id' } },
            example: { job_id: 'j1' },
          },
        },
      },
    };
    const out = TRANSFORMS.nameCase(api, ctx) as any;
    const job = out.components.schemas.Job;
    expect(Object.keys(job.properties)).toEqual(['jobId', 'jobStatus']);
    expect(job.required).toEqual(['jobId', 'jobStatus']);
    expect(job.properties.jobStatus.$ref).toBe('#/components/schemas/Job/properties/jobId');
    expect(job.example).toEqual({ jobId: 'j1' });
    const get = out.paths['/jobs/{job_id}'].get;
    expect(get.parameters.map((p: any) => p.name)).toEqual(['job_id', 'includeLogs', 'X-Request_Id']);
    const ok = get.responses['200'];
    expect(ok.content['application/json'].examples.done.value).toEqual({ jobId: 'j1', jobStatus: 'DONE', result: { fileUrl: 'u' } });
    expect(ok.links.self.parameters).toEqual({ job_id: '$response.body#/jobId', includeLogs: '$request.query.includeLogs' });
  });
  it('keeps a name whose new spelling the same object has, or another member takes', () => {
    const both = { type: 'object', properties: { jobId: { type: 'string' }, job_id: { type: 'string' } } };
    expect(TRANSFORMS.nameCase(both, ctx)).toEqual(both);
    const clash = { type: 'object', properties: { JobId: { type: 'string' }, jobId: { type: 'string' }, Name: { type: 'string' } } };
    expect(Object.keys((TRANSFORMS.nameCase(clash, ctx) as any).properties)).toEqual(['JobId', 'jobId', 'name']);
  });
});

describe('refWrap', () => {
  it('wraps each use of a component schema in `allOf`, its prose on the wrapper; branches and other refs stay', () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: {
        '/a': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          get: { responses: { '200': { $ref: '#/components/responses/Ok' } } },
        },
      },
      components: {
        schemas: {
          Job: {
            allOf: [{ $ref: '#/components/schemas/Base' }],
            properties: { owner: { $ref: '#/components/schemas/User', description: 'Who started it.' } },
          },
        },
      },
    };
    const out = TRANSFORMS.refWrap(api, ctx) as any;
    expect(out.components.schemas.Job.properties.owner).toEqual({
      description: 'Who started it.',
      allOf: [{ $ref: '#/components/schemas/User' }],
    });
    expect(out.components.schemas.Job.allOf).toEqual([{ $ref: '#/components/schemas/Base' }]);
    expect(out.paths).toEqual((api as any).paths);
  });
});

describe('nullableUnion', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job/properties/result/properties/url' } } },
            },
            '201': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job/properties/result%20v2/properties/url' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Job: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['RUNNING', 'DONE'], description: 'How it stands.' },
            owner: { allOf: [{ $ref: '#/components/schemas/User' }, { description: 'Who started it.' }] },
            result: { type: 'object', properties: { url: { type: 'string' } } },
            'result v2': { type: 'object', properties: { url: { type: 'string' } } },
            properties: { type: 'object', readOnly: true, properties: { size: { type: 'integer' } } },
          },
        },
      },
    },
  });
  it('makes each optional member nullable as pydantic writes it, prose on the wrapper; required ones stay', () => {
    const job = (TRANSFORMS.nullableUnion(api(), ctx) as any).components.schemas.Job;
    expect(job.properties.id).toEqual({ type: 'string' });
    expect(job.properties.status).toEqual({
      description: 'How it stands.',
      anyOf: [{ type: 'string', enum: ['RUNNING', 'DONE'] }, { type: 'null' }],
    });
    // AWS's described ref is one ref and its prose.
    expect(job.properties.owner).toEqual({
      description: 'Who started it.',
      anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }],
    });
    // A member called `properties` (Azure's) is a member: its schema's keywords are not member names.
    expect(job.properties.properties.anyOf[0]).toEqual({
      type: 'object',
      readOnly: true,
      properties: { size: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    });
  });
  it('moves a ref into an optional member under `anyOf/0`, a URI-encoded one too', () => {
    const responses = (TRANSFORMS.nullableUnion(api(), ctx) as any).paths['/a'].get.responses;
    expect(responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Job/properties/result/anyOf/0/properties/url',
    );
    expect(responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Job/properties/result%20v2/anyOf/0/properties/url',
    );
  });
  it('leaves Swagger 2 as written: it has no such form', () => {
    const swagger = { swagger: '2.0', definitions: { Job: { type: 'object', properties: { status: { type: 'string' } } } } };
    expect(TRANSFORMS.nullableUnion(swagger, ctx)).toEqual(swagger);
  });
});

describe('renaming members of a member called `properties`', () => {
  it('reads the member’s schema as a schema: its keywords keep their names', () => {
    const azure = {
      type: 'object',
      properties: { properties: { type: 'object', readOnly: true, properties: { provisioningState: { type: 'string' } } } },
    };
    const out = TRANSFORMS.nameCase(azure, ctx) as any;
    expect(out.properties.properties).toEqual({ type: 'object', readOnly: true, properties: { provisioning_state: { type: 'string' } } });
  });
});

describe('pathCase', () => {
  it.each([
    ['check-suites', 'checkSuites'],
    ['event_source_mappings', 'eventSourceMappings'],
    ['mailFolders', 'mail-folders'],
    ['jobs', 'jobs'],
    ['2015-03-31', '2015-03-31'],
    ['v1beta1', 'v1beta1'],
    ['{job_id}', '{job_id}'],
    ['Microsoft.Compute', 'Microsoft.Compute'],
    ['jobs:cancel', 'jobs:cancel'],
  ])('%s → %s', (segment, to) => expect(segmentInOtherCase(segment)).toBe(to));
  it('moves each path and says where it went; root fragments stay', () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: {
        '/2015-03-31/event-source-mappings/{UUID}': { get: { operationId: 'get' } },
        '/#X-Amz-Target=Svc.StartJob': { post: { operationId: 'start' } },
      },
    };
    const out = rewrite('pathCase', api, ctx);
    expect(Object.keys((out.spec as any).paths)).toEqual(['/2015-03-31/eventSourceMappings/{UUID}', '/#X-Amz-Target=Svc.StartJob']);
    expect(out.originalPath('/2015-03-31/eventSourceMappings/{UUID}')).toBe('/2015-03-31/event-source-mappings/{UUID}');
  });
});

describe('sharedComponents', () => {
  it('moves inline parameters, bodies and responses to the components, and refs into them follow', () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: {
        '/jobs/{jobId}': {
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
          get: {
            operationId: 'getJob',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } } },
              },
              default: { $ref: '#/components/responses/Error' },
            },
          },
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: {
              '202': {
                description: 'accepted',
                content: {
                  'application/json': {
                    schema: { $ref: '#/paths/~1jobs~1%7BjobId%7D/get/responses/200/content/application~1json/schema' },
                  },
                },
              },
            },
          },
        },
      },
      components: { responses: { Error: { description: 'error' } } },
    };
    const out = TRANSFORMS.sharedComponents(api, ctx) as any;
    const item = out.paths['/jobs/{jobId}'];
    expect(item.parameters).toEqual([{ $ref: '#/components/parameters/path_jobs__jobId_.jobId' }]);
    expect(item.get.responses).toEqual({
      '200': { $ref: '#/components/responses/getJob.200' },
      default: { $ref: '#/components/responses/Error' },
    });
    expect(item.post.requestBody).toEqual({ $ref: '#/components/requestBodies/post_jobs__jobId_' });
    expect(out.components.responses['getJob.200'].description).toBe('ok');
    expect(out.components.responses['post_jobs__jobId_.202'].content['application/json'].schema.$ref).toBe(
      '#/components/responses/getJob.200/content/application~1json/schema',
    );
  });
  it('uses Swagger 2’s own homes, a body parameter among the parameters', () => {
    const swagger = {
      swagger: '2.0',
      paths: {
        '/jobs': {
          post: {
            operationId: 'start',
            parameters: [{ name: 'job', in: 'body', schema: { type: 'object' } }],
            responses: { '202': { description: 'ok' } },
          },
        },
      },
    };
    const out = TRANSFORMS.sharedComponents(swagger, ctx) as any;
    expect(out.paths['/jobs'].post.parameters).toEqual([{ $ref: '#/parameters/start.job' }]);
    expect(out.responses['start.202']).toEqual({ description: 'ok' });
    expect(out.components).toBeUndefined();
  });
});

describe('enumOneOf and enumRefs', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {},
    components: {
      schemas: {
        Job: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['RUNNING', 'DONE'], description: 'How it stands.' }, size: { type: 'integer' } },
        },
      },
    },
  });
  it('enumOneOf says each value as a `const` branch, in order', () => {
    const status = (TRANSFORMS.enumOneOf(api(), ctx) as any).components.schemas.Job.properties.status;
    expect(status).toEqual({ type: 'string', description: 'How it stands.', oneOf: [{ const: 'RUNNING' }, { const: 'DONE' }] });
  });
  it('enumRefs moves a member’s enum to a schema of its own, the prose beside the ref', () => {
    const schemas = (TRANSFORMS.enumRefs(api(), ctx) as any).components.schemas;
    expect(schemas.Enum1).toEqual({ type: 'string', enum: ['RUNNING', 'DONE'] });
    expect(schemas.Job.properties.status).toEqual({ allOf: [{ $ref: '#/components/schemas/Enum1' }], description: 'How it stands.' });
    expect(schemas.Job.properties.size).toEqual({ type: 'integer' });
  });
});

describe('typeNull', () => {
  const api = (): Json => ({
    openapi: '3.0.3',
    paths: {},
    components: {
      schemas: {
        Job: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['RUNNING', 'DONE'] },
            owner: { $ref: '#/components/schemas/Owner' },
            note: { type: 'string', nullable: true },
          },
        },
        Owner: { type: 'object', nullable: true, properties: {} },
      },
    },
  });
  it('says each optional typed member as OpenAPI 3.1 does, `nullable` as a type array; required and refs stay', () => {
    const out = TRANSFORMS.typeNull(api(), ctx) as any;
    const { Job, Owner } = out.components.schemas;
    expect(out.openapi).toBe('3.1.0');
    expect(Job.properties.id).toEqual({ type: 'string' });
    expect(Job.properties.status).toEqual({ type: ['string', 'null'], enum: ['RUNNING', 'DONE', null] });
    expect(Job.properties.owner).toEqual({ $ref: '#/components/schemas/Owner' });
    expect(Job.properties.note).toEqual({ type: ['string', 'null'] });
    expect(Owner).toEqual({ type: ['object', 'null'], properties: {} });
  });
  it('leaves Swagger 2 as written', () => {
    const swagger: Json = { swagger: '2.0', paths: {}, definitions: { Job: { properties: { s: { type: 'string' } } } } };
    expect(TRANSFORMS.typeNull(swagger, ctx)).toEqual(swagger);
  });
});

describe('springMediaTypes', () => {
  const body = (schema: Json) => ({ content: { 'application/json': { schema } } });
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/jobs/{id}': {
        post: {
          requestBody: body({ type: 'object' }),
          responses: {
            '200': { description: 'ok', ...body({ type: 'object', properties: { state: { type: 'string' } } }) },
            '400': { description: 'bad', content: { 'application/problem+json': { schema: { type: 'object' } } } },
          },
        },
        get: {
          responses: {
            '200': {
              description: 'ok',
              ...body({ $ref: '#/paths/~1jobs~1%7Bid%7D/post/responses/200/content/application~1json/schema/properties/state' }),
            },
          },
        },
      },
    },
  });
  it('names JSON answers `*/*` and JSON requests with a charset; other types stay, refs into a renamed one follow', () => {
    const item = (TRANSFORMS.springMediaTypes(api(), ctx) as any).paths['/jobs/{id}'];
    expect(Object.keys(item.post.requestBody.content)).toEqual(['application/json;charset=UTF-8']);
    expect(Object.keys(item.post.responses['200'].content)).toEqual(['*/*']);
    expect(Object.keys(item.post.responses['400'].content)).toEqual(['application/problem+json']);
    expect(item.get.responses['200'].content['*/*'].schema.$ref).toBe(
      '#/paths/~1jobs~1%7Bid%7D/post/responses/200/content/*~1*/schema/properties/state',
    );
  });
  it("renames Swagger 2's produces and consumes", () => {
    const swagger: Json = { swagger: '2.0', produces: ['application/json'], consumes: ['application/json'], paths: {} };
    expect(TRANSFORMS.springMediaTypes(swagger, ctx)).toEqual({
      swagger: '2.0',
      produces: ['*/*'],
      consumes: ['application/json;charset=UTF-8'],
      paths: {},
    });
  });
});

describe('opIdCase and fastApiOpIds', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/jobs': {
        post: {
          operationId: 'createExportJob',
          responses: { '202': { description: 'ok', links: { poll: { operationId: 'getJob', parameters: { id: '$response.body#/id' } } } } },
        },
      },
      '/jobs/{id}': { get: { operationId: 'getJob' }, delete: { operationId: 'dropletActions_post' } },
      '/other': { get: { operationId: 'get_job' } },
    },
  });
  it('opIdCase respells each id, a mixed one by all its words, and links follow; a taken name stays', () => {
    const paths = (TRANSFORMS.opIdCase(api(), ctx) as any).paths;
    expect(paths['/jobs'].post.operationId).toBe('create_export_job');
    expect(paths['/jobs'].post.responses['202'].links.poll.operationId).toBe('getJob');
    expect(paths['/jobs/{id}'].get.operationId).toBe('getJob');
    expect(paths['/jobs/{id}'].delete.operationId).toBe('dropletActionsPost');
    expect(paths['/other'].get.operationId).toBe('get_job');
  });
  it('fastApiOpIds appends the route and method to the snake-case handler name, links follow', () => {
    const paths = (TRANSFORMS.fastApiOpIds(api(), ctx) as any).paths;
    expect(paths['/jobs'].post.operationId).toBe('create_export_job_jobs_post');
    expect(paths['/jobs/{id}'].get.operationId).toBe('get_job_jobs__id__get');
    expect(paths['/jobs'].post.responses['202'].links.poll.operationId).toBe('get_job_jobs__id__get');
    expect(paths['/jobs/{id}'].delete.operationId).toBe('droplet_actions_post_jobs__id__delete');
    expect(paths['/other'].get.operationId).toBe('get_job_other_get');
  });
});

describe('baseSchemas', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/jobs/{id}': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job/properties/state' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Job: {
          type: 'object',
          description: 'A job.',
          required: ['id', 'state'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, state: { type: 'string', enum: ['RUNNING', 'DONE'] } },
        },
        Pet: { allOf: [{ $ref: '#/components/schemas/Job' }] },
        One: { type: 'object', properties: { id: { type: 'string' } } },
      },
    },
  });
  it('writes a schema as a subclass: a base of its first members, referred to, and its own; refs into a member follow', () => {
    const out = TRANSFORMS.baseSchemas(api(), ctx) as any;
    const { Job, JobBase, Pet, One } = out.components.schemas;
    expect(JobBase).toEqual({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id'] });
    expect(Job).toEqual({
      description: 'A job.',
      allOf: [
        { $ref: '#/components/schemas/JobBase' },
        { type: 'object', properties: { state: { type: 'string', enum: ['RUNNING', 'DONE'] } }, required: ['state'] },
      ],
    });
    expect(Pet).toEqual({ allOf: [{ $ref: '#/components/schemas/Job' }] });
    expect(One).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(out.paths['/jobs/{id}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Job/allOf/1/properties/state',
    );
  });
  it("uses Swagger 2's definitions, and a free name for the base", () => {
    const swagger: Json = {
      swagger: '2.0',
      paths: {},
      definitions: { Job: { properties: { a: { type: 'string' }, b: { type: 'string' } } }, JobBase: { type: 'object' } },
    };
    const defs = (TRANSFORMS.baseSchemas(swagger, ctx) as any).definitions;
    expect(defs.JobBase2).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(defs.Job.allOf[0]).toEqual({ $ref: '#/definitions/JobBase2' });
  });
});

describe('untypedObjects', () => {
  it('leaves `type` to the keywords that say it: members, a map, items; other types stay', () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: {},
      components: {
        schemas: {
          Job: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } }, id: { type: 'string' } } },
          Tags: { type: 'object', additionalProperties: { type: 'string' } },
          Empty: { type: 'object' },
        },
      },
    };
    const { Job, Tags, Empty } = (TRANSFORMS.untypedObjects(api, ctx) as any).components.schemas;
    expect(Job).toEqual({ properties: { tags: { items: { type: 'string' } }, id: { type: 'string' } } });
    expect(Tags).toEqual({ additionalProperties: { type: 'string' } });
    expect(Empty).toEqual({ type: 'object' });
  });
});

describe('pathItemParams', () => {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/jobs/{id}': {
        get: { parameters: [id, { name: 'view', in: 'query', schema: { type: 'string' } }] },
        delete: { parameters: [id] },
      },
      '/runs/{id}': {
        get: { parameters: [id], responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } } },
        post: { parameters: [{ ...id, description: 'another' }] },
      },
      '/kept/{id}': { get: { parameters: [id] } },
      '/refers': { get: { parameters: [{ $ref: '#/paths/~1kept~1%7Bid%7D/get/parameters/0' }] } },
    },
  });
  it('declares a parameter every operation declares alike once on the path; others, and pointed-into items, stay', () => {
    const paths = (TRANSFORMS.pathItemParams(api(), ctx) as any).paths;
    expect(paths['/jobs/{id}'].parameters).toEqual([id]);
    expect(paths['/jobs/{id}'].get.parameters).toEqual([{ name: 'view', in: 'query', schema: { type: 'string' } }]);
    expect(paths['/jobs/{id}'].delete.parameters).toBeUndefined();
    expect(paths['/runs/{id}'].parameters).toBeUndefined();
    expect(paths['/kept/{id}']).toEqual({ get: { parameters: [id] } });
  });
});

describe('noRequired', () => {
  it('drops every schema’s required list; a parameter’s required flag stays', () => {
    const api: Json = {
      openapi: '3.0.0',
      paths: { '/jobs/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true }] } } },
      components: { schemas: { Job: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
    };
    const out = TRANSFORMS.noRequired(api, ctx) as any;
    expect(out.components.schemas.Job).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(out.paths['/jobs/{id}'].get.parameters[0].required).toBe(true);
  });
});

describe('jsonApi', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {
      '/jobs': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          responses: {
            '201': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' }, example: { id: 'j1', state: 'RUNNING' } } },
              links: { poll: { operationId: 'getJob', parameters: { id: '$response.body#/id', s: '$response.body#/state' } } },
            },
          },
        },
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Job' } } } },
            },
          },
        },
      },
      '/wrapped': {
        get: {
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Job: { type: 'object', required: ['id', 'state'], properties: { id: { type: 'string' }, state: { type: 'string' } } },
        Envelope: { type: 'object', properties: { job: { $ref: '#/components/schemas/Job' } } },
      },
    },
  });
  it('says bodies as JSON:API documents: a resource component, attributes beside the id, lists, examples and links', () => {
    const out = TRANSFORMS.jsonApi(api(), ctx) as any;
    expect(out.components.schemas.JobResource).toEqual({
      type: 'object',
      required: ['type', 'id', 'attributes'],
      properties: {
        type: { type: 'string' },
        id: { type: 'string' },
        attributes: { type: 'object', properties: { state: { type: 'string' } }, required: ['state'] },
      },
    });
    const created = out.paths['/jobs'].post.responses['201'];
    expect(created.content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/JobResource' });
    expect(created.content['application/json'].example).toEqual({ data: { type: 'resource', id: 'j1', attributes: { state: 'RUNNING' } } });
    expect(created.links.poll.parameters).toEqual({ id: '$response.body#/data/id', s: '$response.body#/data/attributes/state' });
    expect(out.paths['/jobs'].post.requestBody.content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/JobResource',
    });
    expect(out.paths['/jobs'].get.responses['200'].content['application/json'].schema.properties.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/JobResource' },
    });
    // An envelope already, and the component as written, stay.
    expect(out.paths['/wrapped']).toEqual((api() as any).paths['/wrapped']);
    expect(out.components.schemas.Job).toEqual((api() as any).components.schemas.Job);
  });
});

describe('stateUnions', () => {
  const api = (): Json => ({
    openapi: '3.0.0',
    paths: {},
    components: {
      schemas: {
        Job: {
          type: 'object',
          description: 'A job.',
          required: ['id', 'status'],
          properties: { id: { type: 'string' }, status: { $ref: '#/components/schemas/JobStatus' } },
        },
        JobStatus: { type: 'string', description: 'Where the job is.', enum: ['RUNNING', 'DONE'] },
        Export: {
          type: 'object',
          properties: { state: { allOf: [{ $ref: '#/components/schemas/JobStatus' }, { description: 'The export’s state.' }] } },
        },
        Pointed: { type: 'object', properties: { status: { type: 'string', enum: ['a', 'b'] } } },
        Many: { type: 'object', properties: { status: { type: 'string', enum: Array.from({ length: 17 }, (_, i) => `s${i}`) } } },
        Mixed: { type: 'object', properties: { status: { enum: ['a', null] } } },
        Composed: { allOf: [{ $ref: '#/components/schemas/Job' }], properties: { status: { type: 'string', enum: ['a', 'b'] } } },
      },
    },
    'x-use': { $ref: '#/components/schemas/Pointed/properties/status' },
  });
  it('writes a record as oneOf of one schema per state, each fixing the member, a discriminator where it is required', () => {
    const out = TRANSFORMS.stateUnions(api(), ctx) as any;
    const s = out.components.schemas;
    expect(s.Job).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Job_0' }, { $ref: '#/components/schemas/Job_1' }],
      description: 'A job.',
      discriminator: { propertyName: 'status', mapping: { RUNNING: '#/components/schemas/Job_0', DONE: '#/components/schemas/Job_1' } },
    });
    expect(s.Job_1).toEqual({
      type: 'object',
      required: ['id', 'status'],
      properties: { id: { type: 'string' }, status: { type: 'string', enum: ['DONE'], description: 'Where the job is.' } },
    });
    // AWS's described ref: the enum behind the ref, the description beside it.
    expect(s.Export.oneOf).toHaveLength(2);
    expect(s.Export_0.properties.state).toEqual({
      type: 'string',
      enum: ['RUNNING'],
      description: 'Where the job is. The export’s state.',
    });
    expect(s.Export.discriminator).toBeUndefined();
    expect(s.Job_status).toBeUndefined();
  });
  it('moves a ref into the status member to the member as written, and one into another member to the first variant', () => {
    const input = api() as any;
    input['x-other'] = { $ref: '#/components/schemas/Pointed/properties/id/description' };
    input.components.schemas.Pointed.properties.id = { type: 'string', description: 'An id.' };
    const out = TRANSFORMS.stateUnions(input, ctx) as any;
    expect(out['x-use']).toEqual({ $ref: '#/components/schemas/Pointed_status' });
    expect(out.components.schemas.Pointed_status).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(out['x-other']).toEqual({ $ref: '#/components/schemas/Pointed_0/properties/id/description' });
  });
  it('stateMappings leaves the member open in each variant, as optional as written, and names the values in the mapping', () => {
    const s = (TRANSFORMS.stateMappings(api(), ctx) as any).components.schemas;
    expect(s.Job_0.properties.status).toEqual({ type: 'string', description: 'Where the job is.' });
    expect(s.Export_1.required).toBeUndefined();
    expect(s.Export.discriminator).toEqual({
      propertyName: 'state',
      mapping: { RUNNING: '#/components/schemas/Export_0', DONE: '#/components/schemas/Export_1' },
    });
  });
  it('leaves as written a long or non-string enum, and a composed schema', () => {
    const out = TRANSFORMS.stateUnions(api(), ctx) as any;
    const before = (api() as any).components.schemas;
    for (const name of ['Many', 'Mixed', 'Composed', 'JobStatus']) expect(out.components.schemas[name]).toEqual(before[name]);
  });
});

describe('codedEnums', () => {
  const spec = () => ({
    openapi: '3.0.3',
    paths: {},
    components: {
      schemas: {
        A: { type: 'string', enum: ['QUEUED', 'RUNNING', 'DONE'], default: 'QUEUED', description: 'Where it is.' },
        B: { type: 'string', enum: ['a', 'b'] },
        C: { enum: ['x', 'y'] },
        D: { type: 'string', enum: ['p', 'q'], 'x-ms-enum': { name: 'DKind', modelAsString: true } },
        E: { type: 'string', enum: ['s', 't'] },
        Mime: { type: 'string', enum: ['application/json', 'text/csv'] },
        One: { type: 'string', enum: ['only'] },
        Nullable: { type: 'string', enum: ['a', 'b', null] },
        Twice: { type: 'string', enum: ['Done', 'done'] },
      },
    },
  });
  it('writes each word enum as numeric codes named in the four forms in turn, a default as its code', () => {
    const s = (TRANSFORMS.codedEnums(spec(), ctx) as any).components.schemas;
    expect(s.A).toEqual({
      type: 'integer',
      format: 'int32',
      enum: [0, 1, 2],
      'x-enumNames': ['QUEUED', 'RUNNING', 'DONE'],
      default: 0,
      description: 'Where it is.',
    });
    expect(s.B).toEqual({ type: 'integer', format: 'int32', enum: [0, 1], 'x-enum-varnames': ['a', 'b'] });
    expect(s.C).toEqual({
      type: 'integer',
      format: 'int32',
      enum: [0, 1],
      'x-ms-enum': {
        values: [
          { value: 0, name: 'x' },
          { value: 1, name: 'y' },
        ],
      },
    });
    expect(s.D).toEqual({
      type: 'integer',
      format: 'int32',
      oneOf: [
        { const: 0, title: 'p' },
        { const: 1, title: 'q' },
      ],
    });
    // The fifth starts the turn again.
    expect(s.E['x-enumNames']).toEqual(['s', 't']);
  });
  it('leaves as written an enum of values that are no names, of one value, with null, or with one name twice', () => {
    const out = (TRANSFORMS.codedEnums(spec(), ctx) as any).components.schemas;
    for (const name of ['Mime', 'One', 'Nullable', 'Twice']) expect(out[name]).toEqual((spec() as any).components.schemas[name]);
  });
  it('leaves Swagger 2 as written', () => {
    const swagger = { swagger: '2.0', paths: {}, definitions: { A: { type: 'string', enum: ['a', 'b'] } } };
    expect(TRANSFORMS.codedEnums(swagger, ctx)).toEqual(swagger);
  });
});
