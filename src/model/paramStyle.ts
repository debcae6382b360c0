/** The serialisation defaults normalize applies and emit leaves unprinted: the runtime's own (defaults.ts). */
export { DEFAULT_PARAM_STYLE, defaultExplode } from '../../templates/runtime/defaults.js';
