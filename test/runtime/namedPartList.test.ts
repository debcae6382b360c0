/**
 * A part the client names, read in its parent's list of such parts (detect/idflow/namedPartList.ts): a SageMaker-shaped
 * `StartEdgeDeploymentStage {EdgeDeploymentPlanName, StageName}` answers nothing, and `DescribeEdgeDeploymentPlan
 * {EdgeDeploymentPlanName}` answers `Stages: [{StageName, DeploymentStatus: {StageStatus}}]`. The job's id is the
 * client's `StageName` (`idFrom: arg:body.StageName`); the poll sends the plan's name only and follows the stage of
 * that name, not the one listed first.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, sendAwsJson, startLocalUpstream } from './localUpstream.js';

const SERVICE = 'SageMaker';
const sagemaker = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp(SERVICE, tool, name, role, input);
const ops = [
  sagemaker(
    'start_edge_deployment_stage',
    'StartEdgeDeploymentStage',
    'start',
    z.object({ body: z.object({ EdgeDeploymentPlanName: z.string(), StageName: z.string() }) }),
  ),
  sagemaker(
    'describe_edge_deployment_plan',
    'DescribeEdgeDeploymentPlan',
    'tool',
    z.object({ body: z.object({ EdgeDeploymentPlanName: z.string() }) }),
  ),
];
const stage: JobFamilySpec = family({
  name: 'edge_deployment_stage',
  starts: [
    {
      operation: 'start_edge_deployment_stage',
      idFrom: 'arg:body.StageName',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'describe_edge_deployment_plan',
    idParam: 'StageName',
    idIn: 'item',
    itemsAt: 'Stages',
    itemId: 'StageName',
    carry: [{ param: 'EdgeDeploymentPlanName', from: 'arg:body.EdgeDeploymentPlanName', in: 'body' }],
  },
  statusField: 'Stages.0.DeploymentStatus.StageStatus',
  states: { READYTODEPLOY: 'queued', STARTING: 'queued', INPROGRESS: 'running', DEPLOYED: 'succeeded', FAILED: 'failed' },
});

const keep = closedAfterEach();

describe('a named part read in its parent’s list (SageMaker StartEdgeDeploymentStage)', () => {
  it('sends the plan only and follows the stage the client named, not the first listed', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${SERVICE}.StartEdgeDeploymentStage`) return void sendAwsJson(res, {});
      polls++;
      const status = ['STARTING', 'INPROGRESS', 'DEPLOYED'][Math.min(polls - 1, 2)];
      sendAwsJson(res, {
        EdgeDeploymentPlanName: 'plan',
        Stages: [
          { StageName: 'canary', DeploymentStatus: { StageStatus: 'FAILED' } },
          { StageName: 'fleet', DeploymentStatus: { StageStatus: status } },
        ],
      });
    });
    const conn = keep(await connect(definition(ops, [stage]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(
      await conn.call('start_edge_deployment_stage', { body: { EdgeDeploymentPlanName: 'plan', StageName: 'fleet' } }),
    );
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(structured<{ state: string }>(await conn.call('edge_deployment_stage_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'running', 'succeeded']);
    const sent = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === `${SERVICE}.DescribeEdgeDeploymentPlan`)
      .map((r) => JSON.parse(r.body));
    expect(sent).toEqual(Array.from({ length: 3 }, () => ({ EdgeDeploymentPlanName: 'plan' })));
  });
});
