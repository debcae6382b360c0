// The fake upstream and the MCP harness are TypeScript test helpers (test/support); the example and the bench run
// from plain node, so they compile them into .tmp/support first and import the result.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GENERATOR_TSC } from './compilers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SUPPORT_OUT = join(ROOT, '.tmp', 'support');
const MODULES = ['fakeUpstream', 'generateServer', 'mcpHarness'];

/** `[fakeUpstream, generateServer, mcpHarness]`, compiled with the repo's tsc. */
export function compileSupport() {
  execFileSync(
    process.execPath,
    [
      GENERATOR_TSC,
      '--outDir',
      SUPPORT_OUT,
      '--rootDir',
      join(ROOT, 'test', 'support'),
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--target',
      'ES2022',
      '--skipLibCheck',
      '--strict',
      '--declaration',
      'false',
      ...MODULES.map((name) => join(ROOT, 'test', 'support', `${name}.ts`)),
    ],
    { stdio: 'inherit' },
  );
  return Promise.all(MODULES.map((name) => import(pathToFileURL(join(SUPPORT_OUT, `${name}.js`)).href)));
}
