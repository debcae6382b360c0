/**
 * runMain as a real process, for the shutdown tests: the runtime as the package build compiled it
 * (dist/templates/runtime, what every generated project ships) copied beside a `main.mjs` that holds a definition,
 * started with --http on a free port.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureGeneratorBuilt } from '../support/generateServer.js';

/** Writes `dir` with the compiled runtime and `main.mjs` (which imports `./runtime/index.js`). */
export async function prepareRuntimeDir(dir: string, mainSource: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await ensureGeneratorBuilt();
  cpSync(join(process.cwd(), 'dist', 'templates', 'runtime'), join(dir, 'runtime'), { recursive: true });
  writeFileSync(join(dir, 'main.mjs'), mainSource);
}

export interface BatchMainOptions {
  name: string;
  /** The env var of a bearer credential (its value picks the partition); none by default. */
  bearerEnv?: string;
  /** Where a finished batch's document holds its result. */
  resultField?: string;
  /** Whether the upstream's Retry-After paces polls. */
  retryAfter?: boolean;
  dedupeWindowMs?: number;
}

/**
 * `main.mjs` over a batch family as test/runtime/defs.ts has it (validating → queued, in_progress → running,
 * completed → succeeded), written out as the plain data a generated project holds, calling runMain.
 */
export function batchMainSource(options: BatchMainOptions): string {
  const schemes = options.bearerEnv ? `[{ key: 'bearer', type: 'bearer', env: { token: '${options.bearerEnv}' } }]` : '[]';
  return `import { runMain, z } from './runtime/index.js';
const op = (o) => ({ operationId: o.tool, description: o.tool, input: z.object({}), annotations: {}, params: [], security: [], toolsets: [], ...o });
const definition = {
  name: '${options.name}', version: '0.0.0', title: '${options.name}', instructions: '', baseUrl: null, securitySchemes: ${schemes},
  listJobsTool: 'list_jobs', toolsets: [], toolMode: 'static',
  operations: [
    op({ tool: 'create_batch', method: 'POST', path: '/batches', role: 'start' }),
    op({ tool: 'retrieve_batch', method: 'GET', path: '/batches/{batch_id}', role: 'internal', input: z.object({ batch_id: z.string() }),
      params: [{ arg: 'batch_id', name: 'batch_id', in: 'path', required: true }] }),
  ],
  families: [{
    name: 'batch', title: 'Batch', tools: { status: 'batch_status', cancel: null, result: null }, confidence: 'high',
    starts: [{ operation: 'create_batch', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
    poll: { operation: 'retrieve_batch', idParam: 'batch_id', carry: [] }, cancel: null, result: null,
    statusField: 'status', doneField: null, errorField: null, resultField: ${options.resultField ? `'${options.resultField}'` : 'null'}, progress: null,
    states: { validating: 'queued', in_progress: 'running', completed: 'succeeded' }, outcomeField: null, outcomes: {},
    retryAfter: ${options.retryAfter ?? false}, expectedDurationMs: null, etaField: null, dedupeWindowMs: ${options.dedupeWindowMs ?? 600_000}, allowedOrigins: [], listTool: null,
  }],
};
await runMain(definition, process.argv.slice(2));
`;
}

export interface RuntimeProcess {
  child: ChildProcess;
  /** The Streamable HTTP endpoint it printed. */
  url: string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
}

/** Starts `dir/main.mjs --http --port 0` with `env` added to this process's, and waits for its listen line. */
export async function startRuntimeProcess(dir: string, env: Record<string, string>): Promise<RuntimeProcess> {
  const child = spawn(process.execPath, [join(dir, 'main.mjs'), '--http', '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    setTimeout(() => reject(new Error(`no listen line: ${stderr}`)), 15_000);
  });
  return { child, url, exited };
}
