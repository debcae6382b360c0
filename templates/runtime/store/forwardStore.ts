/**
 * A store that hands every call to another: the base of the wrappers that change one or two methods (the
 * sweeper's `close`, the observer's writes), so that a method added to `JobStore` is forwarded in one place.
 */
import type { JobStore } from './types.js';

export function forwardStore(store: JobStore): JobStore {
  return {
    init: () => store.init(),
    create: (record, now, lease) => store.create(record, now, lease),
    get: (id) => store.get(id),
    update: (id, expectedVersion, patch, now) => store.update(id, expectedVersion, patch, now),
    findByKey: (partition, dedupeKey) => store.findByKey(partition, dedupeKey),
    list: (query) => store.list(query),
    expire: (now) => store.expire(now),
    claimLease: (id, owner, until, now) => store.claimLease(id, owner, until, now),
    renewLease: (id, owner, until) => store.renewLease(id, owner, until),
    releaseLease: (id, owner) => store.releaseLease(id, owner),
    expiredLeases: (now, limit) => store.expiredLeases(now, limit),
    stats: () => store.stats(),
    putBlob: (key, data, expiresAt) => store.putBlob(key, data, expiresAt),
    readBlob: (key, offset, length, now) => store.readBlob(key, offset, length, now),
    holdUntil: (key, until) => store.holdUntil(key, until),
    heldUntil: (key, now) => store.heldUntil(key, now),
    close: () => store.close(),
  };
}
