/**
 * The generated README's part about how the server is served: protocol eras, the MCP Tasks extension, and
 * the MCP_* settings the runtime reads (templates/runtime/mcp/mcpSettings.ts).
 */

/** Rows of the README's environment table, as [name, meaning]. */
export function servingEnvRows(): Array<[string, string]> {
  return [
    [
      'MCP_TASKS',
      '`on` (default) or `off`: offer the MCP Tasks extension (`io.modelcontextprotocol/tasks`) to 2026-07-28 clients that declare it; job starts then answer with a task. Off: not advertised, job tools only.',
    ],
  ];
}

/** The "Protocol" section: what every client gets, and what a Tasks-capable client gets on top. */
export function servingSection(hasJobs: boolean): string[] {
  const lines = [
    '## Protocol',
    '',
    'Both MCP protocol eras are served from the same tools, over stdio and over HTTP (stateless: any replica answers any request): 2026-07-28 clients (no `initialize`; `server/discover` and a per-request `_meta`) and 2025-era clients (`initialize`, e.g. MCP SDK 1.x).',
  ];
  if (hasJobs) {
    lines.push(
      '',
      'A 2026-07-28 client that declares the Tasks extension (`io.modelcontextprotocol/tasks`) in a request gets a task from a job start: `taskId` is the `job_id`, `tasks/get` polls the same job (`completed` with the result inline; an upstream failure is a completed task whose result has `isError: true`; a start whose outcome is unknown is `failed`), `tasks/cancel` runs the same cancel as the cancel tool. Every other client uses the start, status, result and cancel tools. `MCP_TASKS=off` turns the extension off.',
    );
  }
  return lines;
}
