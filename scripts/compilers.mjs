// The repo's two TypeScript compilers, for the scripts (test/support/generateServer.ts names the same two for the
// tests). `typescript` (5.9) builds mcp-jobgen itself and its test helpers; `typescript7`, an alias of the version
// generated projects pin (GENERATED_DEV_DEPENDENCIES), builds and checks what we generate. Both install a `tsc`
// bin, so nothing here runs a bare `tsc` (docs/DEVELOPING.md).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const GENERATOR_TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
export const PROJECT_TSC = join(ROOT, 'node_modules', 'typescript7', 'bin', 'tsc');
