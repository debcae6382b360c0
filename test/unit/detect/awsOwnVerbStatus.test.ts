/**
 * A provisioning status that names the start's own verb under way (`ImportHubContent` → `Importing` → `Available`)
 * says the resource is being brought up by this very call (src/detect/idflow/idFlowJobs.ts `namesVerb`), as `CREATING`
 * does for a create. It counts only while the verb done, if listed (`COPIED`), reads as the success.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const hub = (verb: string, states: string[]) => [
  rpc(`${verb}HubContent`, obj({ HubContentName: str(), Document: str() }, ['HubContentName', 'Document']), obj({ HubContentArn: str() })),
  rpc(
    'DescribeHubContent',
    obj({ HubContentName: str() }, ['HubContentName']),
    obj({ HubContentName: str(), HubContentStatus: str(states) }),
  ),
];

describe("a status naming the start's own verb under way", () => {
  it('brings the resource up: the start is a job', () => {
    const d = summarize(detectJobs(createModel(hub('Import', ['Available', 'Importing', 'Deleting', 'ImportFailed', 'DeleteFailed']))));
    expect(d.map((f) => [f.start, f.poll])).toEqual([[['ImportHubContent'], 'DescribeHubContent']]);
  });

  it.each([
    ['another verb under way', 'Import', ['Available', 'Exporting', 'Deleting', 'ExportFailed']],
    // Without `CopyFailed` nothing says `Copied` ends the copy (lifecycleGaps.ts withStepEnds reads it so beside it).
    ['the verb done listed but not read as the success', 'Copy', ['Available', 'Copying', 'Copied', 'DeleteFailed']],
  ])('near miss: %s is no evidence', (_, verb, states) => {
    expect(summarize(detectJobs(createModel(hub(verb, states))))).toEqual([]);
  });

  it('the verb done read as the success once the step can fail: the start is a job', () => {
    const d = detectJobs(createModel(hub('Copy', ['Available', 'Copying', 'Copied', 'CopyFailed'])));
    expect(summarize(d).map((f) => [f.start, f.poll])).toEqual([[['CopyHubContent'], 'DescribeHubContent']]);
    expect(d.families[0]!.states).toMatchObject({ Copying: 'running', Copied: 'succeeded', CopyFailed: 'failed' });
  });
});

describe('Initializing before a steady word', () => {
  const workforce = (verb: string) => [
    rpc(`${verb}Workforce`, obj({ WorkforceName: str() }, ['WorkforceName']), obj({ WorkforceArn: str() })),
    rpc(
      'DescribeWorkforce',
      obj({ WorkforceName: str() }, ['WorkforceName']),
      obj({ Workforce: obj({ WorkforceName: str(), Status: str(['Initializing', 'Updating', 'Deleting', 'Failed', 'Active']) }) }),
    ),
  ];
  it('is a resource being brought up by a create', () => {
    const d = detectJobs(createModel(workforce('Create')));
    expect(d.families.map((f) => [f.kind, f.states])).toEqual([
      ['provisioning', { Initializing: 'queued', Updating: 'running', Deleting: 'failed', Failed: 'failed', Active: 'succeeded' }],
    ]);
  });
  it('near miss: an update brings nothing up', () => {
    expect(detectJobs(createModel(workforce('Update'))).families).toEqual([]);
  });
});
