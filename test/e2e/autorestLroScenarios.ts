/**
 * Every long-running operation (`x-ms-long-running-operation: true`) of the autorest testserver's own swaggers
 * (npm `@microsoft.azure/autorest.testserver`: swagger/lro.json, lro-parameterized-endpoints.json, paging.json)
 * and what a client must end with. Each row was read off the testserver's route code (legacy/routes/lros.js,
 * lroParameterizedEndpoints.js, paging.js; dist/test-routes/lro/*.js: the request sequence, cookies, headers) and
 * checked against the expectations of the suites that run against it: @azure/core-lro's own test/lro.spec.ts
 * and autorest.python's test_lro.py (azure-core's ARM polling). Where those two disagree the row follows
 * core-lro (the algorithm the runtime implements) and says why (`why`), with two decisions on top: a final
 * resource reporting provisioningState Failed/Canceled ends the job failed/cancelled (the lead's), and a POST
 * start answered 5xx is not sent again (issue 15 item 6; the Azure REST API guidelines: POST is the one method
 * that is not idempotent without repeatability headers).
 *
 * Canonical outcomes: `succeeded` (with the result the client must see), `failed` (with a reason that names what
 * went wrong), `cancelled`.
 */
export type Fixture = 'lro' | 'lro-parameterized-endpoints' | 'paging';
type Doc = Record<string, any>;
const doc = (r: unknown): Doc => (r !== null && typeof r === 'object' && !Array.isArray(r) ? (r as Doc) : {});

export interface AutorestScenario {
  operationId: string;
  fixture: Fixture;
  /** Arguments by wire name (fitted onto the tool's inputs). */
  args?: Record<string, unknown>;
  state: 'succeeded' | 'failed' | 'cancelled';
  /** What the result (status or result tool) must be; omitted: any (a DELETE's or a 204's result is nothing). */
  result?: (result: unknown) => boolean;
  /** A pattern the failure's reason (error, message, upstream document) must match; in a knownGap row, why it fails now. */
  reason?: RegExp;
  /** Testserver coverage counters this scenario must move (its last step was reached). */
  coverage: string[];
  /** Testserver coverage counters this scenario must leave at 0: the step it must not take (a second POST). */
  untouched?: string[];
  /** Why this is the expected outcome, where it is not plain from the sequence. */
  why?: string;
  /** Not reachable yet, and why: asserted NOT to reach `state` (the test fails once it does). */
  knownGap?: string;
  /** The operator's UPSTREAM_HEADERS this row's server runs with (a server of its own, same swagger). */
  upstreamHeaders?: Record<string, string>;
  /**
   * Keeps no progress on the testserver (no scenario cookie, no counter but its own), so it runs beside the
   * other such rows: each waits out the runtime's young-404 grace (15 s) before its 404 is final.
   */
  sideBySide?: true;
}

const product = (state: string) => (r: unknown) => doc(doc(r).properties).provisioningState === state && doc(r).id === '100';
const sku = (r: unknown) => doc(r).id === '100' && doc(r).name === 'sku';
const idFoo = (r: unknown) => doc(r).id === '100' && doc(r).name === 'foo';
const BAD_REQUEST = /400/;

const LROS: AutorestScenario[] = [
  {
    operationId: 'LROs_put200Succeeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutInlineComplete'],
  },
  {
    operationId: 'LROs_patch200SucceededIgnoreHeaders',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPatchInlineCompleteIgnoreHeaders'],
    why: 'PATCH answered 200 with a resource whose provisioningState is terminal: done, whatever monitor header (one that must not be called) came along',
  },
  {
    operationId: 'LROs_patch201RetryWithAsyncHeader',
    fixture: 'lro',
    state: 'succeeded',
    // No Location: the final GET is the original URI (core-lro: PATCH → final-state-via ?? the request URL).
    result: (r) => doc(r).id === '/lro/patch/201/retry/onlyAsyncHeader' && doc(doc(r).properties).provisioningState === 'Succeeded',
    coverage: ['LROPatch201WithAsyncHeader'],
  },
  {
    operationId: 'LROs_patch202RetryWithAsyncAndLocationHeader',
    fixture: 'lro',
    state: 'succeeded',
    result: (r) => doc(r).name === '202' && String(doc(r).id).endsWith('/finalResults/202'),
    coverage: ['LROPatch202WithAsyncAndLocationHeader'],
    why: 'core-lro: a PATCH with a Location follows final-state-via (default location) to it; azure-core Python GETs the original URI instead. Both succeed; the result follows core-lro',
  },
  {
    operationId: 'LROs_put201Succeeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutInlineComplete201'],
  },
  {
    operationId: 'LROs_post202List',
    fixture: 'lro',
    state: 'succeeded',
    result: (r) => Array.isArray(r) && r.length === 1 && idFoo(r[0]),
    coverage: ['LROPostAndGetList'],
  },
  {
    operationId: 'LROs_put200SucceededNoState',
    fixture: 'lro',
    state: 'succeeded',
    result: idFoo,
    coverage: ['LROPut200InlineCompleteNoState'],
  },
  { operationId: 'LROs_put202Retry200', fixture: 'lro', state: 'succeeded', result: idFoo, coverage: ['LROPut202Retry200'] },
  {
    operationId: 'LROs_put201CreatingSucceeded200',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutSucceededWithBody'],
  },
  {
    operationId: 'LROs_put200UpdatingSucceeded204',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutSucceededNoBody'],
  },
  { operationId: 'LROs_put201CreatingFailed200', fixture: 'lro', state: 'failed', reason: /Failed/, coverage: ['LROPutFailed'] },
  { operationId: 'LROs_put200Acceptedcanceled200', fixture: 'lro', state: 'cancelled', coverage: ['LROPutCanceled'] },
  {
    operationId: 'LROs_putNoHeaderInRetry',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutNoHeaderInRetry'],
  },
  {
    operationId: 'LROs_putAsyncRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutAsyncRetrySucceeded'],
  },
  {
    operationId: 'LROs_putAsyncNoRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutAsyncNoRetrySucceeded'],
  },
  { operationId: 'LROs_putAsyncRetryFailed', fixture: 'lro', state: 'failed', reason: /Failed/, coverage: ['LROPutAsyncRetryFailed'] },
  { operationId: 'LROs_putAsyncNoRetrycanceled', fixture: 'lro', state: 'cancelled', coverage: ['LROPutAsyncNoRetryCanceled'] },
  {
    operationId: 'LROs_putAsyncNoHeaderInRetry',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPutAsyncNoHeaderInRetry'],
    why: 'Azure-AsyncOperation wins over the unusable Location beside it',
  },
  { operationId: 'LROs_putNonResource', fixture: 'lro', state: 'succeeded', result: sku, coverage: ['LROPutNonResourceInRetry'] },
  { operationId: 'LROs_putAsyncNonResource', fixture: 'lro', state: 'succeeded', result: sku, coverage: ['LROPutNonResourceAsyncInRetry'] },
  {
    operationId: 'LROs_putSubResource',
    fixture: 'lro',
    state: 'succeeded',
    result: (r) => doc(doc(r).properties).provisioningState === 'Succeeded' && doc(r).subresource === 'sub1',
    coverage: ['LROPutSubResourceInRetry'],
  },
  {
    operationId: 'LROs_putAsyncSubResource',
    fixture: 'lro',
    state: 'succeeded',
    result: (r) => doc(doc(r).properties).provisioningState === 'Succeeded' && doc(r).subresource === 'sub1',
    coverage: ['LROPutSubResourceAsyncInRetry'],
  },
  {
    operationId: 'LROs_deleteProvisioning202Accepted200Succeeded',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LRODeleteProvisioningSucceededWithBody'],
  },
  {
    operationId: 'LROs_deleteProvisioning202DeletingFailed200',
    fixture: 'lro',
    state: 'failed',
    reason: /provisioningState.*Failed|Failed.*provisioningState/,
    coverage: ['LRODeleteProvisioningFailed'],
    why: "the lead's decision: a final resource reporting provisioningState Failed ends the job failed (core-lro and azure-core resolve it, with the resource as the result)",
  },
  {
    operationId: 'LROs_deleteProvisioning202Deletingcanceled200',
    fixture: 'lro',
    state: 'cancelled',
    reason: /Canceled/,
    coverage: ['LRODeleteProvisioningCanceled'],
    why: 'as above: provisioningState Canceled ends the job cancelled',
  },
  { operationId: 'LROs_delete204Succeeded', fixture: 'lro', state: 'succeeded', coverage: ['LRODeleteInlineComplete'] },
  { operationId: 'LROs_delete202Retry200', fixture: 'lro', state: 'succeeded', coverage: ['LRODelete200'] },
  { operationId: 'LROs_delete202NoRetry204', fixture: 'lro', state: 'succeeded', coverage: ['LRODelete204'] },
  { operationId: 'LROs_deleteNoHeaderInRetry', fixture: 'lro', state: 'succeeded', coverage: ['LRODeleteNoHeaderInRetry'] },
  { operationId: 'LROs_deleteAsyncNoHeaderInRetry', fixture: 'lro', state: 'succeeded', coverage: ['LRODeleteAsyncNoHeaderInRetry'] },
  { operationId: 'LROs_deleteAsyncRetrySucceeded', fixture: 'lro', state: 'succeeded', coverage: ['LRODeleteAsyncRetrySucceeded'] },
  { operationId: 'LROs_deleteAsyncNoRetrySucceeded', fixture: 'lro', state: 'succeeded', coverage: ['LRODeleteAsyncNoRetrySucceeded'] },
  {
    operationId: 'LROs_deleteAsyncRetryFailed',
    fixture: 'lro',
    state: 'failed',
    reason: /Failed/,
    coverage: ['LRODeleteAsyncRetryFailed'],
  },
  { operationId: 'LROs_deleteAsyncRetrycanceled', fixture: 'lro', state: 'cancelled', coverage: ['LRODeleteAsyncRetryCanceled'] },
  {
    operationId: 'LROs_post200WithPayload',
    fixture: 'lro',
    state: 'succeeded',
    result: (r) => doc(r).id === '1' && doc(r).name === 'product',
    coverage: ['LROPost200'],
  },
  { operationId: 'LROs_post202Retry200', fixture: 'lro', state: 'succeeded', coverage: ['LROPostSuccededWithBody'] },
  { operationId: 'LROs_post202NoRetry204', fixture: 'lro', state: 'succeeded', coverage: ['LROPostSuccededNoBody'] },
  {
    operationId: 'LROs_postDoubleHeadersFinalLocationGet',
    fixture: 'lro',
    state: 'succeeded',
    result: idFoo,
    coverage: ['LROPostDoubleHeadersFinalLocationAsync', 'LROPostDoubleHeadersFinalLocationGet'],
  },
  {
    operationId: 'LROs_postDoubleHeadersFinalAzureHeaderGet',
    fixture: 'lro',
    state: 'succeeded',
    // final-state-via azure-async-operation: the monitor's own document; its Location answers 400 if fetched.
    result: (r) => doc(r).id === '100',
    coverage: ['LROPostDoubleHeadersFinalAzureHeaderGet'],
  },
  {
    operationId: 'LROs_postDoubleHeadersFinalAzureHeaderGetDefault',
    fixture: 'lro',
    state: 'succeeded',
    result: idFoo,
    coverage: ['LROPostDoubleHeadersFinalAzureHeaderGetDefault'],
  },
  {
    operationId: 'LROs_postAsyncRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPostAsyncRetrySucceeded'],
  },
  {
    operationId: 'LROs_postAsyncNoRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LROPostAsyncNoRetrySucceeded'],
  },
  {
    operationId: 'LROs_postAsyncRetryFailed',
    fixture: 'lro',
    state: 'failed',
    reason: /Internal Server Error/,
    coverage: ['LROPostAsyncRetryFailed'],
  },
  { operationId: 'LROs_postAsyncRetrycanceled', fixture: 'lro', state: 'cancelled', coverage: ['LROPostAsyncRetryCanceled'] },
];

/** Each answers 500 once (and sets the scenario cookie) before answering properly: retried, with the cookie. */
const RETRYS: AutorestScenario[] = [
  {
    operationId: 'LRORetrys_put201CreatingSucceeded200',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LRORetryPutSucceededWithBody'],
  },
  {
    operationId: 'LRORetrys_putAsyncRelativeRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['LRORetryErrorPutAsyncSucceeded', 'LRORetryErrorPutAsyncSucceededPolling'],
  },
  {
    operationId: 'LRORetrys_deleteProvisioning202Accepted200Succeeded',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LRORetryErrorDelete202Accepted200Succeeded'],
  },
  { operationId: 'LRORetrys_delete202Retry200', fixture: 'lro', state: 'succeeded', coverage: ['LRORetryErrorDelete202Retry200Succeeded'] },
  {
    operationId: 'LRORetrys_deleteAsyncRelativeRetrySucceeded',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LRORetryErrorDeleteAsyncRetrySucceeded'],
  },
  {
    operationId: 'LRORetrys_post202Retry200',
    fixture: 'lro',
    state: 'failed',
    reason: /HTTP 500/,
    coverage: [],
    // The counter moves only when the POST is sent again (with the scenario cookie the 500 set).
    untouched: ['LRORetryErrorPost202Retry200Succeeded'],
    why: 'a POST start answered 500 is not sent again without an idempotency key (issue 15 item 6; Azure guidelines: POST actions are not idempotent): the job fails with the 500, where core-rest-pipeline would retry',
  },
  {
    operationId: 'LRORetrys_postAsyncRelativeRetrySucceeded',
    fixture: 'lro',
    state: 'failed',
    reason: /HTTP 500/,
    coverage: [],
    untouched: ['LRORetryErrorPostAsyncRetrySucceeded'],
    why: 'as above',
  },
];

const SADS: AutorestScenario[] = [
  {
    operationId: 'LROSADs_putNonRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryPut400'],
  },
  {
    operationId: 'LROSADs_putNonRetry201Creating400',
    fixture: 'lro',
    state: 'failed',
    reason: /Error from the server/,
    coverage: ['LRONonRetryPut201Creating400'],
  },
  {
    operationId: 'LROSADs_putNonRetry201Creating400InvalidJson',
    fixture: 'lro',
    state: 'failed',
    reason: /Error from the server/,
    coverage: ['LRONonRetryPut201Creating400InvalidJson'],
  },
  {
    operationId: 'LROSADs_putAsyncRelativeRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: BAD_REQUEST,
    coverage: ['LRONonRetryPutAsyncRetry400'],
  },
  {
    operationId: 'LROSADs_deleteNonRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryDelete400'],
  },
  {
    operationId: 'LROSADs_delete202NonRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryDelete202Retry400'],
  },
  {
    operationId: 'LROSADs_deleteAsyncRelativeRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryDeleteAsyncRetry400'],
  },
  {
    operationId: 'LROSADs_postNonRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryPost400'],
  },
  {
    operationId: 'LROSADs_post202NonRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryPost202Retry400'],
  },
  {
    operationId: 'LROSADs_postAsyncRelativeRetry400',
    fixture: 'lro',
    state: 'failed',
    reason: /Expected bad request message/,
    coverage: ['LRONonRetryPostAsyncRetry400'],
  },
  {
    operationId: 'LROSADs_putError201NoProvisioningStatePayload',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorPut201NoProvisioningStatePayload'],
    why: 'a PUT answered 201 with no representation of the resource: core-lro resolves it by the HTTP code alone (its test: status 201); azure-core fails it ("does not contain a body")',
  },
  {
    operationId: 'LROSADs_putAsyncRelativeRetryNoStatus',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorPutAsyncNoPollingStatus'],
    why: 'a status monitor answering 200 without `status`: core-lro falls back to the HTTP code (its test: succeeded, 200); azure-core fails it ("no status found in body")',
  },
  {
    operationId: 'LROSADs_putAsyncRelativeRetryNoStatusPayload',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorPutAsyncNoPollingStatusPayload'],
    why: 'as above, with no body at all',
  },
  {
    operationId: 'LROSADs_delete204Succeeded',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorDeleteNoLocation'],
    why: 'a 204 to a DELETE is a finished delete (RFC 9110); both SDKs succeed it',
  },
  {
    operationId: 'LROSADs_deleteAsyncRelativeRetryNoStatus',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorDeleteAsyncNoPollingStatus'],
    why: 'as above (core-lro test: 200)',
  },
  {
    operationId: 'LROSADs_post202NoLocation',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorPostNoLocation'],
    why: 'a 202 with nothing to follow: core-lro and azure-core both call it a success (autorest.python: "consider any kind of success 2xx on the initial call is an actual success"); the status says nothing could be followed',
  },
  {
    operationId: 'LROSADs_postAsyncRelativeRetryNoPayload',
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['LROErrorPostAsyncNoPollingPayload'],
    why: 'as above (core-lro test: 200)',
  },
  {
    operationId: 'LROSADs_put200InvalidJson',
    fixture: 'lro',
    state: 'failed',
    reason: /could not be parsed/,
    coverage: ['LROErrorPut200InvalidJson'],
  },
  {
    operationId: 'LROSADs_putAsyncRelativeRetryInvalidHeader',
    sideBySide: true,
    fixture: 'lro',
    state: 'failed',
    reason: /404/,
    coverage: ['LROErrorPutAsyncInvalidHeader'],
    why: 'the monitor `/foo` resolves on the server and answers 404 (after the young-404 grace): core-lro fails it with 404',
  },
  {
    operationId: 'LROSADs_putAsyncRelativeRetryInvalidJsonPolling',
    fixture: 'lro',
    state: 'failed',
    reason: /not JSON/,
    coverage: ['LROErrorPutAsyncInvalidJsonPolling'],
  },
  {
    operationId: 'LROSADs_delete202RetryInvalidHeader',
    sideBySide: true,
    fixture: 'lro',
    state: 'failed',
    reason: /404/,
    coverage: ['LROErrorDelete202RetryInvalidHeader'],
  },
  {
    operationId: 'LROSADs_deleteAsyncRelativeRetryInvalidHeader',
    sideBySide: true,
    fixture: 'lro',
    state: 'failed',
    reason: /404/,
    coverage: ['LROErrorDeleteAsyncInvalidHeader'],
  },
  {
    operationId: 'LROSADs_deleteAsyncRelativeRetryInvalidJsonPolling',
    fixture: 'lro',
    state: 'failed',
    reason: /not JSON/,
    coverage: ['LROErrorDeleteAsyncInvalidJsonPolling'],
  },
  {
    operationId: 'LROSADs_post202RetryInvalidHeader',
    sideBySide: true,
    fixture: 'lro',
    state: 'failed',
    reason: /404/,
    coverage: ['LROErrorPost202RetryInvalidHeader'],
  },
  {
    operationId: 'LROSADs_postAsyncRelativeRetryInvalidHeader',
    sideBySide: true,
    fixture: 'lro',
    state: 'failed',
    reason: /404/,
    coverage: ['LROErrorPostAsyncInvalidHeader'],
  },
  {
    operationId: 'LROSADs_postAsyncRelativeRetryInvalidJsonPolling',
    fixture: 'lro',
    state: 'failed',
    reason: /not JSON/,
    coverage: ['LROErrorPostAsyncInvalidJsonPolling'],
  },
];

/**
 * Every request, polls included, must carry `x-ms-client-request-id: 9C4D50EE-…` (the client's correlation id
 * for the whole operation); the server answers 400 otherwise. The swagger does not declare it: clients set it
 * in their pipeline (a per-call custom header that core-lro's polls inherit). A generated server sends it when
 * its operator sets it in UPSTREAM_HEADERS, on the start and on every poll to the API's origin.
 */
const CLIENT_REQUEST_ID = { 'x-ms-client-request-id': '9C4D50EE-2D56-4CD3-8152-34347DC9F2B0' };
const CUSTOM_HEADER: AutorestScenario[] = [
  {
    operationId: 'LROsCustomHeader_putAsyncRetrySucceeded',
    upstreamHeaders: CLIENT_REQUEST_ID,
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['CustomHeaderPutAsyncSucceded'],
  },
  {
    operationId: 'LROsCustomHeader_put201CreatingSucceeded200',
    upstreamHeaders: CLIENT_REQUEST_ID,
    fixture: 'lro',
    state: 'succeeded',
    result: product('Succeeded'),
    coverage: ['CustomHeaderPutSucceeded'],
  },
  {
    operationId: 'LROsCustomHeader_post202Retry200',
    upstreamHeaders: CLIENT_REQUEST_ID,
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['CustomHeaderPostSucceeded'],
  },
  {
    operationId: 'LROsCustomHeader_postAsyncRetrySucceeded',
    upstreamHeaders: CLIENT_REQUEST_ID,
    fixture: 'lro',
    state: 'succeeded',
    coverage: ['CustomHeaderPostAsyncSucceded'],
  },
];

const OTHERS: AutorestScenario[] = [
  {
    operationId: 'pollWithParameterizedEndpoints',
    fixture: 'lro-parameterized-endpoints',
    state: 'succeeded',
    // x-ms-parameterized-host ({accountName}{host}) is given as API_BASE_URL. A relative Location, resolved on
    // the host; final-state-via location: the Location answer is the result.
    result: (r) => r === 'success',
    coverage: ['LROParameterizedEndpoint'],
  },
  {
    operationId: 'pollWithConstantParameterizedEndpoints',
    fixture: 'lro-parameterized-endpoints',
    // `constantParameter` admits one value (enum ["iAmConstant"]): the server sends it, the tool has no argument for it.
    state: 'succeeded',
    result: (r) => r === 'success',
    coverage: ['LROConstantParameterizedPost', 'LROConstantParameterizedGet'],
  },
  {
    operationId: 'Paging_GetMultiplePagesLRO',
    fixture: 'paging',
    state: 'succeeded',
    // x-ms-pageable over the Location's list: the result tool follows nextLink through all ten pages.
    result: (r) => Array.isArray(doc(r).values) && doc(r).values.length === 10 && !('nextLink' in doc(r)),
    coverage: ['PagingMultipleLRO'],
  },
];

export const AUTOREST_GROUPS: Record<string, AutorestScenario[]> = {
  LROs: LROS,
  LRORetrys: RETRYS,
  LROSADs: SADS,
  LROsCustomHeader: CUSTOM_HEADER,
  'parameterized endpoints and paging': OTHERS,
};

export const AUTOREST_SCENARIOS: AutorestScenario[] = Object.values(AUTOREST_GROUPS).flat();
