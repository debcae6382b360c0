/**
 * Small IR factories for detection tests: build exactly the operations a row needs, with defaults,
 * never by parsing a spec.
 */
import type { ApiModel, HttpMethod, JsonSchema, Link, Operation, Parameter, Response, ResponseHeader } from '../../../src/model/ir.js';

export interface ResponseInit {
  status: string;
  schema?: JsonSchema;
  headers?: string[];
  links?: Link[];
}

export interface OperationInit {
  operationId?: string;
  summary?: string;
  responses?: ResponseInit[];
  params?: Array<Partial<Parameter> & { name: string; in: Parameter['in'] }>;
  body?: JsonSchema;
  extensions?: Record<string, unknown>;
  callbacks?: string[];
}

let counter = 0;

export function op(method: HttpMethod, path: string, init: OperationInit = {}): Operation {
  const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`;
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const params: Parameter[] = [
    ...pathParams.map((name) => ({
      name,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
      pointer: `${pointer}/parameters/${name}`,
    })),
    ...(init.params ?? []).map((p) => ({ required: false, schema: { type: 'string' }, pointer: `${pointer}/parameters/${p.name}`, ...p })),
  ];
  const responses: Response[] = (init.responses ?? [{ status: '200' }]).map((r) => ({
    status: r.status,
    headers: (r.headers ?? []).map((name): ResponseHeader => ({ name, schema: { type: 'string' } })),
    content: r.schema === undefined ? [] : [{ mediaType: 'application/json', schema: r.schema }],
    links: r.links ?? [],
    pointer: `${pointer}/responses/${r.status}`,
  }));
  const o: Operation = {
    operationId: init.operationId ?? `op${++counter}`,
    method,
    path,
    pointer,
    tags: [],
    deprecated: false,
    parameters: params,
    responses,
    security: [],
    callbacks: init.callbacks ?? [],
    extensions: init.extensions ?? {},
  };
  if (init.summary !== undefined) o.summary = init.summary;
  if (init.body !== undefined) {
    o.requestBody = { required: true, content: [{ mediaType: 'application/json', schema: init.body }], pointer: `${pointer}/requestBody` };
  }
  return o;
}

/**
 * A model of these operations; `schemas` are what operations reach, `unreferenced` further named schemas that
 * no operation uses (both end up in `namedSchemas`, as normalize makes them).
 */
export function model(
  operations: Operation[],
  schemas: Record<string, JsonSchema> = {},
  unreferenced: Record<string, JsonSchema> = {},
): ApiModel {
  const prefix = (all: Record<string, JsonSchema>) =>
    Object.fromEntries(Object.entries(all).map(([k, v]) => [k.startsWith('#') ? k : `#/components/schemas/${k}`, v]));
  const prefixed = prefix(schemas);
  return {
    title: 'Test API',
    version: '1.0.0',
    flavour: 'openapi-3.1',
    servers: [],
    securitySchemes: [],
    defaultSecurity: [],
    operations,
    schemas: prefixed,
    namedSchemas: { ...prefixed, ...prefix(unreferenced) },
    webhookCount: 0,
  };
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An object schema with a string `status` enum (or plain string when no values) and extra properties. */
export function jobSchema(statusValues: string[] | null, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: {
      id: { type: 'string' },
      status: statusValues ? { type: 'string', enum: statusValues } : { type: 'string' },
      ...extra,
    },
  };
}

export const OPENAI_BATCH_STATES = ['validating', 'failed', 'in_progress', 'finalizing', 'completed', 'expired', 'cancelling', 'cancelled'];
