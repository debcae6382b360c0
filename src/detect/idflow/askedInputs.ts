/**
 * A poll that needs one more input the start does not take (Chime `GetVoiceToneAnalysisTask {VoiceConnectorId,
 * VoiceToneAnalysisTaskId, isCaller}` after `StartVoiceToneAnalysisTask {VoiceConnectorId, …}`): the upstream
 * knows the job by its id, and the extra input picks a view of it (the caller's side or the callee's). No value
 * of the start's request or answer supplies it, so the agent is asked: the start tool gains that input, under
 * the poll's own name, schema and description, and the runtime keeps it with the job and sends it on every poll.
 *
 * Asking is honest only where the link is otherwise sure and the input is a setting, not a second key. The
 * guards, from what the corpus shows: the id flows from the start's answer into the poll, required, under a
 * specific name (not a bare `id`); start and poll name the same noun (`StartX` ↔ `GetX`); at most two inputs are
 * asked; each is a scalar setting the agent can choose without looking anything up (a boolean, a number, or a
 * string from a listed enum), in the query (where a value is text on the wire) or, for a string enum, in the JSON
 * body; and none is an identifier (`detectorId`: a thing that must exist, which asking would only guess).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { AskedInput } from '../../model/jobs.js';
import { isIdName, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { isHandleToken } from './handleInputs.js';

export type { AskedInput };

/** At most this many inputs are asked for: more is a second key or a query, not a setting of the one job. */
export const MAX_ASKED = 2;

/** What the rest of the link shows: the id answered by the start and required by the poll, the nouns alike. */
export interface LinkStrength {
  idFlows: boolean;
  namesMatch: boolean;
}

/**
 * The inputs to ask the agent for at the start, or why not (a reason for explain). `missing` are the poll's
 * required inputs no value of the start supplies.
 */
export function askedInputs(
  missing: readonly OperationInput[],
  poll: Operation,
  reader: SchemaReader,
  link: LinkStrength,
): { asked: AskedInput[] } | { reason: string } {
  if (missing.length === 0) return { asked: [] };
  if (!link.idFlows) return { reason: 'the id does not flow from the start’s answer under a name of its own' };
  if (!link.namesMatch) return { reason: 'start and poll do not name the same thing' };
  if (missing.length > MAX_ASKED) return { reason: `more than ${MAX_ASKED} inputs would have to be asked` };
  const asked: AskedInput[] = [];
  for (const input of missing) {
    const one = askedInput(input, poll, reader);
    if ('reason' in one) return one;
    asked.push(one.asked);
  }
  return { asked };
}

function askedInput(input: OperationInput, poll: Operation, reader: SchemaReader): { asked: AskedInput } | { reason: string } {
  if (isIdName(input.name) || isHandleToken(input.name)) return { reason: `\`${input.name}\` names a thing that must exist` };
  const schema = inputSchema(input, poll, reader);
  const kind = scalarKind(schema, reader);
  const fits = input.in === 'query' ? kind !== null : input.in === 'body' && kind === 'enum';
  if (!fits) return { reason: `\`${input.name}\` is not a setting the agent can choose (a boolean, a number or a listed value)` };
  const description = schemaDescription(input, poll, schema, reader);
  return {
    asked: {
      name: input.name,
      in: input.in as 'query' | 'body',
      required: input.required,
      schema: schema!,
      ...(description ? { description } : {}),
    },
  };
}

/** The poll's own schema of the input: its parameter's, or its JSON body field's. */
function inputSchema(input: OperationInput, poll: Operation, reader: SchemaReader): JsonSchema | undefined {
  if (input.in !== 'body') return poll.parameters.find((p) => p.in === input.in && p.name === input.name)?.schema;
  const content = poll.requestBody?.content.find((c) => c.schema !== undefined);
  return content ? reader.propertyAt(content.schema, input.name) : undefined;
}

function scalarKind(schema: JsonSchema | undefined, reader: SchemaReader): 'boolean' | 'number' | 'enum' | null {
  if (schema === undefined) return null;
  const type = reader.typeOf(schema);
  if (type === 'boolean') return 'boolean';
  // Numeric codes the contract names (`0` SELF, `1` OTHER-ACCOUNTS) are a listed value, as a string enum is.
  if (reader.enumCodes(schema) !== null) return 'enum';
  if (type === 'number' || type === 'integer') return 'number';
  const values = reader.enumValues(schema);
  return type === 'string' && values !== null && values.length > 1 ? 'enum' : null;
}

function schemaDescription(input: OperationInput, poll: Operation, schema: JsonSchema | undefined, reader: SchemaReader): string {
  const param = poll.parameters.find((p) => p.in === input.in && p.name === input.name);
  return (param?.description ?? reader.description(schema)).trim();
}
