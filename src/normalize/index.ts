export { buildModel } from './buildModel.js';
export { filterOperations, unmatchedPatterns } from './filter.js';
export { BUILD_CODES } from './codes.js';
