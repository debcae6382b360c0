/**
 * A read that asks for the thing by its noun alone (src/detect/idflow/nounNamedPoll.ts): SimSpace Weaver's
 * `StartSimulation {Name}` → `DescribeSimulation ?simulation=`, and `StartApp {Name, Domain, Simulation}` →
 * `DescribeApp ?app&domain&simulation` (the app's name as `app`, the rest carried by name).
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const SIM_STATES = ['UNKNOWN', 'STARTING', 'STARTED', 'STOPPING', 'STOPPED', 'FAILED', 'DELETING', 'DELETED'];
const start = (path: string, operationId: string, input: JsonSchema): Operation =>
  createOperation('POST', path, {
    operationId,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: obj({ Arn: str(), ExecutionId: str() }) })],
  });
const describeOp = (path: string, operationId: string, params: string[]): Operation =>
  createOperation('GET', path, {
    operationId,
    parameters: params.map((p) => createParameter(p, 'query', { required: true, schema: str() })),
    responses: [createResponse('200', { schema: obj({ Name: str(), Arn: str(), Status: str(SIM_STATES) }) })],
  });

const startSimulation = start('/startsimulation', 'StartSimulation', obj({ Name: str(), RoleArn: str() }, ['Name', 'RoleArn']));
const describeSimulation = describeOp('/describesimulation', 'DescribeSimulation', ['simulation']);
const startApp = start('/startapp', 'StartApp', obj({ Name: str(), Domain: str(), Simulation: str() }, ['Name', 'Domain', 'Simulation']));

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return {
      start: f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','),
      poll: poll ? `${poll.op.operationId}(${poll.idParam} in ${poll.idIn ?? 'path'})` : null,
      carry: poll ? poll.carry.map((c) => `${c.param}<-${c.from}`) : [],
    };
  });

describe('a read asked by its noun alone, the name the start was given', () => {
  it.each<[string, Operation[], ReturnType<typeof families>]>([
    [
      'StartSimulation {Name} → DescribeSimulation ?simulation',
      [startSimulation, describeSimulation],
      [{ start: 'StartSimulation<-arg:body.Name', poll: 'DescribeSimulation(simulation in query)', carry: [] }],
    ],
    [
      'StartApp {Name, Domain, Simulation} → DescribeApp ?app&domain&simulation: the rest carried by name',
      [startApp, describeOp('/describeapp', 'DescribeApp', ['app', 'domain', 'simulation'])],
      [
        {
          start: 'StartApp<-arg:body.Name',
          poll: 'DescribeApp(app in query)',
          carry: ['domain<-arg:body.Domain', 'simulation<-arg:body.Simulation'],
        },
      ],
    ],
    [
      'the noun’s own name (`SimulationName`) names it too',
      [start('/startsimulation', 'StartSimulation', obj({ SimulationName: str() }, ['SimulationName'])), describeSimulation],
      [{ start: 'StartSimulation<-arg:body.SimulationName', poll: 'DescribeSimulation(simulation in query)', carry: [] }],
    ],
    [
      'near miss: the read requires another noun only (the app’s simulation), not the app',
      [startApp, describeOp('/describeapp', 'DescribeApp', ['simulation'])],
      [],
    ],
    [
      'near miss: an optional name is not the one the client must give',
      [start('/startsimulation', 'StartSimulation', obj({ Name: str(), RoleArn: str() }, ['RoleArn'])), describeSimulation],
      [],
    ],
    [
      'near miss: a verb that changes the simulation brings none up',
      [start('/updatesimulation', 'UpdateSimulation', obj({ Name: str() }, ['Name'])), describeSimulation],
      [],
    ],
    [
      'near miss: the id of something that exists (`Id`) is no name the client gives',
      [start('/startsimulation', 'StartSimulation', obj({ Id: str() }, ['Id'])), describeSimulation],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
