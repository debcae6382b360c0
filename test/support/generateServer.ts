/**
 * E2E harness, generation half: run the real CLI on a fixture spec into `.tmp/e2e/<name>/` inside the repo (so
 * the generated project resolves `@modelcontextprotocol/sdk`, `zod` and the store drivers from the repo's
 * node_modules, with no per-project npm install) and compile it with the compiler the project pins (TypeScript 7,
 * installed here as `typescript7`); the generator itself builds with the repo's TypeScript 5.9.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Found by walking up, so the same code works from test/support and compiled under .tmp/ by the scripts. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'mcp-jobgen') return dir;
  }
  return resolve(from, '../..');
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const E2E_TMP = join(REPO_ROOT, '.tmp', 'e2e');
export const CLI = join(REPO_ROOT, 'bin', 'mcp-jobgen.js');
const CLI_BUILD = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
const RUNTIME_BUILD = join(REPO_ROOT, 'dist', 'templates', 'runtime', 'index.js');
/** What a project ships as `runtime/index.js` (src/emit/emitRuntime.ts), bundled from RUNTIME_BUILD. */
const RUNTIME_BUNDLE = join(REPO_ROOT, 'dist', 'bundle', 'runtime.js');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The compiler a generated project pins (GENERATED_DEV_DEPENDENCIES), installed here as `typescript7`. */
export const PROJECT_TSC = join(REPO_ROOT, 'node_modules', 'typescript7', 'bin', 'tsc');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to completion; never throws for a non-zero exit (callers assert on `code`). */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolvePromise) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd ?? REPO_ROOT,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 64 * 1024 * 1024,
        env: options.env ?? process.env,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        // A child killed at the timeout has no exit code and often no output: say so, or "exited 1" hides a slow run.
        const killed = error?.killed ? `\n(killed by ${error.signal ?? 'a signal'} after ${options.timeoutMs ?? 300_000} ms)` : '';
        resolvePromise({ code, stdout: String(stdout), stderr: String(stderr) + killed, ms: performance.now() - started });
      },
    );
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * `npm test` builds first; a developer running one test file may not have. Rebuild when dist is missing or older
 * than src/ or templates/runtime/ (whose compiled copy, dist/templates/runtime, bundled into dist/bundle/runtime.js,
 * every generated project ships; see test/support/globalSetup.ts). A lock directory keeps two vitest workers from compiling at the same time.
 */
export async function ensureGeneratorBuilt(): Promise<void> {
  const builtAt = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : -1);
  const fresh = (): boolean =>
    builtAt(CLI_BUILD) >= newestMtime(join(REPO_ROOT, 'src')) &&
    builtAt(RUNTIME_BUILD) >= newestMtime(join(REPO_ROOT, 'templates', 'runtime')) &&
    builtAt(RUNTIME_BUNDLE) >= builtAt(RUNTIME_BUILD);
  if (fresh()) return;
  const lock = join(REPO_ROOT, '.tmp', 'build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  for (let i = 0; i < 600; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
    if (fresh()) return;
  }
  try {
    if (fresh()) return;
    const built = await run(process.execPath, [TSC, '-p', 'tsconfig.build.json']);
    if (built.code !== 0) throw new Error(`building the generator failed:\n${built.stdout}${built.stderr}`);
    const bundled = await run(process.execPath, [join(REPO_ROOT, 'scripts', 'runtimeBundle.mjs')]);
    if (bundled.code !== 0) throw new Error(`bundling the runtime failed:\n${bundled.stdout}${bundled.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface GeneratedServer {
  name: string;
  dir: string;
  /** Compiled server entry (`dist/index.js`). */
  entry: string;
  generate: RunResult;
  compile: RunResult;
}

/** Generates `fixture` (path relative to the repo) into `<baseDir>/<name>` (default `.tmp/e2e/`, inside the repo) and compiles it; throws with the tool's output on failure. */
export async function generateServer(fixture: string, name: string, extraArgs: string[] = [], baseDir = E2E_TMP): Promise<GeneratedServer> {
  await ensureGeneratorBuilt();
  const dir = join(baseDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(baseDir, { recursive: true });
  const generate = await run(process.execPath, [CLI, join(REPO_ROOT, fixture), '-o', dir, ...extraArgs]);
  if (generate.code !== 0) throw new Error(`mcp-jobgen ${fixture} exited ${generate.code}:\n${generate.stdout}\n${generate.stderr}`);
  const compile = await run(process.execPath, [PROJECT_TSC, '-p', dir]);
  if (compile.code !== 0) throw new Error(`tsc -p ${dir} exited ${compile.code}:\n${compile.stdout}\n${compile.stderr}`);
  const entry = join(dir, 'dist', 'index.js');
  if (!existsSync(entry)) throw new Error(`generated project ${dir} compiled but has no dist/index.js`);
  return { name, dir, entry, generate, compile };
}

/** `tsc --noEmit -p <dir>`: the type-check the quality bar asks of every generated project. */
export function typecheckProject(dir: string, timeoutMs = 600_000): Promise<RunResult> {
  return run(process.execPath, [PROJECT_TSC, '--noEmit', '-p', dir], { timeoutMs });
}

/**
 * Env var names of every credential the generated server reads, from its compiled `definition` (the same
 * table the runtime uses), so tests can set dummy credentials without knowing the naming rules.
 */
export async function credentialEnvNames(server: GeneratedServer): Promise<string[]> {
  const mod = (await import(pathToFileURL(join(server.dir, 'dist', 'definition.js')).href)) as {
    definition: { securitySchemes: Array<{ env: Record<string, string> }> };
  };
  return [...new Set(mod.definition.securitySchemes.flatMap((s) => Object.values(s.env)))].sort();
}
