/** Job detection stage: ApiModel → JobDetection (the `explain` views of it live in src/explain). */

export { DETECT_CODES } from './codes.js';
export { type DetectOverrides, detectJobs } from './detectJobs.js';
export { toSnakeCase } from './familyName.js';
export { followsAips, isGoogleApi, resourceNameParam } from './marked/resourceNames.js';
export { successSchema } from './read/operationIndex.js';
export { assessLifecycle, STATE_WORDS, toCanonicalState } from './status/stateWords.js';
