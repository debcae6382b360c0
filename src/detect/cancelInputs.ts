/**
 * What a family's cancel call needs beyond the job. The runtime fills a linked call with the job's id, the values
 * the job carries, constants the contract fixes, the call's own idempotency token, query parameters the start took
 * under the same name (an Azure `api-version`) and defaults the schema states (jobs/pollRequest.ts). A cancel that
 * requires more (Batch `CancelJob {jobId, reason}`, App Center's `…/delete/{token}/cancel {email}`) would be sent
 * without it and refused; the agent is asked instead, when it calls the cancel tool (idflow/askedInputs.ts
 * `cancelAsked`). A cancel that requires what no one can be asked for (a structure, an id of another thing) gets
 * no tool: the family says so, and diagnostic MJG307.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { Operation } from '../model/ir.js';
import { type AskedInput, isOperationLink, type JobFamily, type JobOperationLink } from '../model/jobs.js';
import { operationKey } from '../model/operationKey.js';
import { detectDiagnostic } from './codes.js';
import { askEach, cancelAsked, MAX_ASKED } from './idflow/askedInputs.js';
import { describeOp } from './read/operationIndex.js';
import { norm, type OperationInput, operationInputs } from './read/operationInputs.js';
import type { SchemaReader } from './read/schemaWalk.js';

/** The cancel's required query and body inputs that nothing the runtime holds fills. */
export function unfilledCancelInputs(
  link: JobOperationLink,
  cancel: Operation,
  starts: readonly Operation[],
  reader: SchemaReader,
): OperationInput[] {
  const filled = new Set<string>([...link.carry, ...(link.sets ?? [])].map((c) => norm(c.param)));
  if (link.idIn !== 'none' && link.idIn !== 'item') filled.add(norm(link.idParam.split('.')[0] ?? ''));
  const token = link.idempotency;
  return operationInputs(cancel, reader).filter((i) => {
    if (!i.required || i.fixed || i.in === 'path' || filled.has(norm(i.name))) return false;
    if (token && token.in === i.in && token.name === i.name) return false;
    if (i.in !== 'query') return true;
    // A query parameter every start takes under the same name is sent with the start's value, or the schema's default.
    const param = cancel.parameters.find((p) => p.in === 'query' && p.name === i.name);
    if (param && reader.resolve(param.schema)?.default !== undefined) return false;
    return !(starts.length > 0 && starts.every((s) => s.parameters.some((p) => p.in === 'query' && p.name === i.name)));
  });
}

/** The inputs to ask of the agent for this cancel, or why it cannot be asked (one reason, for explain). */
export function cancelAsks(
  unfilled: readonly OperationInput[],
  cancel: Operation,
  reader: SchemaReader,
): { asked: AskedInput[] } | { reason: string } {
  if (unfilled.length > MAX_ASKED)
    return { reason: `it requires ${unfilled.length} inputs the job does not carry, more than ${MAX_ASKED} to ask` };
  return askEach(unfilled, (input) => cancelAsked(input, cancel, reader));
}

export function withCancelInputs(
  families: JobFamily[],
  opOf: (pointer: string) => Operation | undefined,
  reader: SchemaReader,
  diagnostics: Diagnostic[],
): JobFamily[] {
  for (const family of families) {
    const link = family.cancel;
    if (!isOperationLink(link)) continue;
    const cancel = opOf(link.op.pointer);
    if (!cancel) continue;
    const starts = family.start.flatMap((s) => opOf(s.op.pointer) ?? []);
    const unfilled = unfilledCancelInputs(link, cancel, starts, reader);
    if (unfilled.length === 0) continue;
    const asks = cancelAsks(unfilled, cancel, reader);
    if ('asked' in asks) {
      link.asks = asks.asked;
      family.evidence.push(
        `cancel asks the agent for ${asks.asked.map((a) => `\`${a.name}\``).join(' and ')}: ${describeOp(cancel)} requires ${asks.asked.length > 1 ? 'them' : 'it'} and the job does not carry ${asks.asked.length > 1 ? 'them' : 'it'}`,
      );
      continue;
    }
    const what = `cancel ${operationKey(link.op)} requires ${unfilled.map((i) => `\`${i.name}\``).join(', ')}, which the job does not carry and ${asks.reason}`;
    family.cancel = null;
    family.evidence.push(`not linked: ${what}`);
    diagnostics.push(
      detectDiagnostic('MJG307', `family ${family.name} gets no cancel tool: ${what}`, {
        help:
          'Mark the operation with x-mcp-jobgen {"family": "' +
          family.name +
          '", "role": "cancel"} if it is the cancel and takes its inputs some other way, or say nothing: the operation stays a plain tool.',
        pointer: link.op.pointer,
      }),
    );
  }
  return families;
}
