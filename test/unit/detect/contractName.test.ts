/**
 * Names of operations without an operationId (contractName.ts, issue 24): read from the method and path by
 * RFC 9110's semantics, or from a summary that reads as verb + object. An operationId, when there is one, names the
 * operation as before.
 */
import { describe, expect, it } from 'vitest';
import { operationName } from '../../../src/detect/read/operationNames.js';
import { createOperation } from '../../../src/model/factories.js';
import type { HttpMethod } from '../../../src/model/ir.js';

const nameOf = (method: HttpMethod, path: string, fields: { operationId?: string; summary?: string } = {}) => {
  const n = operationName(createOperation(method, path, fields));
  return n ? `${n.verb}|${n.noun.join(' ')}${n.from ? ` (${n.from})` : ''}` : null;
};

describe('the name a path gives', () => {
  const table: Array<[HttpMethod, string, string | null]> = [
    // A POST to a collection creates (RFC 9110 §9.3.3); the noun is the collection's, singular; a version is no noun.
    ['POST', '/v1/jobs', 'create|job (path)'],
    ['POST', '/projects/{id}/exports', 'create|export (path)'],
    ['POST', '/history_exports', 'create|history export (path)'],
    // A GET of a collection lists, of an item reads; DELETE deletes, PATCH updates, PUT puts.
    ['GET', '/jobs', 'list|job (path)'],
    ['GET', '/jobs/{id}', 'get|job (path)'],
    ['DELETE', '/jobs/{id}', 'delete|job (path)'],
    ['PATCH', '/jobs/{id}', 'update|job (path)'],
    ['PUT', '/repos/{owner}/{repo}/import', 'import|repo (path)'],
    // PUT creates or replaces (§9.3.4): the path does not say which.
    ['PUT', '/jobs/{id}', null],
    // The static segments before a collection qualify its noun: a terminal's refunds are not `/refunds`.
    ['POST', '/v2/terminals/refunds', 'create|terminal refund (path)'],
    ['GET', '/v2/terminals/refunds/{refund_id}', 'get|terminal refund (path)'],
    ['GET', '/v2/refunds/{refund_id}', 'get|refund (path)'],
    // A part of an item read by GET names the item first.
    ['GET', '/jobs/{id}/status', 'get|job status (path)'],
    // A segment that starts with a verb is an action on what it is under.
    ['POST', '/jobs/{id}/cancel', 'cancel|job (path)'],
    ['POST', '/projects/{id}/launch', 'launch|project (path)'],
    ['POST', '/check-suites/{check_suite_id}/rerequest', 'request|check suite (path)'],
    ['POST', '/containers/create', 'create|container (path)'],
    // A POST is not safe: a read word in its path names what is posted to, and the path alone does not say what
    // a POST to it does (`POST /jobs/describe`, Midjourney's describe command; `POST /persons/{id}/invitation`).
    ['POST', '/jobs/describe', null],
    ['POST', '/spaces/{spaceId}/persons/{id}/invitation', null],
    ['POST', '/jobs/{id}', null],
    // A phrase is no collection's name (Hetzner's `POST /firewalls/{id}/actions/apply_to_resources`).
    ['POST', '/firewalls/{id}/actions/apply_to_resources', null],
    ['GET', '/', null],
  ];
  it.each(table)('%s %s → %s', (method, path, expected) => {
    expect(nameOf(method, path)).toBe(expected);
  });
});

describe('the name a summary gives', () => {
  // `POST /widget`: a POST to no collection, which the path does not name.
  const table: Array<[string, string | null]> = [
    ['Create an export job for a project', 'create|export job (summary)'],
    ['Get the status of a job', 'get|job status (summary)'],
    ['Cancels a job', 'cancel|job (summary)'],
    ['Retrieves the list of jobs. Paged.', 'retrieve|job list (summary)'],
    ['Start a new sync', 'start|sync (summary)'],
    // No verb first: no name.
    ['Job status', null],
  ];
  it.each(table)('%s → %s', (summary, expected) => {
    expect(nameOf('POST', '/widget', { summary })).toBe(expected);
  });
});

describe('a summary read by its grammar', () => {
  const table: Array<[HttpMethod, string, string, string | null]> = [
    // A hyphenated "Re-run" is one verb, as operationNames.ts joins `re-run-job`: run again.
    ['POST', '/widget', 'Re-run a job from a workflow run', 'run|job (summary)'],
    // A determiner after the first word opens its object, so the word is a verb though no list knows it; where the
    // method and path give a verb (a POST to a collection creates, a GET of an item reads) that verb stands.
    ['POST', '/v2/droplets/{droplet_id}/actions', 'Initiate a Droplet Action', 'create|droplet action (summary)'],
    ['GET', '/projects/{id}', 'View a translation project', 'get|translation project (summary)'],
    // Where HTTP gives no verb either (a POST to no collection), an unknown verb names nothing.
    ['POST', '/wallet/transaction/execute', 'Execute a transaction using an e-wallet', null],
    // No determiner after an unknown first word: no verb phrase to read; the path names it.
    ['GET', '/projects/{id}', 'Translation project', 'get|project (path)'],
    // A participle before the head that the path does not spell says which one, not what the thing is called.
    ['GET', '/v2/actions/{action_id}', 'Retrieve an Existing Action', 'retrieve|action (summary)'],
    ['POST', '/ScheduledTasks/Running/{taskId}', 'Start specified task.', 'start|task (summary)'],
    ['GET', '/ScheduledTasks', 'List scheduled tasks', 'list|scheduled task (summary)'],
    ['GET', '/v2/vision/train/{modelId}', 'Get Training Status', 'get|training status (summary)'],
    ['POST', '/widget', 'Create a recording', 'create|recording (summary)'],
    ['POST', '/widget', 'Create a thing', 'create|thing (summary)'],
  ];
  it.each(table)('%s %s "%s" → %s', (method, path, summary, expected) => {
    expect(nameOf(method, path, { summary })).toBe(expected);
  });
});

describe('a summary that is an identifier', () => {
  it('is read as the operationId it spells', () => {
    expect(nameOf('POST', '/api/v1/orgs/{org_id}/devices/upgrade', { summary: 'upgradeOrgMultiSitesDevices' })).toBe(
      'upgrade|org multi site device (summary)',
    );
    expect(nameOf('POST', '/widget', { summary: 'jobs_create_export' })).toBe('create|job export (summary)');
  });
  it('but one plain word is no identifier', () => {
    expect(nameOf('POST', '/widget', { summary: 'Upgrade' })).toBeNull();
  });
});

describe('an operationId still names the operation', () => {
  it('whatever its path and summary say', () => {
    expect(nameOf('POST', '/jobs/{id}/cancel', { operationId: 'StopJobRun', summary: 'Delete a job' })).toBe('stop|job run');
  });
  it('and so does an RPC path', () => {
    expect(nameOf('POST', '/#X-Amz-Target=Svc.StartQueryExecution', { summary: 'Creates a thing' })).toBe('start|query execution');
  });
});
