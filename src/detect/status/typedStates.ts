/**
 * A status spelled as typed objects rather than a word (Bitbucket `pipeline.state`): the field holds a base type
 * with no properties of its own (`pipeline_state`), and each state is a subtype of it, by OpenAPI's composition
 * (`allOf: [{$ref: pipeline_state}, {…}]`, the subtype named by the discriminator's value: Bitbucket's `object`
 * base declares `discriminator: {propertyName: type}`, so `type` reads `pipeline_state_completed`). Each subtype
 * fixes one property to a value of its own (`name: {enum: [COMPLETED]}`, `[IN_PROGRESS]`, `[PENDING]`): that
 * property is the status (`state.name`), its values the subtypes' values. How a finished one ended is typed the
 * same way one level down: `pipeline_state_completed.result` is a `pipeline_state_completed_result` whose
 * subtypes fix `name` to SUCCESSFUL, FAILED, ERROR, STOPPED or EXPIRED: the outcome (`state.result.name`).
 *
 * Only a type the contract composes from, with at least two subtypes each fixing the same property to a value no
 * other fixes, counts: that is a closed vocabulary, as an enum is. The runtime reads the dotted fields as it reads
 * any nested status and outcome (jobs/status.ts).
 */
import type { JsonSchema } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_FIELDS } from '../read/signalWords.js';
import type { OutcomeAnalysis } from './findOutcomeField.js';
import { assessOutcomes } from './stateWords.js';

export interface TypedStates {
  /** Dotted path of the property every state subtype fixes (`state.name`). */
  field: string;
  values: string[];
  /** The outcome typed the same way in a state's own object property (`state.result.name`), or null. */
  outcome: { field: string; values: string[] } | null;
}

/** Base ref → the named schemas composed from it (`allOf` holding a `$ref` to it), in the document's order. */
const SUBTYPES = new ReaderMemo<object, Map<string, string[]>>();

function subtypeIndex(reader: SchemaReader): Map<string, string[]> {
  return SUBTYPES.get(reader, reader.namedSchemas, () => {
    const index = new Map<string, string[]>();
    for (const [ref, schema] of Object.entries(reader.namedSchemas)) {
      const parts = isObject(schema) && Array.isArray(schema.allOf) ? schema.allOf : [];
      for (const part of parts) {
        const base = isObject(part) ? part.$ref : undefined;
        if (typeof base !== 'string') continue;
        const list = index.get(base);
        if (list) list.push(ref);
        else index.set(base, [ref]);
      }
    }
    return index;
  });
}

/** The status-named object field of `schema` whose states are subtypes, read as a status and outcome; else null. */
export function typedStates(reader: SchemaReader, schema: JsonSchema | undefined): TypedStates | null {
  const props = reader.properties(schema);
  for (const name of STATUS_FIELDS) {
    const holder = props.get(name);
    if (holder === undefined || reader.typeOf(holder) !== 'object') continue;
    const states = typedVocabulary(reader, holder);
    if (!states) continue;
    return { field: `${name}.${states.key}`, values: states.values, outcome: outcomeOf(reader, states.subtypes, name) };
  }
  return null;
}

interface Vocabulary {
  key: string;
  values: string[];
  subtypes: JsonSchema[];
}

/**
 * A status vocabulary is a few words: a base with more subtypes than this is a type hierarchy, not states. Bounded
 * so that a hostile contract (thousands of subtypes, each with many object properties typed the same way) cannot
 * make the outcome search below multiply subtypes by properties by subtypes.
 */
const MAX_STATES = 64;

/** Base ref → its vocabulary, asked once per run whatever the number of fields typed by it. */
const VOCABULARIES = new ReaderMemo<string, Vocabulary | null>();

/** The property each subtype of the holder's type fixes to a value of its own, and those values. */
function typedVocabulary(reader: SchemaReader, holder: JsonSchema): Vocabulary | null {
  const base = reader.refName(holder);
  return base === undefined ? null : VOCABULARIES.get(reader, base, () => vocabularyOf(reader, base));
}

function vocabularyOf(reader: SchemaReader, base: string): Vocabulary | null {
  const refs = subtypeIndex(reader).get(base) ?? [];
  if (refs.length < 2 || refs.length > MAX_STATES) return null;
  const subtypes: JsonSchema[] = refs.map((ref) => ({ $ref: ref }));
  // Of several properties every subtype fixes, the first by name: which subtype or property the document lists
  // first never decides (metamorphic test, `order`).
  const keys = [...reader.properties(subtypes[0]).keys()].sort();
  for (const key of keys) {
    const values = subtypes.map((s) => fixedValue(reader, reader.properties(s).get(key)));
    const known = values.filter((v): v is string => v !== undefined);
    if (known.length === values.length && new Set(known).size === known.length) return { key, values: known, subtypes };
  }
  return null;
}

/**
 * A state's own object property whose type is typed the same way: how a finished one ended. Of several (Bitbucket's
 * in-progress state types its `stage` as PAUSED or RUNNING, its completed state its `result`), the one whose words
 * say success and failure, then the first by field: never the state the document happens to list first.
 */
function outcomeOf(reader: SchemaReader, states: readonly JsonSchema[], holder: string): TypedStates['outcome'] {
  const found: Array<NonNullable<TypedStates['outcome']>> = [];
  for (const state of states) {
    for (const [name, p] of reader.properties(state)) {
      if (reader.typeOf(p) !== 'object') continue;
      const outcome = typedVocabulary(reader, p);
      if (outcome) found.push({ field: `${holder}.${name}.${outcome.key}`, values: outcome.values });
    }
  }
  const ends = (o: NonNullable<TypedStates['outcome']>) => assessOutcomes(o.values).successAndFailure;
  found.sort((a, b) => (ends(a) !== ends(b) ? (ends(a) ? -1 : 1) : a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return found[0] ?? null;
}

/** The one value a schema admits (a one-value enum or a `const` string). */
function fixedValue(reader: SchemaReader, schema: JsonSchema | undefined): string | undefined {
  const values = reader.enumValues(schema);
  if (values?.length === 1) return values[0];
  const own = reader.resolve(schema);
  return own && typeof own.const === 'string' ? own.const : undefined;
}

/** The outcome as the status analysis states it: its values judged as outcome words, when they say success and failure. */
export function typedOutcome(typed: TypedStates): OutcomeAnalysis | null {
  if (!typed.outcome) return null;
  const { outcomes, successAndFailure } = assessOutcomes(typed.outcome.values);
  return successAndFailure ? { field: typed.outcome.field, outcomes, valuesFrom: 'enum' } : null;
}
