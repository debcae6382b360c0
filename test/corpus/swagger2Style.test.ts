/**
 * The `swagger2` rewrite (scripts/corpus/swagger2Style.ts): an OpenAPI 3 contract said as Swagger 2.0, valid by
 * swagger-parser's own schema, and read by our normalizer into the same operations as the original.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../scripts/corpus/metamorphicTransforms.js';
import { swagger2 } from '../../scripts/corpus/swagger2Style.js';
import type { Operation } from '../../src/model/ir.js';
import { buildFrom } from '../unit/normalize/buildFrom.js';

const oas3 = (): Json => ({
  openapi: '3.0.3',
  info: { title: 'Exports', version: '1' },
  servers: [{ url: 'https://{region}.example.com/v2/', variables: { region: { default: 'eu' } } }],
  security: [{ bearer: [] }, { oidc: [] }],
  paths: {
    '/exports': {
      post: {
        operationId: 'startExport',
        parameters: [
          { $ref: '#/components/parameters/Tags' },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
          { name: 'Idempotency-Key', in: 'header', schema: { $ref: '#/components/schemas/Key' }, example: 'k-1' },
        ],
        requestBody: { $ref: '#/components/requestBodies/ExportRequest' },
        responses: {
          '202': {
            description: 'accepted',
            headers: { Location: { $ref: '#/components/headers/Location' } },
            content: {
              'application/xml': { schema: { type: 'string' } },
              'application/json': { schema: { $ref: '#/components/schemas/Export' }, example: { id: 'e1', status: 'queued' } },
            },
            links: { poll: { operationId: 'getExport', parameters: { id: '$response.body#/id' } } },
          },
        },
        callbacks: { done: { '{$request.body#/callback}': { post: { responses: { '200': { description: 'ok' } } } } } },
      },
    },
    '/exports/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getExport',
        responses: {
          '200': { description: 'the export', content: { 'application/json': { schema: { $ref: '#/components/schemas/Export' } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/uploads': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string', description: 'a note' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'stored',
            content: {
              'application/json': { schema: { $ref: '#/paths/~1exports~1{id}/get/responses/200/content/application~1json/schema' } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Key: { type: 'string', maxLength: 64 },
      Export: {
        type: 'object',
        required: ['id'],
        discriminator: { propertyName: 'kind' },
        properties: {
          id: { type: 'string' },
          kind: { type: 'string' },
          status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'], nullable: true },
        },
      },
    },
    parameters: {
      Tags: { name: 'tags', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } },
    },
    requestBodies: {
      ExportRequest: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { format: { type: 'string', enum: ['csv'] } } } } },
      },
    },
    headers: { Location: { description: 'where to poll', schema: { type: 'string', format: 'uri' } } },
    responses: {
      NotFound: { description: 'no such export', content: { 'application/json': { schema: { $ref: '#/components/schemas/Export' } } } },
    },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.com/.well-known/openid-configuration' },
    },
  },
});

const ctx = { file: 'example.com/exports.json', seed: 1 };
type Obj = Record<string, any>;

describe('swagger2: an OpenAPI 3 contract said as Swagger 2.0', () => {
  const out = swagger2(oas3(), ctx) as Obj;

  it('is valid Swagger 2.0 by its own schema', async () => {
    await expect(SwaggerParser.validate(structuredClone(out) as never)).resolves.toBeDefined();
  });

  it('says the server, components, security and refs the Swagger 2 way', () => {
    expect([out.swagger, out.host, out.basePath, out.schemes]).toEqual(['2.0', 'eu.example.com', '/v2', ['https']]);
    expect(out.openapi).toBeUndefined();
    expect(out.components).toBeUndefined();
    expect(out.definitions.Export.discriminator).toBe('kind');
    expect(out.definitions.Export.properties.status['x-nullable']).toBe(true);
    expect(out.securityDefinitions).toEqual({ bearer: { type: 'apiKey', name: 'Authorization', in: 'header' } });
    expect(out.security).toEqual([{ bearer: [] }]);
    expect(out.parameters.Tags).toEqual({ name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' });
    expect(out.responses.NotFound.schema).toEqual({ $ref: '#/definitions/Export' });
  });

  it('makes bodies parameters, keeps one response schema, and drops what Swagger 2 cannot say', () => {
    const start = out.paths['/exports'].post;
    expect(start.parameters).toEqual([
      { $ref: '#/parameters/Tags' },
      { name: 'Idempotency-Key', in: 'header', type: 'string', maxLength: 64, 'x-example': 'k-1' },
      { name: 'body', in: 'body', required: true, schema: { type: 'object', properties: { format: { type: 'string', enum: ['csv'] } } } },
    ]);
    expect(start.consumes).toEqual(['application/json']);
    expect(start.produces).toEqual(['application/xml', 'application/json']);
    expect(start.responses['202']).toEqual({
      description: 'accepted',
      headers: { Location: { description: 'where to poll', type: 'string', format: 'uri' } },
      schema: { $ref: '#/definitions/Export' },
      examples: { 'application/json': { id: 'e1', status: 'queued' } },
    });
    expect(start.callbacks).toBeUndefined();
    const upload = out.paths['/uploads'].post;
    expect(upload.parameters).toEqual([
      { name: 'file', in: 'formData', required: true, type: 'file' },
      { name: 'note', in: 'formData', required: false, type: 'string', description: 'a note' },
    ]);
    expect(upload.responses['200'].schema).toEqual({ $ref: '#/paths/~1exports~1{id}/get/responses/200/schema' });
  });

  it('is read by the normalizer into the same operations, parameters and bodies', () => {
    // Refs compared by the name they point at (Swagger 2 keeps a response's one schema under `schema`, and a
    // parameter's schema inline); links and cookies are what Swagger 2 cannot say.
    const shape = (document: Obj) => {
      const { model } = buildFrom(document);
      const typeOf = (schema: unknown): unknown => {
        const s = schema as Obj;
        return typeof s.$ref === 'string' ? (model.schemas[s.$ref] as Obj | undefined)?.type : s.type;
      };
      const ops = model.operations.map((o: Operation) => ({
        id: o.operationId,
        key: `${o.method} ${o.path}`,
        parameters: o.parameters.filter((p) => p.in !== 'cookie').map((p) => [p.name, p.in, p.required, typeOf(p.schema)]),
        body: o.requestBody && [o.requestBody.required, o.requestBody.content.map((c) => c.mediaType)],
        responses: o.responses.map((r) => [r.status, r.content.find((c) => c.mediaType === 'application/json')?.schema]),
      }));
      return JSON.parse(
        JSON.stringify(ops)
          .replaceAll('#/components/schemas/', '#/definitions/')
          .replaceAll('/content/application~1json/schema', '/schema'),
      );
    };
    expect(shape(out)).toEqual(shape(oas3() as Obj));
  });
});
