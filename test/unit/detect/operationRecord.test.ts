/**
 * A change that answers the record of its own operation whole, read again by its own id (resource/sameRepresentation.ts,
 * idflow/changeVerbStarts.ts isRecordHandle, pollTieBreak.ts step 0): Yandex Cloud answers every change of an instance
 * with an `Operation {id, done, error, response}` read at `GET /operations/{operationId}`, not the `Instance` at
 * `GET /instances/{instanceId}`; the flag is its status (doneFlag.ts). Near misses: the record with no error to say how
 * the work went, a PATCH answering what it changed, a stop answering the thing stopped.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str: JsonSchema = { type: 'string' };
const bool: JsonSchema = { type: 'boolean' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });

describe('a change answering the record of its own operation', () => {
  const operation = (error = true) =>
    obj({
      id: str,
      description: str,
      done: bool,
      ...(error ? { error: obj({ code: { type: 'integer' }, message: str }) } : {}),
      response: obj({}),
    });
  const instance = obj({
    id: str,
    name: str,
    status: { type: 'string', enum: ['PROVISIONING', 'RUNNING', 'STOPPING', 'STOPPED', 'ERROR'] },
  });
  // `inline`: each answer written out where it is used, as a contract without components does (metamorphic `inlineRefs`).
  let inline = false;
  const op = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, operationId: string, schema: string) =>
    createOperation(method, path, {
      operationId,
      parameters: [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => createParameter(m[1]!, 'path')),
      responses: [createResponse('200', { schema: inline ? (schema === 'Operation' ? operation() : instance) : createSchemaRef(schema) })],
    });
  const detect = (ops: Operation[], error = true) =>
    detectJobs(createModel(ops, { schemas: componentSchemas({ Operation: operation(error), Instance: instance }) })).families.map((f) => ({
      start: f.start.map((s) => s.op.operationId).sort(),
      poll: isOperationLink(f.poll) ? f.poll.op.operationId : null,
      statusField: f.statusField,
      neutralEnds: f.neutralEnds,
    }));
  const reads = [
    op('GET', '/instances/{instanceId}', 'getInstance', 'Instance'),
    op('GET', '/operations/{operationId}', 'getOperation', 'Operation'),
  ];
  const changes = [
    op('POST', '/instances', 'createInstance', 'Operation'),
    op('DELETE', '/instances/{instanceId}', 'deleteInstance', 'Operation'),
    op('POST', '/instances/{instanceId}:stop', 'stopInstance', 'Operation'),
  ];

  it('is followed at the read of that record, its flag the status and `true` a neutral end', () => {
    expect(detect([...changes, ...reads])).toEqual([
      { start: ['createInstance', 'deleteInstance', 'stopInstance'], poll: 'getOperation', statusField: 'done', neutralEnds: ['true'] },
    ]);
  });
  it('is followed there when every answer is written out inline, no schema named', () => {
    inline = true;
    const ops = [
      op('POST', '/instances', 'createInstance', 'Operation'),
      op('DELETE', '/instances/{instanceId}', 'deleteInstance', 'Operation'),
      op('GET', '/instances/{instanceId}', 'getInstance', 'Instance'),
      op('GET', '/operations/{operationId}', 'getOperation', 'Operation'),
    ];
    inline = false;
    expect(detect(ops).map((f) => [f.start, f.poll])).toEqual([[['createInstance', 'deleteInstance'], 'getOperation']]);
  });
  it('two methods at one path are two calls, each a start (LGTM: complete and abort an upload)', () => {
    const complete = op('POST', '/uploads/{sessionId}', 'completeUpload', 'Operation');
    const abort = op('DELETE', '/uploads/{sessionId}', 'abortUpload', 'Operation');
    expect(detect([complete, abort, ...reads]).map((f) => f.start)).toEqual([['abortUpload', 'completeUpload']]);
  });
  it('near miss: without an error beside the flag the record says nothing of how the work went', () => {
    expect(detect([...changes, ...reads], false).filter((f) => f.poll === 'getOperation')).toEqual([]);
  });
  it('near miss: a PATCH answers what it changed, and a record named for the changed thing is that thing', () => {
    const patch = op('PATCH', '/instances/{instanceId}', 'updateInstance', 'Operation');
    const named = op('POST', '/instances/{instanceId}:stop', 'stopInstance', 'Instance');
    expect(detect([patch, named, ...reads]).flatMap((f) => f.start)).toEqual([]);
  });
});
