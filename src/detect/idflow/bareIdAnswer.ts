/**
 * Convention: the start's answer is the new thing's id itself, a JSON string with no field around it. Climate's
 * `POST /v4/uploads` answers `CreatedUpload` (`{type: string, format: uuid}`: "Returns a new upload with ID"), and the
 * upload's processing is read at `GET /v4/uploads/{uploadId}/status`. No field name can link the two; REST's own layout
 * does: a POST creates below the collection it targets (RFC 9110 §9.3.3), so the id it answers fills the parameter of
 * that collection's item, read at the item itself or at its `status` sub-resource.
 *
 * Only a plain string (no enum, not a URL, a date or binary content), and only those two reads: elsewhere a bare string
 * could be anything. Id flow weighs the pairing as any other (the status must be a job's); the runtime reads the id
 * from the whole answer (`body:`, jobs/interpret.ts readSource).
 */
import type { Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { pathParams, successSchema } from '../read/operationIndex.js';
import type { OperationInput } from '../read/operationInputs.js';

/** Formats of a string that is some other value than an id. */
const NOT_ID_FORMATS = new Set(['binary', 'byte', 'uri', 'url', 'date', 'date-time', 'email', 'password']);

/** The start answers a JSON string that can be an id. */
export function answersBareId(start: Operation, ctx: DetectContext): boolean {
  const schema = ctx.reader.resolve(successSchema(start));
  if (schema === undefined || ctx.reader.typeOf(schema) !== 'string' || Array.isArray(schema['enum'])) return false;
  const format = ctx.reader.formatOf(schema);
  return format === undefined || !NOT_ID_FORMATS.has(format);
}

/** The reads the answered id fills: the item of the collection the start posts to, or that item's `status`. */
export function bareIdPolls(
  start: Operation,
  ctx: DetectContext,
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
): Array<{ op: Operation; input: OperationInput }> {
  if (start.method !== 'POST' || !answersBareId(start, ctx)) return [];
  const reads = [...ctx.index.under(start.path, '/{}', 'GET'), ...ctx.index.under(start.path, '/{}/status', 'GET')];
  const own = pathParams(start.path).length;
  return reads.flatMap((op) => {
    if (op === start || !mayPoll(op)) return [];
    // The parameter right below the collection names the item.
    const param = pathParams(op.path)[own];
    const input = inputsOf(op).find((i) => i.in === 'path' && i.name === param);
    return input ? [{ op, input }] : [];
  });
}
