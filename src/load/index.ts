export { LOAD_CODES } from './codes.js';
export { loadDocument } from './loadDocument.js';
export { isFollowableKey } from './refScan.js';
export type { LoadOptions, LoadResult } from './types.js';
export { UNRESOLVED_REF } from './types.js';
