/**
 * Starts that hand out a link to their status read instead of an id (linkedStatusStarts.ts, issue 24): a
 * `303 See Other` whose target the contract names (seeOtherPoll.ts, describedOperations.ts), and a URL field named
 * after the GET it leads to (linkFieldPoll.ts). Rows over factory-built IR, each with a near miss that its guard
 * turns away.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { describedOperations } from '../../../src/detect/read/describedOperations.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { type FamilySummary, summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const TASK_STATES = ['ENQUEUED', 'RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED'];
const TASK = obj({ id: str(), status: str(TASK_STATES), progress: { type: 'integer' } });
const schemas = { '#/components/schemas/Task': TASK, '#/components/schemas/Field': obj({ id: str(), name: str() }) };

/** Jira's task read: `GET /rest/api/3/task/{taskId}` answering `Task`. */
const getTask = (answer: JsonSchema = ref('Task')) =>
  createOperation('GET', '/rest/api/3/task/{taskId}', {
    operationId: 'getTask',
    parameters: [createParameter('taskId', 'path', { required: true })],
    responses: [createResponse('200', { schema: answer })],
  });

/** A Jira-style start answering 303, with its description and the 303's declared document. */
function seeOther(description: string, declared?: JsonSchema, extra: Operation[] = []): Operation[] {
  return [
    createOperation('POST', '/rest/api/3/issue/properties', {
      operationId: 'bulkSetProperties',
      description,
      requestBody: createRequestBody(obj({ properties: obj({}) })),
      responses: [
        createResponse('303', { description: 'Returned if the request is successful.', ...(declared ? { schema: declared } : {}) }),
      ],
    }),
    ...extra,
  ];
}

const LINKED = 'This operation is [asynchronous](#async). Use [Get task](#api-rest-api-3-task-taskId-get) to obtain updates.';

/** Box-style: `POST /zip_downloads` answering links, `GET /zip_downloads/{id}/status` the state. */
function zipDownloads(answer: Record<string, JsonSchema>, statusRead: JsonSchema, code = '202'): Operation[] {
  return [
    createOperation('POST', '/zip_downloads', {
      operationId: 'createZipDownload',
      requestBody: createRequestBody(obj({ items: { type: 'array', items: obj({ id: str() }) } })),
      responses: [createResponse(code, { schema: obj(answer) })],
    }),
    createOperation('GET', '/zip_downloads/{zip_download_id}/status', {
      operationId: 'getZipDownloadStatus',
      responses: [createResponse('200', { schema: statusRead })],
    }),
    createOperation('GET', '/zip_downloads/{zip_download_id}/content', {
      operationId: 'getZipDownloadContent',
      responses: [createResponse('200', { schema: { type: 'string', format: 'binary' } })],
    }),
  ];
}
const ZIP_STATUS = obj({ state: str(['in_progress', 'failed', 'success']), total_file_count: { type: 'integer' } });

interface Row {
  name: string;
  ops: Operation[];
  family: Partial<FamilySummary> | null;
}

const rows: Row[] = [
  {
    name: '303 See Other to the operation the description links (no document declared)',
    ops: seeOther(LINKED, undefined, [getTask()]),
    family: { name: 'task', start: ['bulkSetProperties'], poll: 'via header:Location' },
  },
  {
    name: 'near miss: a 303 whose description links only sections of the reference',
    ops: seeOther('This operation is [asynchronous](#async). See [Permissions](#permissions).', undefined, [getTask()]),
    family: null,
  },
  {
    name: '303 See Other declaring the document exactly one GET answers',
    ops: seeOther('Publishes a draft.', ref('Task'), [getTask()]),
    family: { name: 'task', start: ['bulkSetProperties'], poll: 'via header:Location' },
  },
  {
    name: 'near miss: the linked GET answers no job lifecycle (a resource, not a task)',
    ops: seeOther(LINKED, undefined, [getTask(ref('Field'))]),
    family: null,
  },
  {
    name: 'a URL field named after the status read below the item the start makes',
    ops: zipDownloads({ download_url: str(), status_url: str(), expires_at: str() }, ZIP_STATUS),
    family: { name: 'zip_download', start: ['createZipDownload'], poll: 'via body:status_url' },
  },
  {
    // The same answer in a `data` envelope (JSON:API's style): the field is read inside it (read/envelope.ts).
    name: 'a URL field named after the status read, inside a `data` envelope',
    ops: zipDownloads({ data: obj({ download_url: str(), status_url: str(), expires_at: str() }) }, ZIP_STATUS),
    family: { name: 'zip_download', start: ['createZipDownload'], poll: 'via body:data.status_url' },
  },
  {
    // The record's own `id` links the item's status read (idFlowJobs.ts `itemStatusOf`); the URL is not followed.
    name: 'near miss: a URL field inside an object beside a scalar (a record, not an envelope) is not followed',
    ops: zipDownloads({ id: str(), owner: obj({ status_url: str() }) }, ZIP_STATUS),
    family: { name: 'zip_download', start: ['createZipDownload'], poll: 'getZipDownloadStatus' },
  },
  {
    name: 'near miss: the URL field names another read (`download_url` is not `/content`)',
    ops: zipDownloads({ download_url: str(), expires_at: str() }, ZIP_STATUS),
    family: null,
  },
  {
    name: 'near miss: the linked read lists statuses of many items',
    ops: zipDownloads({ status_url: str() }, obj({ entries: { type: 'array', items: ZIP_STATUS } })),
    family: null,
  },
];

/** A cancel beside the task read: `POST <path>` taking `param` (resource/urlCancel.ts reads it out of the job's URL). */
const cancelAt = (path: string, param: string) =>
  createOperation('POST', path, {
    operationId: 'cancelTask',
    parameters: [createParameter(param, 'path', { required: true })],
    responses: [createResponse('202', { schema: obj({}) })],
  });

/** Snowflake-style: the start and the statement read both answer 202 `QueryStatus`, the start's with the read's URL. */
function statements(readAccepted: JsonSchema): Operation[] {
  const status = obj({ statementHandle: str(), statementStatusUrl: str(), message: str() });
  const handle = [createParameter('statementHandle', 'path', { required: true })];
  return [
    createOperation('POST', '/api/v2/statements', {
      operationId: 'SubmitStatement',
      requestBody: createRequestBody(obj({ statement: str() })),
      responses: [createResponse('200', { schema: obj({ data: { type: 'array' } }) }), createResponse('202', { schema: status })],
    }),
    createOperation('GET', '/api/v2/statements/{statementHandle}', {
      operationId: 'GetStatementStatus',
      parameters: handle,
      responses: [createResponse('200', { schema: obj({ data: { type: 'array' } }) }), createResponse('202', { schema: readAccepted })],
    }),
    createOperation('POST', '/api/v2/statements/{statementHandle}/cancel', {
      operationId: 'CancelStatement',
      parameters: handle,
      responses: [createResponse('200', { schema: obj({ message: str() }) })],
    }),
  ];
}

const cancelRows: Array<{ name: string; ops: Operation[]; cancel: string | null; fromPollUrl?: string; unlinked?: string }> = [
  {
    name: 'a cancel on the linked read’s item takes the id out of the URL the job is followed at',
    ops: seeOther(LINKED, undefined, [getTask(), cancelAt('/rest/api/3/task/{taskId}/cancel', 'taskId')]),
    cancel: 'cancelTask',
    fromPollUrl: '/rest/api/3/task/{taskId}',
  },
  {
    // checkLinks.ts drops it and says why (MJG306).
    name: 'near miss: a cancel of that shape naming its id otherwise, which the URL read by the read’s path cannot fill',
    ops: seeOther(LINKED, undefined, [getTask(), cancelAt('/rest/api/3/task/{id}/cancel', 'id')]),
    cancel: null,
    unlinked: 'cancel POST /rest/api/3/task/{id}/cancel needs {id}',
  },
  {
    name: 'a monitor read that answers 202 the document the start did: its cancel, the handle out of the URL',
    ops: statements(obj({ statementHandle: str(), statementStatusUrl: str(), message: str() })),
    cancel: 'CancelStatement',
    fromPollUrl: '/api/v2/statements/{statementHandle}',
  },
  {
    name: 'near miss: the read answers 202 another document: nothing says the URL is it',
    ops: statements(obj({ code: str(), sqlState: str() })),
    cancel: null,
  },
];

describe('the cancel of a job followed at a URL (resource/urlCancel.ts)', () => {
  it.each(cancelRows)('$name', ({ ops, cancel, fromPollUrl, unlinked }) => {
    const d = detectJobs(createModel(ops, { schemas }));
    const family = d.families.find((f) => f.start.some((s) => s.op.operationId === ops[0]!.operationId));
    expect(family, 'the start makes a family').toBeDefined();
    expect(summarize({ ...d, families: [family!] })[0]!.cancel).toBe(cancel);
    const link = family!.cancel;
    expect(link && 'op' in link ? link.fromPollUrl : undefined).toBe(fromPollUrl);
    const dropped = d.diagnostics.filter((x) => x.code === 'MJG306').map((x) => x.message);
    expect(dropped).toEqual(unlinked ? [expect.stringContaining(unlinked)] : []);
  });
});

describe('starts that hand out a link to their status read', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const d = detectJobs(createModel(ops, { schemas }));
    const found = summarize(d).filter((f) => f.start.includes(ops[0]!.operationId!));
    if (family === null) expect(found).toEqual([]);
    else expect(found).toEqual([expect.objectContaining(family)]);
  });

  it('makes one family of the starts whose 303s lead to one read, each followed at its own Location', () => {
    const second = createOperation('DELETE', '/rest/api/3/priority/{id}', {
      operationId: 'deletePriority',
      description: LINKED,
      responses: [createResponse('303', { schema: ref('Task') })],
    });
    const d = detectJobs(createModel([...seeOther(LINKED), second, getTask()], { schemas }));
    expect(summarize(d)).toEqual([expect.objectContaining({ name: 'task', start: ['bulkSetProperties', 'deletePriority'] })]);
    expect(d.families[0]!.start.map((s) => s.pollUrlFrom)).toEqual([['header:Location'], ['header:Location']]);
    expect(d.families[0]!.statusField).toBe('status');
  });
});

describe('operations a description links', () => {
  const ops = [getTask(), createOperation('GET', '/tasks', { operationId: 'get' })];
  it.each([
    ['Jira: the path and the method', 'use [Get task](#api-rest-api-3-task-taskId-get)', ['getTask']],
    ['Redoc: the operationId', 'see [the task](#tag/Tasks/operation/getTask)', ['getTask']],
    ['Box: e:// and the operationId', 'use [Get task](e://getTask)', ['getTask']],
    ['near miss: a one-word operationId after a prefix', 'see [x](#api-group-get)', []],
    ['near miss: a section link', 'this is [asynchronous](#async)', []],
    ['near miss: a link to another site', 'see [the docs](https://example.com/task)', []],
  ])('%s', (_name, text, ids) => {
    expect(describedOperations(text, ops).map((o) => o.operationId)).toEqual(ids);
  });

  // No time is asserted: every operation against every link was 10^9 name splits here, and would show as this
  // file's timeout. Links past the first 64 distinct ones are not read.
  it('a hostile description of 100,000 links over 5,000 operations is read by an index, the first links only', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => createOperation('GET', `/things${i}/{id}`, { operationId: `getThing${i}` }));
    const text = Array.from({ length: 100_000 }, (_, i) => `[x](#operation/getThing${i % 5_000})`).join(' ');
    const found = describedOperations(text, [...many, getTask()]);
    expect(found).toHaveLength(64);
    expect(found[0]!.operationId).toBe('getThing0');
    expect(describedOperations(`${text} [t](#operation/getTask)`, [...many, getTask()])).not.toContainEqual(getTask());
  });
});
