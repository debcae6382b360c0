import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestClosest } from '../../../src/config/editDistance.js';
import { loadConfig } from '../../../src/config/loadConfig.js';
import { validateConfig } from '../../../src/config/validateConfig.js';

describe('validateConfig', () => {
  it.each([
    [{ exlude: ['x'] }, 'MJG320', '#/exlude', 'Did you mean "exclude"?'],
    [{ baseURL: 'https://x.example' }, 'MJG320', '#/baseURL', 'Did you mean "baseUrl"?'],
    [{ jobs: { batch: { dedupeWindow: 5 } } }, 'MJG320', '#/jobs/batch/dedupeWindow', 'Did you mean "dedupeWindowMs"?'],
    [{ include: 'tag' }, 'MJG321', '#/include', 'an array of strings'],
    [{ validate: 'yes' }, 'MJG321', '#/validate', 'true or false'],
    [{ jobs: { batch: { states: { in_progress: 'runing' } } } }, 'MJG322', '#/jobs/batch/states/in_progress', 'Did you mean "running"?'],
    [{ jobs: { batch: { expectedDurationMs: -1 } } }, 'MJG322', '#/jobs/batch/expectedDurationMs', 'non-negative'],
    [{ jobs: { b: { allowedOrigins: ['https://x.example/files'] } } }, 'MJG322', '#/jobs/b/allowedOrigins/0', 'https://x.example'],
    [{ operations: { op: { family: 'f', role: 'begin' } } }, 'MJG322', '#/operations/op/role', 'Use one of'],
    [{ operations: { op: { role: 'start' } } }, 'MJG321', '#/operations/op/family', 'Add "family"'],
    [{ operations: { op: true } }, 'MJG321', '#/operations/op', 'false or an object'],
    [{ operations: { op: { promote: 'yes' } } }, 'MJG321', '#/operations/op/promote', 'true, false or an object'],
    [{ operations: { op: { promote: { timeoutMs: 0 } } } }, 'MJG322', '#/operations/op/promote/timeoutMs', 'at least 1'],
    [{ operations: { op: { promote: { timeout: 5 } } } }, 'MJG320', '#/operations/op/promote/timeout', 'Did you mean "timeoutMs"?'],
    [{ rename: { 'GET /a/b': 'bad name!' } }, 'MJG322', '#/rename/GET ~1a~1b', 'tool name'],
    [{ baseUrl: 'api.example.com' }, 'MJG322', '#/baseUrl', 'absolute URL'],
    [{ packageName: 'My Package' }, 'MJG322', '#/packageName', 'npm package name'],
    [[], 'MJG321', '#', 'an object'],
  ])('%j → %s at %s', (raw, code, pointer, text) => {
    const { config, diagnostics } = validateConfig(raw, 'cfg.json');
    expect(config).toEqual({});
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code, pointer, severity: 'error', file: 'cfg.json' });
    expect(`${diagnostics[0]!.message} ${diagnostics[0]!.help}`).toContain(text);
  });

  it('accepts every documented key', () => {
    const raw = {
      spec: 'a.yaml',
      output: 'out',
      include: ['a'],
      exclude: ['/b/**'],
      rename: { op: 'tool_name' },
      baseUrl: 'https://api.example.com/v1',
      packageName: '@acme/api-mcp',
      validate: true,
      jobs: {
        batch: {
          enabled: false,
          states: { x: 'failed' },
          expectedDurationMs: 0,
          dedupeWindowMs: 600000,
          allowedOrigins: ['https://f.example.com'],
        },
      },
      operations: {
        a: false,
        b: { family: 'batch', role: 'poll', idParam: 'id', idFrom: 'body:id', statusField: 'status.phase' },
        c: { promote: true },
        d: { promote: { timeoutMs: 120000, expectedDurationMs: 45000 } },
      },
    };
    expect(validateConfig(raw)).toEqual({ config: raw, diagnostics: [] });
  });

  it('collects every problem in a file at once, with the key path in the message', async () => {
    const root = resolve(import.meta.dirname, '../../..');
    const loaded = await loadConfig({ spec: join(root, 'fixtures/config/yaml-invalid/spec.yaml'), cwd: root });
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'MJG320 #/exlude',
      'MJG320 #/baseURL',
      'MJG321 #/include',
      'MJG322 #/jobs/export/states/in_progress',
      'MJG321 #/jobs/export/dedupeWindowMs',
      'MJG322 #/jobs/export/allowedOrigins/0',
      'MJG322 #/operations/createExport/role',
      'MJG321 #/operations/getExport',
    ]);
    expect(loaded.diagnostics[4]!.message).toBe('"jobs.export.dedupeWindowMs" must be an integer, got string "10 minutes"');
    expect(loaded.diagnostics.every((d) => d.file === 'fixtures/config/yaml-invalid/mcp-jobgen.config.yaml')).toBe(true);
  });
});

describe('suggestClosest', () => {
  it.each([
    ['exlude', 'exclude'],
    ['BASEURL', 'baseUrl'],
    ['packagename', 'packageName'],
    ['foo', undefined],
    ['operation', 'operations'],
  ])('%s → %s', (word, expected) => {
    expect(suggestClosest(word, ['spec', 'output', 'include', 'exclude', 'baseUrl', 'packageName', 'jobs', 'operations'])).toBe(expected);
  });
});
