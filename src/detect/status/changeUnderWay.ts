/**
 * A status whose work under way is only a change to what exists, its removal or its withdrawal follows another action
 * than the start that brings something up or runs work: `UPDATING`, `DELETING`, `CANCELLING`, and the compounds AWS
 * spells them in (`UPDATE_IN_PROGRESS`, `DELETE_IN_PROGRESS`: ECS capacity providers' `updateStatus`;
 * `UpdateInProgress`: Chime phone numbers' `CallingNameStatus`, read after a `RestorePhoneNumber`). A compound may put
 * the object of the verb between it and `in progress` (`CANCEL_RECORD_IN_PROGRESS`: a direct-debit mandate's
 * cancellation being recorded, read after an `activateMandate`): any change verb before `in progress` says whose work it
 * is. A value naming the start's own verb is its work (`UPDATE_IN_PROGRESS` for an update), and a word no rule reads
 * (`Unassigned`) says nothing either way. Pure.
 */
import { nameTokens } from '../read/nameTokens.js';
import { memoByString } from '../read/readerMemo.js';
import { verbNouns } from '../read/verbNouns.js';
import { CHANGE_VERBS } from './changeVerbs.js';
import { readStateWord } from './stateWords.js';

/** Transitional words of a thing that already exists, or is going away. */
const CHANGING = new Set([
  'updating',
  'modifying',
  'configuring',
  'scaling',
  'upgrading',
  'rebooting',
  'deleting',
  'deactivating',
  'disassociating',
  'cancelling',
  'canceling',
  'rejecting',
  'revoking',
]);

/** The change verb a value says is under way (`updating`, `UPDATE_IN_PROGRESS` → update), or null. */
/** Remembered by value: asked of every in-progress value of every poll each start weighs. */
export const changeUnderWay: (value: string) => string | null = memoByString(changeUnderWayOf);

function changeUnderWayOf(value: string): string | null {
  const tokens = nameTokens(value);
  const n = tokens.join('');
  const word = CHANGE_VERBS.find((v) => verbNouns(v).includes(n) || (n === 'cancelling' && v === 'cancel'));
  if (word && CHANGING.has(n)) return word;
  const at = tokens.indexOf('progress');
  if (at < 2 || tokens[at - 1] !== 'in') return null;
  const before = tokens.slice(0, at - 1);
  return before.map((t) => CHANGE_VERBS.find((v) => v === t)).find((v) => v !== undefined) ?? null;
}

/**
 * A value spelled as an activity, a gerund and what it acts on (`scanning manifests`, `deleting unreferenced blobs`:
 * DigitalOcean's registry garbage collection), names the work under way, though no word table knows it.
 */
function namesActivity(value: string): boolean {
  const tokens = nameTokens(value);
  return tokens.length >= 2 && /^[a-z]{3,}ing$/.test(tokens[0]!);
}

/**
 * Every value under way that any rule reads (`inProgress` less unknown words, and any of `values` spelled as an
 * activity) changes, removes or withdraws what exists, and none names `verb`, the start's own.
 */
export function onlyChangeUnderWay(inProgress: readonly string[], verb: string | undefined, values: readonly string[] = []): boolean {
  const activities = values.filter((v) => !inProgress.includes(v) && namesActivity(v));
  const read = [...inProgress.filter((v) => readStateWord(v).known || changeUnderWay(v) !== null), ...activities];
  return (
    read.length > 0 &&
    read.every((v) => {
      const change = changeUnderWay(v);
      return change !== null && change !== verb;
    })
  );
}
