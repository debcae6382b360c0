/**
 * Status words that end a job though no table lists them (issue 24, the state-map measure of scripts/corpus):
 * negated up words and faults (src/detect/status/faultWords.ts), the bare verb of an ending participle
 * (verbForms.ts), a gone thing that is no work done (stateWords.ts `soleParticipleSuccess`), and a job resource that
 * names no status at all (readsAnEnd.ts). Each with its near miss.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { faultState } from '../../../src/detect/status/faultWords.js';
import { judgeLifecycle, readStateWord, soleParticipleSuccess, toCanonicalState } from '../../../src/detect/status/stateWords.js';
import { upEndsWork } from '../../../src/detect/status/upEndsWork.js';
import { bareVerbEntry } from '../../../src/detect/status/verbForms.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import type { CanonicalState } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

describe('a negated up word or a fault ends the work badly', () => {
  const rows: Array<[string, CanonicalState]> = [
    // Negations of a table word that says the thing is up or the work ended well.
    ['INACTIVE', 'failed'],
    ['UNAVAILABLE', 'failed'],
    ['Unhealthy', 'failed'],
    ['unsuccessful', 'failed'],
    ['DEAUTHORIZED', 'failed'],
    // The antonym prefixes of the same words.
    ['DISABLED', 'failed'],
    ['OFFLINE', 'failed'],
    ['OutOfService', 'failed'],
    // Faults and denials.
    ['MISCONFIGURED', 'failed'],
    ['Impaired', 'failed'],
    ['Inoperable', 'failed'],
    ['incompatible-network', 'failed'],
    ['INACCESSIBLE_ENCRYPTION_KEY', 'failed'],
    ['no-permission', 'failed'],
    ['topic-not-exist', 'failed'],
    ['NOT_FOUND', 'failed'],
    ['Exception', 'failed'],
    ['UNSUPPORTED_ENVIRONMENT', 'failed'],
    // A fault itself: CodeBuild's `FAULT` (the build failed by the service's fault), `Faulted`.
    ['FAULT', 'failed'],
    ['Faulted', 'failed'],
    // Near miss: `default` holds the letters of a fault and is none; `NotFaulted` says the thing is healthy.
    ['DEFAULT', 'running'],
    ['NotFaulted', 'running'],
    // Near miss: `not` says "not yet", no negation of a state.
    ['NOT_READY', 'running'],
    ['notProvisioned', 'running'],
    // Near miss: `un-` before a participle says "not yet" too; `unstarted` work has not begun.
    ['unstarted', 'running'],
    // Near miss: a prefix before a word that is no up word (`inbox`, `degraded` keeps its default).
    ['INBOX', 'running'],
    ['Degraded', 'running'],
    // Near miss: Microsoft Graph's evolvable-enum sentinel is no fault, whatever its first word.
    ['UnsupportedFutureValue', 'running'],
  ];
  it.each(rows)('%s → %s', (word, state) => {
    expect(toCanonicalState(word)).toBe(state);
  });

  it('maps only: a fault is never a known lifecycle word, so it makes no family', () => {
    expect(readStateWord('INACTIVE')).toMatchObject({ state: 'failed', known: false });
    expect(faultState('inactive', () => false)).toBeNull();
  });

  it('reads a fault before a compound: MISCONFIGURED_UNAVAILABLE is no AVAILABLE', () => {
    expect(readStateWord('MISCONFIGURED_UNAVAILABLE').state).toBe('failed');
    // Near miss: the compound alone still reads its table word.
    expect(readStateWord('PARTIALLY_AVAILABLE')).toMatchObject({ state: 'running', known: true });
  });

  it('ends a provisioning lifecycle at a negated steady word instead of polling on', () => {
    const j = judgeLifecycle(['CREATING', 'ACTIVE', 'INACTIVE', 'FAILED']);
    expect(j.kind).toBe('provisioning');
    expect(j.kind !== null && j.states).toEqual({ CREATING: 'running', ACTIVE: 'succeeded', INACTIVE: 'failed', FAILED: 'failed' });
  });
});

describe('the bare verb of an ending participle', () => {
  it.each([
    ['SUCCEED', 'succeeded'],
    ['FAIL', 'failed'],
    ['CANCEL', 'cancelled'],
    ['ABORT', 'cancelled'],
  ] as const)('%s → %s, known as the participle is', (word, state) => {
    expect(readStateWord(word)).toMatchObject({ state, known: true });
  });

  it('near miss: the bare verb of a word that is not an end (`START`, `CREATE`) is left alone', () => {
    expect(bareVerbEntry('start', (w) => (w === 'started' ? { state: 'running' as const } : null))).toBeNull();
    expect(readStateWord('CREATE').known).toBe(false);
  });

  it('makes Amplify-shaped jobs a job whose RUNNING runs, not a provisioning whose RUNNING is success', () => {
    const j = judgeLifecycle(['PENDING', 'PROVISIONING', 'RUNNING', 'FAILED', 'SUCCEED', 'CANCELLING', 'CANCELLED']);
    expect(j.kind).toBe('job');
    expect(j.kind !== null && j.states.RUNNING).toBe('running');
    expect(j.kind !== null && j.states.SUCCEED).toBe('succeeded');
  });
});

describe('a thing gone is no work done', () => {
  const known = (v: string) => ['Pending', 'Failed'].includes(v);
  it('a sole unknown participle is the success', () => {
    const states = { Pending: 'queued', Failed: 'failed', Merged: 'running' } as const;
    expect(soleParticipleSuccess(['Pending', 'Failed', 'Merged'], { ...states }, known)).toBe('Merged');
  });
  it('near miss: `Deleted` is the thing removed, not the work done', () => {
    const states = { Pending: 'queued', Failed: 'failed', Deleted: 'running' } as const;
    expect(soleParticipleSuccess(['Pending', 'Failed', 'Deleted'], { ...states }, known)).toBeNull();
  });
});

describe('a job resource found by its shape must name a status', () => {
  // Microcks' `ImportJob`: `POST /jobs` creates it, `GET /jobs/{id}` reads it, `PUT /jobs/{id}/stop` stops it.
  const families = (props: Record<string, JsonSchema>) => {
    const item = obj({ id: { type: 'string' }, name: { type: 'string' }, ...props });
    const id = [createParameter('id', 'path', { required: true })];
    const ops = [
      createOperation('POST', '/jobs', {
        operationId: 'CreateImportJob',
        requestBody: createRequestBody(item),
        responses: [createResponse('201', { schema: item })],
      }),
      createOperation('GET', '/jobs/{id}', {
        operationId: 'GetImportJob',
        parameters: id,
        responses: [createResponse('200', { schema: item })],
      }),
      createOperation('PUT', '/jobs/{id}/stop', {
        operationId: 'StopImportJob',
        parameters: id,
        responses: [createResponse('200', { schema: item })],
      }),
    ];
    return detectJobs(createModel(ops)).families.map((f) => ({ start: f.start.map((s) => s.op.operationId), statusField: f.statusField }));
  };

  it('a scheduled definition with no status (`active`, `lastImportDate`) is no family: nothing could end it', () => {
    expect(families({ active: { type: 'boolean' }, lastImportDate: { type: 'string', format: 'date-time' } })).toEqual([]);
  });

  it('near miss: the same resource with a job status is a family', () => {
    expect(families({ status: str(['queued', 'running', 'succeeded', 'failed']) })).toEqual([
      { start: ['CreateImportJob'], statusField: 'status' },
    ]);
  });
});

describe('created is a step where another word says the thing is up', () => {
  const rows: Array<[string, string[], Record<string, CanonicalState>]> = [
    [
      'Created beside Available (codespaces, FSx volumes): the record exists, the thing is not up yet',
      ['Creating', 'Created', 'Available', 'Failed'],
      { Creating: 'running', Created: 'queued', Available: 'succeeded', Failed: 'failed' },
    ],
    [
      'near miss: CREATED alone among the steady words ends the create (SageMaker images)',
      ['CREATING', 'CREATED', 'CREATE_FAILED'],
      { CREATING: 'running', CREATED: 'succeeded', CREATE_FAILED: 'failed' },
    ],
    [
      'near miss: a change listed under way, done and failed (Updating, Updated, UpdateFailed) follows its own call',
      ['Creating', 'Created', 'Updating', 'UpdateFailed', 'Updated', 'Failed'],
      { Creating: 'running', Created: 'succeeded', Updating: 'running', UpdateFailed: 'failed', Updated: 'succeeded', Failed: 'failed' },
    ],
    [
      'near miss: beside a run cycle only (EMR Serverless: started by its own call), CREATED ends the create',
      ['CREATING', 'CREATED', 'STARTING', 'STARTED', 'STOPPING', 'STOPPED'],
      { CREATING: 'running', CREATED: 'succeeded', STARTING: 'queued', STARTED: 'succeeded', STOPPING: 'running', STOPPED: 'cancelled' },
    ],
  ];
  it.each(rows)('%s', (_name, values, states) => {
    const j = judgeLifecycle(values);
    expect(j.kind).toBe('provisioning');
    expect(j.kind !== null && j.states).toEqual(states);
  });

  // Directory Service trusts: created, then verified; a step with a failure of its own is work the create waits for.
  const TRUST = [
    'Creating',
    'Created',
    'Verifying',
    'VerifyFailed',
    'Verified',
    'Updating',
    'UpdateFailed',
    'Updated',
    'Deleting',
    'Deleted',
    'Failed',
  ];
  const trust = (values: string[]) => {
    const ops = [
      rpc('CreateTrust', obj({ DirectoryId: str() }, ['DirectoryId']), obj({ TrustId: str() })),
      rpc('DescribeTrust', obj({ TrustId: str() }, ['TrustId']), obj({ Trust: obj({ TrustId: str(), TrustState: str(values) }) })),
    ];
    return detectJobs(createModel(ops)).families.map((f) => f.states);
  };
  it('Created before a step that can fail on its own (Verifying, Verified, VerifyFailed) is not the end', () => {
    expect(trust(TRUST)).toEqual([expect.objectContaining({ Created: 'queued', Verifying: 'running', Verified: 'succeeded' })]);
  });
  it('near miss: without the step, Created ends the create', () => {
    const values = TRUST.filter((v) => !v.startsWith('Verif'));
    expect(trust(values)).toEqual([expect.objectContaining({ Created: 'succeeded' })]);
  });
});

describe('a roll-back in any inflection, and a thing gone', () => {
  it.each([
    ['ROLLED_BACK', 'failed'],
    ['RollingBack', 'running'],
    ['ROLLING_BACK', 'running'],
    ['UPDATE_ROLLBACK_COMPLETE', 'failed'],
    ['UPDATE_ROLLBACK_IN_PROGRESS', 'running'],
    // A thing gone has ended, by someone's hand.
    ['Deleted', 'cancelled'],
    ['DECOMMISSIONED', 'cancelled'],
    // Near miss: a tear-down under way is still under way, and `roll` alone is no roll-back.
    ['DELETING', 'running'],
    ['ROLLOUT_COMPLETE', 'succeeded'],
  ] as const)('%s → %s', (word, state) => {
    expect(readStateWord(word).state).toBe(state);
  });
});

describe('the work of a bring-up word done', () => {
  const rows: Array<[string, string[], Record<string, CanonicalState> | null]> = [
    [
      'ACTIVATED beside ACTIVATING (Glue triggers) is up: success, not a value polled on',
      ['CREATING', 'CREATED', 'ACTIVATING', 'ACTIVATED', 'DEACTIVATING', 'DEACTIVATED', 'DELETING'],
      {
        CREATING: 'running',
        CREATED: 'succeeded',
        ACTIVATING: 'running',
        ACTIVATED: 'succeeded',
        DEACTIVATING: 'running',
        // Near miss: a reversal's gerund is no table word, so its participle is not read as up.
        DEACTIVATED: 'running',
        DELETING: 'failed',
      },
    ],
    [
      'near miss: a participle whose gerund is not listed is left alone',
      ['CREATING', 'AVAILABLE', 'UPDATED'],
      { CREATING: 'running', AVAILABLE: 'succeeded', UPDATED: 'running' },
    ],
  ];
  it.each(rows)('%s', (_name, values, states) => {
    const j = judgeLifecycle(values);
    expect(j.kind !== null && j.states).toEqual(states);
  });

  it('near miss: it maps only, it makes no provisioning lifecycle of its own', () => {
    expect(judgeLifecycle(['UPDATING', 'UPDATED', 'UPDATE_FAILED']).kind).toBeNull();
  });
});

describe('a part done, a thing replaced, dead or shut down has ended (endedWords.ts)', () => {
  const rows: Array<[string, CanonicalState]> = [
    // The work stopped with part of it done (AWS Backup, Chime orders, SMS): not the whole result.
    ['PARTIAL', 'failed'],
    ['Partial', 'failed'],
    ['PARTIALLY_REPLICATED', 'failed'],
    ['PARTIALLY_LAUNCHED', 'failed'],
    // Replaced or withdrawn by someone's decision (CodePipeline, CloudFormation change sets, Image Builder).
    ['Superseded', 'cancelled'],
    ['OBSOLETE', 'cancelled'],
    ['DEPRECATED', 'cancelled'],
    // Dead (Jira tasks) and gRPC's deadline.
    ['DEAD', 'failed'],
    ['DEADLINE_EXCEEDED', 'failed'],
    // Shut down by hand, as `stopped`.
    ['Shutdown', 'cancelled'],
    ['SHUT_OFF', 'cancelled'],
    // Near miss: work still going in part, or a shutdown under way, is a gerund.
    ['PARTIALLY_PROCESSING', 'running'],
    ['SHUTTING_DOWN', 'running'],
    // Near miss: a part done that the table's tail reads first stays a success.
    ['PARTIALLY_COMPLETED', 'succeeded'],
    // Near miss: the stem must start the word (`UNDEAD`, `NON_PARTIAL` are no end), and `partially` needs a participle.
    ['UNDEAD', 'running'],
    ['NON_PARTIAL', 'running'],
    ['PARTIALLY_AVAILABLE', 'running'],
    // Near miss: an unknown word is running for a reason: a value we cannot read must not end a job early.
    ['UNKNOWN', 'running'],
  ];
  it.each(rows)('%s → %s', (value, state) => {
    expect(readStateWord(value).state).toBe(state);
  });
  it('maps only: the words are no known lifecycle words and make no family', () => {
    for (const value of ['PARTIAL', 'Superseded', 'DEAD', 'Shutdown']) expect(readStateWord(value).known).toBe(false);
    expect(judgeLifecycle(['PARTIAL', 'DEAD', 'OBSOLETE']).kind).toBeNull();
  });
  it('a job lifecycle ends on them instead of polling until it expires', () => {
    const j = judgeLifecycle(['CREATED', 'PENDING', 'RUNNING', 'COMPLETED', 'PARTIAL', 'FAILED', 'ABORTED', 'EXPIRED']);
    expect(j.kind).toBe('job');
    if (j.kind !== null) expect(j.states.PARTIAL).toBe('failed');
  });
});

describe('a job that names no success ends when what it brings up is up', () => {
  // DigitalOcean app deployments: built, deployed, then live.
  const PHASES = ['UNKNOWN', 'PENDING_BUILD', 'BUILDING', 'PENDING_DEPLOY', 'DEPLOYING', 'ACTIVE', 'SUPERSEDED', 'ERROR', 'CANCELED'];
  const mapOf = (values: string[]) => Object.fromEntries(values.map((v) => [v, readStateWord(v).state]));
  it.each<[string, string[], Record<string, CanonicalState>]>([
    ['a deployment live', PHASES, { DEPLOYING: 'running', ACTIVE: 'succeeded', ERROR: 'failed' }],
    // Near misses: a run cycle's word is no end, and a success already named stays the only one.
    ['a batch job running, its success left out', ['SUBMITTED', 'STARTING', 'RUNNING', 'FAILED'], { RUNNING: 'running' }],
    ['ACTIVE beside a completion word', ['PENDING', 'ACTIVE', 'COMPLETED', 'FAILED'], { ACTIVE: 'running', COMPLETED: 'succeeded' }],
  ])('%s', (_name, values, expected) => expect(upEndsWork(mapOf(values))).toMatchObject(expected));

  it('detection: the deployment a POST makes ends when it is live', () => {
    const app = createParameter('app_id', 'path', { required: true });
    const id = createParameter('deployment_id', 'path', { required: true });
    const deployment = obj({ deployment: obj({ id: str(), phase: str(PHASES) }) });
    const ops = [
      createOperation('POST', '/v2/apps/{app_id}/deployments', {
        operationId: 'apps_create_deployment',
        parameters: [app],
        responses: [createResponse('200', { schema: deployment })],
      }),
      createOperation('GET', '/v2/apps/{app_id}/deployments/{deployment_id}', {
        operationId: 'apps_get_deployment',
        parameters: [app, id],
        responses: [createResponse('200', { schema: deployment })],
      }),
      createOperation('POST', '/v2/apps/{app_id}/deployments/{deployment_id}/cancel', {
        operationId: 'apps_cancel_deployment',
        parameters: [app, id],
        responses: [createResponse('200', { schema: deployment })],
      }),
    ];
    const families = detectJobs(createModel(ops)).families;
    expect(families.map((f) => f.states)).toEqual([expect.objectContaining({ DEPLOYING: 'running', ACTIVE: 'succeeded' })]);
    // Explain says why ACTIVE ends it (buildFamily.ts).
    expect(families[0]!.evidence).toContain(
      '`ACTIVE` ends the work well: no other value of `deployment.phase` says it did, and the thing it brings up is up',
    );
  });
});
