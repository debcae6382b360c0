/**
 * What most job conventions do alike, for their `*Protocol.ts` to reuse: a cancel and a result that are either an
 * operation of the family (the job id, carried values) or a URL the upstream handed out, and a result read from the
 * job document. A convention with its own rules for one of them (Azure LRO's final GET) writes its own.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { getPath } from './interpret.js';
import type { CancelGiven, InlineResult, JobProtocol } from './jobProtocol.js';
import { interpretPoll } from './pollAnswer.js';
import { isOperationLink, type Prepared, prepareJobUrl, prepareLinked } from './pollRequest.js';

export function prepareCancelByLink(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, given?: CancelGiven): Prepared | null {
  const cancel = family.cancel;
  if (!cancel) return null;
  if (isOperationLink(cancel)) return prepareLinked(ctx, cancel, record, undefined, given);
  return prepareJobUrl(ctx, family, record, 'POST', record.cancelUrl, 'cancel');
}

export function prepareResultByLink(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Prepared | null {
  const spec = family.result;
  if (isOperationLink(spec)) return prepareLinked(ctx, spec, record);
  // The Azure-AsyncOperation monitor's own last document is the result: nothing more to fetch.
  if (spec && 'finalStateVia' in spec && spec.finalStateVia === 'azure-async-operation') return null;
  if (record.resultUrl) return prepareJobUrl(ctx, family, record, 'GET', record.resultUrl, 'result');
  return null;
}

/** Where the result of a succeeded job is: in its document (field, resultField, the resource itself) or elsewhere. */
export function locateInDocument(family: JobFamilySpec, record: JobRecord): InlineResult {
  const result = family.result;
  const separate = family.tools.result ? `call ${family.tools.result} with this job_id` : null;
  if (result && 'field' in result) return { result: getPath(record.snapshot, result.field) };
  if (result && 'finalStateVia' in result && result.finalStateVia === 'azure-async-operation') {
    // The final answer is the status monitor's own document (or its result field).
    return { result: family.resultField ? getPath(record.snapshot, family.resultField) : (record.snapshot ?? undefined) };
  }
  if (family.resultField && getPath(record.snapshot, family.resultField) !== undefined) {
    return { result: getPath(record.snapshot, family.resultField) };
  }
  if (result && (isOperationLink(result) || 'finalStateVia' in result)) {
    return { result_location: record.resultUrl ?? separate ?? null };
  }
  if (record.resultUrl) return { result_location: record.resultUrl };
  return { result: record.snapshot ?? undefined };
}

/**
 * A convention whose poll is an operation of the family taking the job's id (a job resource, a Google operation,
 * an RPC Describe): polled by id once known, else at the URL the start handed out; every answer a job document.
 */
export function linkedProtocol(name: JobProtocol['name']): JobProtocol {
  return {
    name,
    // A poll of a singleton (`idIn: 'none'`) needs no id: the start's answer may carry none at all.
    canFollow: (family, upstreamId, pollUrl) => upstreamId !== null || pollUrl !== null || readsSingleton(family),
    started: (base) => base,
    preparePoll(ctx, family, record) {
      // A linked poll needs the job id; when the start gave only a URL, poll that URL instead.
      if (isOperationLink(family.poll) && (record.pathParams[family.poll.idParam] !== undefined || !record.pollUrl)) {
        return prepareLinked(ctx, family.poll, record);
      }
      return prepareJobUrl(ctx, family, record, 'GET', record.pollUrl, 'status');
    },
    readPoll: (ctx, family, record, answer) => interpretPoll(ctx, family, record, answer, false),
    prepareCancel: prepareCancelByLink,
    // The cancel answer may itself be the job document (OpenAI returns the batch as "cancelling").
    readCancelAnswer: (ctx, family, record, answer) => interpretPoll(ctx, family, record, answer, false),
    prepareResult: prepareResultByLink,
    locateResult: locateInDocument,
    succeededNote: () => '',
  };
}

/** The family's poll takes no id: it reads the account's one thing of its kind (JobOperationLinkSpec.idIn `none`). */
export function readsSingleton(family: JobFamilySpec): boolean {
  return isOperationLink(family.poll) && family.poll.idIn === 'none';
}
