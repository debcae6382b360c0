/** Status schemas shared by the detection tables (test data; the IR itself comes from src/model/factories.ts). */
import type { JsonSchema } from '../../../src/model/ir.js';

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
