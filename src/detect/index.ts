/** Job detection stage: ApiModel → JobDetection (the `explain` views of it live in src/explain). */

export { DETECT_CODES } from './codes.js';
export { type DetectOverrides, detectJobs } from './detectJobs.js';
export { toSnakeCase } from './familyName.js';
export { successSchema } from './operationIndex.js';
export { followsAips, isGoogleApi, resourceNameParam } from './resourceNames.js';
export { assessLifecycle, STATE_WORDS, toCanonicalState } from './stateWords.js';
