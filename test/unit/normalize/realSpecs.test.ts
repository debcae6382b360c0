import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/load/index.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { getAtPointer } from '../../../src/model/jsonPointer.js';
import { normalizeModel } from '../../../src/normalize/index.js';
import { fixture } from '../load/fixturePaths.js';

const githubSpec = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

// Operation counts were checked against an independent count of methods under `paths`.
const specs: [name: string, path: string, flavour: string, operations: number, warnings: Record<string, number>, errors: string[]][] = [
  ['openai', fixture('real/openai.yaml').path, 'openapi-3.1', 288, {}, []],
  ['replicate', fixture('real/replicate.json').path, 'openapi-3.1', 36, {}, []],
  ['assemblyai', fixture('real/assemblyai.yml').path, 'openapi-3.1', 10, {}, []],
  ['deepgram', fixture('real/deepgram.openapi.yml').path, 'openapi-3.1', 50, { MJG201: 40 }, []],
  ['stripe', fixture('real/stripe-spec3-2022-04-12.json').path, 'openapi-3.0', 417, {}, []],
  ['adyen', fixture('real/adyen-transfers-v4.json').path, 'openapi-3.1', 12, {}, []],
  ['azure-translator', fixture('real/azure-translator-batch-v1.1.json').path, 'swagger-2.0', 9, {}, []],
  ['azure-deid', fixture('real/azure-deid-2024-11-15.json').path, 'swagger-2.0', 7, {}, []],
  ['azure-keyvault', fixture('real/azure-keyvault-backuprestore-7.5/backuprestore.json').path, 'swagger-2.0', 5, {}, []],
  ['google-tts', fixture('real/google-texttospeech-v1.openapi.yaml').path, 'openapi-3.0', 7, {}, []],
  ['ogc-bundled', fixture('real/ogcapi-processes.bundled.json').path, 'openapi-3.0', 17, {}, []],
  ['ogc-multifile', fixture('real/ogcapi-processes-multifile/openapi/ogcapi-processes.yaml').path, 'openapi-3.0', 17, {}, ['MJG104']],
  ['argo', fixture('real/argo-workflows.swagger.json').path, 'swagger-2.0', 73, {}, []],
  ['github', githubSpec, 'openapi-3.0', 1223, {}, []],
];

describe.each(specs)('real spec %s', (name, path, flavour, operations, warnings, errors) => {
  it(`loads and builds ${operations} operations (${flavour})`, async () => {
    const loaded = await loadDocument(path);
    const { model, diagnostics } = normalizeModel(loaded);
    const all = [...loaded.diagnostics, ...diagnostics];
    expect(loaded.ok).toBe(true);
    expect(model.flavour).toBe(flavour);
    expect(model.operations).toHaveLength(operations);
    expect(all.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(errors);
    const warningCounts: Record<string, number> = {};
    for (const d of all.filter((d) => d.severity !== 'error')) warningCounts[d.code] = (warningCounts[d.code] ?? 0) + 1;
    expect(warningCounts).toEqual(warnings);
    expectEveryReachableRefInSchemas(model);
    for (const op of model.operations) {
      expect(getAtPointer(loaded.document, op.pointer), `${name} ${op.pointer}`).toBeDefined();
      expect(op.method).toMatch(/^[A-Z]+$/);
    }
    expect(JSON.parse(JSON.stringify(model.operations))).toEqual(model.operations); // plain data
  });
});

describe('real specs: conversions that job detection relies on', () => {
  it('Azure Translator (Swagger 2): 202 with Operation-Location header and x-ms-long-running-operation', async () => {
    const { model } = normalizeModel(await loadDocument(fixture('real/azure-translator-batch-v1.1.json').path));
    const start = model.operations.find((o) => o.operationId === 'DocumentTranslation_StartTranslation')!;
    expect(start.extensions['x-ms-long-running-operation']).toBe(true);
    expect(start.responses.find((r) => r.status === '202')!.headers.map((h) => h.name)).toContain('Operation-Location');
    expect(start.requestBody!.content[0]).toEqual({
      mediaType: 'application/json',
      schema: { $ref: '#/definitions/StartTranslationDetails' },
    });
    expect(model.servers[0]!.variables.endpoint).toBeDefined();
  });

  it('Azure Key Vault (two files): Azure-AsyncOperation header, api-version from common.json', async () => {
    const { model } = normalizeModel(await loadDocument(fixture('real/azure-keyvault-backuprestore-7.5/backuprestore.json').path));
    const backup = model.operations.find((o) => o.operationId === 'FullBackup')!;
    expect(backup.responses.find((r) => r.status === '202')!.headers.map((h) => h.name)).toContain('Azure-AsyncOperation');
    expect(backup.parameters.map((p) => p.name)).toContain('api-version');
  });

  it('AssemblyAI: links from create to get', async () => {
    const { model } = normalizeModel(await loadDocument(fixture('real/assemblyai.yml').path));
    const create = model.operations.find((o) => o.operationId === 'createTranscript')!;
    const links = create.responses.flatMap((r) => r.links);
    expect(links.map((l) => l.operationId)).toContain('getTranscript');
  });

  it('Stripe: form-encoded request bodies', async () => {
    const { model } = normalizeModel(await loadDocument(fixture('real/stripe-spec3-2022-04-12.json').path));
    const cancel = model.operations.find((o) => o.path === '/v1/payment_intents/{intent}/cancel')!;
    expect(cancel.requestBody!.content.map((c) => c.mediaType)).toEqual(['application/x-www-form-urlencoded']);
  });

  it('OpenAI: webhooks counted, path key with ?beta=true kept', async () => {
    const { model } = normalizeModel(await loadDocument(fixture('real/openai.yaml').path));
    expect(model.webhookCount).toBe(16);
    expect(model.operations.some((o) => o.path.includes('?beta=true'))).toBe(true);
  });
});

function expectEveryReachableRefInSchemas(model: ApiModel): void {
  const missing: string[] = [];
  const check = (schema: JsonSchema | undefined) => {
    JSON.stringify(schema ?? {}, (key, value) => {
      if (key === '$ref' && typeof value === 'string' && !(value in model.schemas)) missing.push(value);
      return key === 'example' || key === 'examples' || key.startsWith('x-') ? undefined : value;
    });
  };
  for (const op of model.operations) {
    for (const p of op.parameters) check(p.schema);
    for (const c of op.requestBody?.content ?? []) check(c.schema);
    for (const r of op.responses) for (const c of r.content) check(c.schema);
  }
  Object.values(model.schemas).forEach(check);
  expect(missing).toEqual([]);
}
