/**
 * `x-ms-long-running-operation: true` alone makes an operation a job start, whatever its method and whatever
 * headers it declares (AutoRest and the Azure SDKs poll every such operation, from the answer's headers).
 * Rows without the marker show that the protocol rules for everyone else are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createRequestBody,
  createResponse,
  createResponseHeader,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel, Operation } from '../../../src/model/ir.js';
import { hintIds, summarize } from './summarize.js';

const LRO = { 'x-ms-long-running-operation': true };
const lroVia = (via: string) => ({ ...LRO, 'x-ms-long-running-operation-options': { 'final-state-via': via } });

/** An ARM resource: PUT/GET on the item, its provisioningState under `properties`. */
const VM = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    properties: {
      type: 'object',
      properties: { provisioningState: { type: 'string', enum: ['Creating', 'Succeeded', 'Failed', 'Canceled'] } },
    },
  },
};

function vmApi(...extra: Operation[]): ApiModel {
  return createModel(
    [
      createOperation('PUT', '/vms/{vmName}', {
        operationId: 'createVm',
        responses: [createResponse('200', { schema: createSchemaRef('Vm') }), createResponse('201', { schema: createSchemaRef('Vm') })],
        extensions: LRO,
      }),
      createOperation('GET', '/vms/{vmName}', {
        operationId: 'getVm',
        responses: [createResponse('200', { schema: createSchemaRef('Vm') })],
      }),
      ...extra,
    ],
    { schemas: componentSchemas({ Vm: VM }) },
  );
}

type Row = [label: string, build: () => ApiModel, starts: string[], hints: string[]];

const rows: Row[] = [
  [
    'a DELETE answering 202 with no monitor header (Disks_Delete)',
    () =>
      createModel([
        createOperation('DELETE', '/disks/{diskName}', {
          operationId: 'deleteDisk',
          responses: [createResponse('202'), createResponse('204')],
          extensions: LRO,
        }),
      ]),
    ['deleteDisk'],
    [],
  ],
  [
    'a DELETE answering only 200/204',
    () =>
      createModel([
        createOperation('DELETE', '/disks/{diskName}', {
          operationId: 'deleteDisk',
          responses: [createResponse('200'), createResponse('204')],
          extensions: LRO,
        }),
      ]),
    ['deleteDisk'],
    [],
  ],
  [
    'an action POST answering 202 with nothing declared (Disks_GrantAccess)',
    () =>
      createModel([
        createOperation('POST', '/disks/{diskName}/beginGetAccess', {
          operationId: 'grantAccess',
          responses: [
            createResponse('200', { schema: { type: 'object', properties: { accessSAS: { type: 'string' } } } }),
            createResponse('202'),
          ],
          extensions: lroVia('location'),
        }),
      ]),
    ['grantAccess'],
    [],
  ],
  [
    'an action POST mounted under a PUT-created resource (`…/{vmName}/restart`) is a job of its own',
    () =>
      vmApi(
        createOperation('POST', '/vms/{vmName}/restart', {
          operationId: 'restartVm',
          responses: [createResponse('200'), createResponse('202')],
          extensions: LRO,
        }),
      ),
    ['createVm', 'restartVm'],
    [],
  ],
  [
    'an LRO `…/stop` is a start, never the resource family’s cancel',
    () =>
      vmApi(
        createOperation('POST', '/vms/{vmName}/stop', {
          operationId: 'stopVm',
          responses: [createResponse('200'), createResponse('202')],
          extensions: LRO,
        }),
      ),
    ['createVm', 'stopVm'],
    [],
  ],
  [
    'a PATCH answering 200',
    () =>
      createModel(
        [
          createOperation('PATCH', '/vms/{vmName}', {
            operationId: 'updateVm',
            requestBody: createRequestBody(createSchemaRef('Vm')),
            responses: [createResponse('200', { schema: createSchemaRef('Vm') })],
            extensions: LRO,
          }),
        ],
        { schemas: componentSchemas({ Vm: VM }) },
      ),
    ['updateVm'],
    [],
  ],
  [
    'a GET marked long-running',
    () =>
      createModel([
        createOperation('GET', '/reports/{id}', {
          operationId: 'getReport',
          responses: [createResponse('200', { schema: { type: 'object' } })],
          extensions: LRO,
        }),
      ]),
    ['getReport'],
    [],
  ],
  [
    'a status operation it cannot feed (a path parameter its answer lacks) does not unmake the start: its answer has the monitor',
    () =>
      createModel(
        [
          createOperation('POST', '/accounts/{accountName}/invitations/{invitationId}/revoke', {
            operationId: 'revoke',
            responses: [createResponse('200', { schema: createSchemaRef('Invitation') }), createResponse('202')],
            extensions: LRO,
          }),
          createOperation('GET', '/locations/{location}/invitations/{invitationId}', {
            operationId: 'getInvitation',
            responses: [createResponse('200', { schema: createSchemaRef('Invitation') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Invitation: {
              type: 'object',
              properties: { invitationId: { type: 'string' }, status: { type: 'string', enum: ['Pending', 'Accepted', 'Rejected'] } },
            },
          }),
        },
      ),
    ['revoke'],
    [],
  ],
  [
    'without the marker: a DELETE answering 202 and nothing to poll stays a hint',
    () => createModel([createOperation('DELETE', '/disks/{diskName}', { operationId: 'deleteDisk', responses: [createResponse('202')] })]),
    [],
    ['deleteDisk'],
  ],
  [
    'without the marker: a POST answering 202 with nothing to poll stays fire-and-forget',
    () =>
      createModel([createOperation('POST', '/disks/{diskName}/refresh', { operationId: 'refresh', responses: [createResponse('202')] })]),
    [],
    ['refresh'],
  ],
  [
    'without the marker: `…/stop` on a job resource is still its cancel',
    () =>
      createModel(
        [
          createOperation('POST', '/runs', {
            operationId: 'createRun',
            responses: [createResponse('202', { schema: createSchemaRef('Run'), headers: [createResponseHeader('Location')] })],
          }),
          createOperation('GET', '/runs/{runId}', {
            operationId: 'getRun',
            responses: [createResponse('200', { schema: createSchemaRef('Run') })],
          }),
          createOperation('POST', '/runs/{runId}/stop', {
            operationId: 'stopRun',
            responses: [createResponse('200', { schema: createSchemaRef('Run') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Run: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
              },
            },
          }),
        },
      ),
    ['createRun'],
    [],
  ],
];

describe('detectJobs: x-ms-long-running-operation', () => {
  it.each(rows)('%s', (_label, build, starts, hints) => {
    const detection = detectJobs(build());
    expect(
      summarize(detection)
        .flatMap((f) => f.start)
        .sort(),
    ).toEqual([...starts].sort());
    expect(hintIds(detection)).toEqual(hints);
  });

  it('marks every start carrying the extension azureLro, and no other', () => {
    const detection = detectJobs(
      createModel(
        [
          createOperation('DELETE', '/disks/{diskName}', {
            operationId: 'deleteDisk',
            responses: [createResponse('202')],
            extensions: LRO,
          }),
          createOperation('POST', '/runs', {
            operationId: 'createRun',
            responses: [createResponse('202', { schema: createSchemaRef('Run'), headers: [createResponseHeader('Location')] })],
          }),
          createOperation('GET', '/runs/{runId}', {
            operationId: 'getRun',
            responses: [createResponse('200', { schema: createSchemaRef('Run') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Run: {
              type: 'object',
              properties: { id: { type: 'string' }, status: { type: 'string', enum: ['running', 'succeeded', 'failed'] } },
            },
          }),
        },
      ),
    );
    const byId = new Map(detection.families.flatMap((f) => f.start.map((s) => [s.op.operationId, s] as const)));
    expect(byId.get('deleteDisk')?.azureLro).toBe(true);
    expect(byId.get('createRun')).toBeDefined();
    expect(byId.get('createRun')!.azureLro).toBeUndefined();
  });

  it('polls through the declared monitor header, else says the answer decides', () => {
    const declared = detectJobs(
      createModel([
        createOperation('POST', '/vms/{vmName}/restart', {
          operationId: 'restart',
          responses: [createResponse('202', { headers: [createResponseHeader('Location')] })],
          extensions: LRO,
        }),
      ]),
    ).families[0]!;
    expect(declared.poll).toEqual({ via: 'header:Location' });
    const bare = detectJobs(
      createModel([
        createOperation('DELETE', '/disks/{diskName}', { operationId: 'deleteDisk', responses: [createResponse('202')], extensions: LRO }),
      ]),
    ).families[0]!;
    expect(bare.poll).toEqual({ via: 'header:Operation-Location' });
    expect(bare.start[0]!.pollUrlFrom).toEqual(['header:Operation-Location', 'header:Azure-AsyncOperation', 'header:Location']);
    expect(bare.confidence).toBe('high');
    expect(bare.evidence.join('\n')).toMatch(/x-ms-long-running-operation on DELETE \/disks\/\{diskName\}: declares no monitor header/);
    expect(bare.evidence.join('\n')).toContain('DELETE answering 202');
  });

  it('x-ms-pageable with a next link on an LRO: the final result is a page (itemName defaults to value)', () => {
    const starts = (extensions: Record<string, unknown>) =>
      detectJobs(
        createModel([
          createOperation('POST', '/vms/{vmName}/listStuff', { operationId: 'list', responses: [createResponse('202')], extensions }),
        ]),
      ).families.flatMap((f) => f.start);
    expect(starts({ ...LRO, 'x-ms-pageable': { nextLinkName: 'nextLink' } })[0]!.pageable).toEqual({
      nextLinkName: 'nextLink',
      itemName: 'value',
    });
    expect(starts({ ...LRO, 'x-ms-pageable': { nextLinkName: 'more', itemName: 'items' } })[0]!.pageable).toEqual({
      nextLinkName: 'more',
      itemName: 'items',
    });
    // One page only (no next link), or no LRO marker: nothing to follow.
    expect(starts({ ...LRO, 'x-ms-pageable': { nextLinkName: null } })[0]!.pageable).toBeUndefined();
  });

  it('keeps final-state-via on the start and as the family result', () => {
    const family = detectJobs(
      createModel([
        createOperation('POST', '/disks/{diskName}/beginGetAccess', {
          operationId: 'grantAccess',
          responses: [createResponse('202')],
          extensions: lroVia('location'),
        }),
      ]),
    ).families[0]!;
    expect(family.start[0]!.finalStateVia).toBe('location');
    expect(family.result).toEqual({ finalStateVia: 'location' });
  });

  // ARM's Azure-AsyncOperation resource format names its progress, `percentComplete` (0 to 100): an ARM operation's
  // monitor handed out by that header is read for it; one handed out only by Operation-Location or Location is not,
  // nor a data-plane service's that reuses the header (Key Vault's `/backup`).
  const ARM_PATH = '/subscriptions/{subscriptionId}/resourceGroups/{rg}/providers/Microsoft.KeyVault/vaults/{vaultName}/backup';
  it.each([
    ['Azure-AsyncOperation', ARM_PATH, { field: 'percentComplete', scale: 100 }],
    ['azure-asyncoperation', ARM_PATH, { field: 'percentComplete', scale: 100 }],
    ['Operation-Location', ARM_PATH, null],
    ['Location', ARM_PATH, null],
    ['Azure-AsyncOperation', '/backup', null],
  ] as const)('a 202 with %s on %s reads progress %j', (header, path, progress) => {
    const family = detectJobs(
      createModel([
        createOperation('POST', path, {
          operationId: 'backup',
          responses: [createResponse('202', { headers: [createResponseHeader(header)] })],
          extensions: LRO,
        }),
      ]),
    ).families[0]!;
    expect(family.progress).toEqual(progress);
    expect(family.evidence.some((e) => e.includes('percentComplete'))).toBe(progress !== null);
  });
});
