/**
 * RPC pairs named `<Verb><Qualifier…><Head>` (src/detect/idflow/rpcNounHead.ts): the id that names the head noun both
 * operations end with links them despite a qualifier of the poll's own, and an RPC action on the item the poll
 * reads is named by the id it requires.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const RUN = str(['STARTING', 'RUNNING', 'STOPPING', 'STOPPED', 'SUCCEEDED', 'FAILED']);
const EXECUTION = str(['Executing', 'Stopping', 'Stopped', 'Failed', 'Succeeded']);

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

const getMlTaskRun = rpc('GetMLTaskRun', obj({ TransformId: str(), TaskRunId: str() }, ['TransformId', 'TaskRunId']), obj({ Status: RUN }));
const describeExecution = rpc(
  'DescribePipelineExecution',
  obj({ PipelineExecutionArn: str() }, ['PipelineExecutionArn']),
  obj({ PipelineExecutionStatus: EXECUTION }),
);

const describeDomainList = rpc(
  'GetFirewallDomainList',
  obj({ FirewallDomainListId: str() }, ['FirewallDomainListId']),
  obj({ FirewallDomainList: obj({ Status: str(['COMPLETE', 'IMPORTING', 'DELETING', 'UPDATING', 'FAILED']) }) }),
);
const describeServerGroup = rpc(
  'DescribeGameServerGroup',
  obj({ GameServerGroupName: str() }, ['GameServerGroupName']),
  obj({ GameServerGroup: obj({ Status: str(['NEW', 'ACTIVATING', 'ACTIVE', 'DELETING', 'ERROR']) }) }),
);

describe('the head noun both RPC names end with', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the answered id names it: a qualifier of the poll (`ML`) is no other thing',
      [rpc('StartExportLabelsTaskRun', obj({ TransformId: str() }, ['TransformId']), obj({ TaskRunId: str() })), getMlTaskRun],
      [['StartExportLabelsTaskRun', 'GetMLTaskRun(TaskRunId)']],
    ],
    [
      'near miss: the poll ends with another head (`ExportTaskId` → `DescribeExportImageTasks`)',
      [
        rpc('CreateExportTask', obj({ Bucket: str() }, ['Bucket']), obj({ ExportTaskId: str() })),
        rpc('DescribeExportImageTasks', obj({ ExportTaskId: str() }, ['ExportTaskId']), obj({ Status: RUN })),
      ],
      [],
    ],
    [
      'an action on the item the poll reads, by the id that names it',
      [
        rpc('RetryPipelineExecution', obj({ PipelineExecutionArn: str() }, ['PipelineExecutionArn']), obj({ PipelineExecutionArn: str() })),
        describeExecution,
      ],
      [['RetryPipelineExecution', 'DescribePipelineExecution(PipelineExecutionArn)']],
    ],
    [
      'near miss: an action whose id names something else than the polled item',
      [
        rpc('RetryPipelineExecution', obj({ PipelineArn: str() }, ['PipelineArn']), obj({ PipelineExecutionArn: str() })),
        rpc('DescribePipelineExecution', obj({ PipelineArn: str() }, ['PipelineArn']), obj({ PipelineExecutionStatus: EXECUTION })),
      ],
      [],
    ],
    [
      'an action on a list named by its id, adding things with no id of their own (`ImportFirewallDomains`)',
      [
        rpc('ImportFirewallDomains', obj({ FirewallDomainListId: str(), Domains: str() }, ['FirewallDomainListId']), obj({})),
        describeDomainList,
      ],
      [['ImportFirewallDomains', 'GetFirewallDomainList(FirewallDomainListId)']],
    ],
    [
      'near miss: a start that requires an id of its own noun makes a thing of its own, not the group it joins',
      [
        rpc(
          'RegisterGameServer',
          obj({ GameServerGroupName: str(), GameServerId: str() }, ['GameServerGroupName', 'GameServerId']),
          obj({}),
        ),
        describeServerGroup,
      ],
      [],
    ],
    [
      'the group still links where the start takes only its id (the own-noun id optional is no thing of its own)',
      [
        rpc('RegisterGameServer', obj({ GameServerGroupName: str(), GameServerId: str() }, ['GameServerGroupName']), obj({})),
        describeServerGroup,
      ],
      [['RegisterGameServer', 'DescribeGameServerGroup(GameServerGroupName)']],
    ],
    [
      'near miss: a read with words of its own beside the item (`…Capacity`) is another thing',
      [
        rpc('ImportFleetSettings', obj({ FleetId: str() }, ['FleetId']), obj({})),
        rpc('DescribeFleetCapacity', obj({ FleetId: str() }, ['FleetId']), obj({ Status: RUN })),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});

const getJobRun = rpc(
  'GetJobRun',
  obj({ JobName: str(), RunId: str() }, ['JobName', 'RunId']),
  obj({ JobRun: obj({ Id: str(), JobRunState: RUN }) }),
);

describe('an id the poll takes unqualified', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'is the answered id qualified by the poll’s noun (`RunId` of `GetJobRun` ← `JobRunId`)',
      [rpc('StartJobRun', obj({ JobName: str() }, ['JobName']), obj({ JobRunId: str() })), getJobRun],
      [['StartJobRun', 'GetJobRun(RunId)']],
    ],
    [
      'near miss: an answered id of another qualifier (`CrawlRunId`) is another run',
      [rpc('StartCrawl', obj({ JobName: str() }, ['JobName']), obj({ CrawlRunId: str() })), getJobRun],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});

describe('a poll whose noun is a scope the start names, then the id’s noun', () => {
  const OPERATION = str(['RUNNING', 'SUCCEEDED', 'FAILED', 'STOPPING', 'STOPPED', 'QUEUED']);
  const describeOperation = (input: Record<string, ReturnType<typeof str>>, required: string[]) =>
    rpc('DescribeStackSetOperation', obj(input, required), obj({ StackSetOperation: obj({ OperationId: str(), Status: OPERATION }) }));

  it.each<[string, Operation[], string[][]]>([
    [
      'the stack set’s operation (`StackSetName` + `OperationId`) of a start that names the stack set',
      [
        rpc('CreateStackInstances', obj({ StackSetName: str(), Regions: str() }, ['StackSetName', 'Regions']), obj({ OperationId: str() })),
        describeOperation({ StackSetName: str(), OperationId: str() }, ['StackSetName', 'OperationId']),
      ],
      [['CreateStackInstances', 'DescribeStackSetOperation(OperationId)']],
    ],
    [
      'near miss: no input of the poll names the scope its noun begins with (`AccountId`, though the start has it)',
      [
        rpc(
          'CreateStackInstances',
          obj({ StackSetName: str(), AccountId: str() }, ['StackSetName', 'AccountId']),
          obj({ OperationId: str() }),
        ),
        describeOperation({ AccountId: str(), OperationId: str() }, ['AccountId', 'OperationId']),
      ],
      [],
    ],
    [
      'near miss: the answered id is another thing’s, held in a record of its own (`JobBookmarkEntry.RunId`)',
      [
        rpc(
          'ResetJobBookmark',
          obj({ JobName: str() }, ['JobName']),
          obj({ JobBookmarkEntry: obj({ JobName: str(), RunId: str(), Version: str() }) }),
        ),
        getJobRun,
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
