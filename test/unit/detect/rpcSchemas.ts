/** Factory-built AWS JSON-protocol rows for the detection tables (test data; the IR comes from src/model/factories.ts). */

import { operationName } from '../../../src/detect/read/operationNames.js';
import { createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';

/** A string schema, with an enum or a description when given. */
export const str = (values?: string[], description?: string): JsonSchema => ({
  type: 'string',
  ...(values ? { enum: values } : {}),
  ...(description ? { description } : {}),
});

export const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

/** An AWS JSON-protocol operation: `POST /#X-Amz-Target=Svc.Op`, its input in the body. */
export const rpc = (op: string, input: JsonSchema, output: JsonSchema): Operation =>
  createOperation('POST', `/#X-Amz-Target=Svc.${op}`, {
    operationId: op,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });

/** The name detection reads from an operation called `id` (`UpgradeDomain` → upgrade + [domain]). */
export const nameOfId = (id: string) => operationName(createOperation('POST', `/${id}`, { operationId: id }));
