import { describe, expect, it } from 'vitest';
import { buildFrom, ok, swagger2 } from './buildFrom.js';

describe('normalizeModel: Swagger 2.0 becomes the same IR as OpenAPI 3', () => {
  it('turns `in: body` into a request body under each consumed media type', () => {
    const { model, diagnostics } = buildFrom(
      swagger2(
        {
          '/jobs': {
            post: {
              consumes: ['application/json', 'Text/JSON'],
              parameters: [{ name: 'job', in: 'body', required: true, description: 'the job', schema: { $ref: '#/definitions/Job' } }],
              responses: { '201': { description: 'created', schema: { $ref: '#/definitions/Job' } } },
            },
          },
        },
        { definitions: { Job: { type: 'object' } }, produces: ['application/json', 'application/xml'] },
      ),
    );
    expect(diagnostics).toEqual([]);
    const [op] = model.operations;
    expect(op!.requestBody).toEqual({
      required: true,
      description: 'the job',
      content: [
        { mediaType: 'application/json', schema: { $ref: '#/definitions/Job' } },
        { mediaType: 'text/json', schema: { $ref: '#/definitions/Job' } },
      ],
      pointer: '#/paths/~1jobs/post/parameters/0',
    });
    expect(op!.parameters).toEqual([]);
    expect(op!.responses[0]!.content).toEqual([
      { mediaType: 'application/json', schema: { $ref: '#/definitions/Job' } },
      { mediaType: 'application/xml', schema: { $ref: '#/definitions/Job' } },
    ]);
    expect(model.schemas).toEqual({ '#/definitions/Job': { type: 'object' } });
  });

  it.each([
    [[], 'multipart/form-data', true],
    [['application/x-www-form-urlencoded', 'application/json'], 'application/x-www-form-urlencoded', true],
    [[], 'application/x-www-form-urlencoded', false],
  ])('turns formData into an object schema (consumes %j → %s, file field %s)', (consumes, mediaType, withFile) => {
    const fields: Record<string, unknown>[] = [
      { name: 'name', in: 'formData', type: 'string', required: true, description: 'a name' },
      { name: 'count', in: 'formData', type: 'integer', minimum: 1, default: 1 },
    ];
    if (withFile) fields.push({ name: 'upload', in: 'formData', type: 'file', required: true });
    const { model } = buildFrom(
      swagger2({ '/upload': { post: { consumes, parameters: fields, responses: { '204': { description: 'ok' } } } } }),
    );
    const body = model.operations[0]!.requestBody!;
    expect(body.required).toBe(true);
    expect(body.content.map((c) => c.mediaType)).toEqual([mediaType]);
    expect(body.content[0]!.schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'a name' },
        count: { type: 'integer', minimum: 1, default: 1 },
        ...(withFile ? { upload: { type: 'string', format: 'binary' } } : {}),
      },
      required: withFile ? ['name', 'upload'] : ['name'],
    });
  });

  it.each([
    [undefined, 'query', 'form', false],
    ['csv', 'query', 'form', false],
    ['multi', 'query', 'form', true],
    ['ssv', 'query', 'spaceDelimited', false],
    ['pipes', 'query', 'pipeDelimited', false],
    ['csv', 'header', 'simple', false],
  ])('collectionFormat %s in %s → style %s, explode %s', (collectionFormat, location, style, explode) => {
    const { model } = buildFrom(
      swagger2({
        '/x': {
          get: {
            parameters: [{ name: 'ids', in: location, type: 'array', items: { type: 'integer', format: 'int64' }, collectionFormat }],
            responses: {},
          },
        },
      }),
    );
    expect(model.operations[0]!.parameters[0]).toMatchObject({
      style,
      explode,
      schema: { type: 'array', items: { type: 'integer', format: 'int64' } },
    });
  });

  it.each([
    ['path', true, true],
    ['path', false, undefined],
    ['path', 'true', undefined],
    // Only a path value is a fragment of the URL's own path; elsewhere the encoding rules stay.
    ['query', true, undefined],
    ['header', true, undefined],
  ])('x-ms-skip-url-encoding on a %s parameter (%j) → allowReserved %s', (location, flag, expected) => {
    const path = location === 'path' ? '/{scope}/x' : '/x';
    const { model } = buildFrom(
      swagger2({
        [path]: {
          put: {
            parameters: [{ name: 'scope', in: location, type: 'string', required: true, 'x-ms-skip-url-encoding': flag }],
            responses: {},
          },
        },
      }),
    );
    expect(model.operations[0]!.parameters[0]!.allowReserved).toBe(expected);
  });

  it('carries parameter constraints into the schema and resolves #/parameters refs', () => {
    const { model } = buildFrom(
      swagger2(
        {
          '/x/{id}': {
            get: {
              parameters: [{ $ref: '#/parameters/Id' }, { name: 'top', in: 'query', type: 'integer', maximum: 100, 'x-nullable': true }],
              responses: {},
            },
          },
        },
        { parameters: { Id: { name: 'id', in: 'path', required: true, type: 'string', pattern: '^[a-z]+$', enum: ['a', 'b'] } } },
      ),
    );
    expect(model.operations[0]!.parameters.map((p) => [p.name, p.schema, p.pointer])).toEqual([
      ['id', { type: 'string', pattern: '^[a-z]+$', enum: ['a', 'b'] }, '#/paths/~1x~1{id}/get/parameters/0'],
      ['top', { type: 'integer', maximum: 100, 'x-nullable': true }, '#/paths/~1x~1{id}/get/parameters/1'],
    ]);
  });

  it('converts response headers, #/responses refs and produces; no schema → no content', () => {
    const { model } = buildFrom(
      swagger2(
        {
          '/jobs': {
            post: {
              produces: ['application/json'],
              responses: { '202': { $ref: '#/responses/Accepted' }, '204': { description: 'nothing' } },
            },
          },
        },
        {
          responses: {
            Accepted: {
              description: 'accepted',
              headers: { 'Retry-After': { type: 'integer', format: 'int32', description: 'seconds' } },
              schema: { type: 'object' },
            },
          },
        },
      ),
    );
    const [accepted, empty] = model.operations[0]!.responses;
    expect(accepted).toEqual({
      status: '202',
      description: 'accepted',
      headers: [{ name: 'Retry-After', description: 'seconds', schema: { type: 'integer', format: 'int32' } }],
      content: [{ mediaType: 'application/json', schema: { type: 'object' } }],
      links: [],
      pointer: '#/paths/~1jobs/post/responses/202',
    });
    expect(empty!.content).toEqual([]);
  });

  it('turns a `type: file` response schema into a binary string', () => {
    const { model } = buildFrom(
      swagger2({
        '/report': { get: { produces: ['application/pdf'], responses: { '200': { description: 'pdf', schema: { type: 'file' } } } } },
      }),
    );
    expect(model.operations[0]!.responses[0]!.content).toEqual([
      { mediaType: 'application/pdf', schema: { type: 'string', format: 'binary' } },
    ]);
  });

  it('maps securityDefinitions (basic, apiKey, oauth2) and the document security', () => {
    const { model, diagnostics } = buildFrom(
      swagger2(
        { '/x': { get: { responses: {} } } },
        {
          securityDefinitions: {
            basic: { type: 'basic' },
            key: { type: 'apiKey', in: 'query', name: 'api_key' },
            aad: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://login.example.com', scopes: {} },
          },
          security: [{ aad: ['user_impersonation'] }],
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(model.securitySchemes).toEqual([
      { key: 'basic', type: 'http', scheme: 'basic' },
      { key: 'key', type: 'apiKey', in: 'query', name: 'api_key' },
      { key: 'aad', type: 'oauth2' },
    ]);
    expect(model.operations[0]!.security).toEqual([['aad']]);
  });

  it.each([
    [{ host: 'api.example.com', basePath: '/v2', schemes: ['http', 'https'] }, ['http://api.example.com/v2', 'https://api.example.com/v2']],
    [{ host: 'api.example.com' }, ['https://api.example.com']],
    [{ basePath: '/api' }, ['/api']],
    [{}, []],
  ])('servers from %j', (extra, urls) => {
    const { model } = buildFrom(swagger2({}, extra));
    expect(model.servers.map((s) => s.url)).toEqual(urls);
  });

  it('turns x-ms-parameterized-host into a templated server with variables', () => {
    const { model } = buildFrom(
      swagger2(
        {},
        {
          basePath: '/v1',
          'x-ms-parameterized-host': {
            hostTemplate: '{endpoint}/translator',
            useSchemePrefix: false,
            parameters: [{ $ref: '#/parameters/Endpoint' }],
          },
          parameters: { Endpoint: { name: 'endpoint', in: 'path', required: true, type: 'string', description: 'service URL' } },
        },
      ),
    );
    expect(model.servers).toEqual([
      { url: '{endpoint}/translator/v1', variables: { endpoint: { default: '', description: 'service URL' } } },
    ]);
  });

  it("reads AutoRest's x-ms-paths after paths: operations that differ by a fixed query", () => {
    const { model, diagnostics } = buildFrom(
      swagger2(
        { '/items/{id}': { get: { operationId: 'getItem', responses: ok } } },
        {
          'x-ms-paths': {
            '/items/{id}?comp=copy': {
              parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
              put: { operationId: 'copyItem', 'x-ms-long-running-operation': true, responses: { '202': { description: 'accepted' } } },
            },
            '/items/{id}?comp=lease': { put: { operationId: 'leaseItem', responses: ok } },
          },
        },
      ),
    );
    // {id} undeclared is said alike in both sections (MJG209), and the query is no template.
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['MJG209', '#/paths/~1items~1{id}/get'],
      ['MJG209', '#/x-ms-paths/~1items~1{id}?comp=lease/put'],
    ]);
    expect(model.operations.map((o) => [o.operationId, o.method, o.path, o.pointer])).toEqual([
      ['getItem', 'GET', '/items/{id}', '#/paths/~1items~1{id}/get'],
      ['copyItem', 'PUT', '/items/{id}?comp=copy', '#/x-ms-paths/~1items~1{id}?comp=copy/put'],
      ['leaseItem', 'PUT', '/items/{id}?comp=lease', '#/x-ms-paths/~1items~1{id}?comp=lease/put'],
    ]);
    const copy = model.operations[1]!;
    expect(copy.parameters.map((p) => [p.name, p.in, p.required])).toEqual([['id', 'path', true]]);
    expect(copy.extensions).toEqual({ 'x-ms-long-running-operation': true });
    expect(model.operations[2]!.parameters.map((p) => p.name)).toEqual(['id']);
  });

  it('reads a path both sections hold once, from paths, and says so (MJG213); a broken x-ms-paths is MJG205', () => {
    const both = buildFrom(
      swagger2(
        { '/items': { get: { operationId: 'listItems', responses: ok } } },
        { 'x-ms-paths': { '/items': { get: { operationId: 'listItemsAgain', responses: ok } } } },
      ),
    );
    expect(both.model.operations.map((o) => o.operationId)).toEqual(['listItems']);
    expect(both.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([['MJG213', 'warning', '#/x-ms-paths/~1items']]);
    const broken = buildFrom(swagger2({ '/items': { get: { responses: ok } } }, { 'x-ms-paths': 'not path items' }));
    expect(broken.model.operations).toHaveLength(1);
    expect(broken.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['MJG205', '#/x-ms-paths']]);
  });
});
