export { buildModel } from './buildModel.js';
export { BUILD_CODES } from './codes.js';
export { filterOperations, unmatchedPatterns } from './filter.js';
