// The job-protocol choice (jobs/protocols.ts): one convention per start, from the generated tables alone, recorded on
// the job; a record written before the choice was recorded (or naming a convention this runtime does not know) is
// followed by the convention chosen again. The conventions' behaviour is tested through the tools elsewhere.
import { describe, expect, it } from 'vitest';
import type { JobFamilySpec, StartSpec } from '../../templates/runtime/definition.js';
import { chooseProtocol, protocolOf } from '../../templates/runtime/jobs/protocols.js';
import type { JobRecord } from '../../templates/runtime/store/types.js';
import { backupFamily, batchFamily, family, googleFamily, predictionFamily, translationFamily, urlStart } from './defs.js';

const rpcFamily = family({
  name: 'transcription',
  starts: [
    { operation: 'start_job', idFrom: 'arg:body.JobName', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: { operation: 'get_job', idParam: 'JobName', idIn: 'body', carry: [] },
});
const setFamily = family({
  name: 'operation',
  starts: [{ ...rpcFamily.starts[0]!, idFrom: 'body:operations.0.id', members: { itemsAt: 'operations', itemId: 'id' } }],
  poll: { operation: 'get_operation', idParam: 'operationId', idIn: 'body', carry: [] },
});
const restingFamily = family({
  ...rpcFamily,
  name: 'crawler',
  returnsToRest: { rest: ['READY'], lastRun: 'LastCrawl', lastRunStatus: 'LastCrawl.Status', lastRunOutcomes: {}, lastRunStartedAt: null },
});
const azureStart: StartSpec = { ...urlStart('begin_translation', 'header:Operation-Location'), azureLro: true };
const azureFamily = family({ name: 'translation_lro', starts: [azureStart], poll: { via: 'header:Operation-Location' } });

describe('chooseProtocol', () => {
  it.each<[string, JobFamilySpec, string]>([
    ['a start with x-ms-long-running-operation', azureFamily, 'azure-lro'],
    ['a poll at a URL the start hands out (Operation-Location)', translationFamily, 'monitor'],
    ['a poll at a URL the start hands out (Azure-AsyncOperation)', backupFamily, 'monitor'],
    ['a poll at a URL in the answer (urls.get)', predictionFamily, 'monitor'],
    ['a linked poll of an AIP-151 operation (done field)', googleFamily, 'google-operation'],
    ['a linked poll taking the id in its path', batchFamily, 'job-resource'],
    ['a linked poll taking the id in its JSON body', rpcFamily, 'rpc'],
    ['a start answering one handle per thing it acts on (members)', setFamily, 'member-set'],
    ['a linked poll of a thing that rests between runs (returnsToRest)', restingFamily, 'returns-to-rest'],
  ])('%s → %s', (_case, fam, expected) => {
    expect(chooseProtocol(fam, fam.starts[0]).name).toBe(expected);
  });
});

describe('protocolOf', () => {
  const record = (fields: Partial<JobRecord>) => ({ operation: 'create_batch', ...fields }) as JobRecord;
  it('follows the convention recorded on the job', () => {
    expect(protocolOf(batchFamily, record({ protocol: 'monitor' })).name).toBe('monitor');
  });
  it('chooses again for a record written before the choice was recorded', () => {
    expect(protocolOf(batchFamily, record({})).name).toBe('job-resource');
    expect(protocolOf(azureFamily, record({ operation: 'begin_translation' })).name).toBe('azure-lro');
  });
  it('ignores a convention name it does not know, and one that names object machinery', () => {
    expect(protocolOf(batchFamily, record({ protocol: 'future-convention' })).name).toBe('job-resource');
    expect(protocolOf(batchFamily, record({ protocol: 'constructor' })).name).toBe('job-resource');
  });
});
