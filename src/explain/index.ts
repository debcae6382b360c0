/**
 * Presentation of job detection at the edge: the `explain` JSON contract (docs/EXPLAIN.md) and its text view.
 * Kept out of the pure detect stage; loaded on use, so a plain `generate` never pays for it.
 */
export { type ExplainJson, toExplainJson } from './explainJson.js';
export { formatExplainText } from './explainText.js';
