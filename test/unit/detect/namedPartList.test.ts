/**
 * An action on a named part of a parent is read in the parent's list of such parts (src/detect/idflow/namedPartList.ts):
 * SageMaker `StartEdgeDeploymentStage {EdgeDeploymentPlanName, StageName}` → `DescribeEdgeDeploymentPlan
 * {EdgeDeploymentPlanName}` → `Stages: [{StageName, DeploymentStatus: {StageStatus}}]`, the job the item of `Stages`
 * whose `StageName` the client gave. A job picked out of a list is a family apart from one its read asks for by id
 * (detectJobs.ts): the family's one link could not serve both.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STAGE = str(['CREATING', 'READYTODEPLOY', 'STARTING', 'INPROGRESS', 'DEPLOYED', 'FAILED', 'STOPPING', 'STOPPED']);
const plan = (itemId = 'StageName', list = 'Stages') =>
  rpc(
    'DescribeEdgeDeploymentPlan',
    obj({ EdgeDeploymentPlanName: str(), NextToken: str() }, ['EdgeDeploymentPlanName']),
    obj({
      EdgeDeploymentPlanName: str(),
      [list]: { type: 'array', items: obj({ [itemId]: str(), DeploymentStatus: obj({ StageStatus: STAGE }) }) },
    }),
  );
const startStage = (id = 'StartEdgeDeploymentStage', parent = 'EdgeDeploymentPlanName') =>
  rpc(id, obj({ [parent]: str(), StageName: str() }, [parent, 'StageName']), obj({}));
const createPlan = rpc(
  'CreateEdgeDeploymentPlan',
  obj({ EdgeDeploymentPlanName: str(), Stages: { type: 'array', items: obj({ StageName: str() }) } }, ['EdgeDeploymentPlanName']),
  obj({ EdgeDeploymentPlanArn: str() }),
);

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return [
      f.name,
      f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','),
      poll ? `${poll.op.operationId}(${poll.idIn}:${poll.idParam}${poll.itemsAt ? ` in ${poll.itemsAt}` : ''})` : null,
    ];
  });

describe('a named part read in its parent’s list', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the stage the client names, picked out of the plan’s stages',
      [startStage(), plan()],
      [['edge_deployment_stage', 'StartEdgeDeploymentStage<-arg:body.StageName', 'DescribeEdgeDeploymentPlan(item:StageName in Stages)']],
    ],
    [
      // The plan's own create reads only its first stage's status, a part's (partListStatus.ts): no family of its own.
      'beside the plan’s own create, which is no job, the stage is still read in its parent’s list',
      [createPlan, startStage(), plan()],
      [['edge_deployment_stage', 'StartEdgeDeploymentStage<-arg:body.StageName', 'DescribeEdgeDeploymentPlan(item:StageName in Stages)']],
    ],
    ['near miss: the listed items carry the part under another name', [startStage(), plan('Name')], []],
    ['near miss: the list is named for another thing', [startStage(), plan('StageName', 'Devices')], []],
    [
      'near miss: the read is named for a parent the start does not name',
      [startStage('StartEdgeDeploymentStage', 'DeviceFleetName'), plan()],
      [],
    ],
    ['near miss: the part is no head of the start’s noun', [startStage('StartEdgeDeploymentStep'), plan()], []],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
