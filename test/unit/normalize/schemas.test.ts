import { describe, expect, it } from 'vitest';
import { buildFrom, oas3, ok, swagger2 } from './buildFrom.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

describe('normalizeModel: model.schemas holds what operations reach, nothing else', () => {
  it('follows refs transitively from parameters, bodies, responses and headers; refs stay as written', () => {
    const { model, diagnostics } = buildFrom(
      oas3(
        {
          '/jobs': {
            post: {
              parameters: [{ name: 'kind', in: 'query', schema: { $ref: '#/components/schemas/Kind' } }],
              requestBody: json({ $ref: '#/components/schemas/NewJob' }),
              responses: {
                '202': {
                  description: 'accepted',
                  headers: { 'X-Id': { schema: { $ref: '#/components/schemas/Id' } } },
                  ...json({ type: 'array', items: { $ref: '#/components/schemas/Job' } }),
                },
              },
            },
          },
        },
        {
          components: {
            schemas: {
              Kind: { type: 'string' },
              NewJob: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { input: { $ref: '#/components/schemas/Input' } } },
              Base: { type: 'object' },
              Input: { type: 'string' },
              Id: { type: 'string' },
              Job: {
                properties: { status: { $ref: '#/components/schemas/Job/definitions/Status' } },
                definitions: { Status: { enum: ['a'] } },
              },
              Unused: { type: 'object', properties: { x: { $ref: '#/components/schemas/AlsoUnused' } } },
              AlsoUnused: { type: 'string' },
            },
          },
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(Object.keys(model.schemas).sort()).toEqual(
      ['Base', 'Id', 'Input', 'Job', 'Job/definitions/Status', 'Kind', 'NewJob'].map((n) => `#/components/schemas/${n}`),
    );
    expect(model.schemas['#/components/schemas/NewJob']).toEqual({
      allOf: [{ $ref: '#/components/schemas/Base' }],
      properties: { input: { $ref: '#/components/schemas/Input' } },
    });
  });

  it('terminates on cycles (self, mutual, through arrays)', () => {
    const { model, diagnostics } = buildFrom(
      oas3(
        { '/tree': { get: { responses: { '200': { description: 'ok', ...json({ $ref: '#/components/schemas/Node' }) } } } } },
        {
          components: {
            schemas: {
              Node: {
                properties: {
                  children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
                  owner: { $ref: '#/components/schemas/Owner' },
                },
              },
              Owner: { properties: { nodes: { items: { $ref: '#/components/schemas/Node' } } } },
            },
          },
        },
      ),
    );
    expect(diagnostics).toEqual([]);
    expect(Object.keys(model.schemas).sort()).toEqual(['#/components/schemas/Node', '#/components/schemas/Owner']);
  });

  it('does not follow refs inside examples, enums, defaults or vendor extensions; does inside properties named like them', () => {
    const { model } = buildFrom(
      oas3(
        {
          '/x': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  ...json({
                    example: { $ref: '#/components/schemas/FromExample' },
                    default: { $ref: '#/components/schemas/FromDefault' },
                    'x-extra': { $ref: '#/components/schemas/FromExtension' },
                    properties: { example: { $ref: '#/components/schemas/RealProperty' } },
                  }),
                },
              },
            },
          },
        },
        { components: { schemas: { RealProperty: { type: 'string' } } } },
      ),
    );
    expect(Object.keys(model.schemas)).toEqual(['#/components/schemas/RealProperty']);
  });

  it('reports a schema ref that does not resolve (MJG203) and maps it to {}', () => {
    const { model, diagnostics } = buildFrom(
      oas3({ '/x': { get: { responses: { '200': { description: 'ok', ...json({ $ref: '#/components/schemas/Gone' }) } } } } }),
    );
    expect(model.schemas).toEqual({ '#/components/schemas/Gone': {} });
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([['MJG203', 'error', '#/paths/~1x/get/responses/200']]);
  });
});

describe('normalizeModel: model.namedSchemas holds every named schema, reached or not', () => {
  it.each([
    [
      'OpenAPI 3: components.schemas',
      oas3(
        { '/x': { get: { responses: { '200': { description: 'ok', ...json({ $ref: '#/components/schemas/Used' }) } } } } },
        {
          components: {
            schemas: { Used: { type: 'object' }, 'Create/Metadata': { properties: { progressPercent: { type: 'integer' } } } },
          },
        },
      ),
      ['#/components/schemas/Used', '#/components/schemas/Create~1Metadata'],
    ],
    [
      'Swagger 2: definitions',
      swagger2({ '/x': { get: { responses: ok } } }, { definitions: { OperationMetadata: { type: 'object' }, Flag: true } }),
      ['#/definitions/OperationMetadata', '#/definitions/Flag'],
    ],
    ['no section at all', oas3({ '/x': { get: { responses: ok } } }), []],
  ])('%s', (_label, document, keys) => {
    const { model, diagnostics } = buildFrom(document);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(model.namedSchemas ?? {})).toEqual(keys);
    // `schemas` keeps its meaning: only what operations reach.
    for (const key of Object.keys(model.schemas)) expect(keys).toContain(key);
  });

  it('holds the document objects themselves (nothing is copied or walked)', () => {
    const metadata = { properties: { progress: { $ref: '#/components/schemas/Missing' } } };
    const { model, diagnostics } = buildFrom(oas3({}, { components: { schemas: { Metadata: metadata } } }));
    expect(model.namedSchemas?.['#/components/schemas/Metadata']).toBe(metadata);
    // An unreached dangling ref is not reported: only what operations use is checked.
    expect(diagnostics).toEqual([]);
  });
});
