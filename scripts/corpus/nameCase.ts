/**
 * The `nameCase` rewrite of the metamorphic corpus test (metamorphicTransforms.ts): every member name said in the other
 * common case. A vendor names its fields in one case (DigitalOcean and GitHub `job_id`, Google and Azure `jobId`, AWS
 * `JobId`), and a job is the same job whichever it chose, so detection on the rewrite must find the same starts.
 *
 * A snake_case name becomes camelCase (`job_id` → `jobId`, `JOB_STATUS` → `jobStatus`); any other word-like name
 * becomes snake_case (`jobId`, `JobId` → `job_id`, `Status` → `status`, `OutputS3Uri` → `output_s3_uri`). Renamed
 * together, so that the contract still says one thing: schema properties (with `required`, a discriminator's
 * `propertyName` and refs into a property), the keys of examples, query and form parameters (a body's members and a
 * query's are one vocabulary to a vendor), and link expressions that read a body or a query
 * (`$response.body#/job_id`, `$request.query.job_id`) with a link's parameter named for a query parameter. Path
 * parameters and headers keep their names: the path's are `paramNames`'s business, and a header's spelling is HTTP's.
 * A name that is not word-like (`@odata.type`, `x-rate-limit`, `_links`) keeps its spelling, and so does one whose
 * new spelling another member of the same object has. Pure: the input is never mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { freeRenames, renameProperties } from './responseStyles.js';
import { isObject, type JsonObject } from './specWalk.js';

/**
 * The words of a camelCase or PascalCase name, digits kept with the word before (`OutputS3Uri` → Output, S3, Uri) and
 * an acronym's plural whole (`jobIDs` → job, IDs; `ARNs`).
 */
const CAMEL_WORDS = /[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])\d*|[A-Z]?[a-z]+\d*|\d+/g;

/** A name in the other case, or null when it has no other (one lowercase word) or is not word-like. */
export function otherCase(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return null;
  if (name.includes('_')) {
    const words = name.split('_');
    if (words.some((w) => w === '')) return null;
    return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  }
  const words = name.match(CAMEL_WORDS) ?? [];
  if (words.join('') !== name) return null;
  const snake = words.map((w) => w.toLowerCase()).join('_');
  return snake === name ? null : snake;
}

/** Every object's keys in an example value renamed, at any depth. */
function exampleKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(exampleKeys);
  if (!isObject(value)) return value;
  const renames = freeRenames(Object.keys(value), otherCase);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [renames.get(k) ?? k, exampleKeys(v)]));
}

/**
 * A schema's `example` (any value), or an `examples` member: OpenAPI 3.1's list of values, OpenAPI 3's map of Example
 * objects (their `value`), or Swagger 2's map of media types to values.
 */
function examplesOf(value: Json, key: 'example' | 'examples'): Json {
  if (key === 'example') return exampleKeys(value);
  if (Array.isArray(value)) return value.map(exampleKeys);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (isObject(v) && 'value' in v) out[k] = { ...v, value: exampleKeys(v.value!) };
    else if (k.includes('/')) out[k] = exampleKeys(v);
    else out[k] = v;
  }
  return out;
}

/** A JSON pointer's segments renamed (`/job/job_id` → `/job/jobId`); array indexes and other names stay. */
const pointerOf = (pointer: string) =>
  pointer
    .split('/')
    .map((seg) => otherCase(seg) ?? seg)
    .join('/');

/** A runtime expression (or a string holding `{…}` ones) with its body pointers and query names renamed. */
function expressionOf(expr: string): string {
  return expr
    .replace(/(\$(?:response|request)\.body#)((?:\/[A-Za-z0-9_]*)+)/g, (_m, head: string, ptr: string) => head + pointerOf(ptr))
    .replace(/(\$request\.query\.)([A-Za-z0-9_]+)/g, (_m, head: string, name: string) => head + (otherCase(name) ?? name));
}

/** Query and form parameters renamed, and links' expressions with them, walking the whole document. */
function parametersAndLinks(value: Json, pathNames: ReadonlySet<string>, key?: string): Json {
  if (Array.isArray(value)) return value.map((v) => parametersAndLinks(v, pathNames));
  if (!isObject(value)) return value;
  if (key === 'example' || key === 'examples') return value;
  if (key === 'links') return Object.fromEntries(Object.entries(value).map(([k, link]) => [k, linkOf(link, pathNames)]));
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = parametersAndLinks(v, pathNames, k);
  if ((out.in === 'query' || out.in === 'formData') && typeof out.name === 'string') out.name = otherCase(out.name) ?? out.name;
  return out;
}

/**
 * A Link object: its expressions renamed, and a parameter named as a query parameter would be: `query.job_id`, or a
 * bare name no path of the contract holds (a path parameter keeps its name here, as in the path).
 */
function linkOf(link: Json, pathNames: ReadonlySet<string>): Json {
  if (!isObject(link)) return link;
  const out: JsonObject = { ...link };
  if (isObject(link.parameters)) {
    const params: JsonObject = {};
    for (const [name, expr] of Object.entries(link.parameters)) {
      const [where, bare] = name.includes('.') ? [name.slice(0, name.indexOf('.') + 1), name.slice(name.indexOf('.') + 1)] : ['', name];
      const query = where === 'query.' || (where === '' && !pathNames.has(bare));
      const renamed = query ? where + (otherCase(bare) ?? bare) : name;
      params[renamed] = typeof expr === 'string' ? expressionOf(expr) : expr;
    }
    out.parameters = params;
  }
  if (typeof link.requestBody === 'string') out.requestBody = expressionOf(link.requestBody);
  else if (link.requestBody !== undefined) out.requestBody = exampleKeys(link.requestBody);
  return out;
}

/** Every `{name}` a path of the contract holds. */
function pathParameterNames(spec: Json): Set<string> {
  const names = new Set<string>();
  if (isObject(spec) && isObject(spec.paths))
    for (const p of Object.keys(spec.paths)) for (const m of p.matchAll(/\{([^{}]*)\}/g)) names.add(m[1]!);
  return names;
}

export const nameCase = (spec: Json, _ctx: TransformContext): Json =>
  parametersAndLinks(renameProperties(spec, otherCase, examplesOf), pathParameterNames(spec));
