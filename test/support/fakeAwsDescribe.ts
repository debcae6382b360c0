/**
 * Two AWS JSON-protocol services for test/support/fakeAws.ts whose poll asks for one job among many (issue 24):
 * DMS's `DescribeReplicationTasks` takes the id as the value of a filter (`Filters: [{Name:
 * "replication-task-arn", Values: [arn]}]`), Application Discovery's `DescribeExportTasks` as the only item of
 * `exportIds`. Both answer a list of what matched, every task when nothing narrows it (so a poll that forgot the
 * filter would read another job), and an empty list for an id they do not know. Each status read advances the job
 * one step: a replication task creating → creating → ready (StartReplicationTask: starting → starting → running;
 * StopReplicationTask, which DMS refuses for a task that is not starting or running: stopping → stopped), an export
 * IN_PROGRESS → SUCCEEDED, a continuous export START_IN_PROGRESS → ACTIVE (StopContinuousExport: STOP_IN_PROGRESS →
 * INACTIVE). ECS's `DescribeClusters` takes `clusters: [name or ARN]` (a list named after the thing,
 * not its id) and lists the clusters it knows among them, the unknown ones under `failures`; a cluster goes
 * PROVISIONING → PROVISIONING → ACTIVE.
 */
type Send = (status: number, doc: unknown, type?: string) => undefined;
interface Steps {
  steps: string[];
  at: number;
}

const TASK = ['creating', 'creating', 'ready'];
const TASK_STARTING = ['starting', 'starting', 'running'];
const TASK_STOPPING = ['stopping', 'stopped'];
const EXPORT = ['IN_PROGRESS', 'SUCCEEDED'];
const CONTINUOUS = ['START_IN_PROGRESS', 'START_IN_PROGRESS', 'START_IN_PROGRESS', 'ACTIVE'];
const CONTINUOUS_STOPPING = ['STOP_IN_PROGRESS', 'INACTIVE'];
const CLUSTER = ['PROVISIONING', 'PROVISIONING', 'ACTIVE'];

/** Advances a job one step per status read and returns its state. */
const step = (job: Steps) => {
  job.at = Math.min(job.at + 1, job.steps.length - 1);
  return job.steps[job.at]!;
};

export function dms(target: string | null, input: Record<string, any>, tasks: Map<string, Steps>, send: Send): undefined {
  const json = (status: number, doc: unknown) => send(status, doc, 'application/x-amz-json-1.1');
  const view = (arn: string, status: string) => ({
    ReplicationTaskArn: arn,
    ReplicationTaskIdentifier: arn.split(':').at(-1),
    Status: status,
  });
  switch (target) {
    case 'AmazonDMSv20160101.CreateReplicationTask': {
      const arn = `arn:aws:dms:eu-west-1:123456789012:task:${String(input.ReplicationTaskIdentifier ?? '')}`;
      tasks.set(arn, { steps: TASK, at: 0 });
      return json(200, { ReplicationTask: view(arn, TASK[0]!) });
    }
    case 'AmazonDMSv20160101.DescribeReplicationTasks': {
      const filters = Array.isArray(input.Filters) ? (input.Filters as Array<{ Name?: unknown; Values?: unknown }>) : [];
      const byArn = filters.find((f) => f.Name === 'replication-task-arn');
      const arns = byArn ? (Array.isArray(byArn.Values) ? byArn.Values.map(String) : []) : [...tasks.keys()];
      const listed = arns.flatMap((arn) => {
        const task = tasks.get(arn);
        return task ? [view(arn, step(task))] : [];
      });
      return json(200, { ReplicationTasks: listed });
    }
    case 'AmazonDMSv20160101.StartReplicationTask': {
      const arn = String(input.ReplicationTaskArn ?? '');
      const task = tasks.get(arn);
      if (!task) return json(400, { __type: 'ResourceNotFoundFault', message: 'The task was not found.' });
      if (task.steps[task.at] !== 'ready') return json(400, { __type: 'InvalidResourceStateFault', message: 'The task is not ready.' });
      tasks.set(arn, { steps: TASK_STARTING, at: 0 });
      return json(200, { ReplicationTask: view(arn, TASK_STARTING[0]!) });
    }
    case 'AmazonDMSv20160101.StopReplicationTask': {
      const arn = String(input.ReplicationTaskArn ?? '');
      const task = tasks.get(arn);
      if (!task) return json(400, { __type: 'ResourceNotFoundFault', message: 'The task was not found.' });
      // A task being created or resting has no run to stop.
      if (task.steps !== TASK_STARTING) return json(400, { __type: 'InvalidResourceStateFault', message: 'The task is not running.' });
      tasks.set(arn, { steps: TASK_STOPPING, at: -1 });
      return json(200, { ReplicationTask: view(arn, TASK_STOPPING[0]!) });
    }
    default:
      return json(400, { __type: 'UnknownOperationException' });
  }
}

export function discovery(target: string | null, input: Record<string, any>, exports: Map<string, Steps>, send: Send): undefined {
  const json = (status: number, doc: unknown) => send(status, doc, 'application/x-amz-json-1.1');
  switch (target) {
    case 'AWSPoseidonService_V2015_11_01.StartExportTask': {
      const exportId = `export-${(exports.size + 1).toString().padStart(4, '0')}`;
      exports.set(exportId, { steps: EXPORT, at: 0 });
      return json(200, { exportId });
    }
    // A continuous export: START_IN_PROGRESS → ACTIVE; StopContinuousExport, refused once it is no longer starting
    // or active, STOP_IN_PROGRESS → INACTIVE. Its status reads advance it as an export task's do.
    case 'AWSPoseidonService_V2015_11_01.StartContinuousExport': {
      const exportId = `continuous-${(exports.size + 1).toString().padStart(4, '0')}`;
      exports.set(exportId, { steps: CONTINUOUS, at: 0 });
      return json(200, { exportId, s3Bucket: 'aws-application-discovery-service-bucket', startTime: 1_700_000_000, dataSource: 'AGENT' });
    }
    case 'AWSPoseidonService_V2015_11_01.DescribeContinuousExports': {
      const ids = Array.isArray(input.exportIds) ? input.exportIds.map(String) : [...exports.keys()];
      const descriptions = ids.flatMap((exportId: string) => {
        const job = exportId.startsWith('continuous-') ? exports.get(exportId) : undefined;
        return job ? [{ exportId, status: step(job), statusDetail: 'fake', dataSource: 'AGENT', startTime: 1_700_000_000 }] : [];
      });
      return json(200, { descriptions });
    }
    case 'AWSPoseidonService_V2015_11_01.StopContinuousExport': {
      const job = exports.get(String(input.exportId));
      if (!job) return json(400, { __type: 'ResourceNotFoundException', message: 'no such export' });
      if (!['START_IN_PROGRESS', 'ACTIVE'].includes(job.steps[job.at]!))
        return json(400, { __type: 'ResourceInUseException', message: `export is ${job.steps[job.at]}` });
      exports.set(String(input.exportId), { steps: CONTINUOUS_STOPPING, at: -1 });
      return json(200, { startTime: 1_700_000_000, stopTime: 1_700_000_600 });
    }
    case 'AWSPoseidonService_V2015_11_01.DescribeExportTasks': {
      const ids = Array.isArray(input.exportIds) ? input.exportIds.map(String) : [...exports.keys()];
      const listed = ids.flatMap((exportId: string) => {
        const job = exportId.startsWith('export-') ? exports.get(exportId) : undefined;
        if (!job) return [];
        const exportStatus = step(job);
        return [{ exportId, exportStatus, statusMessage: exportStatus, exportRequestTime: 1_700_000_000 }];
      });
      return json(200, { exportsInfo: listed });
    }
    default:
      return json(400, { __type: 'UnknownOperationException' });
  }
}

export function ecs(target: string | null, input: Record<string, any>, clusters: Map<string, Steps>, send: Send): undefined {
  const json = (status: number, doc: unknown) => send(status, doc, 'application/x-amz-json-1.1');
  const arnOf = (name: string) => `arn:aws:ecs:eu-west-1:123456789012:cluster/${name}`;
  const view = (arn: string, status: string) => ({ clusterArn: arn, clusterName: arn.split('/').at(-1), status });
  switch (target) {
    case 'AmazonEC2ContainerServiceV20141113.CreateCluster': {
      const arn = arnOf(String(input.clusterName ?? 'default'));
      clusters.set(arn, { steps: CLUSTER, at: 0 });
      return json(200, { cluster: view(arn, CLUSTER[0]!) });
    }
    case 'AmazonEC2ContainerServiceV20141113.DescribeClusters': {
      // A name or an ARN; none asked is the default cluster, as ECS answers.
      const asked = Array.isArray(input.clusters) ? input.clusters.map(String) : ['default'];
      const arns = asked.map((c: string) => (c.startsWith('arn:') ? c : arnOf(c)));
      const known = arns.filter((arn: string) => clusters.has(arn));
      return json(200, {
        clusters: known.map((arn: string) => view(arn, step(clusters.get(arn)!))),
        failures: arns.filter((arn: string) => !clusters.has(arn)).map((arn: string) => ({ arn, reason: 'MISSING' })),
      });
    }
    default:
      return json(400, { __type: 'UnknownOperationException' });
  }
}
