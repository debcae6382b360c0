/**
 * Every long-running scenario of Spector's Azure specs (npm @azure-tools/azure-http-specs; its spec-summary.md
 * describes each request sequence): the fixture compiled from its TypeSpec (fixtures/spector/), the start
 * operation, the arguments by wire name, and what a client must end with. All of them end succeeded; the
 * request sequences differ (Operation-Location, Azure-AsyncOperation, Location, both, a final GET or none, a
 * synchronous 200/204 answer to an operation the contract marks long-running).
 */
export interface SpectorScenario {
  /** Spector's scenario name, as `GET /.coverage` reports it. */
  name: string;
  fixture: string;
  /** One start call per entry (a scenario may want several, e.g. one per scope). */
  calls: Array<{ operationId: string; args: Record<string, unknown> }>;
  state: 'succeeded' | 'failed' | 'cancelled';
  /** What the job's result must be (from the status or the result tool); undefined: no result expected. */
  result?: (result: unknown) => boolean;
  /**
   * A part of the scenario outside long-running operations that the generated server does not do yet: the
   * jobs still end as expected, and Spector does not count the scenario as passed (when that changes, this
   * test fails and the gap is to be removed).
   */
  knownGap?: string;
}

const SUB = '00000000-0000-0000-0000-000000000000';
// No `api-version`: the server sends the contract's own version (2022-12-01-preview, 2023-12-01-preview) on every
// call, as Azure's SDKs do, and Spector's mock answers only requests that carry the version it expects.
const CORE = {};
const ARM = { subscriptionId: SUB };
const RG = { ...ARM, resourceGroupName: 'test-rg' };

type Doc = Record<string, any>;
const doc = (r: unknown): Doc => (r !== null && typeof r === 'object' ? (r as Doc) : {});

export const SPECTOR_SCENARIOS: SpectorScenario[] = [
  {
    name: 'Azure_Core_Lro_Rpc_longRunningRpc',
    fixture: 'azure-core-lro-rpc',
    calls: [{ operationId: 'LongRunningRpc', args: { ...CORE, body: { prompt: 'text' } } }],
    state: 'succeeded',
    // final-state-via operation-location: the monitor's own `result`.
    result: (r) => doc(r).data === 'text data',
  },
  {
    name: 'Azure_Core_Lro_Standard_createOrReplace',
    fixture: 'azure-core-lro-standard',
    calls: [{ operationId: 'CreateOrReplace', args: { ...CORE, name: 'madge', body: { role: 'contributor' } } }],
    state: 'succeeded',
    // A PUT's final GET is the resource itself.
    result: (r) => doc(r).name === 'madge' && doc(r).role === 'contributor',
  },
  {
    name: 'Azure_Core_Lro_Standard_delete',
    fixture: 'azure-core-lro-standard',
    calls: [{ operationId: 'Delete', args: { ...CORE, name: 'madge' } }],
    state: 'succeeded',
  },
  {
    name: 'Azure_Core_Lro_Standard_export',
    fixture: 'azure-core-lro-standard',
    calls: [{ operationId: 'Export', args: { ...CORE, name: 'madge', format: 'json' } }],
    state: 'succeeded',
    result: (r) => doc(r).name === 'madge' && doc(r).resourceUri === '/users/madge',
  },
  {
    name: 'Azure_ResourceManager_OperationTemplates_Lro_createOrReplace',
    fixture: 'arm-operation-templates',
    calls: [
      {
        operationId: 'Lro_CreateOrReplace',
        args: { ...RG, orderName: 'order1', body: { location: 'eastus', properties: { productId: 'product1', amount: 1 } } },
      },
    ],
    state: 'succeeded',
    result: (r) => doc(r).name === 'order1' && doc(doc(r).properties).provisioningState === 'Succeeded',
  },
  {
    name: 'Azure_ResourceManager_OperationTemplates_Lro_delete',
    fixture: 'arm-operation-templates',
    calls: [{ operationId: 'Lro_Delete', args: { ...RG, orderName: 'order1' } }],
    state: 'succeeded',
  },
  {
    name: 'Azure_ResourceManager_OperationTemplates_Lro_export',
    fixture: 'arm-operation-templates',
    calls: [{ operationId: 'Lro_Export', args: { ...RG, orderName: 'order1', body: { format: 'csv' } } }],
    state: 'succeeded',
    // Azure-AsyncOperation polled, then the final GET on Location (final-state-via location).
    result: (r) => doc(r).content === 'order1,product1,1',
  },
  {
    name: 'Azure_ResourceManager_OperationTemplates_Lro_exportArray',
    fixture: 'arm-operation-templates',
    calls: [{ operationId: 'Lro_ExportArray', args: { ...ARM, body: { format: 'csv' } } }],
    state: 'succeeded',
    result: (r) => Array.isArray(r) && r.length === 2 && doc(r[1]).content === 'order2,product2,2',
  },
  {
    name: 'Azure_ResourceManager_OperationTemplates_LroPaging_postPagingLro',
    fixture: 'arm-operation-templates',
    calls: [{ operationId: 'LroPaging_PostPagingLro', args: { ...RG, productName: 'default' } }],
    state: 'succeeded',
    // x-ms-pageable: the final result is a page; the result tool follows nextLink and returns both pages' items.
    result: (r) =>
      Array.isArray(doc(r).value) &&
      doc(r)
        .value.map((p: unknown) => doc(p).name)
        .join() === 'product1,product2' &&
      !('nextLink' in doc(r)),
  },
  {
    name: 'Azure_ResourceManager_LargeHeader_LargeHeaders_two6k',
    fixture: 'arm-large-header',
    calls: [{ operationId: 'LargeHeaders_Two6k', args: { ...RG, largeHeaderName: 'header1' } }],
    state: 'succeeded',
    result: (r) => doc(r).succeeded === true,
  },
  {
    name: 'Azure_ResourceManager_Resources_TopLevel_createOrReplace',
    fixture: 'arm-resources',
    calls: [
      {
        operationId: 'TopLevel_CreateOrReplace',
        args: { ...RG, topLevelTrackedResourceName: 'top', body: { location: 'eastus', properties: { description: 'valid' } } },
      },
    ],
    state: 'succeeded',
    // Answered 200 with provisioningState Succeeded: done at once, the answer is the result.
    result: (r) => doc(r).name === 'top' && doc(doc(r).properties).provisioningState === 'Succeeded',
  },
  {
    name: 'Azure_ResourceManager_Resources_TopLevel_update',
    fixture: 'arm-resources',
    // The contract's patch body is the resource, which requires `location`.
    calls: [
      {
        operationId: 'TopLevel_Update',
        args: { ...RG, topLevelTrackedResourceName: 'top', body: { location: 'eastus', properties: { description: 'valid2' } } },
      },
    ],
    state: 'succeeded',
    result: (r) => doc(doc(r).properties).description === 'valid2',
  },
  {
    name: 'Azure_ResourceManager_Resources_TopLevel_delete',
    fixture: 'arm-resources',
    calls: [{ operationId: 'TopLevel_Delete', args: { ...RG, topLevelTrackedResourceName: 'top' } }],
    state: 'succeeded',
  },
  {
    name: 'Azure_ResourceManager_Resources_Nested_createOrReplace',
    fixture: 'arm-resources',
    calls: [
      {
        operationId: 'Nested_CreateOrReplace',
        args: {
          ...RG,
          topLevelTrackedResourceName: 'top',
          nextedProxyResourceName: 'nested',
          body: { properties: { description: 'valid' } },
        },
      },
    ],
    state: 'succeeded',
    result: (r) => doc(r).name === 'nested',
  },
  {
    name: 'Azure_ResourceManager_Resources_Nested_update',
    fixture: 'arm-resources',
    calls: [
      {
        operationId: 'Nested_Update',
        args: {
          ...RG,
          topLevelTrackedResourceName: 'top',
          nextedProxyResourceName: 'nested',
          body: { properties: { description: 'valid2' } },
        },
      },
    ],
    state: 'succeeded',
    // A PATCH answered 200 with nothing to poll: done, its answer is the result.
    result: (r) => doc(doc(r).properties).description === 'valid2',
  },
  {
    name: 'Azure_ResourceManager_Resources_Nested_delete',
    fixture: 'arm-resources',
    calls: [{ operationId: 'Nested_Delete', args: { ...RG, topLevelTrackedResourceName: 'top', nextedProxyResourceName: 'nested' } }],
    state: 'succeeded',
  },
  {
    name: 'Azure_ResourceManager_Resources_Singleton_createOrUpdate',
    fixture: 'arm-resources',
    calls: [
      { operationId: 'Singleton_CreateOrUpdate', args: { ...RG, body: { location: 'eastus', properties: { description: 'valid' } } } },
    ],
    state: 'succeeded',
    result: (r) => doc(r).name === 'default',
  },
  {
    name: 'Azure_ResourceManager_Resources_ExtensionsResources_createOrUpdate',
    fixture: 'arm-resources',
    // One PUT per scope the extension resource can live at; the tenant scope is an empty `{resourceUri}`
    // (x-ms-skip-url-encoding: sent as it is, the slashes around it joined).
    calls: [
      `subscriptions/${SUB}/resourceGroups/test-rg`,
      `subscriptions/${SUB}`,
      '',
      `subscriptions/${SUB}/resourceGroups/test-rg/providers/Azure.ResourceManager.Resources/topLevelTrackedResources/top`,
    ].map((resourceUri) => ({
      operationId: 'ExtensionsResources_CreateOrUpdate',
      args: {
        resourceUri,
        extensionsResourceName: 'extension',
        body: { properties: { description: 'valid' } },
      },
    })),
    state: 'succeeded',
    result: (r) => doc(r).name === 'extension',
  },
];
