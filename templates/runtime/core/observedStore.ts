/**
 * A store that reports job transitions: every write whose phase or state differs from the last version this
 * process saw of the record is one `jobStep` (a created record is a step from nothing), and a create that
 * finds a live holder of its key is a `dedupeHit`. Wrapping the store (like the sweeper) means every writer
 * (start, poll, cancel, recovery, promoted calls) is observed without knowing it, and a status poll that
 * changes nothing costs one map lookup.
 */
import { forwardStore } from '../store/forwardStore.js';
import type { JobRecord, JobStore } from '../store/types.js';
import type { JobStep, Observer } from './observe.js';

/** Steps of the records seen last, by id; bounded, least recently used dropped first. */
class SeenSteps {
  private readonly steps = new Map<string, JobStep & { version: number }>();
  constructor(private readonly capacity = 5000) {}

  remember(record: JobRecord): void {
    this.steps.delete(record.id);
    this.steps.set(record.id, { phase: record.phase, state: record.state, version: record.version });
    if (this.steps.size > this.capacity) {
      const oldest = this.steps.keys().next().value;
      if (oldest !== undefined) this.steps.delete(oldest);
    }
  }

  get(id: string): (JobStep & { version: number }) | undefined {
    return this.steps.get(id);
  }
}

export function observedStore(store: JobStore, observer: Observer): JobStore {
  const seen = new SeenSteps();
  const saw = (record: JobRecord | null): JobRecord | null => {
    if (record) seen.remember(record);
    return record;
  };
  return {
    ...forwardStore(store),
    async create(record, now, lease) {
      const outcome = await store.create(record, now, lease);
      if (outcome.created) {
        seen.remember(outcome.record);
        observer.jobStep(outcome.record, null);
      } else {
        seen.remember(outcome.existing);
        observer.dedupeHit(outcome.existing, outcome.existing.inputHash !== record.inputHash);
      }
      return outcome;
    },
    get: async (id) => saw(await store.get(id)),
    async update(id, expectedVersion, patch, now) {
      const before = seen.get(id);
      const next = await store.update(id, expectedVersion, patch, now);
      if (!next) return next;
      seen.remember(next);
      // Unknown before (evicted, or written by another replica since): a step only if the patch moved it.
      const from = before && before.version === expectedVersion ? before : null;
      const moved = from ? from.phase !== next.phase || from.state !== next.state : patch.phase !== undefined || patch.state !== undefined;
      if (moved) observer.jobStep(next, from ? { phase: from.phase, state: from.state } : null);
      return next;
    },
    findByKey: async (partition, dedupeKey) => saw(await store.findByKey(partition, dedupeKey)),
  };
}
