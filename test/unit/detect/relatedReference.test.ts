/**
 * An answer with an id of its own points to a related object by the bare id inside it (relatedReference.ts): the
 * related object's status is not the job's. Microsoft Graph-shaped rows (`POST /teams` answering `{id, group: {id}}`,
 * the group reporting its membership processing) over factory-built IR, with the near misses beside: the same
 * answer without an id of its own (the root is a wrapper), and a named id.
 */
import { describe, expect, it } from 'vitest';
import { relatedReference } from '../../../src/detect/idflow/relatedReference.js';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const PROCESSING = ['NotStarted', 'Running', 'Failed', 'Succeeded'];

/** `POST /teams` answering `answer`; `GET /groups/{group-id}` answering a group whose nested status has a job lifecycle. */
function teamWithGroup(answer: JsonSchema): Operation[] {
  const group = obj({ id: str(), displayName: str(), membershipRuleProcessingStatus: obj({ status: str(PROCESSING) }) });
  return [
    createOperation('POST', '/teams', {
      operationId: 'teams.team.CreateTeam',
      requestBody: createRequestBody(obj({ displayName: str() })),
      responses: [createResponse('201', { schema: answer })],
    }),
    createOperation('GET', '/groups/{group-id}', {
      operationId: 'groups.group.GetGroup',
      parameters: [createParameter('group-id', 'path', { required: true })],
      responses: [createResponse('200', { schema: group })],
    }),
  ];
}

const groupRef = obj({ id: str(), displayName: str() });

describe('a related object named by a bare id beside the answer’s own', () => {
  it.each([
    {
      name: 'the answer has its own id: `group` is a related object',
      field: 'group.id',
      answer: obj({ id: str(), group: groupRef }),
      want: 'group',
    },
    { name: 'its own uuid counts as well', field: 'group.id', answer: obj({ uuid: str(), group: groupRef }), want: 'group' },
    {
      name: 'near miss: no id of its own, the root wraps the thing (envelope)',
      field: 'group.id',
      answer: obj({ displayName: str(), group: groupRef }),
      want: null,
    },
    {
      name: 'near miss: a named id says whose it is',
      field: 'group.groupId',
      answer: obj({ id: str(), group: obj({ groupId: str() }) }),
      want: null,
    },
    { name: 'near miss: the answer’s own id is no reference', field: 'id', answer: obj({ id: str(), group: groupRef }), want: null },
    {
      name: 'near miss: deeper paths are left to the rules that read them',
      field: 'a.group.id',
      answer: obj({ id: str(), a: obj({ group: groupRef }) }),
      want: null,
    },
  ])('$name', ({ field, answer, want }) => {
    expect(relatedReference(new SchemaReader(createModel([])), answer, field)).toBe(want);
  });
});

describe('id flow does not poll the related object', () => {
  const pollOf = (ops: Operation[]) => {
    const families = detectJobs(createModel(ops)).families.filter((f) => f.start.some((s) => s.op.path === '/teams'));
    return families.map((f) => (isOperationLink(f.poll) ? f.poll.op.path : null));
  };

  it('a team answering {id, group: {id}} is no job of the group’s membership processing', () => {
    expect(pollOf(teamWithGroup(obj({ id: str(), displayName: str(), group: groupRef })))).toEqual([]);
  });

  it('near miss: without an id of its own the answer wraps the group, and the group is polled', () => {
    expect(pollOf(teamWithGroup(obj({ displayName: str(), group: groupRef })))).toEqual(['/groups/{group-id}']);
  });
});
