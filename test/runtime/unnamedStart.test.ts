/**
 * A job the client names (`idFrom: arg:`) cannot be followed without that name (jobs/start.ts): the run sweep found
 * SMS LaunchApp, whose `appId` is optional, answered 200 and reported `succeeded` at once while the app was
 * launching. The start is refused before anything is sent, so no job runs upstream that nothing could poll, and a
 * second start with the name does not run the work twice.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured, textOf } from './harness.js';
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
  const serve = async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      const launching = req.headers['x-amz-target'] === 'Sms.GetApp' ? { appSummary: { launchStatus: 'LAUNCH_IN_PROGRESS' } } : {};
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(launching));
    });
    return { upstream, conn: keep(await connect(definition(ops, [launch]), { env: { API_BASE_URL: upstream.url } })) };
  };

  it.each([
    ['no appId', { body: {} }],
    ['no body at all', {}],
  ])('%s: refused by name, nothing sent, no job', async (_why, args) => {
    const { upstream, conn } = await serve();
    const refused = await conn.call('launch_app', args);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/not sent: `body.appId` names this job and is how it is followed.*No job was created/s);
    expect(upstream.requests).toHaveLength(0);
    expect(structured<{ jobs: unknown[] }>(await conn.call('list_jobs', {})).jobs).toHaveLength(0);
  });

  it('with appId: followed at GetApp', async () => {
    const { conn } = await serve();
    const started = structured<{ job_id: string; state: string }>(await conn.call('launch_app', { body: { appId: 'app-1' } }));
    const status = structured<{ state: string }>(await conn.call('app_launch_status', { job_id: started.job_id }));
    expect(status.state).toBe('running');
  });
});
