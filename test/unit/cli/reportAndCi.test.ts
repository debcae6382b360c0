import { describe, expect, it } from 'vitest';
import { isCI } from '../../../src/cli/io.js';
import { formatDiagnostic } from '../../../src/cli/report.js';
import { createDiagnostic } from '../../../src/model/diagnostics.js';

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
