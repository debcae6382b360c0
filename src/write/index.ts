export { writeOutput, type WriteOptions, type WriteResult } from './writeOutput.js';
export { checkOutput, type CheckOptions, type CheckResult } from './checkOutput.js';
export type { FsOps } from './fsOps.js';
