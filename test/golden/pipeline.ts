/**
 * Golden-test helpers: run the real pipeline (load → build → detect → emit) on a fixture spec, and read or
 * write a fixture's committed `expected/` tree. Only files the generator owns are compared; `runtime/**` is
 * templates/runtime as the package build compiled it, and is tested where it lives.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../../src/index.js';
import type { GeneratorConfig } from '../../src/model/config.js';
import type { Diagnostic } from '../../src/model/diagnostics.js';
import type { GeneratedFile } from '../../src/model/output.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const GOLDEN_DIR = join(REPO_ROOT, 'fixtures', 'golden');

export function listFixtures(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(GOLDEN_DIR, d.name, 'spec.yaml')))
    .map((d) => d.name)
    .sort();
}

export function isRuntimeCopy(path: string): boolean {
  return path.startsWith('runtime/');
}

/** The library's own `generate` (load → build → detect → emit), with `options.json` as the config file's keys. */
export async function generateFixture(name: string): Promise<{ files: GeneratedFile[]; diagnostics: Diagnostic[] }> {
  const dir = join(GOLDEN_DIR, name);
  const optionsPath = join(dir, 'options.json');
  const options = existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as Omit<GeneratorConfig, 'spec'>) : {};
  // Written to expected/: every header names the spec as `../spec.yaml`, the command that regenerates it there.
  const { files, diagnostics } = await generate({ ...options, spec: join(dir, 'spec.yaml'), output: join(dir, 'expected') });
  return { files, diagnostics };
}

/** Every file under `root`, as POSIX paths relative to it, sorted. */
export function readTree(root: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(join(root, prefix))) return out;
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of readTree(root, relative)) out.set(k, v);
    else out.set(relative, readFileSync(join(root, relative), 'utf8'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function writeTree(root: string, files: Iterable<GeneratedFile>, clean = true): void {
  if (clean) rmSync(root, { recursive: true, force: true });
  for (const file of files) {
    const target = join(root, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
}
