/**
 * Issue 23: a contract from a stranger, mutated. Every real fixture spec (fixtures/real/, the thirteen of the
 * project's README) is parsed once and mutated structurally by a seeded generator (deleted and retyped nodes,
 * duplicated siblings, `$ref`s swapped to other pointers, made cyclic or aimed at /etc/passwd, `../`, dotfiles and
 * remote URLs, huge strings, prototype keys, deep nesting); each mutant goes through the whole library pipeline
 * (`generate`: load, normalize, detect, emit) in a worker thread. A run must end with files or with coded
 * diagnostics: an exception that is not a FatalDiagnosticsError (an internal error, a stack trace) fails the row,
 * and so does a run that has not answered within HANG_MS, which ends the worker (a hang, not a measure of speed:
 * an ordinary run takes a fraction of it).
 *
 * FUZZ_SEED and FUZZ_MUTANTS (per spec) change the run for a deeper local search; CI runs the fixed seed.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGeneratorBuilt, REPO_ROOT } from '../support/generateServer.js';

const SEED = Number(process.env.FUZZ_SEED ?? 23);
const MUTANTS = Number(process.env.FUZZ_MUTANTS ?? 50);
const HANG_MS = 10_000;

/** The thirteen real specs: a file, or a folder of files with its root. */
const SPECS: ReadonlyArray<{ name: string; root: string; folder?: string }> = [
  { name: 'adyen-transfers-v4.json', root: 'adyen-transfers-v4.json' },
  { name: 'argo-workflows.swagger.json', root: 'argo-workflows.swagger.json' },
  { name: 'assemblyai.yml', root: 'assemblyai.yml' },
  { name: 'azure-deid-2024-11-15.json', root: 'azure-deid-2024-11-15.json' },
  { name: 'azure-keyvault-backuprestore-7.5', root: 'backuprestore.json', folder: 'azure-keyvault-backuprestore-7.5' },
  { name: 'azure-translator-batch-v1.1.json', root: 'azure-translator-batch-v1.1.json' },
  { name: 'deepgram.openapi.yml', root: 'deepgram.openapi.yml' },
  { name: 'google-texttospeech-v1.openapi.yaml', root: 'google-texttospeech-v1.openapi.yaml' },
  { name: 'ogcapi-processes-multifile', root: 'openapi/ogcapi-processes.yaml', folder: 'ogcapi-processes-multifile' },
  { name: 'ogcapi-processes.bundled.json', root: 'ogcapi-processes.bundled.json' },
  { name: 'openai.yaml', root: 'openai.yaml' },
  { name: 'replicate.json', root: 'replicate.json' },
  { name: 'stripe-spec3-2022-04-12.json', root: 'stripe-spec3-2022-04-12.json' },
];

/** mulberry32: small, seeded, the same sequence on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Slot = { parent: Json[] | Record<string, Json>; key: string | number; pointer: string };

/** Every place in the document a value sits, with its JSON pointer (bounded: the big specs have millions). */
function slotsOf(doc: Json, limit = 200_000): Slot[] {
  const out: Slot[] = [];
  const stack: Array<[Json, string]> = [[doc, '#']];
  while (stack.length > 0 && out.length < limit) {
    const [node, pointer] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const entries: Array<[string | number, Json]> = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [key, value] of entries) {
      const child = `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      out.push({ parent: node as Slot['parent'], key, pointer: child });
      stack.push([value, child]);
    }
  }
  return out;
}

const HOSTILE_REFS = [
  '/etc/passwd',
  '../../../../etc/passwd',
  '../.npmrc',
  './.env',
  'https://example.invalid/spec.yaml#/x',
  '#/nowhere/at/all',
  '#',
  '#/',
  'file:///etc/hostname',
  '',
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

function set(slot: Slot, value: Json | undefined): void {
  if (Array.isArray(slot.parent)) {
    if (value === undefined) slot.parent.splice(slot.key as number, 1);
    else slot.parent[slot.key as number] = value;
  } else if (value === undefined) delete slot.parent[slot.key as string];
  else Object.defineProperty(slot.parent, slot.key, { value, enumerable: true, writable: true, configurable: true });
}

/** One structural mutation at a random place; returns what it did, for the failure message. */
function mutate(rnd: () => number, slots: Slot[]): string {
  const slot = pick(rnd, slots);
  const current = Array.isArray(slot.parent) ? slot.parent[slot.key as number] : slot.parent[slot.key as string];
  const kind = Math.floor(rnd() * 10);
  switch (kind) {
    case 0:
      set(slot, undefined);
      return `delete ${slot.pointer}`;
    case 1:
      set(slot, pick(rnd, [null, true, 0, -1, 1e308, '', 'x', [], {}] as Json[]));
      return `retype ${slot.pointer}`;
    case 2:
      set(slot, { $ref: pick(rnd, slots).pointer });
      return `swap ${slot.pointer} for a $ref`;
    case 3:
      set(slot, { $ref: slot.pointer });
      return `self $ref at ${slot.pointer}`;
    case 4:
      set(slot, { $ref: pick(rnd, HOSTILE_REFS) });
      return `hostile $ref at ${slot.pointer}`;
    case 5:
      set(slot, 'A'.repeat(50_000 + Math.floor(rnd() * 150_000)));
      return `huge string at ${slot.pointer}`;
    case 6: {
      const key = pick(rnd, PROTOTYPE_KEYS);
      const target = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : null;
      if (!target) {
        set(slot, JSON.parse(`{"${key}": {"type": "string"}}`) as Json);
        return `prototype-key object at ${slot.pointer}`;
      }
      Object.defineProperty(target, key, {
        value: { type: 'object', properties: {} },
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return `key ${key} under ${slot.pointer}`;
    }
    case 7: {
      let nested: Json = { type: 'string' };
      for (let i = 0; i < 2_000; i++) nested = { type: 'object', properties: { a: nested } };
      set(slot, nested);
      return `2,000-deep schema at ${slot.pointer}`;
    }
    case 8:
      if (Array.isArray(slot.parent)) slot.parent.push(structuredClone(current ?? null));
      else set({ ...slot, key: `${String(slot.key)}_copy` }, structuredClone(current ?? null));
      return `duplicate ${slot.pointer}`;
    default:
      set(slot, pick(rnd, ['{id}', '/{a}/{a}/{', 'x-ms-long-running-operation', '#/components', `\u2028*/\`$\{x}\`\u0000`]));
      return `odd text at ${slot.pointer}`;
  }
}

// The worker loads the built library (dist/, which globalSetup keeps fresh) and answers one spec at a time.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.library);
parentPort.on('message', async ({ id, spec, output }) => {
  const { generate } = await loading;
  try {
    const result = await generate({ spec, output }, { cwd: workerData.cwd });
    parentPort.postMessage({ id, outcome: 'files', codes: result.diagnostics.map((d) => d.code) });
  } catch (error) {
    if (error && error.name === 'FatalDiagnosticsError' && Array.isArray(error.diagnostics)) {
      parentPort.postMessage({ id, outcome: 'diagnostics', codes: error.diagnostics.map((d) => d.code) });
    } else parentPort.postMessage({ id, outcome: 'crash', error: String((error && error.stack) || error) });
  }
});
`;

type Outcome = { outcome: 'files' | 'diagnostics'; codes: string[] } | { outcome: 'crash'; error: string } | { outcome: 'hang' };

class Runner {
  private worker: Worker | null = null;
  private next = 0;
  constructor(private readonly cwd: string) {}
  private start(): Worker {
    const library = pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'index.js')).href;
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { library, cwd: this.cwd },
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    });
    this.worker.unref();
    return this.worker;
  }
  run(spec: string): Promise<Outcome> {
    const worker = this.worker ?? this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      const finish = (outcome: Outcome) => {
        clearTimeout(timer);
        worker.removeListener('message', onMessage);
        worker.removeListener('error', onError);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        void worker.terminate();
        this.worker = null;
        finish({ outcome: 'hang' });
      }, HANG_MS);
      const onMessage = (message: { id: number } & Outcome) => {
        if (message.id === id) finish(message);
      };
      const onError = (error: unknown) => {
        this.worker = null;
        finish({ outcome: 'crash', error: String(error) });
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, spec, output: join(this.cwd, 'out') });
    });
  }
  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}

let scratch: string;
let runner: Runner;
beforeAll(async () => {
  await ensureGeneratorBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'mcp-jobgen-fuzz-'));
  runner = new Runner(scratch);
});
afterAll(async () => {
  await runner.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`mutation fuzz (seed ${SEED}, ${MUTANTS} mutants per spec)`, () => {
  it.each(SPECS.map((s, i) => [s.name, s, i] as const))(
    '%s: every mutant ends with files or coded diagnostics',
    async (_name, spec, index) => {
      const source = join(REPO_ROOT, 'fixtures', 'real', spec.folder ?? '');
      const rootPath = join(source, spec.folder ? spec.root : spec.name);
      const text = readFileSync(rootPath, 'utf8');
      const original = (rootPath.endsWith('.json') ? JSON.parse(text) : yaml.load(text)) as Json;
      const dir = join(scratch, String(index));
      const rnd = random(SEED * 1_000 + index);
      const bad: string[] = [];
      const seen = new Map<string, number>();
      for (let m = 0; m < MUTANTS; m++) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        if (spec.folder) cpSync(source, dir, { recursive: true });
        const target = join(dir, spec.folder ? spec.root : basename(rootPath));
        mkdirSync(dirname(target), { recursive: true });
        const doc = structuredClone(original);
        const slots = slotsOf(doc);
        const done = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => mutate(rnd, slots));
        // JSON is YAML: the mutant keeps the root's file name, so relative $refs of a folder spec still resolve.
        writeFileSync(target, JSON.stringify(doc));
        const outcome = await runner.run(target);
        seen.set(outcome.outcome, (seen.get(outcome.outcome) ?? 0) + 1);
        if (outcome.outcome === 'crash' || outcome.outcome === 'hang') {
          bad.push(
            `mutant ${m} (${done.join('; ')}) of ${relative(REPO_ROOT, rootPath)}: ${outcome.outcome}${'error' in outcome ? `\n${outcome.error}` : ''}`,
          );
        } else if (outcome.codes.includes('MJG399')) bad.push(`mutant ${m} (${done.join('; ')}): internal error MJG399`);
      }
      expect(bad).toEqual([]);
      // The runs really ran: every mutant has an outcome, and a file fuzz that never reaches emit proves little.
      expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(MUTANTS);
      expect(seen.get('files') ?? 0).toBeGreaterThan(0);
    },
    MUTANTS * HANG_MS + 60_000,
  );
});
