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
