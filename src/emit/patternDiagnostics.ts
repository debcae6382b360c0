/**
 * The contract patterns the generated server leaves unchecked (zod/patterns.ts), each reported once with the
 * first place an emitted tool's input reaches it: MJG508 for a pattern that needs a backtracking engine
 * (backreferences, lookaround), MJG509 for one that is not an ECMA-262 expression at all (`(?i)`, Java classes).
 * Only inputs are walked: output schemas never check patterns (ARCHITECTURE "Contracts drift").
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { JsonSchema } from '../model/ir.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import { emitDiagnostic } from './codes.js';
import type { PlannedOperation } from './toolPlan.js';
import { patternVerdict } from './zod/patterns.js';

/** Keywords whose values are instances, not schemas: a `pattern` key inside them is data. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

export function patternDiagnostics(operations: readonly PlannedOperation[], schemas: Record<string, JsonSchema>): Diagnostic[] {
  const reported = new Set<string>();
  const visitedRefs = new Set<string>();
  const out: Diagnostic[] = [];
  const pending: Array<{ node: unknown; pointer: string }> = [];
  for (const { op } of operations) {
    for (const param of op.parameters) pending.push({ node: param.schema, pointer: pointerOf(param.pointer, 'schema') });
    const body = op.requestBody;
    for (const media of body?.content ?? []) {
      pending.push({ node: media.schema, pointer: pointerOf(body!.pointer, 'content', media.mediaType, 'schema') });
    }
  }
  // Iterative: a deep contract must not overflow the stack here either.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, pointer } = next;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) pending.push({ node: node[i], pointer: pointerOf(pointer, i) });
      continue;
    }
    if (!isObject(node)) continue;
    if (typeof node.$ref === 'string' && !visitedRefs.has(node.$ref)) {
      visitedRefs.add(node.$ref);
      pending.push({ node: schemas[node.$ref], pointer: node.$ref });
    }
    if (typeof node.pattern === 'string' && !reported.has(node.pattern)) {
      const verdict = patternVerdict(node.pattern);
      if (verdict !== 'linear') {
        reported.add(node.pattern);
        out.push(uncheckedPattern(node.pattern, verdict, pointer));
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (!DATA_KEYWORDS.has(key) && !key.startsWith('x-') && typeof value === 'object')
        pending.push({ node: value, pointer: pointerOf(pointer, key) });
    }
  }
  return out;
}

function uncheckedPattern(pattern: string, verdict: 'not-linear' | 'invalid', pointer: string): Diagnostic {
  return verdict === 'not-linear'
    ? emitDiagnostic(
        'MJG508',
        `The pattern ${JSON.stringify(pattern)} needs backtracking (a backreference or lookaround); the server does not check it.`,
        { pointer },
      )
    : emitDiagnostic(
        'MJG509',
        `The pattern ${JSON.stringify(pattern)} is not an ECMA-262 regular expression; the server does not check it.`,
        { pointer },
      );
}
