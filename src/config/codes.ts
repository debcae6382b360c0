/**
 * Every diagnostic about the run's options (MJG310–MJG399): config files (MJG310–MJG322) and the command line and
 * its inputs (MJG331–MJG399), reported by the config stage, the CLI and the library entry (src/index.ts), so the
 * table lives in the lowest of them. One row each, in the shape of every stage's table (load, normalize, detect,
 * emit, write), checked against docs/DIAGNOSTICS.md by a test.
 */
import { type CodeInfo, diagnosticFactory } from '../model/diagnostics.js';

export const CONFIG_CODES = {
  MJG310: {
    severity: 'error',
    title: 'config file not found: `<path>` (from `--config`)',
    help: 'Check the `--config` path (relative to the current directory).',
  },
  MJG311: {
    severity: 'error',
    title: 'config file is not valid JSON / YAML at line L, column C',
    help: 'Fix the syntax.',
  },
  MJG312: {
    severity: 'error',
    title: 'config module failed to load, has no default export, or has an unsupported extension',
    help: '`export default defineConfig({...})`; use .json, .yaml, .yml, .mjs, .js or .ts.',
  },
  MJG313: {
    severity: 'error',
    title:
      "a TypeScript config needs the `typescript` package's JS API (5.x), which is not installed (or the installed one has none: TypeScript 7 exports only its version)",
    help: 'Use `mcp-jobgen.config.mjs` or `.json`, run under Node 22.6+ or tsx, or install typescript@5.',
  },
  MJG314: {
    severity: 'warning',
    title: 'several config files beside the spec; using the first (json, yaml, yml order)',
    help: 'Delete the others or pass `--config`.',
  },
  MJG315: {
    severity: 'warning',
    title: '`mcp-jobgen.config.{ts,mjs,js}` beside the spec was not run: a config file that is code runs only when named with `--config`',
    help: 'If you trust its code, pass `--config <file>`; or write the settings as `mcp-jobgen.config.json` or `.yaml`, read without `--config`.',
  },
  MJG320: {
    severity: 'error',
    title: '`"<key path>"` is not a known key',
    help: '`Did you mean "<closest key>"?` plus the keys allowed at that level.',
  },
  MJG321: {
    severity: 'error',
    title: '`"<key path>"` must be `<type>`, got `<value>` (or: is required here)',
    help: 'Change the value to the expected type.',
  },
  MJG322: {
    severity: 'error',
    title:
      '`"<key path>"` has an invalid value (unknown canonical state or role, negative duration, origin with a path, invalid URL, npm name or tool name)',
    help: 'Lists the allowed values, or `Did you mean …?`',
  },
  MJG331: {
    severity: 'error',
    title: 'command-line usage error (unknown option or command, missing option value, too many arguments, `--check` with `--clean`)',
    help: 'Run `mcp-jobgen --help` for usage; for a mistyped command, `Did you mean "mcp-jobgen explain"?`',
  },
  MJG332: {
    severity: 'error',
    title: 'no spec given',
    help: 'Pass the OpenAPI file as the first argument or set `spec` in the config file.',
  },
  MJG333: {
    severity: 'error',
    title: 'spec file not found: `<path>`',
    help: 'Check the path; relative to the current directory (or to the config file for `spec` in a config).',
  },
  MJG334: {
    severity: 'error',
    title:
      'invalid flag value: `--rename` not `operation=tool_name` or not a valid tool name, `--base-url` not an absolute http(s) URL, `--package-name` not an npm name',
    help: 'The help line shows an example of the expected form.',
  },
  MJG335: {
    severity: 'warning',
    title: '`include`/`exclude` pattern `<p>` matches no operation',
    help: 'Patterns match a tag, an operationId, `METHOD /path` or a path glob (`/repos/**`), case-sensitive.',
  },
  MJG336: {
    severity: 'warning',
    title: 'include/exclude left none of the N operations',
    help: 'The server would have no operation tools; check the patterns.',
  },
  MJG337: {
    severity: 'error',
    title:
      'refusing `--clean` on `<dir>`: it is the root or home directory, contains the current directory, or contains the spec or config file',
    help: 'Generate into a folder of its own (`-o mcp-server`).',
  },
  MJG338: {
    severity: 'warning',
    title: 'no operations to generate (the spec defines none, or include/exclude removed them all): nothing was written',
    help: 'Check the spec has `paths` with operations (and the include/exclude patterns); a server without tools would serve nobody.',
  },
  MJG399: {
    severity: 'error',
    title: 'internal error: `<message>`',
    help: 'A bug in mcp-jobgen: re-run with `MCP_JOBGEN_DEBUG=1` for the stack trace and report it.',
  },
} as const satisfies Record<string, CodeInfo>;

export type ConfigCode = keyof typeof CONFIG_CODES;

/** A diagnostic with its table row's severity and help (`extra.help` refines the help for one case). */
export const configDiagnostic = diagnosticFactory(CONFIG_CODES);
