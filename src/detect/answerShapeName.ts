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
  const said = words.slice(0, -1).join(' ');
  const found = waysToSay(op).find((way) => way.words.join(' ') === said);
  if (!found) return null;
  // `GetInstanceOnboardingJobStatus`: its noun's last word is decoration, as in a schema's name (familyName.ts).
  const noun = [...found.noun];
  while (noun.length > 1 && GENERIC_NAME_WORDS.includes(noun.at(-1)!)) noun.pop();
  return noun.length > 0 ? noun.join('_') : null;
}

/**
 * How an answer's schema may say its operation, each with the noun it names: the operationId as spelt
 * (`DescribeBackupJob`), verb and noun either way round, and Azure's `<Group>_<Method>` by its method
 * (`CassandraResources_GetCassandraKeyspace` → `CassandraKeyspaceGet`) or, a bare verb, by its group
 * (`DatabaseAccounts_Get` → `DatabaseAccountGet`).
 */
function waysToSay(op: Operation): Array<{ words: string[]; noun: readonly string[] }> {
  const id = op.operationId ?? '';
  const name = operationName(op);
  const ways: Array<{ words: string[]; noun: readonly string[] }> = [];
  if (name) {
    ways.push({ words: nameTokens(id).map(singular), noun: name.noun });
    ways.push({ words: [name.verb, ...name.noun], noun: name.noun }, { words: [...name.noun, name.verb], noun: name.noun });
  }
  const cut = id.lastIndexOf('_');
  if (cut > 0) {
    const group = nameTokens(id.slice(0, cut)).map(singular);
    const [verb, ...noun] = nameTokens(id.slice(cut + 1)).map(singular);
    if (verb !== undefined && noun.length > 0) ways.push({ words: [verb, ...noun], noun }, { words: [...noun, verb], noun });
    if (verb !== undefined && noun.length === 0 && group.length > 0) ways.push({ words: [...group, verb], noun: group });
  }
  return ways;
}
