/**
 * The file-system calls the write stage makes, behind one object so that tests can inject a failure at any
 * step (a full disk on the 40th file, a rename refused) and prove the previous output survives.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';

export interface FsOps {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  writeFile(path: string, contents: string): Promise<void>;
  link(existing: string, target: string): Promise<void>;
  copyFile(source: string, target: string): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
  readlink(path: string): Promise<string>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive: true; force: true }): Promise<void>;
}

/**
 * Folders and generated files are made with the synchronous calls: a project is a few hundred small files, and
 * the promise API pays three thread-pool round trips per file (open, write, close), about twice the time of
 * writing them in turn. The async signature stays, so a failure is still a rejection the caller handles.
 */
export const nodeFs: FsOps = {
  mkdir: async (path, options) => mkdirSync(path, options),
  writeFile: async (path, contents) => writeFileSync(path, contents),
  link: (existing, target) => fs.link(existing, target),
  copyFile: (source, target) => fs.copyFile(source, target),
  symlink: (target, path) => fs.symlink(target, path),
  readlink: (path) => fs.readlink(path),
  rename: (from, to) => fs.rename(from, to),
  rm: (path, options) => fs.rm(path, options),
};
