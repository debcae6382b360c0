/**
 * A poll whose own documentation names the start and the id field it answers (documentedIdPoll.ts, issue 24):
 * useapi's `jobid` "returned by jobs/imagine", SendGrid's "Use the `job_id` from the "Import Contacts" … endpoints
 * as the `id` in the path parameter". Rows over factory-built IR, a near miss beside each guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const JOB = obj({ jobid: str(), status: str(['created', 'started', 'progress', 'completed', 'failed', 'cancelled']) });
const IMPORT = obj({ id: str(), status: str(['pending', 'completed', 'errored', 'failed']) });

/** A start with no operationId (as useapi's), answering `answer`, and a read documented by `doc`. */
function pair(
  start: { path: string; answer: JsonSchema; summary?: string; method?: 'POST' | 'PUT' },
  read: {
    path: string;
    param: [string, 'path' | 'query'];
    doc: { summary?: string; description?: string; param?: string };
    answer: JsonSchema;
  },
): Operation[] {
  const [name, where] = read.param;
  return [
    createOperation(start.method ?? 'POST', start.path, {
      ...(start.summary ? { summary: start.summary } : {}),
      requestBody: createRequestBody(obj({ prompt: str() })),
      responses: [createResponse('200', { schema: start.answer })],
    }),
    createOperation('GET', read.path, {
      ...(read.doc.summary ? { summary: read.doc.summary } : {}),
      ...(read.doc.description ? { description: read.doc.description } : {}),
      parameters: [createParameter(name, where, { required: true, ...(read.doc.param ? { description: read.doc.param } : {}) })],
      responses: [createResponse('200', { schema: read.answer })],
    }),
  ];
}

const imagine = { path: '/jobs/imagine', answer: obj({ jobid: str(), status: str() }) };
const jobsRead = (param: string) => ({ path: '/jobs/', param: ['jobid', 'query'] as [string, 'query'], doc: { param }, answer: JOB });
const upsert = {
  path: '/marketing/contacts',
  method: 'PUT' as const,
  summary: 'Add or Update a Contact',
  answer: obj({ job_id: str() }),
};
const importRead = (description: string) => ({
  path: '/marketing/contacts/imports/{id}',
  param: ['id', 'path'] as [string, 'path'],
  doc: { summary: 'Import Contacts Status', description },
  answer: IMPORT,
});
const SENDGRID = 'Use the `job_id` from the "Import Contacts," "Add or Update a Contact," or "Delete Contacts" endpoints as the `id`.';

/** The family's start and poll (`METHOD /path`: useapi names no operation), kind and where the id comes from. */
interface Family {
  start: string;
  poll: string;
  kind: string;
  idFrom: string | null;
}

const rows: Array<{ name: string; ops: Operation[]; family: Family | null }> = [
  {
    name: 'the read’s parameter is "jobid value returned by jobs/imagine": the start’s path, named whole',
    ops: pair(imagine, jobsRead('jobid value returned by jobs/imagine, jobs/button or jobs/blend')),
    family: { start: 'POST /jobs/imagine', poll: 'GET /jobs/', kind: 'job', idFrom: 'body:jobid' },
  },
  {
    // The same pair in JSON:API's style: the answer's resource inside `data` (read/envelope.ts).
    name: 'the start answers its `jobid` inside a `data` envelope: the id is read there',
    ops: pair(
      { ...imagine, answer: obj({ data: imagine.answer }) },
      { ...jobsRead('jobid value returned by jobs/imagine, jobs/button or jobs/blend'), answer: obj({ data: JOB }) },
    ),
    family: { start: 'POST /jobs/imagine', poll: 'GET /jobs/', kind: 'job', idFrom: 'body:data.jobid' },
  },
  {
    name: 'near miss: the read names the id but not the start (`jobs/imagined` is another path)',
    ops: pair(imagine, jobsRead('jobid value returned by jobs/imagined')),
    family: null,
  },
  {
    name: 'near miss: one path segment (`imagine`) is a word, not the start’s path',
    ops: pair(imagine, jobsRead('jobid of the job imagine started')),
    family: null,
  },
  {
    name: 'the read’s description names the start by its summary and the `job_id` it answers, as its `{id}`',
    ops: pair(upsert, importRead(SENDGRID)),
    family: { start: 'PUT /marketing/contacts', poll: 'GET /marketing/contacts/imports/{id}', kind: 'job', idFrom: 'body:job_id' },
  },
  {
    name: 'the read names the start in capitals: a phrase is matched whatever its case',
    ops: pair(upsert, importRead('Use the `job_id` from "ADD OR UPDATE A CONTACT" as the `id`.')),
    family: { start: 'PUT /marketing/contacts', poll: 'GET /marketing/contacts/imports/{id}', kind: 'job', idFrom: 'body:job_id' },
  },
  {
    name: 'a summary beyond ASCII is matched by its pattern alone, whatever its case',
    ops: pair(
      { ...upsert, summary: 'Añadir o Actualizar un Contacto' },
      importRead('Use el `job_id` de "AÑADIR O ACTUALIZAR UN CONTACTO" como `id`.'),
    ),
    family: { start: 'PUT /marketing/contacts', poll: 'GET /marketing/contacts/imports/{id}', kind: 'job', idFrom: 'body:job_id' },
  },
  {
    // The prose and the schema spell the field in different cases (found by the metamorphic `nameCase` rewrite).
    name: 'the start answers `jobId` and the read says `job_id`: one field in two spellings',
    ops: pair({ ...upsert, answer: obj({ jobId: str() }) }, importRead(SENDGRID)),
    family: { start: 'PUT /marketing/contacts', poll: 'GET /marketing/contacts/imports/{id}', kind: 'job', idFrom: 'body:jobId' },
  },
  {
    name: 'near miss: the read says `job_id` of a longer, hyphenated name (`bulk-job_id`), not the field',
    ops: pair({ ...upsert, answer: obj({ jobId: str() }) }, importRead(SENDGRID.replace('`job_id`', 'bulk-job_id'))),
    family: null,
  },
  {
    name: 'near miss: the read names the start, not the id it answers',
    ops: pair(upsert, importRead('The status of the jobs "Add or Update a Contact" runs.')),
    family: null,
  },
  {
    name: 'near miss: documented, but the read’s status is an order’s: nothing says work ended well',
    ops: pair(upsert, {
      ...importRead(SENDGRID),
      answer: obj({ id: str(), status: str(['pending', 'paid', 'shipped', 'cancelled']) }),
    }),
    family: null,
  },
];

describe('a poll documented as taking the start’s id', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = detectJobs(createModel(ops)).families.map((f) => ({
      start: `${f.start[0]!.op.method} ${f.start[0]!.op.path}`,
      poll: isOperationLink(f.poll) ? `${f.poll.op.method} ${f.poll.op.path}` : null,
      kind: f.kind,
      idFrom: f.start[0]!.idFrom,
    }));
    expect(found).toEqual(family ? [family] : []);
  });
});
