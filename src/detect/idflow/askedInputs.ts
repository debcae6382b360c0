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
import { nameTokens } from '../read/nameTokens.js';
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
  return askEach(missing, (input) => askedInput(input, poll, reader));
}

/** Each input asked by `one`, or the first reason one of them cannot be. */
export function askEach(
  inputs: readonly OperationInput[],
  one: (input: OperationInput) => { asked: AskedInput } | { reason: string },
): { asked: AskedInput[] } | { reason: string } {
  const asked: AskedInput[] = [];
  for (const input of inputs) {
    const found = one(input);
    if ('reason' in found) return found;
    asked.push(found.asked);
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

/**
 * A required input of a cancel that neither the job nor the server supplies (Batch `CancelJob {jobId, reason}`: "A
 * message to attach to the job that explains the reason for canceling it"), asked of the agent when it calls the
 * cancel tool. Unlike a poll's input, asked once at the start and sent with every status check, it is asked at the
 * moment of cancelling, where a text the agent writes is as fitting as a setting it chooses: a boolean, a number, a
 * listed value, or a string. Still never an identifier (`detectorId`) or handle, which asking would only guess, and
 * never a structure or list, which is a second request rather than a word about this one.
 */
export function cancelAsked(input: OperationInput, cancel: Operation, reader: SchemaReader): { asked: AskedInput } | { reason: string } {
  if (input.in !== 'query' && input.in !== 'body') return { reason: `\`${input.name}\` is a ${input.in} parameter the job does not carry` };
  if (isIdName(input.name) || isHandleToken(input.name)) return { reason: `\`${input.name}\` names a thing that must exist` };
  // A token of any kind (a session's, a page's, a handle) is a value the system issued: nothing an agent can say.
  if (nameTokens(input.name).at(-1) === 'token') return { reason: `\`${input.name}\` is a token the system issues` };
  // `…/{SpeakerSearchTaskId}#operation=stop`: the operation's own key fixes the value, whatever its schema admits.
  if (input.in === 'query' && keyFixes(cancel.path, input.name)) return { reason: `the operation's own key fixes \`${input.name}\`` };
  const schema = inputSchema(input, cancel, reader);
  const kind = scalarKind(schema, reader) ?? (schema !== undefined && reader.typeOf(schema) === 'string' ? 'text' : null);
  if (kind === null)
    return { reason: `\`${input.name}\` is not a value the agent can say (a boolean, a number, a listed value or a text)` };
  const description = schemaDescription(input, cancel, schema, reader);
  return { asked: { name: input.name, in: input.in, required: true, schema: schema!, ...(description ? { description } : {}) } };
}

/** Whether a path key's literal query or fragment gives the parameter its value (`/x#operation=stop`, `/x?type=full`). */
function keyFixes(path: string, name: string): boolean {
  const at = path.search(/[?#]/);
  return (
    at >= 0 &&
    path
      .slice(at + 1)
      .split(/[&#?]/)
      .some((pair) => pair.startsWith(`${name}=`))
  );
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
