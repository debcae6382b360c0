/** Job detection stage: ApiModel → JobDetection, and the `explain` views of it. */
export { detectJobs, type DetectOverrides } from './detectJobs.js';
export { toExplainJson, type ExplainJson } from './explainJson.js';
export { formatExplainText } from './explainText.js';
export { DETECT_CODES } from './readOverrides.js';
export { STATE_WORDS, toCanonicalState, assessLifecycle } from './stateWords.js';
