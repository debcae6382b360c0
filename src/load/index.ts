export { loadDocument } from './loadDocument.js';
export type { LoadOptions, LoadResult } from './types.js';
export { UNRESOLVED_REF } from './types.js';
export { LOAD_CODES } from './codes.js';
export { getAtPointer, pointerOf, splitPointer, escapePointerSegment } from './jsonPointer.js';
