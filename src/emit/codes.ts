/**
 * Every diagnostic the emit stage reports (MJG5xx). Same shape as the load/build code tables, so the
 * DIAGNOSTICS.md table can be checked against it.
 */
import { type CodeInfo, type Diagnostic, diagnosticFromTable } from '../model/diagnostics.js';

export const EMIT_CODES = {
  MJG501: {
    severity: 'warning',
    title: 'a job family refers to an operation that is not generated; its operations stay plain tools',
    help: 'Include the missing operation (check --include/--exclude) or disable the family in the config.',
  },
  MJG502: {
    severity: 'warning',
    title: 'a rename is ignored: the name does not match ^[a-zA-Z0-9_-]{1,64}$',
    help: 'Tool names may use letters, digits, _ and -, at most 64 characters.',
  },
  MJG503: {
    severity: 'warning',
    title: 'a rename is ignored: another operation was renamed to the same name',
    help: 'Give each renamed operation its own tool name.',
  },
  MJG504: {
    severity: 'warning',
    title: 'a security scheme is not supported (mutualTLS, http digest, …); operations needing it are sent without it',
    help: 'Supported: bearer, basic, apiKey (header/query/cookie), oauth2 and openIdConnect as a bearer token.',
  },
  MJG505: {
    severity: 'error',
    title: 'the runtime templates (templates/runtime) were not found next to mcp-jobgen; nothing is written',
    help: 'Reinstall mcp-jobgen; the package must ship its templates folder.',
  },
  MJG506: {
    severity: 'info',
    title: 'the spec gives no absolute server URL; the server needs API_BASE_URL at run time',
    help: 'Set API_BASE_URL when starting the server, or pass --base-url (config `baseUrl`) to bake one in.',
  },
  MJG507: {
    severity: 'error',
    title:
      'the compiled runtime (dist/templates/runtime, bundled in dist/bundle/runtime.js) is missing or older than templates/runtime; nothing is written',
    help: 'Run `npm run build` in the mcp-jobgen checkout; an installed package ships the runtime compiled.',
  },
  MJG508: {
    severity: 'warning',
    title: 'a string pattern needs backtracking (backreference, lookaround); the server does not check it',
    help: 'The server matches contract patterns with RE2 (linear time), so a hostile pattern cannot freeze it. The pattern stays in the argument description; the upstream still validates.',
  },
  MJG509: {
    severity: 'info',
    title: "a string pattern is not an ECMA-262 regular expression (JSON Schema's dialect); the server does not check it",
    help: 'Write the pattern in ECMA-262 syntax (no `(?i)`, no Java or POSIX classes) to have it checked. It stays in the argument description.',
  },
} as const satisfies Record<string, CodeInfo>;

export type EmitCode = keyof typeof EMIT_CODES;

/** A diagnostic with the table's severity and help; `message` says what exactly happened. */
export function emitDiagnostic(code: EmitCode, message: string, extra: { pointer?: string } = {}): Diagnostic {
  return diagnosticFromTable(EMIT_CODES, code, message, extra);
}
