/**
 * A bare id answered by a start of a qualified noun is the id of its head noun's thing too. English compounds
 * (and Smithy/AWS operation names, `<Verb><Qualifier…><Head>`) put the head last: a `single wireless device import
 * task` is a `wireless device import task`, DigitalOcean's `image action` (`POST /v2/images/{image_id}/actions`
 * → `{id, status, type, …}`) is an `action`, read at `GET /v2/actions/{action_id}`. What follows a preposition is
 * the source or the scope, not the thing made (`instance from snapshot` is an instance, not a snapshot).
 *
 * Only a bare answered id is asked this way (a specific `SnapshotId` names its own thing), and only a read whose
 * noun is one of those heads (idFlowJobs.ts files reads by noun), so `{id}` of an image action never reaches
 * `GET /images/{image_id}`: the words before the head qualify it, they are not the thing.
 */
import type { JsonSchema } from '../../model/ir.js';
import { isIdName, norm } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** Words that start a prepositional phrase in an operation's noun (`CreateInstancesFromSnapshot`, `ListPackagesForDomain`). */
const PREPOSITIONS = new Set(['from', 'for', 'to', 'by', 'in', 'into', 'of', 'on', 'with', 'at']);

/**
 * The kinds a qualified noun names, most specific first: its proper suffixes, after any prepositional phrase is cut
 * (`[single, wireless, device, import, task]` → `[wireless, device, import, task]`, …, `[task]`;
 * `[instance, from, snapshot]` → `[instance]`).
 */
export function kindNouns(noun: readonly string[]): string[][] {
  // `uploadDatasetAsync_1`: a name with a number or a one-letter token in it is no compound of nouns.
  if (noun.some((w) => !/^[a-z]{2,}$/.test(w))) return [];
  const cut = noun.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const head = cut > 0 ? noun.slice(0, cut) : noun;
  const out: string[][] = cut > 0 ? [[...head]] : [];
  for (let i = 1; i < head.length; i += 1) out.push(head.slice(i));
  return out;
}

/**
 * The read is of that very kind: its noun is the kind's, a trailing `status` aside (`GetActionStatus`). A read with
 * words of its own (`getContinuousProjectProgress` for a `project`) reads another thing.
 */
export function readsKind(kind: readonly string[], poll: OperationName | null): boolean {
  if (!poll) return false;
  const own = poll.noun.at(-1) === 'status' ? poll.noun.slice(0, -1) : poll.noun;
  return own.join(' ') === kind.join(' ');
}

/**
 * The poll keys (as idFlowJobs.ts files them) under which a read of a kind of the start's noun asks for the bare id
 * the start answers at top level: `id|action` (a read taking a bare `id`) and `actionid#action` (one taking
 * `action_id`), each with the noun the id then names; none for a kind whose id the start `takes` (normalised names
 * of its required inputs). Only a read of that very kind may then link (readsKind).
 */
export function kindIdKeys(start: OperationName | null, field: string, takes: ReadonlySet<string>): Array<{ key: string; noun: string[] }> {
  if (!start || field.includes('.')) return [];
  const own = norm(field);
  return kindNouns(start.noun).flatMap((kind) =>
    // `POST /wire_transfers/{wire_transfer_id}/approve` → `{id}`: the id of the thing it acted on, no new one.
    takes.has(`${norm(kind.join(''))}${own}`)
      ? []
      : [
          { key: `${own}|${kind.join(' ')}`, noun: kind },
          { key: `${norm(kind.join(''))}${own}#${kind.at(-1)!}`, noun: kind },
        ],
  );
}

/**
 * A start that answers the thing itself, not only its handle, answers the record the read answers (at its top or
 * one object down): DigitalOcean's image action answers the `action` that `GET /v2/actions/{action_id}` wraps. MS
 * Graph's `audioRoutingGroup` is a group by its name only: its record is not `GET /groups/{group-id}`'s.
 */
export function sameKindRecord(reader: SchemaReader, startAnswer: JsonSchema | undefined, pollAnswer: JsonSchema | undefined): boolean {
  const props = [...reader.properties(startAnswer).keys()];
  if (props.every((p) => isIdName(p))) return true;
  const own = reader.fingerprint(startAnswer);
  return [pollAnswer, ...reader.properties(pollAnswer).values()].some((s) => reader.fingerprint(s) === own);
}
