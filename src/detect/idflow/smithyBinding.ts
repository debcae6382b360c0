/**
 * AWS services are modelled in Smithy: every operation is an action (`CreateJob`, `GetJob`) whatever HTTP binding it
 * is given, and their OpenAPI contracts say so by signing every operation with SigV4 (API Gateway's
 * `x-amazon-apigateway-authtype: awsSigv4`, normalize/toSecurity.ts). A REST-JSON binding of such an action
 * (`POST /2017-08-29/jobs` CreateJob → `GET /2017-08-29/jobs/{Id}` GetJob) is the same asynchronous action the JSON
 * protocol declares as `/#X-Amz-Target=…`, so id flow reads it as it reads the RPC form (idFlowJobs.ts), instead of
 * leaving the created item to the resource convention's weights for CRUD collections.
 */
import type { ApiModel, Operation } from '../../model/ir.js';

const signingKeys = new WeakMap<ApiModel, ReadonlySet<string>>();

/** The operation's effective security asks for an AWS SigV4 scheme in some alternative. */
export function smithyBinding(op: Operation, model: ApiModel): boolean {
  let keys = signingKeys.get(model);
  if (!keys) {
    keys = new Set(model.securitySchemes.filter((s) => s.type === 'awsSigv4').map((s) => s.key));
    signingKeys.set(model, keys);
  }
  if (keys.size === 0) return false;
  const signed = keys;
  return op.security.some((alternative) => alternative.some((key) => signed.has(key)));
}
