/**
 * A job the client names (`idFrom: arg:`) whose start named nothing cannot be followed (jobs/startRecord.ts): the run
 * sweep found SMS LaunchApp, whose `appId` is optional, answered 200 and reported `succeeded` at once while the app
 * was launching. The upstream accepted it, so the job fails as `not_followed`, never a success.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const input = z.object({ body: z.object({ appId: z.string().optional() }).optional() });
const ops = [awsRpcOp('Sms', 'launch_app', 'LaunchApp', 'start', input), awsRpcOp('Sms', 'get_app', 'GetApp', 'tool', input)];
const launch: JobFamilySpec = family({
  name: 'app_launch',
  tools: { status: 'app_launch_status', cancel: null, result: null },
  starts: [
    { operation: 'launch_app', idFrom: 'arg:body.appId', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: { operation: 'get_app', idParam: 'appId', idIn: 'body', carry: [] },
  cancel: null,
  statusField: 'appSummary.launchStatus',
  states: { LAUNCH_IN_PROGRESS: 'running', LAUNCHED: 'succeeded', LAUNCH_FAILED: 'failed' },
});
const keep = closedAfterEach();

describe('a start that names no id of a job the client names', () => {
  it.each([
    ['no appId: failed as not_followed, never succeeded', { body: {} }, 'failed'],
    ['with appId: followed at GetApp', { body: { appId: 'app-1' } }, 'running'],
  ])('%s', async (_why, args, state) => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      const launching = req.headers['x-amz-target'] === 'Sms.GetApp' ? { appSummary: { launchStatus: 'LAUNCH_IN_PROGRESS' } } : {};
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(launching));
    });
    const conn = keep(await connect(definition(ops, [launch]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string; state: string }>(await conn.call('launch_app', args));
    const status = structured<{ state: string; error?: { reason: string; message: string } }>(
      await conn.call('app_launch_status', { job_id: started.job_id }),
    );
    expect(status.state).toBe(state);
    if (state === 'failed') {
      expect(status.error?.reason).toBe('not_followed');
      expect(status.error?.message).toMatch(/named no `body.appId`/);
    }
  });
});
