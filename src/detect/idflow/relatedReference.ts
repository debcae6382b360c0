/**
 * An answer that carries an id of its own names itself by it: an object beside that id holding a bare id of its
 * own is a related resource the answer points to (a JSON:API relationship, an OData / Microsoft Graph navigation
 * property, HAL's `_embedded`), not the work the start began. Graph's `POST /teams` and `POST /education/classes`
 * answer `{id, displayName, …, group: {id}}`: the group they belong to reports its membership processing
 * (`membershipRuleProcessingStatus.status`), which says nothing of the call. The id names the job only where the
 * answer's root is a wrapper without an id of its own: the envelope convention (`{action: {id}}`, envelopePoll.ts),
 * AWS's `{TranscriptionJob: {…}}` (whose ids are named, not bare), DigitalOcean's `{droplet: {id}, links}`.
 */
import type { JsonSchema } from '../../model/ir.js';
import { norm } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** The ids a server assigns to the thing it answers, bare: a named one (`groupId`) says whose it is already. */
const OWN_IDS = new Set(['id', 'uuid']);

/**
 * The related object `field` (`group.id`, a path into the start's answer) sits in, when the answer carries an
 * assigned id of its own at its root beside it; null when the id may be the job's.
 */
export function relatedReference(reader: SchemaReader, answer: JsonSchema | undefined, field: string): string | null {
  const parts = field.split('.');
  if (parts.length !== 2 || !OWN_IDS.has(norm(parts[1]!))) return null;
  const root = reader.properties(answer);
  const own = [...root.keys()].some((k) => k !== parts[0] && OWN_IDS.has(norm(k)));
  return own ? parts[0]! : null;
}
