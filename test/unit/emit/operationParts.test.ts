import { describe, expect, it } from 'vitest';
import { literal } from '../../../src/emit/code.js';
import { askedDescription } from '../../../src/emit/emitTools.js';
import {
  annotationsCode,
  annotationsFor,
  bodySpec,
  bodySpecCode,
  chooseBodyContent,
  isDefaultStyle,
  isRawMedia,
  onlyEmptyObject,
  operationDescription,
  paramSpec,
  paramSpecCode,
  planInput,
  successObjectSchema,
  supportedSecurity,
} from '../../../src/emit/operationParts.js';
import type { PlannedOperation } from '../../../src/emit/toolPlan.js';
import { DESCRIPTION_LIMIT } from '../../../src/emit/zod/limits.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { HttpMethod, JsonSchema, Parameter, SecurityScheme } from '../../../src/model/ir.js';

describe('annotationsFor', () => {
  it.each<[HttpMethod, Record<string, boolean>]>([
    ['GET', { readOnlyHint: true, openWorldHint: true }],
    ['HEAD', { readOnlyHint: true, openWorldHint: true }],
    ['POST', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
    ['PATCH', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
    ['PUT', { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
    ['DELETE', { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true }],
  ])('%s', (method, expected) => {
    expect(annotationsFor(method, undefined)).toEqual(expected);
  });

  it('uses a short summary as the title', () => {
    expect(annotationsFor('GET', 'List pets').title).toBe('List pets');
    expect(annotationsFor('GET', 'x'.repeat(200)).title!.length).toBeLessThanOrEqual(80);
  });
});

describe('operationDescription', () => {
  it('joins summary, description, extra text and the HTTP call, bounded in length', () => {
    const op = createOperation('GET', '/pets', {
      summary: 'List pets',
      description: 'All of them.\r\n\r\n\r\n\r\nReally.',
      deprecated: true,
    });
    expect(operationDescription(op, 'Extra.')).toBe('Deprecated.\n\nList pets.\n\nAll of them.\n\nReally.\n\nExtra.\n\nHTTP: GET /pets');
    const long = operationDescription(createOperation('GET', '/x', { description: 'word '.repeat(2000) }));
    expect(long.length).toBeLessThan(900);
    expect(long.endsWith('HTTP: GET /x')).toBe(true);
  });

  it('does not repeat a description equal to the summary', () => {
    expect(operationDescription(createOperation('GET', '/x', { summary: 'Same', description: 'Same' }))).toBe('Same.\n\nHTTP: GET /x');
  });
});

function planned(op: ReturnType<typeof createOperation>, role: PlannedOperation['role'] = 'tool'): PlannedOperation {
  return { op, tool: 't', role, label: 'l' };
}

describe('planInput', () => {
  it('gives parameters of every location collision-free argument names and keeps body under `body`', () => {
    const op = createOperation('POST', '/items/{id}', {
      parameters: [
        createParameter('id', 'path'),
        createParameter('id', 'query'),
        createParameter('body', 'query'),
        createParameter('X-Request-ID', 'header'),
        createParameter('Accept', 'header'),
        createParameter('session', 'cookie'),
      ],
      requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { type: 'object' } }], pointer: '#/rb' },
    });
    const input = planInput(planned(op), null);
    expect(input.params.map((p) => [p.arg, p.param.in, p.param.name])).toEqual([
      ['id', 'path', 'id'],
      ['id_query', 'query', 'id'],
      ['body_query', 'query', 'body'],
      ['x_request_id', 'header', 'X-Request-ID'],
      ['session', 'cookie', 'session'],
    ]);
    expect(input.omitted).toEqual(['Accept']);
    expect(input.body?.arg).toBe('body');
  });

  it('never offers a header the HTTP client sets (Host, Content-Length, Cookie…), as an argument or as a constant', () => {
    const op = createOperation('POST', '/items', {
      parameters: [
        createParameter('Host', 'header'),
        createParameter('Content-Length', 'header', { required: true, schema: { type: 'string', enum: ['0'] } }),
        createParameter('Transfer-Encoding', 'header'),
        createParameter('Cookie', 'header'),
        createParameter('X-Trace', 'header'),
      ],
    });
    const input = planInput(planned(op), null);
    expect(input.params.map((p) => p.param.name)).toEqual(['X-Trace']);
    expect(input.constants).toEqual([]);
    expect(input.omitted).toEqual(['Host', 'Content-Length', 'Transfer-Encoding', 'Cookie']);
  });

  it('leaves the upstream idempotency parameter to the runtime on start tools and reserves idempotency_key', () => {
    const op = createOperation('POST', '/jobs', {
      parameters: [createParameter('Idempotency-Key', 'header'), createParameter('idempotency_key', 'query')],
    });
    const input = planInput(planned(op, 'start'), { in: 'header', name: 'idempotency-key' });
    expect(input.omitted).toEqual(['Idempotency-Key']);
    expect(input.params.map((p) => p.arg)).toEqual(['idempotency_key_query']);
    expect(planInput(planned(op), null).params.map((p) => p.arg)).toEqual(['idempotency_key_header', 'idempotency_key']);
  });

  it.each([
    [
      'a one-value enum header',
      createParameter('X-Amz-Target', 'header', { required: true, schema: { type: 'string', enum: ['Svc.Op'] } }),
      'Svc.Op',
    ],
    ['a const query', createParameter('Action', 'query', { required: true, schema: { const: 'DescribeThings' } }), 'DescribeThings'],
    ['a one-value path', createParameter('v', 'path', { schema: { enum: [2] } }), '2'],
    ['behind a $ref', createParameter('Version', 'query', { required: true, schema: { $ref: '#/components/schemas/V' } }), '2017-05-18'],
    [
      'a oneOf of one const',
      createParameter('X-Amz-Target', 'header', { required: true, schema: { type: 'string', oneOf: [{ const: 'Svc.Op' }] } }),
      'Svc.Op',
    ],
    [
      'an allOf of one ref',
      createParameter('Version', 'query', { required: true, schema: { allOf: [{ $ref: '#/components/schemas/V' }] } }),
      '2017-05-18',
    ],
  ])('a required parameter the contract fixes to one value is a constant, not an argument: %s', (_label, param, value) => {
    const op = createOperation('POST', '/things', { parameters: [param, createParameter('limit', 'query')] });
    const input = planInput(planned(op), null, { schemas: { '#/components/schemas/V': { type: 'string', enum: ['2017-05-18'] } } });
    expect(input.params.map((p) => p.arg)).toEqual(['limit']);
    expect(input.constants.map((c) => [c.param.name, c.value])).toEqual([[param.name, value]]);
  });

  it.each([
    ['optional', createParameter('X-Mode', 'header', { schema: { enum: ['fast'] } })],
    ['two values', createParameter('X-Mode', 'header', { required: true, schema: { enum: ['fast', 'slow'] } })],
    ['an object value', createParameter('X-Mode', 'header', { required: true, schema: { enum: [{ a: 1 }] } })],
    ['a control character', createParameter('X-Mode', 'header', { required: true, schema: { enum: ['a\r\nb'] } })],
    [
      'a oneOf of two consts',
      createParameter('X-Mode', 'header', { required: true, schema: { oneOf: [{ const: 'fast' }, { const: 'slow' }] } }),
    ],
    [
      'one const or null',
      createParameter('X-Mode', 'header', { required: true, schema: { anyOf: [{ const: 'fast' }, { type: 'null' }] } }),
    ],
    [
      'a const beside another composition',
      createParameter('X-Mode', 'header', { required: true, schema: { oneOf: [{ const: 'fast' }], allOf: [{ minLength: 9 }] } }),
    ],
  ])('stays an argument when %s', (_label, param) => {
    const input = planInput(planned(createOperation('GET', '/things', { parameters: [param] })), null);
    expect(input.params.map((p) => p.param.name)).toEqual(['X-Mode']);
    expect(input.constants).toEqual([]);
  });

  it.each<[string, Parameter, string | null]>([
    [
      'a plain string (Azure)',
      createParameter('api-version', 'query', { required: true, schema: { type: 'string', minLength: 1 } }),
      '2024-11-15',
    ],
    [
      'behind a $ref, any case',
      createParameter('Api-Version', 'query', { required: true, schema: { $ref: '#/components/schemas/V' } }),
      '2024-11-15',
    ],
    [
      'its own default first',
      createParameter('api-version', 'query', { required: true, schema: { type: 'string', default: '2023-01-01' } }),
      '2023-01-01',
    ],
    ['optional: the service picks', createParameter('api-version', 'query', { schema: { type: 'string' } }), null],
    ['a header', createParameter('api-version', 'header', { required: true, schema: { type: 'string' } }), null],
    [
      'a list of versions',
      createParameter('api-version', 'query', { required: true, schema: { type: 'string', enum: ['2023-01-01', '2024-11-15'] } }),
      null,
    ],
    [
      'a list of versions behind an allOf',
      createParameter('api-version', 'query', { required: true, schema: { allOf: [{ $ref: '#/components/schemas/Versions' }] } }),
      null,
    ],
    [
      'a plain string behind an allOf',
      createParameter('api-version', 'query', { required: true, schema: { allOf: [{ $ref: '#/components/schemas/V' }] } }),
      '2024-11-15',
    ],
    ['a number', createParameter('api-version', 'query', { required: true, schema: { type: 'integer' } }), null],
    ['another name', createParameter('version', 'query', { required: true, schema: { type: 'string' } }), null],
  ])("a required api-version query parameter is the contract's own version: %s", (_label, param, value) => {
    const op = createOperation('POST', '/jobs', { parameters: [param] });
    const input = planInput(planned(op), null, {
      schemas: {
        '#/components/schemas/V': { type: 'string' },
        '#/components/schemas/Versions': { type: 'string', enum: ['2023-01-01', '2024-11-15'] },
      },
      documentVersion: '2024-11-15',
    });
    expect(input.constants.map((c) => [c.param.name, c.value])).toEqual(value === null ? [] : [[param.name, value]]);
    expect(input.params.map((p) => p.param.name)).toEqual(value === null ? [param.name] : []);
  });

  it('leaves api-version an argument when the contract states no version', () => {
    const op = createOperation('GET', '/jobs', {
      parameters: [createParameter('api-version', 'query', { required: true, schema: { type: 'string' } })],
    });
    for (const documentVersion of [undefined, '', '  ']) {
      expect(planInput(planned(op), null, documentVersion === undefined ? {} : { documentVersion }).constants).toEqual([]);
    }
  });

  describe('a parameter that carries a credential is no argument', () => {
    const schemes: SecurityScheme[] = [
      { key: 'consumer', type: 'apiKey', in: 'header', name: 'x-apideck-consumer-id' },
      { key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key' },
      { key: 'oauth', type: 'oauth2' },
      { key: 'bearer', type: 'http', scheme: 'bearer' },
      { key: 'basic', type: 'http', scheme: 'basic' },
    ];
    const plan = (param: Parameter, security: string[][]) =>
      planInput(planned(createOperation('GET', '/things', { parameters: [param, createParameter('limit', 'query')], security })), null, {
        securitySchemes: schemes,
      });
    it.each<[string, Parameter, string[][], boolean]>([
      [
        "an API key scheme's own header, in another case",
        createParameter('X-Apideck-Consumer-Id', 'header', { required: true }),
        [['consumer']],
        true,
      ],
      ["an API key scheme's own query parameter", createParameter('api_key', 'query'), [['queryKey']], true],
      ['a scheme the operation does not use', createParameter('api_key', 'query'), [['consumer']], false],
      ['the same name elsewhere (a header, not the query)', createParameter('api_key', 'header'), [['queryKey']], false],
      ['access_token beside OAuth 2 (RFC 6750)', createParameter('access_token', 'query'), [['oauth']], true],
      ['oauth_token beside a bearer scheme, among alternatives', createParameter('oauth_token', 'query'), [['basic'], ['bearer']], true],
      ['access_token with only basic auth: the one way to send a token', createParameter('access_token', 'query'), [['basic']], false],
      ['access_token with no security at all', createParameter('access_token', 'query'), [], false],
      ['access_token as a header is not the RFC 6750 query token', createParameter('access_token', 'header'), [['oauth']], false],
    ])('%s: %s', (_label, param, security, dropped) => {
      const input = plan(param, security);
      expect(input.params.map((p) => p.param.name)).toEqual(dropped ? ['limit'] : [param.name, 'limit']);
      expect(input.omitted).toEqual(dropped ? [param.name] : []);
    });
  });

  it('drops the SigV4 signature headers from signed operations only', () => {
    const names = ['X-Amz-Date', 'X-Amz-Signature', 'X-Amz-Content-Sha256', 'X-Amz-Security-Token', 'X-Amz-Meta'];
    const op = createOperation('GET', '/things', { parameters: names.map((n) => createParameter(n, 'header')) });
    expect(planInput(planned(op), null, { signed: true }).params.map((p) => p.param.name)).toEqual(['X-Amz-Meta']);
    expect(planInput(planned(op), null).params.map((p) => p.param.name)).toEqual(names);
  });

  it('keeps RFC 7240 Prefer off start tools (a `wait` preference would hold the start), but not off plain tools', () => {
    const op = createOperation('POST', '/predictions', {
      parameters: [createParameter('Prefer', 'header'), createParameter('stream', 'query')],
    });
    expect(planInput(planned(op, 'start'), null)).toMatchObject({ omitted: ['Prefer'] });
    expect(planInput(planned(op, 'start'), null).params.map((p) => p.arg)).toEqual(['stream']);
    expect(planInput(planned(op), null).params.map((p) => p.arg)).toEqual(['Prefer', 'stream']);
  });
});

describe('planInput: inputs a start asks for its poll (JobFamily.asks)', () => {
  const isCaller = { name: 'isCaller', in: 'query' as const, required: true, schema: { type: 'boolean' } };
  const op = createOperation('POST', '/connectors/{ConnectorId}/tasks', { parameters: [createParameter('ConnectorId', 'path')] });

  it('adds them to a start tool, after its own arguments, and to no other tool', () => {
    expect(planInput(planned(op, 'start'), null, { asks: [isCaller] }).asked).toEqual([isCaller]);
    expect(planInput(planned(op), null, { asks: [isCaller] }).asked).toBeUndefined();
  });

  it("keeps what the server does with it past the poll's long description (the 200-character limit)", () => {
    const long = 'Whether the caller side is analysed; '.repeat(10);
    const text = askedDescription(long);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    expect(text.startsWith('Whether the caller side is analysed;')).toBe(true);
    expect(text.endsWith('kept with the job and sent with each status check, which requires it.')).toBe(true);
    expect(askedDescription(undefined)).toBe(
      'Not sent with this call: kept with the job and sent with each status check, which requires it.',
    );
  });

  it('leaves one out when the start takes an argument of that name itself: its own value is sent', () => {
    const own = createOperation('POST', '/tasks', { parameters: [createParameter('isCaller', 'query')] });
    const input = planInput(planned(own, 'start'), null, { asks: [isCaller] });
    expect(input.asked).toBeUndefined();
    expect(input.params.map((p) => p.arg)).toEqual(['isCaller']);
  });
});

describe('bodies, outputs and security', () => {
  it('prefers JSON over other request media types', () => {
    const content = [
      { mediaType: 'application/octet-stream' },
      { mediaType: 'application/x-www-form-urlencoded' },
      { mediaType: 'application/merge-patch+json' },
    ];
    expect(chooseBodyContent(content)?.mediaType).toBe('application/merge-patch+json');
  });

  it('reads a media type by its essence: JSON with parameters is JSON, a structured argument (Spring, Azure Batch)', () => {
    const spring = [{ mediaType: 'text/plain' }, { mediaType: 'application/json;charset=UTF-8' }];
    expect(chooseBodyContent(spring)?.mediaType).toBe('application/json;charset=UTF-8');
    expect(isRawMedia('application/json;charset=UTF-8')).toBe(false);
    expect(isRawMedia('application/json; odata=minimalmetadata')).toBe(false);
    expect(isRawMedia('*/*; q=0.8')).toBe(false);
    expect(isRawMedia('text/plain; charset=utf-8')).toBe(true);
    expect(isRawMedia('application/octet-stream')).toBe(true);
  });

  it('has an output schema only for a first-2xx JSON object', () => {
    const model = createModel([], { schemas: { '#/components/schemas/Pet': { type: 'object', properties: {} } } });
    const withRef = createOperation('GET', '/a', { responses: [createResponse('200', { schema: { $ref: '#/components/schemas/Pet' } })] });
    const array = createOperation('GET', '/b', { responses: [createResponse('200', { schema: { type: 'array', items: {} } })] });
    const errorOnly = createOperation('GET', '/c', { responses: [createResponse('default', { schema: { type: 'object' } })] });
    const allOf = createOperation('GET', '/d', {
      responses: [createResponse('2XX', { schema: { allOf: [{ $ref: '#/components/schemas/Pet' }] } })],
    });
    expect(successObjectSchema(withRef, model)).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(successObjectSchema(array, model)).toBeUndefined();
    expect(successObjectSchema(errorOnly, model)).toBeUndefined();
    expect(successObjectSchema(allOf, model)).toBeDefined();
    const noContentFirst = createOperation('GET', '/e', {
      responses: [{ ...createResponse('204', { schema: {} }), content: [] }, createResponse('200', { schema: { type: 'object' } })],
    });
    expect(successObjectSchema(noContentFirst, model)).toEqual({ type: 'object' });
  });

  it('keeps only security alternatives the runtime can satisfy', () => {
    const op = createOperation('GET', '/a', { security: [['mtls'], ['key', 'token'], []] });
    expect(supportedSecurity(op, new Set(['key', 'token']))).toEqual([['key', 'token'], []]);
  });
});

describe('planInput: a body that can only be {} (Stripe: 225 GET and DELETE tools)', () => {
  const EMPTY = { type: 'object', properties: {}, additionalProperties: false };
  const schemas = {
    '#/components/schemas/Empty': EMPTY,
    '#/components/schemas/Named': { type: 'object', properties: { name: { type: 'string' } } },
  };
  const form = 'application/x-www-form-urlencoded';
  const bodyOf = (schema: unknown, required = false) =>
    planInput(
      planned(
        createOperation('GET', '/v1/account', { requestBody: createRequestBody(schema as JsonSchema, { required, mediaType: form }) }),
      ),
      null,
      { schemas },
    ).body?.arg;

  it.each([
    ['a closed object without properties', EMPTY, true],
    ['the same behind a $ref', { $ref: '#/components/schemas/Empty' }, true],
    ['with no type', { properties: {}, additionalProperties: false }, true],
    ['allOf parts that add no property', { allOf: [{ $ref: '#/components/schemas/Empty' }, { description: 'x' }] }, true],
    ['an open object (a map)', { type: 'object', properties: {} }, false],
    ['a map with typed values', { type: 'object', additionalProperties: { type: 'string' } }, false],
    ['a closed object with a property', { ...EMPTY, properties: { name: { type: 'string' } } }, false],
    ['patternProperties', { ...EMPTY, patternProperties: { '^x-': { type: 'string' } } }, false],
    ['allOf with a named part', { allOf: [{ $ref: '#/components/schemas/Named' }, { additionalProperties: false }] }, false],
    ['a union beside it', { ...EMPTY, oneOf: [{ properties: { a: { type: 'string' } } }] }, false],
    ['a string', { type: 'string' }, false],
    ['a missing $ref', { $ref: '#/components/schemas/Gone' }, false],
    ['no schema', undefined, false],
  ])('%s: only {} is %s', (_, schema, only) => {
    expect(onlyEmptyObject(schema as JsonSchema | undefined, schemas)).toBe(only);
  });

  it('leaves an optional body that can only be {} out of the arguments, and keeps every other body', () => {
    expect(bodyOf(EMPTY)).toBeUndefined();
    expect(bodyOf({ $ref: '#/components/schemas/Empty' })).toBeUndefined();
    expect(bodyOf(schemas['#/components/schemas/Named'])).toBe('body');
    // A required one must still be sent (`{}`): the argument stays.
    expect(bodyOf(EMPTY, true)).toBe('body');
  });

  it('gives the name `body` back to a parameter when the body is left out', () => {
    const op = createOperation('GET', '/v1/account', {
      parameters: [createParameter('body', 'query')],
      requestBody: createRequestBody(EMPTY, { required: false, mediaType: form }),
    });
    expect(planInput(planned(op), null, { schemas }).params.map((p) => p.arg)).toEqual(['body']);
  });
});

describe('spec texts', () => {
  it('drops well-known HTML tags (Stripe writes HTML) but keeps angle-bracket placeholders', () => {
    const op = createOperation('GET', '/x', {
      description: '<p>Creates a <code>Card</code> <a href="https://x">object</a>.</p><p>Then List<String> and <id>.</p>',
    });
    expect(operationDescription(op)).toBe('Creates a Card object.\n\nThen List<String> and <id>.\n\nHTTP: GET /x');
  });
});

describe('planInput: path values sent with their slashes (issue 23 item 5)', () => {
  const rawOf = (path: string, googleApi: boolean, allowReserved = false) => {
    const name = /\{([^}]+)\}/.exec(path)![1]!;
    const op = createOperation('GET', path, { parameters: [createParameter(name, 'path', allowReserved ? { allowReserved: true } : {})] });
    return planInput(planned(op), null, { aips: googleApi }).params[0]!.raw;
  };
  it.each([
    ['/v1/{name}', true, true],
    ['/v1/{name}:cancel', true, true],
    ['/v1/{parent}/operations', true, true],
    ['/v1beta2/{resource}:getIamPolicy', true, true],
    ['/upload/v1/{parent}/files', true, true],
    // One segment: a variable after a literal collection id, or without a version root.
    ['/v1/projects/{project}/books/{book}', true, false],
    ['/v1/files/{fileId}', true, false],
    ['/{name}', true, false],
    // Not a Google API: `/v1/{id}` is an id like any other.
    ['/v1/{name}', false, false],
  ])('%s (follows the AIPs: %s) → raw %s', (path, aips, raw) => {
    expect(rawOf(path, aips)).toBe(raw);
  });

  it('x-ms-skip-url-encoding is raw wherever it stands', () => {
    expect(rawOf('/things/{scope}/x', false, true)).toBe(true);
  });
});

describe('planInput: sanitised names', () => {
  it('lets names usable as written keep them, and never uses __proto__ as an argument', () => {
    const op = createOperation('GET', '/x', {
      parameters: [createParameter('$filter', 'query'), createParameter('filter', 'query'), createParameter('__proto__', 'query')],
    });
    expect(planInput(planned(op), null).params.map((p) => [p.param.name, p.arg])).toEqual([
      ['$filter', 'filter_query'],
      ['filter', 'filter'],
      ['__proto__', 'proto'],
    ]);
  });
});

describe('spec code written directly prints what literal() prints', () => {
  it.each<[HttpMethod, string | undefined]>([
    ['GET', undefined],
    ['HEAD', 'Head it'],
    ['OPTIONS', ''],
    ['POST', "Create a pet's toy"],
    ['PATCH', '  spaced\n summary  '],
    ['PUT', 'x'.repeat(200)],
    ['DELETE', 'Delete \\ it'],
  ])('annotations of %s %j', (method, summary) => {
    expect(annotationsCode(annotationsFor(method, summary))).toBe(literal(annotationsFor(method, summary)));
  });

  it.each([
    [{ name: 'owner', in: 'path' as const, required: true }, 'owner'],
    [{ name: 'per-page', in: 'query' as const, required: false }, 'per_page'],
    [{ name: 'ids', in: 'query' as const, required: false, style: 'form', explode: false }, 'ids'],
    [{ name: 'filter', in: 'query' as const, required: true, style: 'deepObject', explode: true }, 'filter'],
    [{ name: 'x', in: 'header' as const, required: false, style: 'simple', explode: true }, 'x'],
    [{ name: 'c', in: 'cookie' as const, required: false, style: 'form', explode: true }, 'c'],
    [{ name: 'p', in: 'path' as const, required: true, style: 'label', allowReserved: true as const }, 'p'],
    [{ name: "it's", in: 'path' as const, required: false, allowReserved: true as const }, 'it_s'],
  ])('param %j', (fields, arg) => {
    // Built by hand: the factory fills in style and explode, and these cases need them absent too.
    const param: Parameter = { schema: { type: 'string' }, pointer: '#/components/parameters/x', ...fields };
    const spec: Record<string, unknown> = { arg, name: param.name, in: param.in, required: param.in === 'path' || param.required };
    if (!isDefaultStyle(param)) {
      if (param.style !== undefined) spec.style = param.style;
      if (param.explode !== undefined) spec.explode = param.explode;
    }
    if (param.in === 'path' && param.allowReserved) spec.allowReserved = true;
    const built = paramSpec({ param, arg, raw: param.in === 'path' && param.allowReserved === true });
    expect(built).toEqual(spec);
    expect(paramSpecCode(built)).toBe(literal(spec));
  });

  it.each([
    ['application/json', true],
    ["text/plain; charset='x'", false],
  ])('body %s', (mediaType, required) => {
    const body = { arg: 'body', content: { mediaType }, required };
    expect(bodySpec(body)).toEqual({ arg: body.arg, mediaType, required });
    expect(bodySpecCode(bodySpec(body))).toBe(literal({ arg: body.arg, mediaType, required }));
  });
});
