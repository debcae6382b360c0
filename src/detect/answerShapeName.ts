/**
 * A schema named for one operation's answer names no thing: AWS's Smithy shapes are `<Operation>Output` or
 * `<Operation>Response` (`DescribeBackupJobOutput`, `GetJobRunResponse`), Azure's `<Noun><Verb>Results`
 * (`DatabaseAccountGetResults` of `DatabaseAccounts_Get`). Named by it, a family and its tools read
 * `describe_backup_job_output_status`; the operation's own noun (`backup_job`) is the thing it reads.
 */
import type { Operation } from '../model/ir.js';
import { singular } from './familyName.js';
import { nameTokens } from './read/nameTokens.js';
import { operationName } from './read/operationNames.js';
import { GENERIC_NAME_WORDS } from './read/signalWords.js';

const ANSWER_WORDS = new Set(['output', 'response', 'result', 'results']);

/** The noun of `op` (snake_case) when `schemaName` is that operation's name and an answer word; else null. */
export function answerShapeNoun(schemaName: string | undefined, op: Operation | undefined): string | null {
  if (!schemaName || !op?.operationId) return null;
  const words = nameTokens(schemaName.split('.').at(-1) ?? '').map(singular);
  if (words.length < 2 || !ANSWER_WORDS.has(nameTokens(schemaName).at(-1) ?? '')) return null;
  const own = nameTokens(op.operationId).map(singular);
  if (words.slice(0, -1).join(' ') !== own.join(' ')) return null;
  // `GetInstanceOnboardingJobStatus`: its noun's last word is decoration, as in a schema's name (familyName.ts).
  const noun = [...(operationName(op)?.noun ?? [])];
  while (noun.length > 1 && GENERIC_NAME_WORDS.includes(noun.at(-1)!)) noun.pop();
  return noun.length > 0 ? noun.join('_') : null;
}
