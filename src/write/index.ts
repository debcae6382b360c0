export { type CheckOptions, type CheckResult, checkOutput } from './checkOutput.js';
export { WRITE_CODES, type WriteCode, writeDiagnostic } from './codes.js';
export type { FsOps } from './fsOps.js';
export { type WriteOptions, type WriteResult, writeOutput } from './writeOutput.js';
