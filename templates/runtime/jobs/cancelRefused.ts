/**
 * A cancel answered 2xx that still refuses the job. An operation that cancels many at once answers 200 for the call
 * and lists, item by item, what it could not do: Glue `BatchStopJobRun` → `{"SuccessfulSubmissions": [],
 * "Errors": [{"JobRunId": "jr_1", "ErrorDetail": {…}}]}`, ElastiCache `BatchStopUpdateAction` →
 * `UnprocessedUpdateActions`, EventBridge `FailedEntries`. Reading the status code alone would report such a cancel
 * accepted while the job runs on. The list is found by its name, which says failure in the words these APIs use
 * (error, failure, failed, unprocessed, unsuccessful), at the top of the answer where they all put it; the job by
 * the id the cancel sent, as the item itself or as one of its fields.
 */

/** A top-level list whose name says that what it holds was not done. */
const REFUSAL_LIST = /^(errors?|failures?|failed|unprocessed|unsuccessful)/i;

/** The item longest shown in the refusal, so that the agent reads the upstream's reason and no more. */
export const REFUSAL_PREVIEW_CHARS = 600;

/** `{list, item}` where the answer lists the sent id among what it did not do; undefined where it does not. */
export function refusedInAnswer(json: unknown, sentId: string): { list: string; item: unknown } | undefined {
  if (!isObject(json)) return undefined;
  for (const [list, items] of Object.entries(json)) {
    if (!REFUSAL_LIST.test(list) || !Array.isArray(items)) continue;
    const item = items.find((it) => names(it, sentId));
    if (item !== undefined) return { list, item };
  }
  return undefined;
}

/** The refusal as the cancel's answer words it. */
export function refusalText(refusal: { list: string; item: unknown }): string {
  const text = JSON.stringify(refusal.item) ?? '';
  const shown = text.length > REFUSAL_PREVIEW_CHARS ? `${text.slice(0, REFUSAL_PREVIEW_CHARS)}…` : text;
  return `its answer lists the job under \`${refusal.list}\`: ${shown}`;
}

function names(item: unknown, id: string): boolean {
  if (item === id) return true;
  return isObject(item) && Object.values(item).some((value) => value === id);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
