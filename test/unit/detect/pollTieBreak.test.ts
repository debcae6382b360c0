/**
 * The tie-break among polls that all qualify for one start (src/detect/idflow/pollTieBreak.ts, issue 24 cause 3): names
 * first, then an item read over a list read, then the poll whose status sits in the record the start answered,
 * then idFlowJobs.ts's score. Rows over factory-built IR (SSM `CreateDocument`, Redshift `RestoreFromClusterSnapshot`
 * shapes) and over the pure rules.
 */
import { describe, expect, it } from 'vitest';
import { betterPoll, namePair, type PollMerit, pollOrderKey, statusInStartRecord } from '../../../src/detect/idflow/pollTieBreak.js';
import { detectJobs } from '../../../src/detect/index.js';
import type { OperationName } from '../../../src/detect/read/operationNames.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const LIFECYCLE = str(['Creating', 'Active', 'Updating', 'Deleting', 'Failed']);
const DOCUMENT = obj({ Name: str(), DocumentVersion: str(), Status: LIFECYCLE, StatusInformation: str() });
const createDocument = rpc(
  'CreateDocument',
  obj({ Name: str(), Content: str() }, ['Name', 'Content']),
  obj({ DocumentDescription: DOCUMENT }),
);
const describeDocument = (answer: JsonSchema) => rpc('DescribeDocument', obj({ Name: str() }, ['Name']), answer);
/** `GetDocument`: the content and a flat summary, status at the top. */
const getDocument = rpc(
  'GetDocument',
  obj({ Name: str() }, ['Name']),
  obj({ Name: str(), Content: str(), DocumentType: str(), Status: LIFECYCLE }),
);

const polls = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? f.poll.op.operationId : null,
  ]);

describe('the poll whose status sits in the record the start answered', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'two reads named for the document: the one answering the start’s record wins over a nearer status',
      [createDocument, getDocument, describeDocument(obj({ Document: DOCUMENT }))],
      [['CreateDocument', 'DescribeDocument']],
    ],
    [
      'near miss: the describe answers another shape, so the nearer status wins as before',
      [createDocument, getDocument, describeDocument(obj({ Document: obj({ Name: str(), Status: LIFECYCLE, Owner: str() }) }))],
      [['CreateDocument', 'GetDocument']],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(polls(ops)).toEqual(expected);
  });
});

describe('statusInStartRecord', () => {
  const CLUSTER = obj({
    ClusterIdentifier: str(),
    ClusterStatus: str(),
    Exchange: obj({ Id: str(), Status: str(['PENDING', 'SUCCEEDED']) }),
  });
  const SNAPSHOT = obj({ SnapshotIdentifier: str(), ClusterIdentifier: str(), Status: str() });
  const reader = new SchemaReader(createModel([]));
  const start = obj({ Cluster: CLUSTER });
  it.each<[string, JsonSchema, string, boolean]>([
    [
      'a list item of the record, status nested below it',
      obj({ Marker: str(), Clusters: list(CLUSTER) }),
      'Clusters.0.Exchange.Status',
      true,
    ],
    ['the record itself at the top of the answer', CLUSTER, 'ClusterStatus', true],
    ['another record that only carries the id', obj({ Marker: str(), Snapshots: list(SNAPSHOT) }), 'Snapshots.0.Status', false],
  ])('%s', (_label, answer, field, expected) => {
    expect(statusInStartRecord(reader, start, answer, field)).toBe(expected);
  });
  it('a one-field record says too little to be the same thing', () => {
    const thin = obj({ Status: str() });
    expect(statusInStartRecord(reader, obj({ Job: thin }), obj({ Other: thin }), 'Other.Status')).toBe(false);
  });
});

describe('namePair and betterPoll', () => {
  const n = (verb: string, ...noun: string[]): OperationName => ({ verb, noun }) as OperationName;
  it.each<[OperationName, OperationName, boolean]>([
    [n('start', 'transcription', 'job'), n('get', 'transcription', 'job'), true],
    [n('create', 'export', 'task'), n('describe', 'export', 'task'), true],
    [n('restore', 'cluster'), n('describe', 'cluster'), false],
    [n('create', 'node', 'job'), n('describe', 'device', 'job'), false],
    [n('start', 'query'), n('list', 'query'), false],
  ])('%o ↔ %o: %s', (start, poll, expected) => {
    expect(namePair(start, poll)).toBe(expected);
  });
  const m = (over: Partial<PollMerit>): PollMerit => ({
    set: false,
    envelope: false,
    namePair: false,
    item: false,
    record: false,
    score: 0,
    key: pollOrderKey('GET', '/b', 'path:id', 'status'),
    ...over,
  });
  it.each<[string, PollMerit, PollMerit]>([
    // `CreateDiskFromSnapshot {diskName}` → `GetDisk`, not the `operations[].id` set → `GetOperation`.
    ['one handle before a set of them', m({}), m({ set: true, namePair: true, item: true, record: true, score: 20 })],
    // Hetzner `POST /servers` → `{server, action}`: the action's record (`GET /actions/{id}`), not the server's read.
    ['the work’s own record before names', m({ envelope: true }), m({ namePair: true, item: true, record: true, score: 20 })],
    ['names before everything', m({ namePair: true }), m({ item: true, record: true, score: 20 })],
    ['an item read before the record and the score', m({ item: true }), m({ record: true, score: 20 })],
    ['the record before the score', m({ record: true }), m({ score: 20 })],
    ['the score before the key', m({ score: 2, key: pollOrderKey('POST', '/z', 'body:id', 'status') }), m({ score: 1 })],
    // A tie is decided by what the polls are, never by which one the file lists first (metamorphic test, `order`).
    [
      'at a tie, a GET before a POST of one path',
      m({ key: pollOrderKey('GET', '/#Action=X', 'query:Id', 'Status') }),
      m({ key: pollOrderKey('POST', '/#Action=X', 'query:Id', 'Status') }),
    ],
    [
      'at a tie, the path',
      m({ key: pollOrderKey('GET', '/a', 'path:id', 'status') }),
      m({ key: pollOrderKey('GET', '/b', 'path:id', 'status') }),
    ],
    [
      'at a tie, the status field',
      m({ key: pollOrderKey('GET', '/a', 'path:id', 'a.status') }),
      m({ key: pollOrderKey('GET', '/a', 'path:id', 'b.status') }),
    ],
  ])('%s', (_label, better, worse) => {
    expect(betterPoll(better, worse)).toBe(true);
    expect(betterPoll(worse, better)).toBe(false);
  });
});
