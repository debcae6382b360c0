/**
 * A job over a set (StartSpec.members): a start that acts on several things answers one handle per thing (AWS
 * Lightsail `CreateInstances` → `operations: [{id}, {id}]`), each followed through the family's poll by its own id.
 * What the agent holds is one job; its state is the aggregate of its members': terminal only when every member is,
 * succeeded only when every member succeeded, failed when any failed (cancelled when none failed and one was
 * cancelled), and its progress the share of members that ended. Pure: the members' polls are jobs/memberPoll.ts's.
 * A job follows at most JOB_MEMBERS_MAX members, the first its start lists: the record keeps each with its last
 * document in every store. The rest are not followed, and the job says so wherever it shows its state (its upstream
 * status, the succeeded note): how many, and the first and last of their ids, to look them up upstream.
 */
import type { CanonicalState, JobFamilySpec, MemberSetSpec } from '../definition.js';
import type { JobMember, JobPatch, JobRecord, MembersNotFollowed } from '../store/types.js';
import { getPath, isTerminal } from './interpret.js';
import { boundSnapshot } from './jobRecords.js';
import { isOperationLink } from './pollRequest.js';

/** The members a start's answer lists, in its order: each item's id (text or number), items without one left out. */
export function readMembers(spec: MemberSetSpec, json: unknown): JobMember[] {
  const list = getPath(json, spec.itemsAt);
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: JobMember[] = [];
  for (const item of list) {
    // `itemId` '': the list's items are the ids themselves (`instance_ids: ["i-1", "i-2"]`).
    const raw = spec.itemId === '' ? item : getPath(item, spec.itemId);
    const id = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null;
    // The same handle twice is one member: polling it twice would count it twice.
    if (id === null || id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, state: 'queued', upstreamStatus: null });
  }
  return out;
}

/** A member id as the job's texts name it: an upstream's id of any length is cut. */
const ID_CHARS = 200;

/** The members a job follows (the first `max` listed) and what it leaves out, or null when it follows them all. */
export function followedMembers(listed: JobMember[], max: number): { members: JobMember[]; notFollowed: MembersNotFollowed | null } {
  if (listed.length <= max) return { members: listed, notFollowed: null };
  const rest = listed.slice(max);
  return {
    members: listed.slice(0, max),
    notFollowed: { count: rest.length, first: rest[0]!.id.slice(0, ID_CHARS), last: rest.at(-1)!.id.slice(0, ID_CHARS) },
  };
}

/** The clause on the members not followed: `; 4900 more listed by the start are not followed (op-100 … op-4999)`. */
export function notFollowedText(notFollowed: MembersNotFollowed | null | undefined): string {
  if (!notFollowed) return '';
  const ids = notFollowed.count === 1 ? notFollowed.first : `${notFollowed.first} … ${notFollowed.last}`;
  return `; ${notFollowed.count} more listed by the start are not followed (${ids}): past JOB_MEMBERS_MAX, their outcome is not in this job's state`;
}

/** The job's state from its members' (see the module comment). */
export function aggregateState(members: readonly JobMember[]): CanonicalState {
  if (members.length === 0) return 'succeeded';
  if (!members.every((m) => isTerminal(m.state))) return members.every((m) => m.state === 'queued') ? 'queued' : 'running';
  if (members.some((m) => m.state === 'failed')) return 'failed';
  if (members.some((m) => m.state === 'cancelled')) return 'cancelled';
  return 'succeeded';
}

/** Members that ended over all members (0..1); null for none. */
export function memberProgress(members: readonly JobMember[]): number | null {
  if (members.length === 0) return null;
  return members.filter((m) => isTerminal(m.state)).length / members.length;
}

/**
 * The record patch for the members as they now stand: the aggregate state; an upstream status that counts the
 * members' own values (`2 of 3 members ended: Succeeded ×2, Started ×1`), so the stall clock moves as they do; the
 * failed and cancelled members with their reasons as the error; every member's document as the job's document.
 */
export function membersPatch(
  members: JobMember[],
  secrets: readonly string[] = [],
  notFollowed: MembersNotFollowed | null = null,
): JobPatch {
  const state = aggregateState(members);
  const ended = members.filter((m) => isTerminal(m.state)).length;
  const counts = new Map<string, number>();
  for (const m of members) {
    const word = m.upstreamStatus ?? m.state;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const told = [...counts].map(([word, n]) => `${word} ×${n}`).join(', ');
  const patch: JobPatch = {
    members,
    state,
    upstreamStatus: `${ended} of ${members.length} members ended: ${told}${notFollowedText(notFollowed)}`,
    snapshot: boundSnapshot({ members: members.map(memberView) }, secrets),
  };
  const bad = members.filter((m) => m.state === 'failed' || m.state === 'cancelled');
  if (state === 'failed' || state === 'cancelled') {
    patch.error = boundSnapshot(
      {
        message: `${bad.length} of ${members.length} members did not succeed (${bad.map((m) => `${m.id}: ${m.state}`).join(', ')}).`,
        members: bad.map((m) => ({ id: m.id, state: m.state, upstream_status: m.upstreamStatus, error: m.error ?? null })),
      },
      secrets,
    );
  }
  return patch;
}

/** A member as the status tool and the job's document show it. */
export function memberView(m: JobMember): { id: string; state: CanonicalState; upstream_status: string | null; document?: unknown } {
  return { id: m.id, state: m.state, upstream_status: m.upstreamStatus, ...(m.document !== undefined ? { document: m.document } : {}) };
}

/**
 * The record one member's poll, cancel or result is prepared from: the job's own, its id the member's in every
 * linked operation (the poll, the cancel, the result), its state and document the member's.
 */
export function memberRecord(family: JobFamilySpec, record: JobRecord, member: JobMember): JobRecord {
  const pathParams = { ...record.pathParams };
  for (const link of [family.poll, family.cancel, family.result]) {
    if (isOperationLink(link)) pathParams[link.idParam] = member.id;
  }
  const { members: _members, ...own } = record;
  return {
    ...own,
    upstreamId: member.id,
    pathParams,
    pollUrl: null,
    state: member.state,
    upstreamStatus: member.upstreamStatus,
    snapshot: member.document ?? null,
    error: member.error ?? null,
  };
}
