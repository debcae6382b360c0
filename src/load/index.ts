export { LOAD_CODES } from './codes.js';
export { escapePointerSegment, getAtPointer, pointerOf, splitPointer } from './jsonPointer.js';
export { loadDocument } from './loadDocument.js';
export type { LoadOptions, LoadResult } from './types.js';
export { UNRESOLVED_REF } from './types.js';
