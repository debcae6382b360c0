/**
 * `created` beside a word that says the thing is up (`Created` and `Available`: GitHub codespaces; `CREATED` and
 * `AVAILABLE`: FSx volumes; `Created` and `Active`: Directory Service regions, Graph admin relationships) says only
 * that the record exists: the thing is still being brought up, and a provisioning family that calls it success ends
 * the job while the resource is not usable yet. It keeps its table state (queued) there. Alone among the steady
 * words (`CREATING → CREATED`: SageMaker images, Rekognition projects, Route 53 Resolver query-log configs), or beside
 * only a run cycle's words (`STARTED`/`RUNNING`, which a separate start call brings: EMR Serverless applications are
 * `CREATED`, then started on demand), it is the end of the create.
 */

import { nameTokens } from '../read/nameTokens.js';
import { verbNouns } from '../read/verbNouns.js';
import { CHANGE_VERBS } from './changeVerbs.js';
import { pastParticiples } from './participles.js';

/** Steady words that say a thing is up for use, not only recorded, nor running a cycle its own call starts. */
export const UP_WORDS: ReadonlySet<string> = new Set([
  'available',
  'active',
  'inservice',
  'ready',
  'enabled',
  'online',
  'operational',
  'healthy',
  'deployed',
  'provisioned',
  'up',
]);

/** The create itself, and the verbs that run a thing made apart (their phase is startVerbEnds.ts's): no step after it. */
const NO_STEP = new Set(['create', 'start', 'activate']);

/**
 * The verb of a step the thing goes through once created, listed under way, done and failed (`Verifying`,
 * `Verified`, `VerifyFailed`: Directory Service trusts are verified after they are created), which neither changes
 * nor removes what exists; else null. A step that can fail on its own is work the create waits for; a verb listed
 * only under way and done (`ACTIVATING`, `ACTIVATED`: a Glue trigger activated on demand) may never come.
 */
export function stepAfterCreate(values: readonly string[]): string | null {
  const normed = new Set(values.map((v) => v.toLowerCase().replace(/[^a-z0-9]/g, '')));
  for (const v of values) {
    const tokens = nameTokens(v);
    if (tokens.length !== 2 || !tokens.includes('failed')) continue;
    const verb = tokens[0] === 'failed' ? tokens[1]! : tokens[0]!;
    if (NO_STEP.has(verb) || CHANGE_VERBS.includes(verb)) continue;
    const underWay = verbNouns(verb).some((f) => f.endsWith('ing') && normed.has(f));
    if (underWay && pastParticiples(verb).some((f) => normed.has(f))) return verb;
  }
  return null;
}

/**
 * The `created` values of a provisioning lifecycle's steady words that are a step before another says it is up, or
 * before a step of its own among `values` (stepAfterCreate).
 */
export function createdBeforeUp(steady: readonly string[], values: readonly string[] = []): Set<string> {
  // Normalized as stateWords.ts does (a leaf: stateWords imports this file).
  const words = steady.map((v) => [v, v.toLowerCase().replace(/[^a-z0-9]/g, '')] as const);
  if (!words.some(([, n]) => UP_WORDS.has(n)) && stepAfterCreate(values) === null) return new Set();
  return new Set(words.filter(([, n]) => n === 'created').map(([v]) => v));
}
