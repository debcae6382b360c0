/** A render job's start and read, both answering the component schema `Render`: rows vary only how `Render` is written. */
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';

export function renderModel(schemas: Record<string, JsonSchema>): ApiModel {
  return createModel(
    [
      createOperation('POST', '/renders', {
        operationId: 'createRender',
        responses: [createResponse('201', { schema: createSchemaRef('Render') })],
      }),
      createOperation('GET', '/renders/{renderId}', {
        operationId: 'getRender',
        responses: [createResponse('200', { schema: createSchemaRef('Render') })],
      }),
    ],
    { schemas: componentSchemas(schemas) },
  );
}
