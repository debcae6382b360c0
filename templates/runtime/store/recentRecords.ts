/**
 * The last version of each recently read or written record, so that a status poll (get, then update on that
 * version) costs one round trip for the update instead of two. Safe because a (id, version) pair names exactly
 * one content: versions only grow, and the conditional write lets one writer produce each version. If the
 * cached version is stale, the store's version check rejects the write exactly as it would have anyway.
 */
import { parseRecord, serializeRecord } from './recordRules.js';
import type { JobRecord } from './types.js';

/**
 * Kept as JSON, not as the object handed to the caller: a caller mutating a returned record (adding a cookie,
 * say) must not change what the next update is merged onto.
 */
export class RecentRecords {
  private readonly records = new Map<string, { version: number; json: string }>();

  constructor(private readonly capacity = 2000) {}

  remember(record: JobRecord, json = serializeRecord(record)): void {
    // Re-inserting moves the id to the newest end, so eviction drops the least recently used.
    this.records.delete(record.id);
    this.records.set(record.id, { version: record.version, json });
    if (this.records.size > this.capacity) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }

  /** The cached record if it is exactly `version`. */
  lookup(id: string, version: number): JobRecord | null {
    const entry = this.records.get(id);
    return entry && entry.version === version ? parseRecord(entry.json) : null;
  }

  forget(id: string): void {
    this.records.delete(id);
  }

  clear(): void {
    this.records.clear();
  }
}
