/** Job detection stage: ApiModel → JobDetection, and the `explain` views of it. */
export { type DetectOverrides, detectJobs } from './detectJobs.js';
export { type ExplainJson, toExplainJson } from './explainJson.js';
export { formatExplainText } from './explainText.js';
export { DETECT_CODES } from './readOverrides.js';
export { assessLifecycle, STATE_WORDS, toCanonicalState } from './stateWords.js';
