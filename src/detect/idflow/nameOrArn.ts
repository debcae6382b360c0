/**
 * AWS names a thing's input `<Thing>Name` and lets it take the thing's ARN as well (Smithy's `…ArnOrName` shapes):
 * SageMaker's `DescribeModelPackage(ModelPackageName)` takes "The name or Amazon Resource Name (ARN) of the model
 * package", its pattern `(arn:aws[a-z\-]*:sagemaker:…/)?([a-zA-Z0-9]…)`. Such an input is also asked for by the
 * `<Thing>Arn` a start answers (`CreateModelPackage` → `ModelPackageArn`): the contract says the ARN goes there.
 * Only the schema's pattern or the input's own description says so; a plain `<Thing>Name` takes a name.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** "The name or Amazon Resource Name (ARN) of …", "The name or ARN of …". */
const NAME_OR_ARN = /\bname or (?:the )?(?:amazon resource name|arn)\b/i;

/** The `<thing>arn` key a required `<Thing>Name` input that admits an ARN is also asked by; else null. */
export function arnAliasOf(op: Operation, input: OperationInput, reader: SchemaReader): string | null {
  const tokens = nameTokens(input.name);
  if (!input.required || tokens.length < 2 || tokens.at(-1) !== 'name' || input.list || input.filter) return null;
  const schema =
    input.in === 'body'
      ? reader.properties(op.requestBody?.content.find((c) => /json/i.test(c.mediaType))?.schema).get(input.name)
      : op.parameters.find((p) => p.in === input.in && p.name === input.name)?.schema;
  const described =
    input.in === 'body' ? reader.descriptionWithBranches(schema) : (op.parameters.find((p) => p.name === input.name)?.description ?? '');
  if (!admitsArn(schema, reader, 0) && !NAME_OR_ARN.test(described)) return null;
  return `${norm(tokens.slice(0, -1).join(''))}arn`;
}

/** A `pattern` that admits an ARN (`(arn:aws…)?name`), through the `allOf` AWS puts beside a `$ref`. */
function admitsArn(schema: JsonSchema | undefined, reader: SchemaReader, depth: number): boolean {
  const s = reader.resolve(schema);
  if (!s || depth > 3) return false;
  if (typeof s['pattern'] === 'string' && s['pattern'].includes('arn:')) return true;
  const branches = Array.isArray(s['allOf']) ? (s['allOf'] as JsonSchema[]) : [];
  return branches.some((b) => admitsArn(b, reader, depth + 1));
}
