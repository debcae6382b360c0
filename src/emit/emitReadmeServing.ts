import { credentialHeaderName } from '../../templates/runtime/defaults.js';

/**
 * The generated README's part about how the server is served: protocol eras, the MCP Tasks extension, HTTP
 * access, and the MCP_* settings the runtime reads (templates/runtime/mcp/mcpSettings.ts).
 */

/** Rows of the README's environment table, as [name, meaning]. */
export function servingEnvRows(): Array<[string, string]> {
  return [
    [
      'MCP_TASKS',
      '`on` (default) or `off`: offer the MCP Tasks extension (`io.modelcontextprotocol/tasks`) to 2026-07-28 clients that declare it; job starts then answer with a task. Off: not advertised, job tools only.',
    ],
    [
      'MCP_HTTP_TOKEN',
      'HTTP mode: bearer token (at least 16 characters) every request to `/mcp` must send as `Authorization: Bearer …`. **Required** when listening beyond loopback (`--host 0.0.0.0`); optional on 127.0.0.1.',
    ],
    [
      'MCP_ALLOWED_HOSTS',
      'HTTP mode: comma-separated host names that requests may name in `Host` and `Origin` (DNS-rebinding protection). On loopback, localhost/127.0.0.1/[::1] are always allowed; beyond loopback this list is **required** (`*` accepts any host name).',
    ],
    [
      'MCP_CLIENT_CREDENTIALS',
      '`off` (default) or `on` (HTTP mode): each MCP client sends its own upstream credential in request headers (see "HTTP mode"); the credential env vars above are then ignored, and each credential gets its own jobs.',
    ],
  ];
}

/** The "Protocol" section: what every client gets, and what a Tasks-capable client gets on top. */
export function servingSection(hasJobs: boolean, credentialEnvNames: string[]): string[] {
  const lines = [
    '## Protocol',
    '',
    'Both MCP protocol eras are served from the same tools, over stdio and over HTTP (stateless: any replica answers any request): 2026-07-28 clients (no `initialize`; `server/discover` and a per-request `_meta`) and 2025-era clients (`initialize`, e.g. MCP SDK 1.x).',
  ];
  if (hasJobs) {
    lines.push(
      '',
      'A 2026-07-28 client that declares the Tasks extension (`io.modelcontextprotocol/tasks`) in a request gets a task from a job start: `taskId` is the `job_id`, `tasks/get` polls the same job (`completed` with the result inline; an upstream failure is a completed task whose result has `isError: true`; a start whose outcome is unknown is `failed`), `tasks/cancel` runs the same cancel as the cancel tool. Such a client can follow its tasks with `subscriptions/listen` `{ notifications: { taskIds } }`: the server acknowledges the ids of its own tasks and sends `notifications/tasks` with the state of each task when it changes, whichever replica saw the change, over HTTP and stdio, until the task ends. Every other client uses the start, status, result and cancel tools. `MCP_TASKS=off` turns the extension off.',
    );
  }
  lines.push('', ...frameworksSection(hasJobs));
  lines.push(
    '',
    '### HTTP mode',
    '',
    'Every request to `/mcp` must name an allowed host in `Host` and, when a browser sends one, in `Origin`: other pages cannot reach the server through DNS rebinding. On 127.0.0.1 (the default `--host`) the loopback names are allowed; to listen beyond loopback, set `MCP_HTTP_TOKEN` and `MCP_ALLOWED_HOSTS`, or the server refuses to start. `/healthz` needs neither.',
    '',
    '`/metrics` serves Prometheus metrics behind the same checks as `/mcp`: jobs by family and state, the age of the oldest unfinished job, starts, dedupe hits, promoted calls, unknown outcomes, recoveries and expired leases, upstream latency and errors by tool. Every job transition is one JSON line on stderr (`LOG_LEVEL`); no argument, header, body or credential is ever logged.',
  );
  if (credentialEnvNames.length > 0) {
    const headers = credentialEnvNames.map((name) => `\`${credentialHeaderName(name)}\` (for \`${name}\`)`).join(', ');
    lines.push(
      '',
      `With \`MCP_CLIENT_CREDENTIALS=on\`, every client sends its own upstream credential: ${headers}. A request without any of them is refused with 401. Jobs belong to the credential that started them: another client's jobs are never listed, read, polled or cancelled. The client's own \`Authorization\` header is never forwarded upstream.`,
    );
  }
  return lines;
}

/**
 * What agent frameworks hand their model, and the one known framework bug our tools meet (Mastra's OpenAI
 * compat layer makes optional properties required; issue 25 measured it with the optional idempotency_key).
 */
function frameworksSection(hasJobs: boolean): string[] {
  const lines = [
    '### Agent frameworks',
    '',
    'Every tool result with `structuredContent` also carries it as JSON in its last text block, after the human-readable summary (at most 20,000 characters: a larger field is replaced by a note naming it), because several frameworks (AI SDK, OpenAI Agents) hand their model the text only. `tools/list` answers in one page unless `MCP_TOOLS_PAGE_SIZE` asks for pages: some frameworks read only the first page.',
    '',
    'Input schemas are listed in a spelling the frameworks\' and model providers\' schema converters keep whole: a nullable value is a `type` array (`["string", "null"]`); a format other than `date-time`, a length bound or a default is said in the property\'s description instead of as a keyword (OpenAI\'s strict mode and Gemini refuse them), and the server still checks every one of them; a free-form map is listed as a list of `{"key": …, "value": …}` pairs (values of any JSON as JSON text), and the server takes the object itself too; a list beside objects in a union is listed as one more object, `{"list": […]}` (LangChain keeps only a union\'s objects), and the server takes the list itself too; a value the contract leaves untyped (any JSON) is listed as a string, number, boolean, null or `{"json": "<JSON text>"}` (OpenAI\'s strict mode refuses a schema without a type), and the server takes the value itself too (an object whose only key is `json`, holding a string, is read as JSON text).',
  ];
  if (hasJobs) {
    lines.push(
      '',
      "Known framework bug: Mastra's OpenAI schema compatibility layer turns optional tool parameters into required ones, so with an OpenAI model a Mastra agent must send every optional parameter, `idempotency_key` of every job start included. Tell such an agent to pass one stable key per piece of work (the same key when it retries), which keeps deduplication working; an invented key per call would start a new job on every retry.",
    );
  }
  return lines;
}
