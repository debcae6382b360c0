/**
 * A status sub-resource of the item (`GET /builds/{id}/status`, `GET /zip_downloads/{id}/status`): a read that
 * exists only to say how far the item's work has got is what a client is meant to poll. Job APIs split it from the
 * item so that polling stays cheap; a business object (an order, a payment) shows its status on itself.
 * Counted as one more sign of a job resource (assessJobResource.ts), never as enough on its own.
 */
import type { Operation } from '../../model/ir.js';
import { type OperationIndex, splitPath, successSchema } from '../read/operationIndex.js';
import { STATUS_SEGMENTS } from '../read/resourcePath.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';

export function findStatusSubresource(item: string, index: OperationIndex, reader: SchemaReader): Operation | null {
  for (const op of index.children(item)) {
    if (op.method !== 'GET') continue;
    const { pathname } = splitPath(op.path);
    const last = pathname.slice(pathname.lastIndexOf('/') + 1).toLowerCase();
    if (!STATUS_SEGMENTS.includes(last)) continue;
    // Its answer must itself report a lifecycle: `/status` answering `{online: true}` reads health, not work.
    if (analyzeStatusSchema(reader, successSchema(op)).lifecycle.lifecycleLike) return op;
  }
  return null;
}
