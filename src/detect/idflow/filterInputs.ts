/**
 * AWS Describe calls that take the id only inside a filter (issue 24): a body list of `{Name, Values}` pairs
 * (`Filters` of RDS, DMS, Neptune, FSx, EC2; lower-case `filters` of Discovery; OpenSearch's `{Name, Value}`), whose
 * filter names the contract states, in the name's enum or in the list's description ("Valid filter names:
 * replication-task-arn | replication-task-id | …"). A filter name that names an identifier
 * (`replication-task-arn`, `IMPORT_TASK_ID`, `PackageID`) is an input of its own: the poll sends
 * `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}` and reads the one item the answer lists.
 * Filter names that say nothing of an id (`status`, `engine-version`) give no input, so a list-all Describe is
 * never linked by a filter it cannot narrow to one job.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { IdFilter } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** Where `Valid filter names: a | b | c` (or `a, b, c`, each maybe in `<code>`) starts. */
const VALID_NAMES = /valid filter names?/i;
/** A description is read only this far for filter names: a spec is untrusted input, and the names come early. */
const MAX_DESCRIPTION = 4_000;
const FILTER_NAME = /^[A-Za-z][\w.:-]*$/;

/** The filter keys of an AWS filter item: the name (`Name`), and the list of values (`Values`, OpenSearch's `Value`). */
function filterKeys(
  reader: SchemaReader,
  item: JsonSchema | undefined,
): { nameKey: string; valuesKey: string; nameSchema: JsonSchema } | null {
  const props = reader.properties(item);
  if (props.size < 2 || props.size > 4) return null;
  let nameKey: string | null = null;
  let valuesKey: string | null = null;
  for (const [key, schema] of props) {
    const k = key.toLowerCase();
    if (k === 'name' && (reader.typeOf(schema) === 'string' || reader.enumCodes(schema) !== null)) nameKey = key;
    else if ((k === 'values' || k === 'value') && reader.typeOf(reader.itemsOf(schema)) === 'string') valuesKey = key;
  }
  return nameKey !== null && valuesKey !== null ? { nameKey, valuesKey, nameSchema: props.get(nameKey)! } : null;
}

/** The filter names a contract states for one filter list: the name's enum, else the list's "Valid filter names". */
function statedNames(reader: SchemaReader, field: JsonSchema | undefined, nameSchema: JsonSchema): string[] {
  const listed = reader.enumValues(nameSchema);
  if (listed && listed.length > 0) return listed;
  const stated = namesParagraph(reader.descriptionWithBranches(field).slice(0, MAX_DESCRIPTION));
  if (stated === null) return [];
  return stated
    .replace(/<[^<>]*>/g, ' ')
    .split(/\s*(?:\||,|\bor\b|\band\b)\s*|\s+/)
    .map((s) => s.trim())
    .filter((s) => FILTER_NAME.test(s));
}

/**
 * The text after "Valid filter names" (and an `are` or `:`), up to the end of its paragraph or sentence. Read by
 * hand, not by one regex with lazy and optional parts: those backtrack polynomially on a hostile description.
 */
function namesParagraph(text: string): string | null {
  const match = VALID_NAMES.exec(text);
  if (!match) return null;
  let rest = text.slice(match.index + match[0].length).trimStart();
  if (/^are\b/i.test(rest)) rest = rest.slice(3).trimStart();
  if (rest.startsWith(':')) rest = rest.slice(1).trimStart();
  const ends = [rest.indexOf('</p>'), rest.search(/\.\s/)].filter((i) => i >= 0);
  return ends.length > 0 ? rest.slice(0, Math.min(...ends)) : rest;
}

/**
 * The id filters of one body field: one per stated filter name that names an identifier (its last name token
 * `id`, `arn`, `name`, …), none when the field is not a list of `{Name, Values}` pairs.
 */
export function idFilters(reader: SchemaReader, field: JsonSchema | undefined, isIdName: (name: string) => boolean): IdFilter[] {
  // `itemsOf`, not `typeOf`: AWS wraps a shared list type with its description (`allOf: [{$ref: FilterList}, {…}]`).
  const keys = filterKeys(reader, reader.itemsOf(field));
  if (!keys) return [];
  const names = [...new Set(statedNames(reader, field, keys.nameSchema))];
  // Filter names the contract sends as numeric codes (model/enumCodes.ts): the name is read, its code is sent.
  const codes = new Map((reader.enumCodes(keys.nameSchema) ?? []).map(([code, name]) => [name, Number(code)]));
  return names
    .filter((name) => isIdName(name) && nameTokens(name).length > 1)
    .map((name) => {
      const code = codes.get(name);
      return { name, nameKey: keys.nameKey, valuesKey: keys.valuesKey, ...(code !== undefined ? { code } : {}) };
    });
}

/**
 * The id lists inside a filter object (`filters: {jobIDs: [...], fromDate, toDate}` of AWS DRS `DescribeJobs`): the
 * body field's own name says it filters, and each of its properties that lists ids of one name (`listedIdName`)
 * is one more way to ask for one job, its dotted path (`filters.jobIDs`) where the id goes as the only item.
 */
export function filterObjectLists(
  reader: SchemaReader,
  field: string,
  schema: JsonSchema | undefined,
  listedIdName: (name: string) => string | null,
): Array<{ path: string; idName: string }> {
  const last = nameTokens(field).at(-1);
  if ((last !== 'filter' && last !== 'filters') || reader.typeOf(schema) !== 'object') return [];
  const out: Array<{ path: string; idName: string }> = [];
  for (const [name, p] of reader.properties(schema)) {
    const idName = listedIdName(name);
    if (idName !== null && reader.typeOf(reader.itemsOf(p)) === 'string') out.push({ path: `${field}.${name}`, idName });
  }
  return out;
}
