/**
 * Broken links are not families. Every path parameter of a family's poll, cancel and result operation must
 * come from somewhere the runtime can read: the start's job id (`idFrom`), one of the start's own arguments,
 * or a field / header of the start's answer. A start that cannot feed its poll (`GET …/merges/{uuid}` when the
 * described answer carries no `uuid` anywhere) is no start of the family, unless the answer hands out a poll URL
 * instead; a family left without starts is refused. A cancel or result link some start cannot
 * feed is dropped. Each refusal becomes an async hint (shown by `explain`) and a coded diagnostic.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { JsonSchema, Operation } from '../model/ir.js';
import { isOperationLink, type JobFamily, type JobOperationLink, type StartOperation, type ValueSource } from '../model/jobs.js';
import { operationKey } from '../model/operationKey.js';
import { detectDiagnostic } from './codes.js';
import { asyncSchema, describeOp, pathParams, responseSchema, successResponses } from './read/operationIndex.js';
import { type SchemaReader, schemaAtPath } from './read/schemaWalk.js';

/**
 * Path (and query id) parameters of `link` that `start` cannot supply; empty when it supplies them all. The
 * runtime fills one map of values per job from every link of the family (the id into each link's `idParam`,
 * each carry under its parameter name), so a value any link carries serves them all.
 */
export function missingLinkParams(
  link: JobOperationLink,
  family: JobFamily,
  start: StartOperation,
  startOp: Operation,
  reader: SchemaReader,
): string[] {
  const carries = [family.poll, family.cancel, family.result].filter(isOperationLink).flatMap((l) => l.carry);
  const missing: string[] = [];
  // A singleton's read takes no id (`idIn: 'none'`): only its path parameters need a source.
  const ids = link.idIn === 'none' ? [] : [link.idParam];
  // A link read out of the URL the job is followed at (JobOperationLink.fromPollUrl) has the read's parameters from it.
  const fromUrl = link.fromPollUrl !== undefined && start.pollUrlFrom.length > 0 ? pathParams(link.fromPollUrl) : [];
  for (const param of new Set([...pathParams(link.op.path), ...ids])) {
    if (fromUrl.includes(param)) continue;
    const sources: Array<ValueSource | `arg:${string}`> = carries.filter((c) => c.param === param).map((c) => c.from);
    if (param === link.idParam && start.idFrom !== null) sources.push(start.idFrom);
    // A job polled through a URL learns a missing id from its first status document (the runtime reads `idFrom`
    // there too), so for such a start the status schema counts beside the answer.
    const alsoIn = start.pollUrlFrom.length > 0 ? family.statusSchema : undefined;
    if (!sources.some((from) => canRead(from, startOp, reader, alsoIn))) missing.push(param);
  }
  return missing;
}

function canRead(from: ValueSource | `arg:${string}`, startOp: Operation, reader: SchemaReader, alsoIn: JsonSchema | undefined): boolean {
  // `arg:body.Name`: a field of the start's own request body (a job the client names, issue 24).
  if (from.startsWith('arg:body.')) {
    const field = from.slice('arg:body.'.length);
    return (startOp.requestBody?.content ?? []).some((c) => reader.propertyAt(c.schema, field) !== undefined);
  }
  if (from.startsWith('arg:')) return startOp.parameters.some((p) => p.name === from.slice(4));
  // A header's value is only known at run time (a monitor URL's path may hold every parameter).
  if (from.startsWith('header:')) return true;
  const field = from.slice('body:'.length);
  const schemas = [asyncSchema(startOp), ...successResponses(startOp).map(responseSchema)].filter((s) => s !== undefined);
  // An answer the contract does not describe may hold anything: only a described one can prove the field absent.
  if (!schemas.some((s) => reader.properties(s).size > 0)) return true;
  // `operations.0.id`: the id of each item of a list (a job over a set: idflow/memberSets.ts).
  return [...schemas, alsoIn].some((s) => s !== undefined && schemaAtPath(reader, s, field) !== undefined);
}

export function withSuppliableLinks(
  families: JobFamily[],
  opOf: (pointer: string) => Operation | undefined,
  reader: SchemaReader,
  hints: Map<Operation, string>,
  diagnostics: Diagnostic[],
): JobFamily[] {
  const out: JobFamily[] = [];
  for (const family of families) {
    const poll = family.poll;
    if (isOperationLink(poll)) {
      family.start = family.start.filter((s) => {
        const op = opOf(s.op.pointer);
        if (!op || s.pollUrlFrom.length > 0) return true;
        const missing = missingLinkParams(poll, family, s, op, reader);
        if (missing.length === 0) return true;
        const what = `its status operation ${describeOp(opOf(poll.op.pointer) ?? op)} needs ${missing.map((p) => `{${p}}`).join(', ')}, which its answer does not yield`;
        hints.set(op, `looks like a job start, but ${what}: not a job (no status call could succeed)`);
        diagnostics.push(
          detectDiagnostic('MJG305', `${describeOp(op)} is not made a job start of family ${family.name}: ${what}`, {
            help: 'If the answer does carry the id, say where with x-mcp-jobgen {"family", "role": "start", "idFrom": "body:<field>"} (or the config file\'s operations).',
            pointer: op.pointer,
          }),
        );
        return false;
      });
      if (family.start.length === 0) continue;
    }
    for (const part of ['cancel', 'result'] as const) {
      const link = family[part];
      if (!isOperationLink(link)) continue;
      const gaps = family.start.flatMap((s) => {
        const op = opOf(s.op.pointer);
        if (!op || (part === 'cancel' && s.cancelUrlFrom)) return [];
        return missingLinkParams(link, family, s, op, reader);
      });
      if (gaps.length === 0) continue;
      const what = `${part} ${operationKey(link.op)} needs ${[...new Set(gaps)].map((p) => `{${p}}`).join(', ')}, which the start's answer does not yield`;
      family[part] = null;
      family.evidence.push(`not linked: ${what}`);
      diagnostics.push(
        detectDiagnostic('MJG306', `family ${family.name} gets no ${part} tool: ${what}`, {
          help: `Mark the ${part} operation with x-mcp-jobgen {"family": "${family.name}", "role": "${part}", "idParam": "<param>"} if another parameter takes the job id.`,
          pointer: link.op.pointer,
        }),
      );
    }
    out.push(family);
  }
  return out;
}
