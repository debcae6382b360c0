/**
 * Operations that detection adds because a published convention guarantees them while the spec does not
 * declare them (AIP-151's GetOperation / CancelOperation under the version root). One object per method and
 * path, so that every start of a family links the same one; `JobDetection.syntheticOperations` lists those
 * a family uses, and the emitter makes each an internal operation of the generated server.
 */
import type { Operation } from '../../model/ir.js';
import { operationKey } from '../../model/operationKey.js';

export class SyntheticOperations {
  private readonly byKey = new Map<string, Operation>();

  /** The registered operation with this method and path, or `op` itself when it is the first. */
  add(op: Operation): Operation {
    const key = operationKey(op);
    const known = this.byKey.get(key);
    if (known) return known;
    this.byKey.set(key, op);
    return op;
  }

  all(): Operation[] {
    return [...this.byKey.values()];
  }

  /** Registered operations that some link uses, in the order they were first added. */
  used(pointers: ReadonlySet<string>): Operation[] {
    return [...this.byKey.values()].filter((op) => pointers.has(op.pointer));
  }
}
