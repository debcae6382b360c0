/**
 * `created` beside a word that says the thing is up (`Created` and `Available`: GitHub codespaces; `CREATED` and
 * `AVAILABLE`: FSx volumes; `Created` and `Active`: Directory Service regions, Graph admin relationships) says only
 * that the record exists: the thing is still being brought up, and a provisioning family that calls it success ends
 * the job while the resource is not usable yet. It keeps its table state (queued) there. Alone among the steady
 * words (`CREATING → CREATED`: SageMaker images, Rekognition projects, Route 53 Resolver query-log configs), or beside
 * only a run cycle's words (`STARTED`/`RUNNING`, which a separate start call brings: EMR Serverless applications are
 * `CREATED`, then started on demand), it is the end of the create.
 */

/** Steady words that say a thing is up for use, not only recorded, nor running a cycle its own call starts. */
const UP = new Set(['available', 'active', 'inservice', 'ready', 'enabled', 'online', 'operational', 'healthy', 'deployed', 'provisioned']);

/** The `created` values of a provisioning lifecycle's steady words that are a step before another says it is up. */
export function createdBeforeUp(steady: readonly string[]): Set<string> {
  // Normalized as stateWords.ts does (a leaf: stateWords imports this file).
  const words = steady.map((v) => [v, v.toLowerCase().replace(/[^a-z0-9]/g, '')] as const);
  if (!words.some(([, n]) => UP.has(n))) return new Set();
  return new Set(words.filter(([, n]) => n === 'created').map(([v]) => v));
}
