/**
 * How the value of a job's ETA field reads (`JobFamilySpec.etaUnit`), decided here from the field's schema so the
 * generated table says it and the runtime only applies it: a `format: date-time` string is the time the job
 * finishes; a number counts the unit its name says (`expected_duration_ms`, `estimatedDurationMillis`,
 * `expected_duration_minutes`), else the first unit its description names ("Estimated time in milliseconds"),
 * else seconds; a number that is a Unix time (`format: unixtime`, or "Unix"/"epoch" in its description, as
 * OpenAI's `estimated_finish`: "The Unix timestamp (in seconds) for when ... is estimated to finish") is the time it
 * finishes, in seconds unless it says milliseconds. null: a string of no declared format, or a field of no declared type, that names no unit (the
 * runtime reads the value's own form then: a date-time as a finishing time, a number as seconds).
 */

import type { JsonSchema } from '../../model/ir.js';
import type { EtaUnit } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

const UNIT_TOKENS: ReadonlyArray<readonly [EtaUnit, readonly string[]]> = [
  ['ms', ['ms', 'msec', 'msecs', 'millis', 'millisecond', 'milliseconds']],
  ['s', ['s', 'sec', 'secs', 'second', 'seconds']],
  ['min', ['min', 'mins', 'minute', 'minutes']],
  ['h', ['h', 'hr', 'hrs', 'hour', 'hours']],
];

/** The unit a list of tokens names first, in the order they appear (`in seconds, at most 5 minutes` → s). */
function firstUnit(tokens: readonly string[]): EtaUnit | null {
  for (const token of tokens) for (const [unit, words] of UNIT_TOKENS) if (words.includes(token)) return unit;
  return null;
}

/** `format` values that mean a Unix time (OpenAI writes `unixtime`). */
const UNIX_FORMATS = new Set(['unixtime', 'unix-time', 'unix_time', 'epoch', 'timestamp']);

export function etaUnitOf(name: string, schema: JsonSchema | undefined, reader: SchemaReader): EtaUnit | null {
  const type = reader.typeOf(schema);
  const format = reader.formatOf(schema);
  if (type === 'string' && format === 'date-time') return 'date-time';
  // A one-letter token names a unit only in a field name (`eta_s`), never in prose ("a" job, "h" of a hash).
  const named = firstUnit(nameTokens(name));
  const prose = nameTokens(reader.description(schema)).filter((t) => t.length > 1);
  const described = firstUnit(prose);
  if (type !== 'string' && ((format !== undefined && UNIX_FORMATS.has(format)) || prose.includes('unix') || prose.includes('epoch'))) {
    return (named ?? described) === 'ms' ? 'unix-ms' : 'unix-s';
  }
  if (named !== null) return named;
  if (described !== null) return described;
  return type === 'number' || type === 'integer' ? 's' : null;
}
