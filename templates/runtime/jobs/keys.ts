/**
 * Keys for idempotent starts: a canonical form of the arguments (key order and undefined normalised), the
 * input hash, the dedupe key and the credential partition. Hashes only: no argument or secret is stored
 * in a key.
 */
import { createHash, randomBytes } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortDeep(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = sortDeep(item);
    }
    return out;
  }
  return value;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hashStartInput(family: string, operation: string, canonicalArgs: Record<string, unknown>): string {
  return sha256(`${family}\n${operation}\n${canonicalJson(canonicalArgs)}`);
}

/** Agent keys and derived keys live in separate namespaces so an agent cannot collide with a derived key. */
export function dedupeKeyFor(family: string, agentKey: string | undefined, inputHash: string): string {
  return agentKey !== undefined ? `agent:${family}:${agentKey}` : `auto:${inputHash}`;
}

export function partitionFor(credentialMaterial: string): string {
  return sha256(`partition\n${credentialMaterial}`).slice(0, 32);
}

export function newJobId(): string {
  return `job_${randomBytes(12).toString('base64url')}`;
}

/** The upstream idempotency key when the agent gave none: stable for this job (kept in its record). */
export function deriveUpstreamKey(jobId: string): string {
  return sha256(`upstream-key\n${jobId}`).replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*$/, '$1-$2-4$3-a$4-$5');
}
