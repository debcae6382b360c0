import http from 'node:http';
import https from 'node:https';
import { describe, expect, it, vi } from 'vitest';
import { loadDocument } from '../../../src/load/index.js';
import { getAtPointer } from '../../../src/model/jsonPointer.js';
import { fixture } from './fixturePaths.js';

describe('loadDocument: single files', () => {
  it.each([
    ['load/bom.json', 'openapi-3.0', 'BOM JSON'],
    ['load/bom.yaml', 'openapi-3.1', 'BOM YAML'],
    ['load/json-content.yaml', 'swagger-2.0', 'JSON in a .yaml file'],
    ['load/yaml-booleans.yaml', 'openapi-3.1', 'YAML booleans'],
  ])('%s → %s', async (file, flavour, title) => {
    const result = await loadDocument(fixture(file).path);
    expect(result.diagnostics).toEqual([]);
    expect(result).toMatchObject({ ok: true, flavour, files: [fixture(file).shown] });
    expect(getAtPointer(result.document, '#/info/title')).toBe(title);
  });

  it('keeps YAML boolean-looking keys and dates as strings', async () => {
    const { document } = await loadDocument(fixture('load/yaml-booleans.yaml').path);
    expect(getAtPointer(document, '#/info/version')).toBe('2024-11-15');
    const schema = getAtPointer(document, '#/paths/~1settings/get/responses/200/content/application~1json/schema');
    expect(getAtPointer(schema, '#/properties/mode/enum')).toEqual(['yes', 'no', 'on', 'off', '2024-01-01']);
    expect(getAtPointer(schema, '#/x-flags')).toEqual({ true: 'enabled', false: 'disabled', yes: 'YAML 1.1 boolean' });
  });

  it('does not copy a single-file document (fast path)', async () => {
    const { document, files } = await loadDocument(fixture('real/replicate.json').path);
    expect(files).toHaveLength(1);
    expect(JSON.stringify(document)).not.toMatch(/"\$ref":"[^#]/);
  });
});

describe('loadDocument: multi-file bundling', () => {
  it('makes every ref internal, names external schemas, terminates on cross-file cycles', async () => {
    const result = await loadDocument(fixture('load/multi/root.yaml').path);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toHaveLength(9);
    expect(result.files[0]).toBe(fixture('load/multi/root.yaml').shown);
    const refs = collectRefs(result.document);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs.filter((r) => !r.startsWith('an example'))) {
      expect(ref.startsWith('#'), ref).toBe(true);
      expect(getAtPointer(result.document, ref), ref).toBeDefined();
    }
    // The root's own name for schemas/job.yaml wins; common.json#/definitions/Error gets its section name.
    expect(getAtPointer(result.document, '#/paths/~1jobs/post/requestBody/content/application~1json/schema')).toEqual({
      $ref: '#/components/schemas/Job',
    });
    expect(getAtPointer(result.document, '#/components/schemas/Error/properties/detail')).toEqual({ $ref: '#/components/schemas/Detail' });
    // Data, not references: copied as written, not followed (the example file does not exist).
    expect(getAtPointer(result.document, '#/components/schemas/Error/x-examples')).toEqual({ $ref: './examples/not-shipped.json' });
    expect(getAtPointer(result.document, '#/components/schemas/Error/example')).toEqual({ $ref: 'an example payload, not a reference' });
    expect(getAtPointer(result.document, '#/components/schemas/Job/properties/parent/properties/job')).toEqual({
      $ref: '#/components/schemas/Job',
    });
    expect(result.sourceFileOf!('#/components/schemas/Error/properties')).toBe(fixture('load/multi/schemas/common.json').shown);
    expect(result.sourceFileOf!('#/paths/~1jobs~1{jobId}/get')).toBe(fixture('load/multi/paths/job.yaml').shown);
    expect(result.sourceFileOf!('#/info')).toBe(fixture('load/multi/root.yaml').shown);
  });

  it("follows refs under AutoRest's x-ms-paths into other files, as under paths", async () => {
    const result = await loadDocument(fixture('load/x-ms-paths/deployments.json').path);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toEqual([fixture('load/x-ms-paths/deployments.json').shown, fixture('load/x-ms-paths/common.json').shown]);
    const restore = '#/x-ms-paths/~1deployments~1{name}?op=restore/post';
    expect(getAtPointer(result.document, `${restore}/parameters/1`)).toEqual({ $ref: '#/parameters/ApiVersion' });
    expect(getAtPointer(result.document, '#/parameters/ApiVersion/name')).toBe('api-version');
    expect(getAtPointer(result.document, '#/x-ms-paths/~1deployments~1{name}?op=export/post/responses/200/schema')).toEqual({
      $ref: '#/definitions/ExportResult',
    });
    expect(JSON.stringify(getAtPointer(result.document, '#/x-ms-paths'))).not.toMatch(/"\$ref":"[^#]/);
  });

  it('OGC API Processes: 142 files, exactly the one remote ref reported, without fetching it', async () => {
    // "Without fetching it" is proved by watching every way Node opens a connection, not by a time bound (speed
    // is measured by `npm run bench`, never asserted in tests).
    const network = [
      vi.spyOn(globalThis, 'fetch'),
      vi.spyOn(http, 'request'),
      vi.spyOn(http, 'get'),
      vi.spyOn(https, 'request'),
      vi.spyOn(https, 'get'),
    ];
    let result: Awaited<ReturnType<typeof loadDocument>>;
    try {
      result = await loadDocument(fixture('real/ogcapi-processes-multifile/openapi/ogcapi-processes.yaml').path);
      for (const spy of network) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of network) spy.mockRestore();
    }
    expect(result.ok).toBe(true);
    expect(result.files).toHaveLength(142);
    expect(result.diagnostics).toHaveLength(1);
    const [remote] = result.diagnostics;
    expect(remote).toMatchObject({
      code: 'MJG104',
      severity: 'error',
      file: fixture('real/ogcapi-processes-multifile/openapi/schemas/processes-core/collectionValue.yaml').shown,
      pointer: '#/allOf/1/properties/geometry/oneOf/1',
    });
    expect(remote!.message).toContain('https://schemas.opengis.net/ogcapi/features/part1/1.0/openapi/schemas/geometryGeoJSON.yaml');
    expect(remote!.message).toContain('collectionValue.yaml');
    for (const ref of collectRefs(result.document)) expect(getAtPointer(result.document, ref), ref).toBeDefined();
  });

  it('Azure Key Vault: common.json definitions and parameters keep their names; x-ms-examples refs are not followed', async () => {
    const result = await loadDocument(fixture('real/azure-keyvault-backuprestore-7.5/backuprestore.json').path);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toHaveLength(2);
    expect(getAtPointer(result.document, '#/definitions/KeyVaultError')).toBeDefined();
    expect(getAtPointer(result.document, '#/parameters/ApiVersionParameter')).toMatchObject({ name: 'api-version' });
    expect(JSON.stringify(result.document)).toContain('"$ref":"./examples/FullBackup-example.json"');
  });
});

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else if (!key.startsWith('x-')) collectRefs(value, out);
    }
  }
  return out;
}
