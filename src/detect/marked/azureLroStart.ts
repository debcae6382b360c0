/**
 * Azure's `x-ms-long-running-operation: true` is the whole contract: AutoRest and every Azure SDK poll such an
 * operation whatever its method and whatever headers the spec declares, reading the monitor from the answer
 * (Operation-Location, Azure-AsyncOperation, Location, else a PUT's own provisioningState: @azure/core-lro).
 * So an operation carrying it is always a job start. Where the protocol rules found nothing to poll in the
 * contract, the family is polled through the answer's headers (the runtime's `azureLro` start).
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import type { DetectContext, StartCandidate, StartVerdict } from '../detectTypes.js';
import { asyncSchema, describeOp } from '../read/operationIndex.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';
import { monitorSources, readStartSignals } from './startSignals.js';

export function isAzureLro(op: Operation): boolean {
  return op.extensions['x-ms-long-running-operation'] === true;
}

/**
 * `x-ms-pageable: {nextLinkName, itemName}` on a long-running operation: AutoRest's "LRO + paging", whose final
 * result is the first page of a list. Null without a next link (one page is all there is).
 */
export function azurePageable(op: Operation): { nextLinkName: string; itemName: string } | null {
  const spec = op.extensions['x-ms-pageable'];
  if (spec === null || typeof spec !== 'object') return null;
  const { nextLinkName, itemName } = spec as Record<string, unknown>;
  if (typeof nextLinkName !== 'string' || nextLinkName === '') return null;
  return { nextLinkName, itemName: typeof itemName === 'string' && itemName !== '' ? itemName : 'value' };
}

/** core-lro's order of preference, used when the contract declares no monitor header at all. */
const AZURE_MONITOR_SOURCES: readonly ValueSource[] = ['header:Operation-Location', 'header:Azure-AsyncOperation', 'header:Location'];

/** The protocol rules' verdict stands when it is a family; a hint or nothing becomes a header-polled family. */
export function azureLroVerdict(op: Operation, ctx: DetectContext, verdict: StartVerdict): StartVerdict {
  const signals = readStartSignals(op, ctx.reader);
  const declared = monitorSources(signals).filter((s) => s.startsWith('header:'));
  const sources = declared.length > 0 ? declared : [...AZURE_MONITOR_SOURCES];
  const monitorHeaders = sources.map((s) => s.slice('header:'.length));
  // The family stands, and the start still learns its monitor from the answer's headers (so a linked status
  // operation it could not feed does not make it "no start": the runtime polls the header instead).
  if (verdict?.kind === 'family') return { ...verdict, signals: { ...verdict.signals, monitorHeaders } };
  const where = describeOp(op);
  const via = signals.finalStateVia ? ` (final-state-via ${signals.finalStateVia})` : '';
  const how =
    declared.length > 0
      ? `polled through ${declared.map((s) => s.slice('header:'.length)).join(' / ')} as Azure SDKs do`
      : `declares no monitor header; polled as Azure SDKs do, through the Operation-Location, Azure-AsyncOperation or Location its answer carries${op.method === 'PUT' ? ", else the resource's own provisioningState" : ''}`;
  const evidence = [`x-ms-long-running-operation on ${where}${via}: ${how}`];
  if (verdict?.kind === 'hint') evidence.push(`the protocol rules alone would have said: ${verdict.reason}`);
  const schema = asyncSchema(op);
  const candidate: StartCandidate = {
    kind: 'family',
    start: op,
    signals: { ...signals, pollUrlFields: [], monitorHeaders },
    idFrom: null,
    poll: null,
    pollVia: sources[0]!,
    status: analyzeStatusSchema(ctx.reader, schema),
    statusSchema: schema,
    resource: null,
    evidence,
    confidence: 'high',
  };
  return candidate;
}
