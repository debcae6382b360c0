/**
 * Job handles that are not named like ids, for id flow (idFlowJobs.ts). Two AWS conventions hand a job out under
 * another name than `…Id`/`…Arn`:
 *
 * - a request token: `RegisterType` answers `RegistrationToken` and `DescribeTypeRegistration` requires it;
 *   Cloud Control's `CreateResource` → `ProgressEvent.RequestToken` → `GetResourceRequestStatus(RequestToken)`;
 *   Service Catalog's `CopyProductToken`, `PortfolioShareToken`. Such a token is a handle only where the start
 *   answers it and the poll requires it under the very same name: a paging token (Smithy `@paginated`
 *   `inputToken`/`outputToken`, `NextToken`) is optional, an idempotency token (Smithy `@idempotencyToken`,
 *   `ClientToken`) is sent, never answered, and a credential (OAuth's access and refresh tokens) is no job;
 * - an ARN-typed input named after the thing (RoboMaker's `DescribeSimulationJob {job}`, `pattern: arn:.*`):
 *   the read takes the ARN the start of the same noun answers (`CreateSimulationJob` → `{arn}`).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { nameTokens } from '../read/nameTokens.js';
import type { OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** First words of tokens that page, dedupe or authenticate, never a job's handle. */
const NOT_HANDLES = new Set([
  'next',
  'page',
  'pagination',
  'continuation',
  'client',
  'idempotency',
  'access',
  'refresh',
  'session',
  'auth',
  'security',
]);

/** `RegistrationToken`, `ProgressEvent.RequestToken`: a named token, neither a paging, idempotency nor credential one. */
export function isHandleToken(field: string): boolean {
  const tokens = nameTokens(field.split('.').at(-1) ?? '');
  return tokens.length >= 2 && tokens.at(-1) === 'token' && !tokens.some((t) => NOT_HANDLES.has(t));
}

/** An ARN field the start answers: `arn` or `<noun>Arn`, the last name token `arn`. */
export const isArnField = (field: string) => nameTokens(field.split('.').at(-1) ?? '').at(-1) === 'arn';

/**
 * A required input whose schema says it takes an ARN (a `pattern` starting `arn:`, as AWS's Smithy `Arn` shapes
 * are written), found in the path, the query or the top-level JSON body.
 */
export function arnTypedInput(op: Operation, input: OperationInput, reader: SchemaReader): boolean {
  return input.required && inputPatterns(op, input, reader).some((p) => /^\^?arn:/.test(p));
}

/** The patterns an input's schema states (path, query, or a top-level JSON or form body field). */
export function inputPatterns(op: Operation, input: OperationInput, reader: SchemaReader): string[] {
  let schema: JsonSchema | undefined;
  if (input.in === 'body') {
    const body = op.requestBody?.content.find((c) => /json|x-www-form-urlencoded/i.test(c.mediaType))?.schema;
    schema = reader.properties(body).get(input.name);
  } else schema = op.parameters.find((p) => p.in === input.in && p.name === input.name)?.schema;
  return patternsOf(schema, reader, 0);
}

/** The patterns a schema states, through the `allOf` AWS puts beside a `$ref`. */
export function patternsOf(schema: JsonSchema | undefined, reader: SchemaReader, depth = 0): string[] {
  const s = reader.resolve(schema);
  if (!s || depth > 3) return [];
  const own = typeof s['pattern'] === 'string' ? [s['pattern']] : [];
  // `allOf: [{$ref: Arn}, {description}]`: AWS specs describe a shared type's field beside its `$ref`.
  const branches = Array.isArray(s['allOf']) ? (s['allOf'] as unknown[]) : [];
  return [...own, ...branches.flatMap((b) => (isObject(b) ? patternsOf(b as JsonSchema, reader, depth + 1) : []))];
}
