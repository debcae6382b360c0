/**
 * What a framework kept of a tool's input schema: every parameter path of the schema the server listed (its
 * shipped JSON Schema), and whether the schema a framework hands to a model still has that path, and still
 * gives it a type. A path is a property chain (`body.content`), `[]` for array items and `{}` for a map's
 * values; union members add their paths to the union's own. Pure: no framework is imported here.
 */

export type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that give a value a type a model can follow (a bare description does not). */
const TYPING_KEYS = ['type', 'enum', 'const', 'properties', 'items'] as const;

function resolveRef(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** Whether `node` (or, for a union, any member) says what type the value has. */
function isTyped(node: Json, root: Json, seen: Set<unknown>): boolean {
  if (typeof node.$ref === 'string') {
    const target = resolveRef(root, node.$ref);
    if (seen.has(target) || !isObject(target)) return false;
    return isTyped(target, root, new Set([...seen, target]));
  }
  if (TYPING_KEYS.some((key) => node[key] !== undefined)) return true;
  return ['anyOf', 'oneOf', 'allOf'].some(
    (key) => Array.isArray(node[key]) && (node[key] as unknown[]).some((m) => isObject(m) && isTyped(m, root, seen)),
  );
}

/** Every parameter path of `schema` below the root, each with whether some schema at that path is typed. */
export function parameterPaths(schema: unknown): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (!isObject(schema)) return out;
  const walk = (node: unknown, path: string, seen: Set<unknown>): void => {
    if (!isObject(node) || seen.size > 64) return;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(schema, node.$ref);
      if (seen.has(target)) return;
      walk(target, path, new Set([...seen, target]));
    }
    if (path !== '') out.set(path, (out.get(path) ?? false) || isTyped(node, schema, seen));
    if (isObject(node.properties))
      for (const [name, sub] of Object.entries(node.properties)) walk(sub, path === '' ? name : `${path}.${name}`, seen);
    if (Array.isArray(node.items))
      node.items.forEach((sub, i) => {
        walk(sub, `${path}[${i}]`, seen);
      });
    else if (node.items !== undefined) walk(node.items, `${path}[]`, seen);
    if (isObject(node.additionalProperties)) walk(node.additionalProperties, `${path}{}`, seen);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(node[key])) for (const member of node[key] as unknown[]) walk(member, path, seen);
  };
  walk(schema, '', new Set());
  return out;
}

export interface PathLoss {
  /** Paths the server listed that the framework's schema no longer has. */
  lost: string[];
  /** Paths the server typed that the framework's schema keeps with no type (`{}` or a description only). */
  typeless: string[];
}

/** What `sent` (a framework's schema for a model) lost of `listed` (the server's schema for the same tool). */
export function comparePaths(listed: unknown, sent: unknown): PathLoss {
  const before = parameterPaths(listed);
  const after = parameterPaths(sent);
  const lost: string[] = [];
  const typeless: string[] = [];
  for (const [path, typed] of before) {
    if (!after.has(path)) lost.push(path);
    else if (typed && !after.get(path)) typeless.push(path);
  }
  return { lost, typeless };
}

/**
 * Paths whose schema is a union of two or more values that are not null: the shape LangChain's simplifier cannot
 * keep whole (it drops members that are not objects, and merges object members property by property, the last
 * one winning), which the wire spelling cannot reshape without changing what it accepts (docs/SCHEMAS.md).
 */
export function unionPaths(schema: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown, path: string): void => {
    if (!isObject(node)) return;
    for (const key of ['anyOf', 'oneOf']) {
      const members = Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isObject) : [];
      if (members.filter((m) => m.type !== 'null').length >= 2) out.add(path);
      for (const member of members) walk(member, path);
    }
    if (isObject(node.properties))
      for (const [name, sub] of Object.entries(node.properties)) walk(sub, path === '' ? name : `${path}.${name}`);
    if (node.items !== undefined && !Array.isArray(node.items)) walk(node.items, `${path}[]`);
    if (isObject(node.additionalProperties)) walk(node.additionalProperties, `${path}{}`);
  };
  walk(schema, '');
  return out;
}

/** Whether `path` is at or below one of `roots`. */
export function isUnder(path: string, roots: ReadonlySet<string>): boolean {
  for (const root of roots)
    if (path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}[`) || path.startsWith(`${root}{`)) return true;
  return false;
}

/**
 * Every path of `schema` that lists enum values, with the values (JSON text) any schema at that path allows; a
 * path whose schema allows null by its type (`type: [X, 'null']`, a null member, OpenAPI's `nullable`) allows `null`.
 */
export function enumValues(schema: unknown): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const nullable = new Set<string>();
  const walk = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node) || depth > 64) return;
    if (Array.isArray(node.enum)) {
      const values = out.get(path) ?? new Set<string>();
      for (const value of node.enum) values.add(JSON.stringify(value));
      out.set(path, values);
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('null') || node.nullable === true) nullable.add(path);
    if (isObject(node.properties))
      for (const [name, sub] of Object.entries(node.properties)) walk(sub, path === '' ? name : `${path}.${name}`, depth + 1);
    if (isObject(node.items)) walk(node.items, `${path}[]`, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(node[key])) for (const member of node[key] as unknown[]) walk(member, path, depth + 1);
  };
  walk(schema, '', 0);
  for (const [path, values] of out) if (nullable.has(path)) values.add('null');
  return out;
}

/**
 * Paths `sent` keeps with an enum that no longer lists every value `listed` allows there (LangChain's merge of a
 * union's objects kept the last member's `type` tag only): the model is told a value the server takes is not
 * allowed. A path `sent` lost, or keeps without an enum, is not counted here.
 */
export function narrowedEnums(listed: unknown, sent: unknown): string[] {
  const after = enumValues(sent);
  const out: string[] = [];
  for (const [path, values] of enumValues(listed)) {
    const kept = after.get(path);
    if (kept && [...values].some((v) => !kept.has(v))) out.push(path);
  }
  return out;
}
