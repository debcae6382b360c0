/**
 * The verbs whose work changes, removes or withdraws what exists (`UPDATE_IN_PROGRESS`, `DELETING`, `CANCELLING`):
 * never the work that brings a thing up or runs a job. A leaf, shared by changeUnderWay.ts and createdBeforeUp.ts
 * (which stateWords.ts imports, so it may not import the reader).
 */
export const CHANGE_VERBS: readonly string[] = [
  'update',
  'modify',
  'configure',
  'scale',
  'upgrade',
  'reboot',
  'delete',
  'deactivate',
  'disassociate',
  // Withdrawals of what was asked for: a cancel's or a rejection's work is not the start's.
  'cancel',
  'reject',
  'revoke',
];

/**
 * The verbs of an edit that keeps the thing: it exists before and after (editEndsAfterMake.ts). Not `configure`,
 * which a lifecycle may name as a step of the making itself, nor the tear-downs and withdrawals above.
 */
export const EDIT_VERBS: readonly string[] = ['update', 'modify', 'scale', 'upgrade', 'reboot'];
