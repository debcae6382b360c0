/**
 * The job conventions the runtime follows, one `JobProtocol` each (jobs/jobProtocol.ts), and the one place that
 * chooses among them: once per start, from what the generator found (StartSpec, JobFamilySpec), recorded on the job
 * as `JobRecord.protocol`. A new convention is a file implementing the interface, a name, a row here and the rule
 * that chooses it.
 */
import type { JobFamilySpec, StartSpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { azureLroProtocol } from './azureLroProtocol.js';
import { googleOperationProtocol } from './googleOperationProtocol.js';
import type { JobProtocol, JobProtocolName } from './jobProtocol.js';
import { jobResourceProtocol } from './jobResourceProtocol.js';
import { memberSetProtocol } from './memberSetProtocol.js';
import { monitorProtocol } from './monitorProtocol.js';
import { isOperationLink } from './pollRequest.js';
import { restingRunProtocol } from './restingRunProtocol.js';
import { rpcProtocol } from './rpcProtocol.js';

/** Built on first use: the protocol modules and the start/poll readers they use import one another. */
const byName = (): Record<JobProtocolName, JobProtocol> => ({
  'azure-lro': azureLroProtocol,
  monitor: monitorProtocol,
  'google-operation': googleOperationProtocol,
  'job-resource': jobResourceProtocol,
  rpc: rpcProtocol,
  'member-set': memberSetProtocol,
  'returns-to-rest': restingRunProtocol,
});

/** The convention a start follows, chosen from the generated tables alone. */
export function chooseProtocol(family: JobFamilySpec, start: StartSpec | undefined): JobProtocol {
  if (start?.azureLro) return azureLroProtocol;
  // One handle per thing the start acts on: each member follows the family's poll (jobs/memberSetProtocol.ts).
  if (start?.members && isOperationLink(family.poll)) return memberSetProtocol;
  if (!isOperationLink(family.poll)) return monitorProtocol;
  if (family.doneField !== null) return googleOperationProtocol;
  // A thing that rests between runs: the job is the run its start set off (jobs/restingRunProtocol.ts).
  if (family.returnsToRest) return restingRunProtocol;
  // A poll that reads the job in a list (`idIn: 'item'`) picks it out as an RPC Describe of many does.
  if (family.poll.idIn === 'body' || family.poll.idIn === 'item') return rpcProtocol;
  return jobResourceProtocol;
}

/** How each member of a job over a set is followed (jobs/memberSet.ts): the family's convention for a start of one. */
export function memberProtocol(family: JobFamilySpec): JobProtocol {
  return chooseProtocol(family, undefined);
}

/** The convention a job was started under: as recorded, else (a record written before it was) chosen again. */
export function protocolOf(family: JobFamilySpec, record: JobRecord): JobProtocol {
  const name = record.protocol;
  const table = byName();
  const recorded = name !== undefined && Object.hasOwn(table, name) ? table[name as JobProtocolName] : undefined;
  return (
    recorded ??
    chooseProtocol(
      family,
      family.starts.find((s) => s.operation === record.operation),
    )
  );
}
