import { describe, expect, it } from 'vitest';
import { buildFrom, oas3, ok, swagger2 } from './buildFrom.js';

describe('buildModel: OpenAPI 3 operations', () => {
  it('keeps paths and methods in spec order, with pointers, tags, extensions and callbacks', () => {
    const { model, diagnostics } = buildFrom(
      oas3({
        '/b': {
          post: {
            operationId: 'createB',
            tags: ['b'],
            deprecated: true,
            'x-ms-long-running-operation': true,
            'x-mcp-jobgen': { role: 'start' },
            callbacks: { onDone: {} },
            responses: ok,
          },
          get: { operationId: 'listB', responses: ok },
        },
        '/a?beta=true': { get: { summary: 'odd path key', responses: ok } },
      }),
    );
    expect(diagnostics).toEqual([]);
    expect(model.operations.map((o) => [o.method, o.path, o.operationId, o.pointer])).toEqual([
      ['POST', '/b', 'createB', '#/paths/~1b/post'],
      ['GET', '/b', 'listB', '#/paths/~1b/get'],
      ['GET', '/a?beta=true', undefined, '#/paths/~1a?beta=true/get'],
    ]);
    const [create] = model.operations;
    expect(create).toMatchObject({ tags: ['b'], deprecated: true, callbacks: ['onDone'] });
    expect(create!.extensions).toEqual({ 'x-ms-long-running-operation': true, 'x-mcp-jobgen': { role: 'start' } });
    expect('operationId' in model.operations[2]!).toBe(false);
  });

  it('merges path-level parameters (operation wins, $refs resolved, pointer where used)', () => {
    const { model, diagnostics } = buildFrom(
      oas3(
        {
          '/jobs/{id}': {
            parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'trace', in: 'header', schema: { type: 'string' } }],
            get: {
              parameters: [
                { name: 'Trace', in: 'header', required: true, schema: { type: 'integer' } },
                { name: 'q', in: 'query', schema: { type: 'string' } },
              ],
              responses: ok,
            },
          },
        },
        { components: { parameters: { Id: { name: 'id', in: 'path', description: 'job id', schema: { type: 'string' } } } } },
      ),
    );
    expect(diagnostics).toEqual([]);
    const [op] = model.operations;
    expect(op!.parameters.map((p) => [p.name, p.in, p.required, p.pointer])).toEqual([
      ['id', 'path', true, '#/paths/~1jobs~1{id}/parameters/0'],
      ['Trace', 'header', true, '#/paths/~1jobs~1{id}/get/parameters/0'],
      ['q', 'query', false, '#/paths/~1jobs~1{id}/get/parameters/1'],
    ]);
    expect(op!.parameters[0]!.description).toBe('job id');
  });

  it.each([
    [{ in: 'query' }, 'form', true],
    [{ in: 'query', style: 'form', explode: false }, 'form', false],
    [{ in: 'query', style: 'deepObject' }, 'deepObject', false],
    [{ in: 'path', required: true }, 'simple', false],
    [{ in: 'header' }, 'simple', false],
    [{ in: 'cookie' }, 'form', true],
  ])('parameter %j gets style %s, explode %s', (raw, style, explode) => {
    const path = raw.in === 'path' ? '/x/{p}' : '/x';
    const { model } = buildFrom(
      oas3({ [path]: { get: { parameters: [{ name: 'p', schema: { type: 'string' }, ...raw }], responses: ok } } }),
    );
    expect(model.operations[0]!.parameters[0]).toMatchObject({ style, explode });
  });

  it('ignores header parameters named Accept, Content-Type and Authorization, as OpenAPI 3 requires', () => {
    const headers = ['Accept', 'content-type', 'Authorization', 'X-Trace'].map((name) => ({
      name,
      in: 'header',
      schema: { type: 'string' },
    }));
    const { model, diagnostics } = buildFrom(oas3({ '/x': { get: { parameters: headers, responses: ok } } }));
    expect(diagnostics).toEqual([]);
    expect(model.operations[0]!.parameters.map((p) => p.name)).toEqual(['X-Trace']);
  });

  // Issue 23: a header only the HTTP client sets would let an agent re-route (Host) or smuggle (Content-Length,
  // Transfer-Encoding) requests, or send a cookie nobody configured. Dropped in every flavour, with MJG212.
  it.each([
    ['Host'],
    ['Content-Length'],
    ['transfer-encoding'],
    ['Connection'],
    ['Proxy-Connection'],
    ['Keep-Alive'],
    ['Upgrade'],
    ['TE'],
    ['Trailer'],
    ['Expect'],
    ['Proxy-Authorization'],
    ['Cookie'],
  ])('drops a header parameter named %s with MJG212 (OpenAPI 3 and Swagger 2)', (name) => {
    const headers = [
      { name, in: 'header', schema: { type: 'string' }, type: 'string' },
      { name: 'X-Trace', in: 'header', type: 'string' },
    ];
    for (const document of [
      oas3({ '/x': { get: { parameters: headers, responses: ok } } }),
      swagger2({ '/x': { get: { parameters: headers, responses: ok } } }),
    ]) {
      const { model, diagnostics } = buildFrom(document);
      expect(model.operations[0]!.parameters.map((p) => p.name)).toEqual(['X-Trace']);
      expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([['MJG212', '#/paths/~1x/get/parameters/0']]);
      expect(diagnostics[0]!.message).toContain(`"${name}"`);
    }
  });

  it('keeps ordinary headers that only look alike (X-Forwarded-Host, Content-Language, Cookie-Consent)', () => {
    const headers = ['X-Forwarded-Host', 'Content-Language', 'Cookie-Consent', 'constructor'].map((name) => ({
      name,
      in: 'header',
      schema: { type: 'string' },
    }));
    const { model, diagnostics } = buildFrom(oas3({ '/x': { get: { parameters: headers, responses: ok } } }));
    expect(diagnostics).toEqual([]);
    expect(model.operations[0]!.parameters).toHaveLength(4);
  });

  it('takes a parameter schema from `content` when there is no `schema`', () => {
    const content = { 'application/json': { schema: { type: 'object' } } };
    const { model } = buildFrom(oas3({ '/x': { get: { parameters: [{ name: 'filter', in: 'query', content }], responses: ok } } }));
    expect(model.operations[0]!.parameters[0]!.schema).toEqual({ type: 'object' });
  });

  it('resolves request bodies, responses, headers and links given as $ref', () => {
    const { model, diagnostics } = buildFrom(
      oas3(
        {
          '/jobs': {
            post: {
              operationId: 'createJob',
              requestBody: { $ref: '#/components/requestBodies/NewJob' },
              responses: { '202': { $ref: '#/components/responses/Accepted' }, default: { description: 'error' } },
            },
          },
        },
        {
          components: {
            requestBodies: {
              NewJob: { required: true, content: { 'Application/JSON': { schema: { $ref: '#/components/schemas/Job' } } } },
            },
            responses: {
              Accepted: {
                description: 'accepted',
                headers: { 'Operation-Location': { $ref: '#/components/headers/OpLoc' }, 'Retry-After': { schema: { type: 'integer' } } },
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
                links: { GetJob: { $ref: '#/components/links/GetJob' } },
              },
            },
            headers: { OpLoc: { description: 'poll here', schema: { type: 'string', format: 'uri' } } },
            links: { GetJob: { operationId: 'getJob', parameters: { id: '$response.body#/id' } } },
            schemas: { Job: { type: 'object' } },
          },
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    const [op] = model.operations;
    expect(op!.requestBody).toEqual({
      required: true,
      content: [{ mediaType: 'application/json', schema: { $ref: '#/components/schemas/Job' } }],
      pointer: '#/paths/~1jobs/post/requestBody',
    });
    const [accepted, fallback] = op!.responses;
    expect(accepted).toMatchObject({ status: '202', description: 'accepted', pointer: '#/paths/~1jobs/post/responses/202' });
    expect(accepted!.headers).toEqual([
      { name: 'Operation-Location', description: 'poll here', schema: { type: 'string', format: 'uri' } },
      { name: 'Retry-After', schema: { type: 'integer' } },
    ]);
    expect(accepted!.links).toEqual([{ name: 'GetJob', operationId: 'getJob', parameters: { id: '$response.body#/id' } }]);
    expect(fallback).toEqual({
      status: 'default',
      description: 'error',
      headers: [],
      content: [],
      links: [],
      pointer: '#/paths/~1jobs/post/responses/default',
    });
  });

  it('applies document security unless the operation declares its own (even empty)', () => {
    const { model, diagnostics } = buildFrom(
      oas3(
        {
          '/a': { get: { responses: ok } },
          '/b': { get: { security: [], responses: ok } },
          '/c': { get: { security: [{ key: [] }, { oauth: ['read'], key: [] }], responses: ok } },
        },
        {
          security: [{ bearer: [] }],
          components: {
            securitySchemes: {
              bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
              key: { type: 'apiKey', in: 'cookie', name: 'session' },
              oauth: { type: 'oauth2', flows: {} },
              basic: { type: 'http', scheme: 'basic', description: 'user:password' },
            },
          },
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(model.defaultSecurity).toEqual([['bearer']]);
    expect(model.operations.map((o) => o.security)).toEqual([[['bearer']], [], [['key'], ['oauth', 'key']]]);
    expect(model.securitySchemes).toEqual([
      { key: 'bearer', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      { key: 'key', type: 'apiKey', in: 'cookie', name: 'session' },
      { key: 'oauth', type: 'oauth2' },
      { key: 'basic', type: 'http', scheme: 'basic', description: 'user:password' },
    ]);
  });

  it.each([
    [
      'AWS multi-region endpoint',
      { url: 'http://athena.{region}.amazonaws.com', variables: { region: { default: 'us-east-1' } } },
      {},
      'athena',
      'us-east-1',
    ],
    ['region in the host, China partition', { url: 'https://transcribe.cn-north-1.amazonaws.com.cn' }, {}, 'transcribe', 'cn-north-1'],
    ['a global endpoint: no region', { url: 'https://route53.amazonaws.com' }, {}, 'route53', null],
    ['not an AWS host: the x-serviceName', { url: 'https://gateway.example.com' }, { 'x-serviceName': 'execute-api' }, 'execute-api', null],
    ['neither', { url: 'https://gateway.example.com' }, {}, null, null],
  ])('AWS SigV4 (x-amazon-apigateway-authtype: awsSigv4) becomes its own scheme: %s', (_label, server, info, service, region) => {
    const { model, diagnostics } = buildFrom(
      oas3(
        {},
        {
          info: { title: 'T', version: '1', ...info },
          servers: [server],
          components: {
            securitySchemes: {
              hmac: {
                type: 'apiKey',
                name: 'Authorization',
                in: 'header',
                description: 'Amazon Signature authorization v4',
                'x-amazon-apigateway-authtype': 'awsSigv4',
              },
            },
          },
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(model.securitySchemes).toEqual([
      { key: 'hmac', type: 'awsSigv4', service, region, description: 'Amazon Signature authorization v4' },
    ]);
  });

  it('keeps servers as written with variable defaults, info, webhooks count', () => {
    const { model } = buildFrom(
      oas3(
        {},
        {
          info: { title: 'Jobs API', version: 2, description: 'runs jobs' },
          servers: [
            {
              url: 'https://{region}.example.com/{v}',
              description: 'prod',
              variables: { region: { default: 'eu', enum: ['eu', 'us'] }, v: { default: 'v1' } },
            },
            { url: '/relative' },
          ],
          webhooks: { a: {}, b: {} },
        },
      ),
    );
    expect(model).toMatchObject({ title: 'Jobs API', version: '2', description: 'runs jobs', flavour: 'openapi-3.1', webhookCount: 2 });
    expect(model.servers).toEqual([
      {
        url: 'https://{region}.example.com/{v}',
        description: 'prod',
        variables: { region: { default: 'eu', enum: ['eu', 'us'] }, v: { default: 'v1' } },
      },
      { url: '/relative', variables: {} },
    ]);
  });
});
