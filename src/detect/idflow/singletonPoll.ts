/**
 * Convention: a job whose status read takes no id, because there is one of it per account and region (issue 24).
 * Some AWS services keep a single thing of a kind and read it without a key: DevOps Guru `StartCostEstimation`
 * (`PUT /cost-estimation`, answers nothing) is read by `GetCostEstimation` (`GET /cost-estimation`, `Status`
 * ONGOING → COMPLETED); Resource Explorer `CreateIndex` by `GetIndex {}` (`State` CREATING → ACTIVE); SMS
 * `ImportServerCatalog {}` by `GetServers {}`, whose `serverCatalogStatus` is the catalog's. Nothing flows, so
 * what links them is the contract's naming of that one thing:
 *
 * - the start brings the thing up (a bring-up verb) and takes no id: it names nothing that exists already, so
 *   the thing it makes is the account's own, not one of many;
 * - the read takes no id, not even an optional one (`GetApp {appArn?}` reads one app of many), requires nothing
 *   the start cannot supply (AWS query protocol's `Action`/`Version`), and its status is not that of a list's
 *   items: it reads one thing;
 * - the read names the start's thing: the same noun (`CreateIndex` ↔ `GetIndex`), or a read of the start's own
 *   status (`RegisterAccount` ↔ `GetRegisterAccountStatus`, `StartX` ↔ `GetXStatus`), or its status field is named
 *   for the start's noun (`serverCatalogStatus` for `ImportServerCatalog`, read by `GetServers`, a noun of the
 *   catalog's).
 *
 * Tried only when no poll takes an id the start hands out (idFlowJobs.ts): any keyed read of the job is better.
 * The link's `idIn` is `none`; the runtime follows the job without an upstream id (jobs/protocolDefaults.ts). The
 * generated server deduplicates starts by their arguments, as for any start; jobs started while one runs read that
 * same one thing, and the start tool says so (runtime jobs/describe.ts).
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, type OperationInput } from '../read/operationInputs.js';
import { BRING_UP_VERBS, type OperationName, singular } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { findStatusByMeaning } from '../status/statusByMeaning.js';

/** How the read names the start's thing, for evidence. */
export type SingletonNaming = 'same noun' | 'own status read' | 'status field';

export interface SingletonCandidate {
  poll: Operation;
  /** Stands for the id in the pairing rules: required, never sent (the link's `idIn` is `none`). */
  input: OperationInput;
  naming: SingletonNaming;
}

/**
 * Reads that take no id and no path parameter and answer a status not in a list's items (`Indexes[].State` is
 * one of many things', none of them the singleton), filed by the thing each names: its noun (`cost estimation`,
 * `register account status`), and the noun its top-level status field names (`serverCatalogStatus` → `server
 * catalog`). Filed once per contract: large APIs have thousands of reads and of starts.
 */
export type KeylessReads = Map<string, Array<{ op: Operation; naming: 'noun' | 'status field' }>>;

export function keylessReads(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): KeylessReads {
  const out: KeylessReads = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!name || name.noun.length === 0 || name.verb === 'list' || !canRead(op)) continue;
    // Not even an optional id: a read asked by one (`GetApp {appArn?}`) reads one of many, whatever Smithy requires.
    if (inputsOf(op).some((i) => i.in === 'path' || isIdName(i.name) || i.list || i.filter)) continue;
    const status = findStatusByMeaning(reader, successSchema(op));
    if ('rejected' in status || status.inList) continue;
    pushTo(out, name.noun.join(' '), { op, naming: 'noun' });
    const words = nameTokens(status.field).map(singular);
    if (!status.field.includes('.') && STATUS_NAME_TOKENS.has(words.at(-1) ?? '') && words.length > 1)
      pushTo(out, words.slice(0, -1).join(' '), { op, naming: 'status field' });
  }
  return out;
}

/** The keyless reads of the thing a start that takes no id brings up. */
export function singletonCandidates(
  start: Operation,
  startName: OperationName | null,
  reads: KeylessReads,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): SingletonCandidate[] {
  if (!startName || startName.noun.length === 0 || !BRING_UP_VERBS.includes(startName.verb)) return [];
  if (inputsOf(start).some((i) => i.required && isIdName(i.name))) return [];
  const own = startName.noun.join(' ');
  const out: SingletonCandidate[] = [];
  const add = (key: string, naming: SingletonNaming, want: 'noun' | 'status field') => {
    for (const c of reads.get(key) ?? []) {
      if (c.op === start || c.naming !== want || out.some((o) => o.poll === c.op)) continue;
      // A read of a part of the thing (`GetServers` of the server catalog) whose status field names the whole thing.
      if (want === 'status field' && !nameOf(c.op)!.noun.every((w) => startName.noun.includes(w))) continue;
      out.push({ poll: c.op, input: { name: '', in: 'body', required: true }, naming });
    }
  };
  add(own, 'same noun', 'noun');
  add(`${own} status`, 'own status read', 'noun');
  add(`${startName.verb} ${own} status`, 'own status read', 'noun');
  add(own, 'status field', 'status field');
  return out;
}

/** How explain says what the singleton read is. */
export const singletonWhere = (c: Pick<SingletonCandidate, 'naming'>, noun: readonly string[]) =>
  `no id: it reads the account's one ${noun.join(' ')} (${c.naming === 'same noun' ? 'the same noun' : c.naming === 'own status read' ? "a read of the start's own status" : 'its status field names it'})`;
