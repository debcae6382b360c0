/**
 * A job document that says it ended by a flag, not a word: Google's AIP-151 Operation has `done`, read by its own unit
 * (marked/googleOperations.ts); others carry the same convention without Google's `name` or a word status. Yandex
 * Cloud's Operation `{id, done, error | response, metadata}`, Mapbox's upload `{complete, error, progress}`,
 * Elasticsearch's task `{completed, task, error | response}`. A boolean named for the end (`done`, `complete`,
 * `completed`, `finished`, with an `is` before it or not) is that document's status only beside an error field that
 * says how it ended: a to-do's `completed` (Asana) has none, and a flag alone says nothing went wrong.
 *
 * Read as a status its values are `false` (running) and `true` (succeeded), `true` a neutral end (neutralEnds.ts): set
 * beside the error, the work failed. The document's own status word, where it has one, is read instead. Pure.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { CanonicalState } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { COMPLETION_WORDS } from '../read/signalWords.js';
import { findErrorField } from './fieldRoles.js';
import type { LifecycleAssessment } from './stateWords.js';

/** The states of a done flag, as the runtime reads a boolean status (`String(value)`). */
export const DONE_FLAG_STATES: Readonly<Record<string, CanonicalState>> = { false: 'running', true: 'succeeded' };

/**
 * What a done flag is as a lifecycle: its two states, lifecycle-like (it ends, and an error can say how) but never
 * strong (a boolean names no work under way).
 */
export const DONE_FLAG_LIFECYCLE: LifecycleAssessment = {
  states: { ...DONE_FLAG_STATES },
  strong: false,
  lifecycleLike: true,
  hasStrongQueued: false,
  knownCount: 2,
};

/** The flag among `schema`'s own properties (not nested), when an error field stands beside it; else null. */
export function doneFlagOf(reader: SchemaReader, schema: JsonSchema | undefined): string | null {
  const props = reader.properties(schema);
  // Google's Operation (`name`, `done`, …) is AIP-151's, polled where that convention says (googleOperations.ts).
  if (findErrorField(reader, props) === null || isOperationShaped(reader, schema)) return null;
  const flags = [...props].filter(([name, p]) => reader.typeOf(p) === 'boolean' && isEndFlagName(name)).map(([name]) => name);
  return flags.length === 1 ? flags[0]! : null;
}

function isEndFlagName(name: string): boolean {
  const tokens = nameTokens(name);
  const words = tokens[0] === 'is' ? tokens.slice(1) : tokens;
  return words.length === 1 && COMPLETION_WORDS.has(words[0]!);
}

/** AIP-151's Operation: `name`, a boolean `done`, and at least one of `metadata`, `response`, `error`. */
export function isOperationShaped(reader: SchemaReader, schema: JsonSchema | undefined): boolean {
  const props = reader.properties(schema);
  return (
    props.has('name') &&
    props.has('done') &&
    reader.typeOf(props.get('done')) === 'boolean' &&
    (props.has('metadata') || props.has('response') || props.has('error'))
  );
}
