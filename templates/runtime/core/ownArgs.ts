/**
 * Tool arguments are keyed by the contract's parameter names, and a contract may name one `toString`,
 * `constructor`, `valueOf`, `hasOwnProperty` or `__proto__`. On a plain object such a key is never absent: it
 * reads Object.prototype's method. So arguments are validated as objects without a prototype (zod reads
 * `input[key]` and `key in input`), and read back by own property only.
 */
import { copyJson } from './jsonBounds.js';

/** The client's JSON arguments as objects without a prototype, for validation. */
export function withoutPrototypes(args: Record<string, unknown>): Record<string, unknown> {
  return copyJson(args, { nullPrototype: true }) as Record<string, unknown>;
}

/** The argument the agent gave under `name`, or undefined: never a member of Object.prototype. */
export function ownArg(args: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(args, name) ? args[name] : undefined;
}
