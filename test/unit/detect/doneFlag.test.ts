/**
 * A job document that says it ended by a flag, not a word (src/detect/status/doneFlag.ts): Mapbox's upload
 * `{complete, error, progress}`, Yandex Cloud's Operation `{id, done, error, response}`. Near misses: a flag with no
 * error beside it (a to-do's `completed`), two flags, a flag named for something else, Google's Operation (AIP-151's
 * own unit).
 */
import { describe, expect, it } from 'vitest';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { doneFlagOf } from '../../../src/detect/status/doneFlag.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const str: JsonSchema = { type: 'string' };
const bool: JsonSchema = { type: 'boolean' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });

describe('a flag that says the work ended', () => {
  const reader = new SchemaReader(createModel([]));
  it.each<[string, JsonSchema, string | null]>([
    [
      'Mapbox upload',
      obj({ id: str, complete: bool, error: { type: 'string', nullable: true }, progress: { type: 'number' } }),
      'complete',
    ],
    ['an `is` before it', obj({ id: str, isDone: bool, error: obj({ message: str }) }), 'isDone'],
    ['near miss: no error beside it (a to-do)', obj({ id: str, completed: bool, completed_at: str }), null],
    ['near miss: two flags', obj({ id: str, done: bool, finished: bool, error: str }), null],
    ['near miss: a flag named for something else', obj({ id: str, archived: bool, error: str }), null],
    ['near miss: Google’s Operation (AIP-151)', obj({ name: str, done: bool, error: obj({ code: { type: 'integer' } }) }), null],
  ])('%s', (_label, schema, flag) => {
    expect(doneFlagOf(reader, schema)).toBe(flag);
  });
});
