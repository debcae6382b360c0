/**
 * `npm run corpus:runs`: do the families found on real contracts RUN? For each picked labelled start (issue 24's
 * labels, fixtures/corpus/labels/), the spec is generated with the real CLI and compiled with the compiler it
 * pins, a fake upstream is built from the contract itself (test/support/contractFake.ts: answers sampled from the
 * operation's schemas, the label's status field walked from its in-progress values to a success value), and the
 * family is driven through the MCP client (runFamily.ts): start, poll to the end, cancel. One server per spec.
 *
 * Flags: --set awsJobs|awsProvisioning|genericJobs, --every <k> (every k-th labelled start, in label order),
 * --offset <o>, --only <spec substring>, --trace (one line per family with the values it saw),
 * --spec <path> --labels <file> (a spec outside the directory, labelled in the labels' shape: the CI test's),
 * --rewrite <name> (each spec said another way first, by a metamorphic rewrite that keeps its paths: `swagger2` runs
 * the servers generated from the Swagger 2.0 form). Results go to .tmp/corpus-runs.json. Not part of CI; test/e2e/corpusRuns.test.ts runs a few specs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDocument } from '../../src/load/index.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { keyOf, startContractFake, type TrackedFamily } from '../../test/support/contractFake.js';
import { FAKE_AWS_KEYS } from '../../test/support/fakeAws.js';
import { credentialEnvNames, generateServer, REPO_ROOT } from '../../test/support/generateServer.js';
import { type Connected, connectStdio } from '../../test/support/mcpHarness.js';
// The repo root found by walking up (generateServer.ts), right both compiled under dist/ and run from source by vitest.
import { apiRoot, flag, only } from './corpusArgs.js';
import { LABEL_SETS, type LabelledStart, type LabelSet, readLabels } from './labelScore.js';
import { type Json, PATH_MOVING, TRANSFORMS, type TransformName } from './metamorphicTransforms.js';
import { ELSEWHERE, type FamilyRun, OTHER_STATUS, OTHER_VOCABULARY, RUN_OUTCOMES, runFamily, vocabularyWalk, walkOf } from './runFamily.js';

export interface PickedStart {
  set: LabelSet;
  spec: string;
  label: LabelledStart;
}

export interface SpecRuns {
  spec: string;
  runs: Array<PickedStart & { run: FamilyRun }>;
}

const [accessKeyId, secretAccessKey] = Object.entries(FAKE_AWS_KEYS)[0]!;
const OUT = path.join(REPO_ROOT, '.tmp', 'corpus-runs');

/** Generates, starts and drives every picked start of one spec; a failure to get that far is each start's error. */
export async function runSpec(file: string, absolute: string, picked: PickedStart[], name: string, baseDir = OUT): Promise<SpecRuns> {
  const fail = (detail: string): SpecRuns => ({
    spec: file,
    runs: picked.map((p) => ({ ...p, run: { outcome: 'error', detail, seen: [] } })),
  });
  const loaded = await loadDocument(absolute);
  if (!loaded.ok) return fail('load failed');
  const { model } = normalizeModel(loaded);
  const tracked: TrackedFamily[] = picked.map(({ label }) => {
    const { walk, cancelValue } = walkOf(label);
    return {
      start: label,
      poll: label.poll,
      statusPath: label.statusField?.path ?? 'status',
      walk,
      ...(cancelValue ? { cancelValue } : {}),
    };
  });
  const fake = await startContractFake(model, tracked, { vocabularyWalk });
  let conn: Connected | undefined;
  try {
    const server = await generateServer(path.relative(REPO_ROOT, absolute), name, [], baseDir).catch((e: unknown) => e as Error);
    if (server instanceof Error) return fail(`generate: ${server.message.slice(0, 300)}`);
    const env: Record<string, string> = {
      API_BASE_URL: fake.url,
      JOB_STORE_URL: path.join(mkdtempSync(path.join(tmpdir(), 'mcp-jobgen-runs-')), 'jobs.sqlite'),
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_REGION: 'eu-west-1',
      // Big APIs start in dynamic mode, where a start goes through call_operation: list the job tools themselves.
      MCP_TOOL_MODE: 'static',
      MCP_TOOLSETS: 'jobs',
    };
    for (const envName of await credentialEnvNames(server)) env[envName] ??= 'run-sweep-credential';
    conn = await connectStdio(server, env);
    const runs: SpecRuns['runs'] = [];
    for (const [i, p] of picked.entries()) {
      const pollKey = keyOf(p.label.poll.method, p.label.poll.path);
      const seen = {
        mark: () => fake.requests.length,
        seen: (since: number) => fake.requests.slice(since).some((r) => r.key === pollKey),
        otherEnds: () => fake.state(i).otherEnds,
        fieldEnds: () => fake.state(i).fieldEnds,
      };
      const run = await runFamily(conn, p.label, `${name}-${i}`, seen);
      runs.push({ ...p, run });
    }
    rmSync(server.dir, { recursive: true, force: true });
    return { spec: file, runs };
  } catch (error) {
    return fail(`${String(error).slice(0, 300)} ${conn?.stderr().slice(-300) ?? ''}`);
  } finally {
    await conn?.close();
    await fake.close();
  }
}

/** Labelled starts in label order (sets in LABEL_SETS order), every k-th from the offset. */
export function pickStarts(sets: readonly LabelSet[], every: number, offset: number, specPart: string): PickedStart[] {
  const labels = readLabels(path.join(REPO_ROOT, 'fixtures', 'corpus', 'labels'));
  const all = sets.flatMap((set) => labels[set].flatMap((s) => s.starts.map((label) => ({ set, spec: s.spec, label }))));
  return all.filter((p, i) => i >= offset && (i - offset) % every === 0 && p.spec.includes(specPart));
}

function table(results: SpecRuns[]): string[] {
  const lines: string[] = [];
  for (const set of LABEL_SETS) {
    const runs = results.flatMap((r) => r.runs).filter((r) => r.set === set);
    if (runs.length === 0) continue;
    const count = (o: string) => runs.filter((r) => r.run.outcome === o).length;
    const cancels = runs.filter((r) => r.run.cancel === 'cancelled' || r.run.cancel === 'not cancelled' || r.run.cancel === 'error');
    const apart = [ELSEWHERE, OTHER_VOCABULARY, OTHER_STATUS]
      .map((d) => [runs.filter((r) => r.run.outcome === 'ran' && r.run.detail === d).length, d] as const)
      .filter(([n]) => n > 0)
      .map(([n, d]) => `${n} ${d}`);
    const told = (o: string) => (o === 'ran' && apart.length > 0 ? `ran ${count(o)} (${apart.join(', ')})` : `${o} ${count(o)}`);
    lines.push(
      `  ${set}: ${runs.length} starts: ${RUN_OUTCOMES.map(told).join(', ')}; cancels ${cancels.filter((r) => r.run.cancel === 'cancelled').length}/${cancels.length}`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const every = Math.max(1, Number(flag('--every', '1')));
  const offset = Math.max(0, Number(flag('--offset', '0')));
  const setFlag = flag('--set', '');
  const sets = setFlag ? LABEL_SETS.filter((s) => s === setFlag) : LABEL_SETS;
  const trace = process.argv.includes('--trace');
  const rewriteName = flag('--rewrite', '') as TransformName | '';
  if (rewriteName !== '' && (!Object.hasOwn(TRANSFORMS, rewriteName) || PATH_MOVING.includes(rewriteName)))
    throw new Error(
      `--rewrite: ${rewriteName} is no rewrite that keeps the paths (${Object.keys(TRANSFORMS)
        .filter((n) => !PATH_MOVING.includes(n as TransformName))
        .join(', ')})`,
    );
  const picked = pickStarts(sets, every, offset, only);
  const bySpec = new Map<string, PickedStart[]>();
  for (const p of picked) bySpec.set(p.spec, [...(bySpec.get(p.spec) ?? []), p]);
  mkdirSync(OUT, { recursive: true });
  const started = performance.now();
  const results: SpecRuns[] = [];
  for (const [k, [spec, starts]] of [...bySpec].entries()) {
    let absolute = path.join(apiRoot, spec);
    if (rewriteName !== '') {
      // Under the repo: the generator is run on a path relative to it (generateServer.ts).
      const rewritten = path.join(OUT, `rewrite-${k}.json`);
      const parsed = JSON.parse(readFileSync(absolute, 'utf8')) as Json;
      writeFileSync(rewritten, JSON.stringify(TRANSFORMS[rewriteName](parsed, { file: spec, seed: 1 })));
      absolute = rewritten;
    }
    const result = await runSpec(spec, absolute, starts, `run-${k}`);
    results.push(result);
    for (const r of result.runs) {
      const c = r.run.cancel ? `; cancel ${r.run.cancel}${r.run.cancelDetail ? ` ${r.run.cancelDetail}` : ''}` : '';
      if (trace || r.run.outcome !== 'ran')
        process.stderr.write(
          `corpus:runs: ${r.set} ${spec} ${r.label.operationId}: ${r.run.outcome} ${r.run.detail} [${r.run.seen.join(' → ')}]${c}\n`,
        );
    }
  }
  writeFileSync(path.join(REPO_ROOT, '.tmp', 'corpus-runs.json'), `${JSON.stringify(results, null, 1)}\n`);
  console.log(
    [
      `corpus runs: ${picked.length} labelled starts of ${bySpec.size} specs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      ...table(results),
    ].join('\n'),
  );
}

if (process.argv[1]?.endsWith('runSweep.js')) await main();
