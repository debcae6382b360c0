export { NORMALIZE_CODES } from './codes.js';
export { filterOperations, unmatchedPatterns } from './filter.js';
export { normalizeModel } from './normalizeModel.js';
