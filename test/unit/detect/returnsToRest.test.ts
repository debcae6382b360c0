/**
 * A thing that returns to rest between runs (src/detect/status/returnsToRest.ts): a Glue crawler READY → RUNNING →
 * READY with its `LastCrawl`, a jellyfin task Idle → Running → Idle with its `LastExecutionResult`. Near misses, each
 * failing without its guard: a plain on/off resource (no record of a last run), a record of what is current (not the
 * last run), a last run whose status names no success, a state that itself ends work, a start that does not run it.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgeRestingState } from '../../../src/detect/status/returnsToRest.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATE = ['READY', 'RUNNING', 'STOPPING'];
const LAST = ['SUCCEEDED', 'CANCELLED', 'FAILED'];
const time: JsonSchema = { type: 'string', format: 'date-time' };
const lastCrawl = (values = LAST, extra: Record<string, JsonSchema> = { StartTime: time }) =>
  obj({ Status: str(values), ErrorMessage: str(), ...extra });
const crawler = (state = STATE, beside: Record<string, JsonSchema> = { LastCrawl: lastCrawl() }) =>
  obj({ Crawler: obj({ Name: str(), State: str(state), ...beside }) });
const glue = (answer: JsonSchema, startVerb = 'Start') => [
  rpc(`${startVerb}Crawler`, obj({ Name: str() }, ['Name']), obj({})),
  rpc('GetCrawler', obj({ Name: str() }, ['Name']), answer),
  rpc('StopCrawler', obj({ Name: str() }, ['Name']), obj({})),
];

const task = (last: JsonSchema | null) =>
  obj({
    Id: str(),
    State: str(['Idle', 'Cancelling', 'Running']),
    ...(last ? { LastExecutionResult: last } : {}),
  });
const jellyfin = (answer: JsonSchema) => [
  createOperation('POST', '/ScheduledTasks/Running/{taskId}', {
    operationId: 'StartTask',
    parameters: [createParameter('taskId', 'path', { required: true, schema: str() })],
    responses: [createResponse('204')],
  }),
  createOperation('GET', '/ScheduledTasks/{taskId}', {
    operationId: 'GetTask',
    parameters: [createParameter('taskId', 'path', { required: true, schema: str() })],
    responses: [createResponse('200', { schema: answer })],
  }),
  createOperation('DELETE', '/ScheduledTasks/Running/{taskId}', {
    operationId: 'StopTask',
    parameters: [createParameter('taskId', 'path', { required: true, schema: str() })],
    responses: [createResponse('204')],
  }),
];
const TASK_RESULT = obj({ Status: str(['Completed', 'Failed', 'Cancelled', 'Aborted']), StartTimeUtc: time, EndTimeUtc: time });

const summary = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll.op.operationId : null;
    const cancel = f.cancel && isOperationLink(f.cancel) ? f.cancel.op.operationId : null;
    const rest = f.returnsToRest;
    return `${f.start.map((s) => s.op.operationId).join(',')} → ${poll} ${f.statusField} cancel=${cancel} ${
      rest ? `rest=${rest.rest.join('|')} last=${rest.lastRunStatus} started=${rest.lastRunStartedAt}` : 'no rest'
    }`;
  });

describe('judgeRestingState', () => {
  it.each<[string[], { rest: string[]; running: string[] } | null]>([
    [STATE, { rest: ['READY'], running: ['RUNNING'] }],
    [['Idle', 'Cancelling', 'Running'], { rest: ['Idle'], running: ['Cancelling', 'Running'] }],
    // Near miss: nothing rests (a job's own lifecycle).
    [['QUEUED', 'RUNNING', 'STOPPING'], null],
    // Near miss: nothing runs (an on/off switch).
    [['READY', 'DISABLED'], null],
    // Near miss: a value ends the work: the state is a run's own, not the thing's between runs (Glue statements).
    [['WAITING', 'READY', 'RUNNING', 'CANCELLED', 'ERROR'], null],
    [['READY', 'RUNNING', 'SUCCEEDED'], null],
  ])('%j', (values, expected) => {
    expect(judgeRestingState(values)).toEqual(expected);
  });
});

describe('a thing that returns to rest between runs', () => {
  it.each<[string, Operation[], string[]]>([
    [
      'StartCrawler → GetCrawler: READY | RUNNING | STOPPING beside LastCrawl (SUCCEEDED | CANCELLED | FAILED, StartTime)',
      glue(crawler()),
      [
        'StartCrawler → GetCrawler Crawler.State cancel=StopCrawler rest=READY last=Crawler.LastCrawl.Status started=Crawler.LastCrawl.StartTime',
      ],
    ],
    [
      'StartTask → GetTask: Idle | Cancelling | Running beside LastExecutionResult (with StartTimeUtc)',
      jellyfin(task(TASK_RESULT)),
      ['StartTask → GetTask State cancel=StopTask rest=Idle last=LastExecutionResult.Status started=LastExecutionResult.StartTimeUtc'],
    ],
    [
      'a last run without a start time: only a poll that saw it running tells the run',
      glue(crawler(STATE, { LastCrawl: lastCrawl(LAST, {}) })),
      ['StartCrawler → GetCrawler Crawler.State cancel=StopCrawler rest=READY last=Crawler.LastCrawl.Status started=null'],
    ],
    // Near miss (the last-run guard): a plain on/off resource, READY | RUNNING with no record of a run, is no job.
    ['near miss: no record of a last run', glue(crawler(STATE, {})), []],
    ['near miss: a task with no last execution', jellyfin(task(null)), []],
    // Near miss (the naming guard): what is current is not the last run (Lightsail's `currentDeployment`).
    ['near miss: a record of what is current, not of the last run', glue(crawler(STATE, { CurrentCrawl: lastCrawl() })), []],
    // Near miss (the outcome guard): a last record whose status names no success (`ACTIVE | INACTIVE | FAILED`).
    [
      'near miss: the last record names no success',
      glue(crawler(STATE, { LastCrawl: lastCrawl(['ACTIVATING', 'ACTIVE', 'INACTIVE', 'FAILED']) })),
      [],
    ],
    // Near miss (the start guard): a create brings the crawler up; it does not set off a run.
    ['near miss: a create does not start a run', glue(crawler(), 'Create'), []],
  ])('%s', (_label, ops, expected) => {
    expect(summary(ops)).toEqual(expected);
  });
});
