/**
 * A status whose work under way is only a change to what exists, or its removal, follows another action than the
 * start that brings something up or runs work: `UPDATING`, `DELETING`, and the compounds AWS spells them in
 * (`UPDATE_IN_PROGRESS`, `DELETE_IN_PROGRESS`: ECS capacity providers' `updateStatus`; `UpdateInProgress`: Chime
 * phone numbers' `CallingNameStatus`, read after a `RestorePhoneNumber`). A value naming the start's own verb is its
 * work (`UPDATE_IN_PROGRESS` for an update), and a word no rule reads (`Unassigned`) says nothing either way. Pure.
 */
import { nameTokens } from '../read/nameTokens.js';
import { verbNouns } from '../read/verbNouns.js';
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
]);
/** The verbs of those words, as compounds spell them before `in progress`. */
const CHANGE_VERBS = ['update', 'modify', 'configure', 'scale', 'upgrade', 'reboot', 'delete', 'deactivate', 'disassociate'];

/** The change verb a value says is under way (`updating`, `UPDATE_IN_PROGRESS` → update), or null. */
export function changeUnderWay(value: string): string | null {
  const tokens = nameTokens(value);
  const n = tokens.join('');
  const word = CHANGE_VERBS.find((v) => verbNouns(v).includes(n));
  if (word && CHANGING.has(n)) return word;
  const at = tokens.indexOf('progress');
  if (at >= 2 && tokens[at - 1] === 'in') return CHANGE_VERBS.find((v) => v === tokens[at - 2]) ?? null;
  return null;
}

/**
 * Every value under way that any rule reads (`inProgress` less unknown words) changes or removes what exists, and none
 * names `verb`, the start's own.
 */
export function onlyChangeUnderWay(inProgress: readonly string[], verb: string | undefined): boolean {
  const read = inProgress.filter((v) => readStateWord(v).known || changeUnderWay(v) !== null);
  return (
    read.length > 0 &&
    read.every((v) => {
      const change = changeUnderWay(v);
      return change !== null && change !== verb;
    })
  );
}
