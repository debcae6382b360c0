/**
 * Protocol signals on one operation that may start a job: 202/201, monitor headers, Azure LRO extensions,
 * `Prefer: respond-async`, poll/cancel URL fields in the body, callbacks, Retry-After, idempotency.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { type EtaUnit, FINAL_STATE_VIA, type FinalStateVia, type IdempotencyParam, type ValueSource } from '../../model/jobs.js';
import { answerFields } from '../read/envelope.js';
import { nameTokens } from '../read/nameTokens.js';
import { responseSchema, successResponses } from '../read/operationIndex.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import {
  CALLBACK_PARAMS,
  ETA_FIELD,
  equalsIgnoreCase,
  IDEMPOTENCY_BODY_FIELDS,
  IDEMPOTENCY_HEADERS,
  inList,
  MONITOR_HEADERS,
  MONITOR_ON_202_ONLY,
  REPEATABILITY_FIRST_SENT,
  URL_WORDS,
} from '../read/signalWords.js';
import { etaUnitOf } from '../status/etaUnit.js';

export interface StartSignals {
  has202: boolean;
  has201: boolean;
  /** Monitor headers declared on an async (201/202, or any 2xx of an Azure LRO) response, preferred first. */
  monitorHeaders: string[];
  lro: boolean;
  finalStateVia?: FinalStateVia;
  preferAsync: boolean;
  /** Body fields of the async response that hold a poll URL / cancel URL (`urls.get`, `sbom_url`). */
  pollUrlFields: string[];
  /** A poll URL field whose description says it is polled (not just a `urls.get` link). */
  pollUrlDescribed: boolean;
  /** URL fields of a 202's answer named for a status (`statementStatusUrl`): its monitor, unless linked to a read. */
  statusLinks: string[];
  cancelUrlField: string | null;
  callbacks: string[];
  /** A field of the start's answer that says how long the work will take (`expected_duration_sec`), and how it reads. */
  etaField: string | null;
  etaUnit: EtaUnit | null;
  retryAfter: boolean;
  idempotency: IdempotencyParam | null;
}

export function readStartSignals(op: Operation, reader: SchemaReader): StartSignals {
  const ok = successResponses(op);
  const lro = op.extensions['x-ms-long-running-operation'] === true;
  const asyncResponses = ok.filter((r) => r.status === '202' || r.status === '201' || lro);
  const monitorHeaders: string[] = [];
  for (const wanted of MONITOR_HEADERS) {
    for (const r of asyncResponses) {
      if (r.status !== '202' && inList(MONITOR_ON_202_ONLY, wanted)) continue;
      const h = r.headers.find((x) => equalsIgnoreCase(x.name, wanted));
      if (h && !monitorHeaders.includes(h.name)) monitorHeaders.push(h.name);
    }
  }
  const { pollUrlFields, pollUrlDescribed, cancelUrlField } = readUrlFields(reader, asyncResponses.map(responseSchema));
  // A 202's answer points to a status monitor (RFC 9110 §15.3.3): a URL field named for the status says it is one.
  // Not a GET's: a read answering 202 is that monitor itself, repeated until the answer is ready.
  const statusLinks =
    op.method === 'GET' ? [] : ok.filter((r) => r.status === '202').flatMap((r) => statusLinkFields(reader, responseSchema(r)));
  const preferApplied = ok.some((r) => r.headers.some((h) => equalsIgnoreCase(h.name, 'Preference-Applied')));
  const preferParam = op.parameters.find((p) => p.in === 'header' && equalsIgnoreCase(p.name, 'Prefer'));
  const preferText = preferParam ? `${preferParam.description ?? ''} ${JSON.stringify(preferParam.schema)}` : '';
  // Google's `callback` query parameter is JSONP, not a webhook: only a parameter that takes a URL counts.
  const callbackParams = op.parameters
    .filter((p) => p.in === 'query' && inList(CALLBACK_PARAMS, p.name) && takesUrl(p.description, reader.formatOf(p.schema)))
    .map((p) => p.name);
  const signals: StartSignals = {
    has202: ok.some((r) => r.status === '202'),
    has201: ok.some((r) => r.status === '201'),
    monitorHeaders,
    lro,
    preferAsync: /respond-async/i.test(preferText) || (preferApplied && monitorHeaders.length > 0),
    pollUrlFields,
    pollUrlDescribed,
    statusLinks: [...new Set(statusLinks)],
    cancelUrlField,
    callbacks: [...op.callbacks, ...callbackParams],
    ...findEta(reader, ok),
    retryAfter: ok.some((r) => r.headers.some((h) => equalsIgnoreCase(h.name, 'Retry-After'))),
    idempotency: findIdempotency(op, reader),
  };
  const opts = op.extensions['x-ms-long-running-operation-options'];
  const via = opts && typeof opts === 'object' ? (opts as Record<string, unknown>)['final-state-via'] : undefined;
  if (typeof via === 'string' && (FINAL_STATE_VIA as readonly string[]).includes(via)) signals.finalStateVia = via as FinalStateVia;
  return signals;
}

/** Facts of one resolved answer schema, asked again for every operation that answers it. */
export interface AnswerSignals {
  pollUrlFields: string[];
  pollUrlDescribed: boolean;
  cancelUrlField: string | null;
  etaField: string | null;
  etaUnit: EtaUnit | null;
}

const ANSWER_SIGNALS = new ReaderMemo<object | undefined, AnswerSignals>();

export function answerSignals(reader: SchemaReader, schema: JsonSchema | undefined): AnswerSignals {
  const root = reader.resolve(schema);
  return ANSWER_SIGNALS.get(reader, root, () => answerSignalsUncached(reader, root));
}

/**
 * `urls.get` / `urls.cancel` objects (Replicate), and top-level `*_url` fields whose description says the
 * URL is to be polled (`sbom_url: "URL to poll for the SBOM export result"`); and the ETA field. Exported
 * for the test that proves the memo answers the same.
 */
export function answerSignalsUncached(reader: SchemaReader, schema: JsonSchema | undefined): AnswerSignals {
  const props = reader.properties(schema);
  const pollUrlFields: string[] = [];
  let cancelUrlField: string | null = null;
  let pollUrlDescribed = false;
  const urls = props.get('urls');
  if (urls !== undefined) {
    const inner = reader.properties(urls);
    for (const name of ['get', 'status', 'poll', 'self']) if (inner.has(name)) pollUrlFields.push(`urls.${name}`);
    for (const name of ['cancel', 'abort']) if (inner.has(name) && !cancelUrlField) cancelUrlField = `urls.${name}`;
  }
  let etaField: string | null = null;
  let etaUnit: EtaUnit | null = null;
  // The resource's own fields, inside an envelope too (`{data: {status_url}}`: read/envelope.ts).
  for (const { name, path, schema: p } of answerFields(reader, schema)) {
    if (etaField === null && ETA_FIELD.test(name)) {
      etaField = path;
      etaUnit = etaUnitOf(name, p, reader);
    }
    if (!/(_url|Url|_uri|Uri)$/.test(name)) continue;
    if (/\bpoll|status (url|endpoint)|check (the )?status/i.test(reader.description(p))) {
      pollUrlFields.push(path);
      pollUrlDescribed = true;
    }
  }
  return { pollUrlFields, pollUrlDescribed, cancelUrlField, etaField, etaUnit };
}

/** The word before a URL word (read/signalWords.ts `URL_WORDS`) that says the URL reads a status. */
const STATUS_LINK_WORDS = new Set(['status', 'poll', 'polling']);

/**
 * The answer's URL fields named for a status (`statementStatusUrl`, `status_url`, `poll_url`), a string each. Asked
 * of a 202's answer only: a created resource links its statuses (`statuses_url`) without being a job.
 */
function statusLinkFields(reader: SchemaReader, schema: JsonSchema | undefined): string[] {
  const out: string[] = [];
  for (const { name, path, schema: p } of answerFields(reader, schema)) {
    const tokens = nameTokens(name);
    if (tokens.length < 2 || !URL_WORDS.has(tokens.at(-1)!) || !STATUS_LINK_WORDS.has(tokens.at(-2)!)) continue;
    if (reader.typeOf(p) === 'string') out.push(path);
  }
  return out;
}

function readUrlFields(
  reader: SchemaReader,
  schemas: Array<ReturnType<typeof responseSchema>>,
): {
  pollUrlFields: string[];
  pollUrlDescribed: boolean;
  cancelUrlField: string | null;
} {
  const pollUrlFields: string[] = [];
  let cancelUrlField: string | null = null;
  let pollUrlDescribed = false;
  for (const schema of schemas) {
    const found = answerSignals(reader, schema);
    pollUrlFields.push(...found.pollUrlFields);
    cancelUrlField ??= found.cancelUrlField;
    pollUrlDescribed ||= found.pollUrlDescribed;
  }
  return { pollUrlFields: [...new Set(pollUrlFields)], pollUrlDescribed, cancelUrlField };
}

function findEta(reader: SchemaReader, ok: ReturnType<typeof successResponses>): Pick<StartSignals, 'etaField' | 'etaUnit'> {
  for (const r of ok) {
    const { etaField, etaUnit } = answerSignals(reader, responseSchema(r));
    if (etaField !== null) return { etaField, etaUnit };
  }
  return { etaField: null, etaUnit: null };
}

/** The start's idempotency key: a header or query parameter, else a body field. */
export function findIdempotency(op: Operation, reader: SchemaReader): IdempotencyParam | null {
  for (const p of op.parameters) {
    if ((p.in === 'header' || p.in === 'query') && (inList(IDEMPOTENCY_HEADERS, p.name) || inList(IDEMPOTENCY_BODY_FIELDS, p.name))) {
      const found: IdempotencyParam = { in: p.in, name: p.name };
      if (equalsIgnoreCase(p.name, 'Repeatability-Request-ID')) {
        const first = op.parameters.find((q) => q.in === 'header' && equalsIgnoreCase(q.name, REPEATABILITY_FIRST_SENT));
        if (first) found.firstSentHeader = first.name;
      }
      return found;
    }
  }
  for (const c of op.requestBody?.content ?? []) {
    for (const name of reader.properties(c.schema).keys()) {
      if (inList(IDEMPOTENCY_BODY_FIELDS, name)) return { in: 'body', name };
    }
  }
  // Under another name, a string the contract says makes the request idempotent (Snowflake's `requestId`: "This
  // ensures that the execution is idempotent"; AIP-155's `request_id`): the contract's own word, not its name.
  for (const p of op.parameters)
    if ((p.in === 'header' || p.in === 'query') && saysIdempotent(reader, p.schema, p.description, p.name))
      return { in: p.in, name: p.name };
  for (const c of op.requestBody?.content ?? [])
    for (const [name, schema] of reader.properties(c.schema))
      if (saysIdempotent(reader, schema, undefined, name)) return { in: 'body', name };
  return null;
}

/**
 * A string whose own description says it keys the request's idempotency (`idempotent`, `idempotency`), or says what
 * that is, a retry with the same value answered as the first (Temporal's `requestId`: "a start retried with the same
 * requestId is answered with the execution it already started"; "De-duplicates a retried signal-with-start"), or whose
 * name says it is the token of a retry (Oracle Cloud's `opc-retry-token`: "retried … without risk of executing that
 * same action again").
 */
function saysIdempotent(reader: SchemaReader, schema: JsonSchema | undefined, description?: string, name = ''): boolean {
  if (reader.typeOf(schema) !== 'string') return false;
  if (nameTokens(name).slice(-2).join(' ') === 'retry token') return true;
  const text = `${description ?? ''} ${reader.description(schema)}`;
  if (/\bidempoten(t|cy)\b/i.test(text)) return true;
  // One sentence ties the retry to the value (not "set only if the task was retried … the same as startTime").
  return text.split(/[.!?](?:\s|$)/).some((s) => /\bretr(?:y|ies|ied)\b/i.test(s) && /\b(?:same|de-?duplicat\w*)\b/i.test(s));
}

/** `format` as SchemaReader.formatOf reads it: a `$ref`'d or nullable (3.1 `anyOf` with null) parameter schema too. */
function takesUrl(description: string | undefined, format: string | undefined): boolean {
  return format === 'uri' || format === 'url' || /\b(url|uri)\b/i.test(description ?? '');
}

export function monitorSources(signals: StartSignals): ValueSource[] {
  return [
    ...signals.monitorHeaders.map((h) => `header:${h}` as ValueSource),
    ...signals.pollUrlFields.map((f) => `body:${f}` as ValueSource),
  ];
}
