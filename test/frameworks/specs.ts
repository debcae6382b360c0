/**
 * The specs the framework suite generates servers from, each in static mode so that every operation is a listed
 * tool. By default: the e2e fixtures served by the fake upstream, and the two big specs issue 25 names, OpenAI's
 * (fixtures/real) and GitHub's (a devDependency of the main package). `FRAMEWORK_SPECS=all` adds every spec in
 * fixtures/real and the golden fixtures (about three times as long); a comma list (`openai,github`) narrows the
 * whole set to names containing any item.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/generateServer.js';

export interface FrameworkSpec {
  /** Short name, the table's row and the generated folder's suffix. */
  name: string;
  /** Path relative to the repo. */
  spec: string;
}

const SPEC_FILE = /\.(ya?ml|json)$/;
/** Specs that need a config file to mean what they say (the AWS ones declare their families in one). */
const NEEDS_CONFIG = /^aws-/;

function specsIn(folder: string): FrameworkSpec[] {
  return readdirSync(join(REPO_ROOT, folder), { withFileTypes: true })
    .filter((e) => e.isFile() && SPEC_FILE.test(e.name) && !e.name.endsWith('.config.json') && !NEEDS_CONFIG.test(e.name))
    .map((e) => ({ name: e.name.replace(SPEC_FILE, ''), spec: `${folder}/${e.name}` }));
}

function goldenSpecs(): FrameworkSpec[] {
  const root = 'fixtures/golden';
  return readdirSync(join(REPO_ROOT, root), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(REPO_ROOT, root, e.name, 'spec.yaml')))
    .map((e) => ({ name: `golden-${e.name}`, spec: `${root}/${e.name}/spec.yaml` }));
}

export const GITHUB_SPEC = 'node_modules/@octokit/openapi/generated/api.github.com.json';

export function frameworkSpecs(): FrameworkSpec[] {
  const github = existsSync(join(REPO_ROOT, GITHUB_SPEC)) ? [{ name: 'github', spec: GITHUB_SPEC }] : [];
  const real = [
    ...specsIn('fixtures/real'),
    { name: 'azure-keyvault-backuprestore', spec: 'fixtures/real/azure-keyvault-backuprestore-7.5/backuprestore.json' },
  ];
  const all = [...specsIn('fixtures/e2e'), ...real, ...goldenSpecs(), ...github];
  const wanted = process.env.FRAMEWORK_SPECS?.split(',').filter(Boolean);
  if (wanted?.includes('all')) return all;
  if (wanted) return all.filter((s) => wanted.some((w) => s.name.includes(w)));
  return [...specsIn('fixtures/e2e'), ...real.filter((s) => s.name === 'openai'), ...github];
}
