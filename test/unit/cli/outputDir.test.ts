import { describe, expect, it } from 'vitest';
import { isCI } from '../../../src/cli/io.js';
import { defaultOutputDir } from '../../../src/cli/outputDir.js';
import { formatDiagnostic } from '../../../src/cli/report.js';
import { createDiagnostic } from '../../../src/model/diagnostics.js';

describe('defaultOutputDir', () => {
  it.each([
    ['Azure Document Translation', 'azure-document-translation'],
    ['GitHub v3 REST API', 'github-v3-rest-api'],
    ['OpenAI API', 'openai-api'],
    ['Café  Orders!', 'cafe-orders'],
    ['', 'mcp-server'],
    ['!!!', 'mcp-server'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('%j → %s', (title, expected) => {
    expect(defaultOutputDir(title)).toBe(expected);
  });
});

describe('formatDiagnostic', () => {
  it('prints severity, code, message, location and help', () => {
    const d = createDiagnostic('MJG104', 'error', 'remote $ref not supported', {
      file: 'a.yaml',
      pointer: '#/paths/~1x',
      help: 'Vendor it.',
    });
    expect(formatDiagnostic(d)).toBe('error MJG104 remote $ref not supported (a.yaml#/paths/~1x)\n  help: Vendor it.\n');
    expect(formatDiagnostic(createDiagnostic('MJG335', 'warning', 'w'))).toBe('warning MJG335 w\n');
  });
});

describe('isCI', () => {
  it.each([
    [{}, false],
    [{ CI: 'true' }, true],
    [{ CI: '1' }, true],
    [{ CI: 'false' }, false],
    [{ GITHUB_ACTIONS: 'true' }, true],
  ])('%j → %s', (env, expected) => {
    expect(isCI(env)).toBe(expected);
  });
});
