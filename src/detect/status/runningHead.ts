/**
 * A compound status whose head word says work is running (`RUNNING_RENDER`, `RUNNING_COMPOSE`, `PROCESSING_UPLOAD`):
 * a vocabulary of several steps names each step by the state it is in, then what it is about. The head is read as
 * the strong table word it is, so the compound is work under way as the bare word would be. Only a running head
 * counts: a waiting head is an order's too (`waiting_for_payment`, `submitted_for_settlement`), a winding-down one
 * (`CANCELLING_X`) ends the work, and a compound whose tail says it failed (`RUNNING_WITH_ERROR`, `ProcessingError`)
 * is read by its tail first (stateWords.ts `readStateWord`).
 */
import { nameTokens } from '../read/nameTokens.js';
import { lookupStateWord, readStateWord } from './stateWords.js';

const WINDS_DOWN = /^(cancel|abort|stop|terminat|dismiss)/;

/** The value is a compound whose head is a strong running word, and nothing in it reads otherwise. */
export function runsByHead(value: string): boolean {
  if (lookupStateWord(value) !== null) return false;
  const parts = nameTokens(value.slice(0, 80));
  if (parts.length < 2) return false;
  const head = lookupStateWord(parts[0]!);
  if (head === null || head.state !== 'running' || !head.strong || WINDS_DOWN.test(parts[0]!)) return false;
  return readStateWord(value).state === 'running';
}
