/**
 * The operations a description links to. API references render every operation at an anchor of its own and their
 * prose links them: Jira's "use [Get task](#api-rest-api-3-task-taskId-get) to obtain updates" (the anchor spells
 * the path and the method), Redoc's `#operation/getTask` and `#tag/Tasks/operation/getTask` (the operationId), Box's
 * `(e://get_zip_downloads_id_status)`. A link is read as an operation only when its last segment spells that
 * operation whole: its operationId, or every segment of its path followed (or preceded) by its method, so that a
 * link to a section (`#async`, `#permissions`) or a tag names none.
 */
import type { Operation } from '../../model/ir.js';
import { operationIdName } from './generatedIds.js';
import { nameTokens } from './nameTokens.js';

/** Markdown link targets `](target)`; the target ends at whitespace or the closing parenthesis. */
const LINK = /\]\(\s*([^\s()]+)\s*\)/g;

/** A link target's last `/` segment (the anchor's own name), as name tokens joined. */
function anchorKey(target: string): string | null {
  const hash = target.indexOf('#');
  const local = hash >= 0 ? target.slice(hash + 1) : /^e:\/\//.test(target) ? target.slice(4) : null;
  if (local === null) return null;
  const last = local.split('/').filter(Boolean).at(-1);
  return last ? nameTokens(last).join(' ') : null;
}

/** The spellings of one operation an anchor may use: its operationId, and its path with its method at either end. */
function operationKeys(op: Operation): string[] {
  const path = nameTokens(op.path.split('#')[0]!).join(' ');
  const method = op.method.toLowerCase();
  const keys = [`${path} ${method}`, `${method} ${path}`];
  const id = operationIdName(op);
  if (id) keys.push(nameTokens(id).join(' '));
  return keys.filter((k) => k.trim() !== method);
}

/** Links read from one text: a description holding more names no one operation's follow-up. */
const MAX_LINKS = 64;

/** Each spelling of every operation, built once per operation list: large APIs have thousands, 303 starts many. */
const spellings = new WeakMap<readonly Operation[], Map<string, Operation[]>>();

function spellingIndex(ops: readonly Operation[]): Map<string, Operation[]> {
  let index = spellings.get(ops);
  if (!index) {
    index = new Map();
    for (const op of ops)
      for (const key of new Set(operationKeys(op))) {
        const list = index.get(key);
        if (list) list.push(op);
        else index.set(key, [op]);
      }
    spellings.set(ops, index);
  }
  return index;
}

/**
 * The operations of `ops` that `text` links to, in the order of their first link. A path spelling may follow a
 * prefix of the site's own (`api-` before Jira's `rest-api-3-…`), never precede other words.
 */
export function describedOperations(text: string | undefined, ops: readonly Operation[]): Operation[] {
  if (!text?.includes('](')) return [];
  const keys: string[] = [];
  for (const m of text.matchAll(LINK)) {
    const key = anchorKey(m[1]!);
    if (key !== null && !keys.includes(key)) keys.push(key);
    if (keys.length >= MAX_LINKS) break;
  }
  if (keys.length === 0) return [];
  const index = spellingIndex(ops);
  const out: Operation[] = [];
  const add = (found: readonly Operation[] | undefined) => {
    for (const op of found ?? []) if (!out.includes(op)) out.push(op);
  };
  for (const key of keys) {
    add(index.get(key));
    // A one-word operationId (`get`) ends too many anchors: only a spelling of two words or more may follow a prefix.
    const words = key.split(' ');
    for (let i = 1; i < words.length - 1; i++) add(index.get(words.slice(i).join(' ')));
  }
  return out;
}
