/** Header parameters no contract controls (the runtime's own table, defaults.ts): normalize drops them, emit never offers them. */
export { CONTRACT_IGNORED_HEADERS, SERVER_OWNED_HEADERS } from '../../templates/runtime/defaults.js';
