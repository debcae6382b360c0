/**
 * Opaque page cursors for tools/list (and the search meta-tool): the offset of the next page plus a
 * fingerprint of the list it belongs to. Stateless on purpose, so a cursor from one replica works on every
 * replica with the same configuration. The fingerprint is an integrity check, not a secret: nothing is
 * protected by pagination, but a cursor that was edited, truncated, or minted for another list (other
 * MCP_TOOLSETS, another page size, another query) is refused instead of silently skipping or repeating tools.
 */
import { createHash } from 'node:crypto';

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** A short digest of what identifies a list: its item names and anything else that shapes its pages. */
export function listFingerprint(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 16);
}

function checksum(offset: number, fingerprint: string): string {
  return listFingerprint([String(offset), fingerprint]).slice(0, 12);
}

export function encodeCursor(offset: number, fingerprint: string): string {
  return `${offset.toString(36)}.${checksum(offset, fingerprint)}`;
}

/** The offset a cursor points at, or null when it is not a cursor of this list. */
export function decodeCursor(cursor: string, fingerprint: string, length: number): number | null {
  const match = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{12})$/.exec(cursor);
  if (!match) return null;
  const offset = Number.parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= length) return null;
  return checksum(offset, fingerprint) === match[2] ? offset : null;
}

export class InvalidCursorError extends Error {}

/** One page of `items`; pageSize 0 means everything at once. Throws InvalidCursorError for a foreign cursor. */
export function pageOf<T>(items: readonly T[], cursor: string | undefined, pageSize: number, fingerprint: string): Page<T> {
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor, fingerprint, items.length);
    if (decoded === null)
      throw new InvalidCursorError('Invalid cursor: not one this server handed out for this list; start again without a cursor.');
    offset = decoded;
  }
  if (pageSize <= 0) return { items: items.slice(offset) };
  const end = offset + pageSize;
  const page: Page<T> = { items: items.slice(offset, end) };
  if (end < items.length) page.nextCursor = encodeCursor(end, fingerprint);
  return page;
}
