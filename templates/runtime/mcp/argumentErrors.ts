/**
 * What a refused call's arguments got wrong, as the agent reads it. zod's own message for a union lists every
 * member's issues as JSON (OpenAI's chat message roles: six members, kilobytes deep); an agent needs the member
 * it meant and what that member still wants. The listed schema of a union of objects is one merged object
 * (wireUnion.ts), so a model may well send one member's property beside another's: the server keeps the exact
 * union, and this says which member the call came closest to.
 * Without a union among the issues, zod's message is kept as it is.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Issues shown per level (the rest counted). */
const SHOWN = 5;

export function argumentErrors(error: z.ZodError, input: unknown): string {
  if (!error.issues.some((issue) => issue.code === 'invalid_union')) return error.message;
  return listed(error.issues, input, []);
}

function listed(issues: readonly Issue[], input: unknown, base: readonly PropertyKey[]): string {
  const lines = issues.slice(0, SHOWN).map((issue) => {
    const where = pathText([...base, ...issue.path]);
    return `${where === '' ? '' : `${where}: `}${said(issue, valueAt(input, issue.path), [...base, ...issue.path])}`;
  });
  if (issues.length > SHOWN) lines.push(`and ${issues.length - SHOWN} more`);
  return lines.join('; ');
}

function said(issue: Issue, value: unknown, at: readonly PropertyKey[]): string {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue.message;
  const members = issue.errors;
  let best = 0;
  for (let i = 1; i < members.length; i++) if (compare(rank(members[i]!), rank(members[best]!)) < 0) best = i;
  const tag = tagOf(members, best, value);
  const name = `${tag ? `${tag} (` : ''}alternative ${best + 1} of ${members.length}${tag ? ')' : ''}`;
  return `matches none of the ${members.length} alternatives; closest is ${name}, which needs: ${listed(members[best]!, value, at)}`;
}

/**
 * How far a member is from the value, smaller first: a value of another type altogether, then tags that differ
 * (a one-value literal, like `role`), then how many issues are left.
 */
function rank(issues: readonly Issue[]): [number, number, number] {
  const otherType = issues.some((i) => i.path.length === 0 && i.code === 'invalid_type') ? 1 : 0;
  return [otherType, issues.filter(isTagMiss).length, issues.length];
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const isTagMiss = (issue: Issue): boolean =>
  issue.code === 'invalid_value' && issue.path.length === 1 && issue.values.length === 1 && typeof issue.values[0] === 'string';

/** `role=system`: a key the other members name a literal for, which the closest one takes as the value has it. */
function tagOf(members: readonly (readonly Issue[])[], best: number, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [i, issues] of members.entries()) {
    if (i === best) continue;
    for (const miss of issues.filter(isTagMiss)) {
      const key = miss.path[0]!;
      const own = (value as Record<PropertyKey, unknown>)[key];
      if (typeof own === 'string' && !members[best]!.some((b) => b.path[0] === key)) return `${String(key)}=${own}`;
    }
  }
  return undefined;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let node = value;
  for (const key of path) node = typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}
