/**
 * Issue 23 items 7 and 9: every string from the spec or its file name is made safe for where it is printed. A
 * spec file named with U+2028, a line break, ESC and `-->` and a title (with `* /`) and descriptions holding ESC, NUL,
 * BEL, line separators and bidi overrides generate a project whose comments hold none of them raw, whose README has no control
 * character, and which type-checks.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GenerateResult, generate } from '../../src/index.js';
import { writeOutput } from '../../src/write/index.js';
import { E2E_TMP, typecheckProject } from '../support/generateServer.js';

const HOSTILE_NAME = 'api\u2028x\n* -->\u001b[31m.yaml';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the test looks for
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/;
let result: GenerateResult;
let output: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spec-text-'));
  const spec = join(dir, HOSTILE_NAME);
  writeFileSync(
    spec,
    JSON.stringify({
      openapi: '3.0.3',
      info: {
        title: 'Evil\u001b[2J\u0000 */ --> \u2028title\u202e',
        version: '1\u0007',
        description: 'About \u001b]0;pwned\u0007 \u0000 it\u2029.',
      },
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            summary: 'Sum\u001b[1m \u2028mary',
            description: 'Desc \u0000\u0008 */ `x` \u2029 end \u2066drawkcab\u2069',
            parameters: [{ name: 'q', in: 'query', description: 'param \u001b[0m \u2028', schema: { type: 'string' } }],
            responses: { '200': { description: 'ok \u0007' } },
          },
        },
      },
    }),
  );
  mkdirSync(E2E_TMP, { recursive: true });
  output = mkdtempSync(join(E2E_TMP, 'spec-text-'));
  result = await generate({ spec, output });
});

describe('spec text and the spec file name in generated files', () => {
  it('no comment line holds a raw control character or line separator', () => {
    for (const file of result.files.filter((f) => !f.path.endsWith('.json'))) {
      const header = file.contents.split('\n').slice(0, 5).join('\n');
      expect(CONTROLS.test(header), `${file.path}: ${JSON.stringify(header)}`).toBe(false);
    }
    const index = result.files.find((f) => f.path === 'src/index.ts')!;
    const headerLines = index.contents.split('\n').slice(0, 3);
    for (const line of headerLines) expect(line.startsWith('// '), line).toBe(true);
    expect(headerLines[1]).toContain('\\u{2028}');
  });

  it('no generated comment or README line holds a raw bidi override, which would reorder what a reviewer reads', () => {
    const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
    for (const file of result.files.filter((f) => !f.path.endsWith('.json'))) {
      // String literals escape every non-ASCII character themselves (emit/code.ts); comments and Markdown are checked.
      const prose = file.contents.split('\n').filter((line) => /^\s*(\/\/|\*|#|--|<!--)/.test(line) || file.path.endsWith('.md'));
      expect(
        prose.filter((line) => BIDI.test(line)),
        file.path,
      ).toEqual([]);
    }
    const index = result.files.find((f) => f.path === 'src/index.ts')!;
    expect(index.contents.split('\n').slice(0, 3).join('\n')).toContain('\\u{202e}');
  });

  it('README.md has no control character (ESC, NUL, BEL) and no line separator', () => {
    const readme = result.files.find((f) => f.path === 'README.md')!.contents;
    expect(readme.match(new RegExp(CONTROLS.source, 'g'))).toBeNull();
    expect(readme).toContain('# Evil[2J */ --> title MCP server');
  });

  it('the project type-checks', async () => {
    await writeOutput(output, result.files, { source: result.source, clean: true });
    const check = await typecheckProject(output);
    expect(check.stdout + check.stderr).toBe('');
    expect(check.code).toBe(0);
  }, 300_000);
});
