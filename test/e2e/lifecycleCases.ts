/**
 * One row per vendor lifecycle: which fixture spec, which fake-upstream job kind and routes, how to start a job
 * with fresh arguments (fresh so that dedupe never joins a job from an earlier run on a shared store), and
 * what the cancel tool should report for a running job.
 */
import { randomUUID } from 'node:crypto';
import type { JobKind } from '../support/fakeUpstream.js';

export interface LifecycleCase {
  name: string;
  fixture: string;
  kind: JobKind;
  /** operationId of the start operation in the fixture (the start tool's `mcp-jobgen/operation`). */
  startOperationId: string;
  startRoute: string;
  pollRoute: string;
  /** Start arguments by wire-ish name (mapped onto the tool's inputs by fitArgs). */
  startArgs(): Record<string, unknown>;
  /** Outcome of cancelling a running job, or null when the contract has no cancel. */
  cancelOutcome: 'cancelling' | 'cancelled' | null;
  /** The contract puts results behind a separate operation or URL (result tool expected). */
  resultTool: boolean;
  /** Text the fake upstream puts in a succeeded job's result, to check that the real result came through. */
  resultMarker: string;
  /** The fractions done the upstream reports on the way, one per step, which the status tool must report. */
  progressSteps?: number[];
  /** False where the contract has no field that says why a job failed (the status hands over the last answer instead). */
  failureReason?: false;
}

const OPENAI_BATCHES: LifecycleCase = {
  name: 'openai-batches',
  fixture: 'fixtures/e2e/openai-batches.yaml',
  kind: 'batch',
  startOperationId: 'createBatch',
  startRoute: 'POST /batches',
  pollRoute: 'GET /batches/{batch_id}',
  startArgs: () => ({ body: { input_file_id: `file-${randomUUID()}`, endpoint: '/v1/chat/completions', completion_window: '24h' } }),
  cancelOutcome: 'cancelling',
  resultTool: false,
  resultMarker: 'file-out-',
};

export const LIFECYCLES: LifecycleCase[] = [
  OPENAI_BATCHES,
  // The same API with its Batch written as a union of one schema per status (each `const`), as OpenAPI 3.1
  // polymorphism and TypeSpec write it: before, the first alternative's `validating` was the whole vocabulary.
  { ...OPENAI_BATCHES, name: 'batches-union', fixture: 'fixtures/e2e/batches-union.yaml' },
  // The same API with its status written as a .NET enum's numeric codes, each named by `x-enumNames`: before, an
  // integer status was no status at all.
  {
    ...OPENAI_BATCHES,
    name: 'batches-coded',
    fixture: 'fixtures/e2e/batches-coded.yaml',
    startRoute: 'POST /coded/batches',
    pollRoute: 'GET /coded/batches/{batch_id}',
  },
  {
    name: 'replicate-predictions',
    fixture: 'fixtures/e2e/replicate-predictions.json',
    kind: 'prediction',
    startOperationId: 'predictions.create',
    startRoute: 'POST /predictions',
    pollRoute: 'GET /predictions/{prediction_id}',
    startArgs: () => ({ body: { version: `v-${randomUUID()}`, input: { prompt: 'a red fox' } } }),
    cancelOutcome: 'cancelled',
    resultTool: false,
    resultMarker: 'a red fox',
  },
  {
    name: 'azure-translator',
    fixture: 'fixtures/e2e/azure-translator.json',
    kind: 'translation',
    startOperationId: 'DocumentTranslation_StartTranslation',
    startRoute: 'POST /translator/batches',
    pollRoute: 'GET /translator/batches/{id}',
    startArgs: () => ({
      body: {
        inputs: [
          {
            source: { sourceUrl: `https://storage.example/src/${randomUUID()}` },
            targets: [{ targetUrl: 'https://storage.example/fr', language: 'fr' }],
          },
        ],
      },
    }),
    cancelOutcome: 'cancelling',
    resultTool: true,
    resultMarker: 'doc0.txt',
  },
  {
    name: 'azure-backup',
    fixture: 'fixtures/e2e/azure-backup.json',
    kind: 'backup',
    startOperationId: 'FullBackup',
    startRoute: 'POST /backup',
    pollRoute: 'GET /ops/{id}',
    startArgs: () => ({ body: { storageResourceUri: `https://acct.blob.example/${randomUUID()}`, token: 'sas' } }),
    cancelOutcome: null,
    resultTool: true,
    resultMarker: 'mhsm-backup-',
  },
  {
    name: 'google-tts',
    fixture: 'fixtures/e2e/google-tts.yaml',
    kind: 'operation',
    startOperationId: 'texttospeech.projects.locations.synthesizeLongAudio',
    startRoute: 'POST /v1/{parent*}:synthesizeLongAudio',
    pollRoute: 'GET /v1/{name*}',
    startArgs: () => ({
      parent: 'projects/p/locations/l',
      body: { input: { text: 'Hello' }, outputGcsUri: `gs://bucket/${randomUUID()}.wav` },
    }),
    cancelOutcome: 'cancelling',
    resultTool: false,
    resultMarker: 'gs://bucket/',
  },
  // A record that ends by a flag (Yandex Cloud-like): the create answers an `Operation {id, done}` followed at the
  // operations read, not at the instance; `done` with `error` failed, with error code 1 cancelled. Before, no family
  // polled there (the create was linked by its bare `id` to the instance read).
  {
    name: 'flag-operations',
    fixture: 'fixtures/e2e/flag-operations.yaml',
    kind: 'flagOperation',
    startOperationId: 'createInstance',
    startRoute: 'POST /compute/v1/instances',
    pollRoute: 'GET /operations/{operationId}',
    startArgs: () => ({ body: { name: `vm-${randomUUID()}`, zoneId: 'ru-central1-a' } }),
    cancelOutcome: 'cancelling',
    resultTool: false,
    resultMarker: 'fhm-instance-',
  },
  // Read only by its status and its contents (no read of the export itself), linked by a bare `id`: found by id flow
  // at the item's status read, its result the contents beside it. Before, no family.
  {
    name: 'field-exports',
    fixture: 'fixtures/e2e/field-exports.yaml',
    kind: 'export',
    startOperationId: 'postExport',
    startRoute: 'POST /v4/exports',
    pollRoute: 'GET /v4/exports/{exportId}/status',
    startArgs: () => ({ body: { contentType: 'application/vnd.field.boundary+zip', definition: { fieldId: `f-${randomUUID()}` } } }),
    cancelOutcome: null,
    resultTool: true,
    resultMarker: 'acres',
  },
  {
    name: 'matter-exports',
    fixture: 'fixtures/e2e/matter-exports.yaml',
    kind: 'matterExport',
    startOperationId: 'vault.matters.exports.create',
    startRoute: 'POST /v1/matters/{matterId}/exports',
    pollRoute: 'GET /v1/matters/{matterId}/exports/{exportId}',
    startArgs: () => ({ matterId: `m-${randomUUID()}`, body: { name: `export-${randomUUID()}`, query: { corpus: 'MAIL' } } }),
    cancelOutcome: null,
    resultTool: false,
    resultMarker: 'vault-export-bucket',
    progressSteps: [0.25, 0.75, 1],
    // Vault's Export says FAILED and nothing more.
    failureReason: false,
  },
];

/** Credentials for every fixture's security scheme, under the names the generated servers read them from. */
export function fixtureCredentials(envNames: string[]): Record<string, string> {
  return Object.fromEntries(envNames.map((name) => [name, `test-${name.toLowerCase()}`]));
}
