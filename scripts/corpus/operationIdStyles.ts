/**
 * The rewrites of the metamorphic corpus test (metamorphicTransforms.ts) that name operations as other toolchains do.
 * An operationId is the contract's name for an operation, and a job is the same job whatever it is called, so
 * detection must find the same starts (names break ties between polls; they must not decide what a job is).
 *
 * - `opIdCase`: every operationId in the other case (`createExportJob` ↔ `create_export_job`, nameCase.ts's
 *   `otherCase`), as Python and Ruby generators write them.
 * - `fastApiOpIds`: every operationId as FastAPI generates it (`generate_unique_id`: the handler's name and the path,
 *   each non-word character `_`, then the method: `getJob` at `GET /jobs/{jobId}` → `get_job_jobs__jobId__get`).
 *
 * A link naming an operationId follows it. A name another operation already has keeps its spelling. Not on AWS's
 * specs, whose operations are named by Smithy and spelled again in their paths.
 *
 * Pure: the input is never mutated.
 */
import { isAwsSpec, type Json, type TransformContext } from './metamorphicTransforms.js';
import { otherCase } from './nameCase.js';
import { isObject, type JsonObject, mapOperations } from './specWalk.js';

type Namer = (operationId: string, path: string, method: string) => string | null;

/**
 * A name in the other case. A name of both styles (DigitalOcean's `dropletActions_post`) has its words split at both
 * and joins them camel-cased: `otherCase` would read `dropletActions` as one word, a split no generator writes.
 */
function respell(id: string): string | null {
  if (!id.includes('_') || !/[a-z][A-Z]/.test(id)) return otherCase(id);
  const words = id.split('_').flatMap((part) => (part === '' ? [] : (otherCase(part) ?? part).split('_')));
  return otherCase(words.map((w) => w.toLowerCase()).join('_'));
}

/** A handler's name as Python writes it: snake case. */
const snake = (id: string): string | null =>
  /^[a-z][a-z0-9_]*$/.test(id) ? id : /_/.test(id) ? respell(respell(id) ?? id) : otherCase(id);

export function opIdCase(spec: Json, ctx: TransformContext): Json {
  return renameOperations(spec, ctx, respell);
}

export function fastApiOpIds(spec: Json, ctx: TransformContext): Json {
  return renameOperations(spec, ctx, (id, path, method) => {
    const handler = snake(id);
    return handler === null ? null : `${handler}${path}`.replace(/\W/g, '_') + `_${method}`;
  });
}

function renameOperations(spec: Json, ctx: TransformContext, namer: Namer): Json {
  if (isAwsSpec(ctx.file) || !isObject(spec) || !isObject(spec.paths)) return spec;
  const taken = new Set<string>();
  mapOperations(spec.paths, (op) => {
    if (typeof op.operationId === 'string') taken.add(op.operationId);
    return op;
  });
  const renamed = new Map<string, string>();
  const paths = mapOperations(spec.paths, (op, p, m) => {
    const id = op.operationId;
    const name = typeof id === 'string' ? namer(id, p, m) : null;
    if (typeof id !== 'string' || name === null || name === id || taken.has(name) || renamed.has(id)) return op;
    taken.add(name);
    renamed.set(id, name);
    return { ...op, operationId: name };
  })!;
  return renamed.size === 0 ? spec : followLinks({ ...spec, paths }, renamed);
}

/** Every link object (a value of a `links` map) that names a renamed operationId, naming its new one. */
function followLinks(value: Json, renamed: ReadonlyMap<string, string>, inLinks = false): Json {
  if (Array.isArray(value)) return value.map((v) => followLinks(v, renamed));
  if (!isObject(value)) return value;
  if (inLinks) {
    const to = typeof value.operationId === 'string' ? renamed.get(value.operationId) : undefined;
    return to === undefined ? value : { ...value, operationId: to };
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value))
    out[k] =
      k === 'links' && isObject(v)
        ? Object.fromEntries(Object.entries(v).map(([name, link]) => [name, followLinks(link, renamed, true)]))
        : followLinks(v, renamed);
  return out;
}
