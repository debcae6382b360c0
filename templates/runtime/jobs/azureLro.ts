/**
 * Azure long-running operations polled the way @azure/core-lro 3.x polls them, which is what every Azure SDK
 * runs: the monitor is read from the start's actual answer, not from what the contract declares.
 *
 * - Operation-Location (else Azure-AsyncOperation) → poll it and read its `status`; the final GET is, by method:
 *   PUT the request URL, DELETE none, PATCH per final-state-via else the request URL, POST per final-state-via
 *   (`location`, the default: the Location header; `original-uri`: the request URL; the monitor kinds: none).
 * - else Location → poll it; the HTTP code is the status (202 running, 2xx done); its answer is the result.
 * - else a PUT → poll the request URL and read the resource's own `provisioningState`.
 * - else the first answer is all there is (202 with nothing to poll is done, as core-lro has it).
 * Status words: contains `succeeded` → succeeded, contains `fail` → failed, `canceled`/`cancelled` → cancelled,
 * anything else running; a missing status falls back to the HTTP code. A `resourceLocation` in a succeeded
 * monitor body is the final GET. A failure's `error.code`/`message` (innererror chain appended) is the reason.
 */
import type { CanonicalState, HttpMethod, StartSpec } from '../definition.js';
import type { ParsedBody } from '../upstream/http.js';
import { resolveUrl } from '../upstream/urls.js';
import { unreadableBody } from './pollVerdict.js';

export type AzureLroMode = 'operation-location' | 'location' | 'body';
type FinalStateVia = NonNullable<StartSpec['finalStateVia']>;
type LroStatus = Exclude<CanonicalState, 'queued'>;

export interface AzureLroPlan {
  /** Null when the start's answer carries nothing to poll: it is the outcome. */
  mode: AzureLroMode | null;
  pollUrl: string | null;
  /** The final GET once succeeded (operation-location mode only); null: the last answer is the result. */
  finalUrl: string | null;
}

/** What one Azure answer says about the operation. `unreadable` means the answer could not be interpreted. */
export interface AzureReading {
  status: LroStatus;
  /** The upstream's own word (`InProgress`, `Failed`), or `HTTP 202` when the code decided. */
  upstreamStatus: string;
  error?: AzureError;
  unreadable?: string;
}

export interface AzureError {
  code: string;
  message: string;
}

function header(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  return value === null || value.trim() === '' ? null : value.trim();
}

/** inferLroMode: the polling URL and the final GET from the start's answer. */
export function planAzureLro(
  method: HttpMethod,
  requestUrl: string,
  headers: Headers,
  finalStateVia: FinalStateVia | undefined,
): AzureLroPlan {
  const monitor = header(headers, 'operation-location') ?? header(headers, 'azure-asyncoperation');
  const location = header(headers, 'location');
  const resolved = (value: string | null) => (value === null ? null : resolveUrl(value, requestUrl));
  if (monitor !== null) {
    return {
      mode: 'operation-location',
      pollUrl: resolved(monitor),
      finalUrl: finalUrlFor(method, requestUrl, resolved(location), finalStateVia),
    };
  }
  if (location !== null) return { mode: 'location', pollUrl: resolved(location), finalUrl: null };
  if (method === 'PUT') return { mode: 'body', pollUrl: requestUrl, finalUrl: null };
  return { mode: null, pollUrl: null, finalUrl: null };
}

function finalUrlFor(method: HttpMethod, requestUrl: string, location: string | null, via: FinalStateVia | undefined): string | null {
  const byVia = (): string | null => {
    if (via === 'operation-location' || via === 'azure-async-operation') return null;
    if (via === 'original-uri') return requestUrl;
    return location;
  };
  if (method === 'PUT') return requestUrl;
  if (method === 'DELETE') return null;
  if (method === 'PATCH') return byVia() ?? requestUrl;
  return byVia();
}

/** toOperationStatus: 202 is still working, another 2xx is done, anything else failed. */
function byHttpCode(code: number): LroStatus {
  if (code === 202) return 'running';
  return code < 300 ? 'succeeded' : 'failed';
}

/** transformStatus, case-insensitive as core-lro has it. */
export function azureStatus(raw: unknown, httpCode: number): AzureReading {
  if (raw !== undefined && typeof raw !== 'string') {
    return {
      status: 'running',
      upstreamStatus: String(raw),
      unreadable: `its status is ${raw === null ? 'null' : `a ${typeof raw}`}, not a word`,
    };
  }
  const word = raw?.toLowerCase() ?? '';
  if (word === '') return { status: byHttpCode(httpCode), upstreamStatus: `HTTP ${httpCode}` };
  if (word.includes('succeeded')) return { status: 'succeeded', upstreamStatus: raw! };
  if (word.includes('fail')) return { status: 'failed', upstreamStatus: raw! };
  if (word === 'canceled' || word === 'cancelled') return { status: 'cancelled', upstreamStatus: raw! };
  return { status: 'running', upstreamStatus: raw! };
}

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/** `properties.provisioningState ?? provisioningState` of an ARM resource document. */
function provisioningStateOf(json: unknown): unknown {
  return field(field(json, 'properties'), 'provisioningState') ?? field(json, 'provisioningState');
}

/**
 * A finished answer (2xx, not 202) that returns a resource reporting a failed or cancelled provisioningState
 * ends the operation that way (the lead's decision: core-lro would resolve a Location poll by its HTTP code
 * alone and hand the failed resource back as a success). Anything else keeps the reading by HTTP code.
 */
function byResourceState(reading: AzureReading, body: ParsedBody): AzureReading {
  if (reading.status !== 'succeeded' || body.json === undefined) return reading;
  const raw = provisioningStateOf(body.json);
  if (typeof raw !== 'string') return reading;
  const resource = azureStatus(raw, 200);
  if (resource.status !== 'failed' && resource.status !== 'cancelled') return reading;
  const error = azureError(body.json);
  return { status: resource.status, upstreamStatus: raw, ...(error ? { error } : {}) };
}

/** Reads one answer (the start's or a poll's) in the given mode. */
export function readAzureAnswer(mode: AzureLroMode, httpCode: number, body: ParsedBody): AzureReading {
  if (mode === 'location') return byResourceState({ status: byHttpCode(httpCode), upstreamStatus: `HTTP ${httpCode}` }, body);
  const unreadable = unreadableBody(body);
  if (unreadable !== null) return { status: 'running', upstreamStatus: `HTTP ${httpCode}`, unreadable };
  const json = body.json;
  const raw = mode === 'body' ? provisioningStateOf(json) : field(json, 'status');
  const reading = azureStatus(raw, httpCode);
  if (reading.status === 'failed') {
    const error = azureError(json);
    if (error) reading.error = error;
  }
  return reading;
}

/**
 * The first answer: done at once without a mode, the resource's provisioningState in body mode, else running.
 * One exception to core-lro: a PUT or PATCH answered 200/201 with the resource at a terminal provisioningState
 * finished synchronously (ARM's RPC: the resource's provisioningState says whether the operation is done; a
 * monitor header beside it is not to be called). A 202 is always followed.
 */
export function readAzureStart(method: HttpMethod, plan: AzureLroPlan, httpCode: number, body: ParsedBody): AzureReading {
  if (plan.mode === 'body') return readAzureAnswer('body', httpCode, body);
  if (plan.mode === null) {
    // core-lro: "running" with no polling URL is done; the answer itself is the result.
    const status = byHttpCode(httpCode);
    const reading: AzureReading = { status: status === 'running' ? 'succeeded' : status, upstreamStatus: `HTTP ${httpCode}` };
    return httpCode === 202 ? reading : byResourceState(reading, body);
  }
  if ((method === 'PUT' || method === 'PATCH') && (httpCode === 200 || httpCode === 201) && body.json !== undefined) {
    const raw = provisioningStateOf(body.json);
    const resource = typeof raw === 'string' ? azureStatus(raw, httpCode) : null;
    if (resource && resource.status !== 'running') return readAzureAnswer('body', httpCode, body);
  }
  return { status: 'running', upstreamStatus: `HTTP ${httpCode}` };
}

/** `error: {code, message, innererror}` → code of the innermost, messages joined (core-lro's simplifyError). */
export function azureError(json: unknown): AzureError | undefined {
  const error = field(json, 'error');
  const code = field(error, 'code');
  const message = field(error, 'message');
  if (typeof code !== 'string' || typeof message !== 'string' || code === '' || message === '') return undefined;
  let out = { code, message };
  let inner = field(error, 'innererror');
  for (let depth = 0; inner !== undefined && inner !== null && depth < 10; depth++) {
    const innerCode = field(inner, 'code');
    const innerMessage = field(inner, 'message');
    out = {
      code: typeof innerCode === 'string' ? innerCode : out.code,
      message:
        typeof innerMessage === 'string' ? `${out.message.endsWith('.') ? out.message : `${out.message}.`} ${innerMessage}` : out.message,
    };
    inner = field(inner, 'innererror');
  }
  return out;
}

/** The monitor's `resourceLocation` (a succeeded monitor names the final resource), resolved, or null. */
export function resourceLocationOf(body: ParsedBody, requestUrl: string): string | null {
  const value = field(body.json, 'resourceLocation');
  return typeof value === 'string' && value !== '' ? resolveUrl(value, requestUrl) : null;
}

/** A poll answer that names the next monitor (core-lro follows it): Operation-Location/AAO, or Location. */
export function nextPollUrl(mode: AzureLroMode, headers: Headers, requestUrl: string): string | null {
  const value =
    mode === 'operation-location'
      ? (header(headers, 'operation-location') ?? header(headers, 'azure-asyncoperation'))
      : mode === 'location'
        ? header(headers, 'location')
        : null;
  return value === null ? null : resolveUrl(value, requestUrl);
}

/** The `api-version` the start request sent (the name in any case), or null. */
export function apiVersionOf(url: string): string | null {
  for (const [key, value] of new URL(url).searchParams) if (key.toLowerCase() === 'api-version' && value !== '') return value;
  return null;
}

/**
 * Every Azure client sends its api-version on every request, polls and final GETs included, when the URL has
 * none (services hand out monitor URLs without it and reject a poll that lacks it).
 */
export function withApiVersion(url: string | null, apiVersion: string | null): string | null {
  if (url === null || apiVersion === null) return url;
  if (apiVersionOf(url) !== null) return url;
  const parsed = new URL(url);
  parsed.searchParams.set('api-version', apiVersion);
  return parsed.href;
}
