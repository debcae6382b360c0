/**
 * Convention: jobs of an RPC API linked by the data flow of their id (AWS JSON protocol: `POST /#X-Amz-Target=
 * Service.StartX` → `Service.GetX {"XId": …}`, `Service.StopX`). The id goes into the poll's JSON body
 * (JobOperationLinkSpec.idIn `body`, as a one-item list with `idList`: jobs/pollRequest.ts), the constant
 * `X-Amz-Target` is sent by the server, and the status is read where detection found it, nested or not. A poll
 * that asks by a list or a filter (`idList`, `idFilter`) reads the one item the answer lists.
 */
import type { JobProtocol } from './jobProtocol.js';
import { pageToListedJob, readListedPoll } from './listedAnswer.js';
import { linkedProtocol } from './protocolDefaults.js';

/**
 * A Describe that reads many answers a list, a page at a time; the job is looked for on the next pages, and a list
 * without it is an unknown job (jobs/listedAnswer.ts).
 */
export const rpcProtocol: JobProtocol = { ...linkedProtocol('rpc'), findPage: pageToListedJob, readPoll: readListedPoll };
