/**
 * Command-line flags: their commander definitions (shared by the default command, `generate` and `explain`)
 * and their translation into the same config shape a config file produces.
 */
import { type Command, Option } from 'commander';
import { configDiagnostic, type UserConfig, valueChecks } from '../config/index.js';
import type { Diagnostic } from '../model/diagnostics.js';

export interface FlagValues {
  output?: string;
  config?: string;
  include?: string[];
  exclude?: string[];
  rename?: string[];
  baseUrl?: string;
  packageName?: string;
  validate?: boolean;
  refRoot?: string;
  check?: boolean;
  clean?: boolean;
  force?: boolean;
  json?: boolean;
  quiet?: boolean;
}

/** `--include a,b --include c` → [a, b, c]. */
function collectList(value: string, previous: string[] | undefined): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...(previous ?? []), ...items];
}

function collectRaw(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function addSelectionOptions(command: Command): Command {
  return command
    .option(
      '-c, --config <file>',
      'config file (default: mcp-jobgen.config.{json,yaml,yml} beside the spec; a .ts, .mjs or .js config is code and runs only when named here)',
    )
    .option(
      '--include <patterns>',
      'keep only operations matching a tag, operationId, "METHOD /path" or path glob (/repos/**); repeatable, comma-separated',
      collectList,
    )
    .option(
      '--exclude <patterns>',
      'drop operations matching these patterns (applied after --include); repeatable, comma-separated',
      collectList,
    )
    .option('--validate', 'fully validate the spec against the OpenAPI schema first (slower)')
    .option(
      '--ref-root <dir>',
      "folder $refs may read files from (default: the spec's own folder; dotfiles and dot-directories are never read)",
    )
    .option('--json', 'print one JSON document on stdout instead of text')
    .option('-q, --quiet', 'print only errors (no summary, warnings or progress)');
}

export function addGenerateOptions(command: Command): Command {
  return addSelectionOptions(
    command
      .option('-o, --output <dir>', 'output directory (default: the API title in kebab-case, in the current directory)')
      .option('--rename <operation=tool>', 'name the tool of an operation (operationId or "METHOD /path"); repeatable', collectRaw)
      .option('--base-url <url>', 'default upstream base URL baked into the server (API_BASE_URL still overrides at run time)')
      .option('--package-name <name>', 'npm package name of the generated project')
      .option('--check', 'write nothing; exit 1 if the output directory differs from what would be generated')
      .addOption(new Option('--clean', 'replace the whole output directory, deleting files you added to it').conflicts('check'))
      .addOption(
        new Option('--force', 'write the project even when the run reported errors (an existing output is otherwise kept)').conflicts(
          'check',
        ),
      ),
  );
}

export interface FlagConfig {
  config: UserConfig;
  diagnostics: Diagnostic[];
}

function badFlag(flag: string, problem: string, help: string): Diagnostic {
  return configDiagnostic('MJG334', `${flag} ${problem}`, { help });
}

/** Flags → config keys. Paths stay as typed (mergeConfig resolves them from the working directory). */
export function flagsToConfig(spec: string | undefined, flags: FlagValues): FlagConfig {
  const diagnostics: Diagnostic[] = [];
  const config: UserConfig = {};
  if (spec !== undefined) config.spec = spec;
  if (flags.output !== undefined) config.output = flags.output;
  if (flags.include !== undefined) config.include = flags.include;
  if (flags.exclude !== undefined) config.exclude = flags.exclude;
  if (flags.validate === true) config.validate = true;
  if (flags.refRoot !== undefined) config.refRoot = flags.refRoot;
  if (flags.baseUrl !== undefined) {
    const problem = valueChecks.checkBaseUrl(flags.baseUrl);
    if (problem) diagnostics.push(badFlag(`--base-url ${flags.baseUrl}`, problem, 'Example: --base-url https://api.example.com/v1'));
    else config.baseUrl = flags.baseUrl;
  }
  if (flags.packageName !== undefined) {
    const problem = valueChecks.checkPackageName(flags.packageName);
    if (problem) diagnostics.push(badFlag(`--package-name ${flags.packageName}`, problem, 'Example: --package-name acme-api-mcp'));
    else config.packageName = flags.packageName;
  }
  for (const pair of flags.rename ?? []) {
    const at = pair.lastIndexOf('=');
    const operation = pair.slice(0, at).trim();
    const tool = pair.slice(at + 1).trim();
    const problem = at <= 0 || operation === '' ? 'must look like operation=tool_name' : valueChecks.checkToolName(tool);
    if (problem) {
      diagnostics.push(
        badFlag(`--rename ${pair}`, problem, 'Example: --rename createBatch=start_batch or --rename "POST /batches=start_batch"'),
      );
    } else {
      config.rename = { ...config.rename, [operation]: tool };
    }
  }
  return { config, diagnostics };
}
