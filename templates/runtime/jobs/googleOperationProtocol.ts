/**
 * Convention: Google AIP-151 long-running operations. The start answers an `Operation` whose `name` is polled at
 * `GET {name}` (JobFamilySpec.doneField): `done: false` is running, `done: true` with `error` failed (code 1,
 * CANCELLED, cancelled), else succeeded with `response` as the result (jobs/interpret.ts observeDocument reads it);
 * `:cancel` is the family's cancel link.
 */
import type { JobProtocol } from './jobProtocol.js';
import { linkedProtocol } from './protocolDefaults.js';

export const googleOperationProtocol: JobProtocol = linkedProtocol('google-operation');
