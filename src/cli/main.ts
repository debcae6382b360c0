/**
 * The command line: a thin commander adapter over the library (src/index.ts). `main` never calls
 * process.exit and never lets a stack trace reach the user: it returns the exit code (0 ok, 1 --check drift,
 * 2 errors) and bin/mcp-jobgen.js sets it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { configDiagnostic, suggestClosest } from '../config/index.js';
import { addGenerateOptions, addSelectionOptions, type FlagValues } from './flags.js';
import { type CliIO, processIO } from './io.js';
import { formatDiagnostic } from './report.js';
import { runGenerate } from './runGenerate.js';
import { readOwnVersion } from './version.js';

const EXAMPLES = `
Examples:
  $ mcp-jobgen openapi.yaml                          generate into ./<api-title>/
  $ mcp-jobgen openapi.yaml -o servers/acme          generate into servers/acme
  $ mcp-jobgen api.json --include batches,files --exclude "DELETE /files/{id}"
  $ mcp-jobgen api.yaml --rename createBatch=start_batch --base-url https://api.example.com/v1
  $ mcp-jobgen api.yaml -o server --check            CI: exit 1 if server/ is stale, write nothing
  $ mcp-jobgen api.yaml -o server --clean            replace server/ entirely, removing your own files
  $ mcp-jobgen --check                               spec and output taken from ./mcp-jobgen.config.json
  $ mcp-jobgen api.yaml --json --quiet               machine-readable result on stdout
  $ mcp-jobgen explain api.yaml                      list job families, evidence and rejected async hints
  $ mcp-jobgen explain api.yaml --json               the same as one JSON document

Exit codes: 0 success (or up to date with --check), 1 --check found drift, 2 any error (a project that is
still usable is written for inspection into a new or empty directory; an existing output directory is kept
unless --force). Specs are local files: URLs are never fetched. Diagnostic codes: docs/DIAGNOSTICS.md.
Config: mcp-jobgen.config.{ts,mjs,js,json,yaml,yml} beside the spec (without a spec: in the current
directory; or --config) holds the same options; flags override it. Files you add to the output directory are kept unless --clean.
`;

function buildProgram(io: CliIO, run: (task: Promise<number>) => void): Command {
  const program = new Command('mcp-jobgen');
  program
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: (text, write) =>
        write(
          formatDiagnostic(configDiagnostic('MJG331', text.replace(/^error: /, '').trim(), { help: 'Run mcp-jobgen --help for usage.' })),
        ),
    })
    .enablePositionalOptions()
    .description('Generate a typed MCP server from an OpenAPI contract; long-running operations become job tools.')
    .version(readOwnVersion(), '-V, --version', 'print the mcp-jobgen version')
    .helpOption('-h, --help', 'show this help')
    .argument('[spec]', 'OpenAPI 3.x or Swagger 2.0 file, YAML or JSON (or "spec" in the config file)')
    .addHelpText('after', EXAMPLES);
  addGenerateOptions(program).action((spec: string | undefined, flags: FlagValues) => run(runGenerate(spec, flags, io)));

  addGenerateOptions(
    program.command('generate').description('generate the MCP server project (the default command)').argument('[spec]', 'OpenAPI file'),
  ).action((spec: string | undefined, flags: FlagValues) => run(runGenerate(spec, flags, io)));

  addSelectionOptions(
    program
      .command('explain')
      .description('explain which operations become job families, with evidence; generates nothing')
      .argument('[spec]', 'OpenAPI file'),
  ).action((spec: string | undefined, flags: FlagValues) => run(explainCommand(spec, flags, io)));
  return program;
}

/** Loaded on use: each ES module costs Node 20 about 0.6 ms to load, and most runs only generate. */
async function explainCommand(spec: string | undefined, flags: FlagValues, io: CliIO): Promise<number> {
  const { runExplain } = await import('./runExplain.js');
  return runExplain(spec, flags, io);
}

function internalError(io: CliIO, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  const debug = io.env['MCP_JOBGEN_DEBUG'] !== undefined && error instanceof Error ? `\n${error.stack}` : '';
  io.stderr(
    formatDiagnostic(
      configDiagnostic('MJG399', `internal error: ${message}${debug}`, {
        help: 'This is a bug in mcp-jobgen. Re-run with MCP_JOBGEN_DEBUG=1 for the stack trace and report it with the spec.',
      }),
    ),
  );
  return 2;
}

const COMMANDS = ['generate', 'explain'];

/** `mcp-jobgen explian api.yaml` would otherwise read "explian" as the spec: catch command typos first. */
function commandTypo(argv: readonly string[], io: CliIO): string | undefined {
  const first = argv[0];
  if (first === undefined || first.startsWith('-') || COMMANDS.includes(first) || /[./\\]/.test(first)) return undefined;
  if (existsSync(resolve(io.cwd, first))) return undefined;
  const guess = suggestClosest(first, COMMANDS);
  if (guess === undefined) return undefined;
  return formatDiagnostic(
    configDiagnostic('MJG331', `unknown command "${first}"`, {
      help: `Did you mean "mcp-jobgen ${guess}"? Run mcp-jobgen --help for usage.`,
    }),
  );
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const typo = commandTypo(argv, io);
  if (typo !== undefined) {
    io.stderr(typo);
    return 2;
  }
  let task: Promise<number> | undefined;
  const program = buildProgram(io, (started) => {
    task = started;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return task === undefined ? 0 : await task;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version "exit" with 0; usage errors were already printed as MJG331.
      return error.exitCode === 0 ? 0 : 2;
    }
    return internalError(io, error);
  }
}
