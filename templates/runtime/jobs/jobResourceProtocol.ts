/**
 * Convention: a job resource (`POST /batches` → `GET /batches/{id}` with a status enum; a REST create whose item
 * reads CREATING → ACTIVE). The job's id, from the start's answer or the name the client gave it, goes into the
 * poll's path or query; the status document is read by the family's state map (jobs/interpret.ts).
 */
import type { JobProtocol } from './jobProtocol.js';
import { linkedProtocol } from './protocolDefaults.js';

export const jobResourceProtocol: JobProtocol = linkedProtocol('job-resource');
