/**
 * What a job resource's cancel requires beyond the job (src/detect/cancelInputs.ts). App Center cancels a data
 * request at `POST /v0.1/user/dsr/delete/{token}/cancel` and requires `{email}`; Azure's `…/cancel` requires the
 * `api-version` the start also takes. What the runtime fills is not asked; what an agent can say is asked by the cancel
 * tool; what no one can be asked for leaves the family without a cancel tool, said in its evidence and as MJG307.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Parameter } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const EXPORT = obj({ id: str(), status: str(['queued', 'running', 'succeeded', 'failed', 'cancelled']) });
const version = (fields: Partial<Parameter> = {}) => createParameter('api-version', 'query', { required: true, ...fields });

function exportsApi(cancelBody: JsonSchema | null, cancelParams: Parameter[] = [], startParams: Parameter[] = []) {
  return createModel([
    createOperation('POST', '/exports', {
      operationId: 'createExport',
      parameters: startParams,
      responses: [createResponse('202', { schema: EXPORT })],
    }),
    createOperation('GET', '/exports/{id}', { operationId: 'getExport', responses: [createResponse('200', { schema: EXPORT })] }),
    createOperation('POST', '/exports/{id}/cancel', {
      operationId: 'cancelExport',
      parameters: cancelParams,
      ...(cancelBody ? { requestBody: createRequestBody(cancelBody, { required: true }) } : {}),
      responses: [createResponse('202', { schema: EXPORT })],
    }),
  ]);
}

const cancelOf = (model: ReturnType<typeof exportsApi>) => {
  const detection = detectJobs(model);
  const family = detection.families[0]!;
  return {
    cancel: isOperationLink(family.cancel) ? family.cancel.op.operationId : null,
    asks: isOperationLink(family.cancel) ? family.cancel.asks?.map((a) => `${a.name}@${a.in}`) : undefined,
    evidence: family.evidence.filter((e) => /asks the agent|not linked: cancel/.test(e)),
    codes: detection.diagnostics.map((d) => d.code),
  };
};

describe("a job resource's cancel that requires more than the job", () => {
  it('asks the agent for a text the body requires (App Center `{email}`), in the evidence too', () => {
    expect(cancelOf(exportsApi(obj({ email: str(), note: str() }, ['email'])))).toEqual({
      cancel: 'cancelExport',
      asks: ['email@body'],
      evidence: ['cancel asks the agent for `email`: POST /exports/{id}/cancel requires it and the job does not carry it'],
      codes: [],
    });
  });

  it('asks for a listed value or a flag in the query', () => {
    const mode = createParameter('mode', 'query', { required: true, schema: str(['graceful', 'immediate']) });
    const force = createParameter('force', 'query', { required: true, schema: { type: 'boolean' } });
    expect(cancelOf(exportsApi(null, [mode, force])).asks).toEqual(['mode@query', 'force@query']);
  });

  it('asks nothing the runtime fills: the start takes `api-version` too, or the schema gives a default', () => {
    expect(cancelOf(exportsApi(null, [version()], [version()]))).toMatchObject({ cancel: 'cancelExport', asks: undefined, evidence: [] });
    const defaulted = version({ schema: { type: 'string', default: '2024-01-01' } });
    expect(cancelOf(exportsApi(null, [defaulted]))).toMatchObject({ cancel: 'cancelExport', asks: undefined, evidence: [] });
  });

  it('near miss: a required query parameter the start does not take is asked, not assumed', () => {
    expect(cancelOf(exportsApi(null, [version()])).asks).toEqual(['api-version@query']);
  });

  it('drops the cancel that requires a structure, an id of another thing or a token, and says why', () => {
    for (const [body, name] of [
      [obj({ options: obj({ purge: { type: 'boolean' } }) }, ['options']), 'options'],
      [obj({ projectId: str() }, ['projectId']), 'projectId'],
      [obj({ sessionToken: str() }, ['sessionToken']), 'sessionToken'],
    ] as const) {
      const seen = cancelOf(exportsApi(body));
      expect(seen.cancel, name).toBeNull();
      expect(seen.evidence, name).toEqual([
        expect.stringMatching(new RegExp(`^not linked: cancel POST /exports/\\{id\\}/cancel requires \`${name}\``)),
      ]);
      expect(seen.codes, name).toContain('MJG307');
    }
  });

  it('drops a cancel that would have to ask more than two inputs', () => {
    const body = obj({ a: str(), b: str(), c: str() }, ['a', 'b', 'c']);
    expect(cancelOf(exportsApi(body))).toMatchObject({ cancel: null, codes: ['MJG307'] });
  });
});
