#!/usr/bin/env node
// `npm run build && node scripts/schemas/lintServers.mjs [--only openai|github] [--keep]`: generates the OpenAI and
// GitHub servers into .tmp/lint-servers, builds them (tsc, timed), lists all their tools (static mode) through the MCP
// Inspector CLI with its schema lint in --strict mode over stdio, and prints per server: lint errors and warnings by class (every
// class documented in docs/SCHEMAS.md), tools/list size in bytes and tokens (o200k when gpt-tokenizer is
// installed or given as --tokenizer <module path>, else bytes / 4, marked "~"), the longest tool name and the
// longest generated line. The findings themselves go to .tmp/lint-servers/<name>.findings.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_TSC } from '../compilers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, '.tmp', 'lint-servers');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? (argv[argv.indexOf('--only') + 1] ?? '') : '';
const SERVERS = [
  { name: 'openai', spec: join(ROOT, 'fixtures', 'real', 'openai.yaml') },
  { name: 'github', spec: join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json') },
].filter((s) => s.name.includes(only));
/**
 * What the Inspector CLI prints with --format json --strict (its clients/cli lintTools): the list, and the findings
 * of the tools that have any.
 * @typedef {{ rule: string, severity: 'error' | 'warning', schema: string, path: string, issue: string,
 *   suggestion?: string }} Finding
 * @typedef {{ result: { tools: Array<{ name: string, outputSchema?: unknown }> },
 *   schemaFindings?: Array<{ toolName: string, findings: Finding[] }> }} Envelope
 * @typedef {{ length: number, where: string }} LongestLine
 */
const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

/** @returns {Promise<{ exact: boolean, count: (text: string) => number }>} */
async function tokenCounter() {
  try {
    const fallback = 'gpt-tokenizer/encoding/o200k_base';
    const tokenizer = argv.includes('--tokenizer') ? (argv[argv.indexOf('--tokenizer') + 1] ?? fallback) : fallback;
    const { countTokens } = /** @type {{ countTokens: (text: string, options: { disallowedSpecial: Set<string> }) => number }} */ (
      await import(tokenizer)
    );
    return { exact: true, count: (text) => countTokens(text, { disallowedSpecial: new Set() }) };
  } catch {
    return { exact: false, count: (text) => Math.round(text.length / 4) };
  }
}

/**
 * The lint's rule, refined by where the finding sits, so each class has one reason (docs/SCHEMAS.md).
 * @param {Finding} f
 */
function classify(f) {
  if (f.rule !== 'untyped-schema') return f.rule;
  if (/(^|\.)additionalProperties$/.test(f.path)) return 'untyped: additionalProperties';
  if (/\.items$/.test(f.path)) return 'untyped: items';
  if (/(anyOf|oneOf)\[\d+\]$/.test(f.path)) return 'untyped: union member';
  return 'untyped: property';
}

/**
 * @param {string} dir a generated project
 * @returns {LongestLine} the longest line of the .ts files under its src/, runtime/ left out
 */
function longestLine(dir) {
  let best = { length: 0, where: '' };
  const walk = (/** @type {string} */ d) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) {
        if (entry !== 'runtime') walk(p);
      } else if (p.endsWith('.ts')) {
        readFileSync(p, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (line.length > best.length) best = { length: line.length, where: `${p.replace(`${dir}/`, '')}:${i + 1}` };
          });
      }
    }
  };
  walk(join(dir, 'src'));
  return best;
}

const tokens = await tokenCounter();
/** @type {Record<string, object>} */
const report = {};
for (const server of SERVERS) {
  const dir = join(OUT, server.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'bin', 'mcp-jobgen.js'), server.spec, '-o', dir, '-q'], { stdio: 'inherit' });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const t0 = performance.now();
  execFileSync(process.execPath, [PROJECT_TSC, '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  const tscMs = Math.round(performance.now() - t0);
  // A 1,000-tool server on a loaded machine can miss the Inspector's connect timeout (exit 4, unreachable): retry.
  let stdout = '';
  for (let attempt = 1; attempt <= 3 && !stdout; attempt++) {
    try {
      stdout = execFileSync(
        process.execPath,
        [
          INSPECTOR,
          '--cli',
          '-e',
          'JOB_STORE_URL=sqlite::memory:',
          // Every tool: both specs are big enough to start in dynamic mode, which lists only the meta-tools.
          '-e',
          'MCP_TOOL_MODE=static',
          '--method',
          'tools/list',
          '--strict',
          '--format',
          'json',
          process.execPath,
          join(dir, 'dist', 'index.js'),
        ],
        {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
          env: { ...process.env, HOME: join(OUT, 'home') },
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    } catch (error) {
      stdout = /** @type {{ stdout?: string }} */ (error).stdout ?? '';
      if (!stdout && attempt === 3) throw error;
    }
  }
  const envelope = /** @type {Envelope} */ (JSON.parse(stdout.trim().split('\n').at(-1) ?? ''));
  const tools = envelope.result.tools;
  /** @type {Record<string, number>} */
  const classes = {};
  let errors = 0;
  let warnings = 0;
  for (const { findings } of envelope.schemaFindings ?? []) {
    for (const f of findings) {
      const key = `${f.severity} ${f.schema} ${classify(f)}`;
      classes[key] = (classes[key] ?? 0) + 1;
      if (f.severity === 'error') errors += 1;
      else warnings += 1;
    }
  }
  const list = JSON.stringify({ tools });
  writeFileSync(join(OUT, `${server.name}.findings.json`), JSON.stringify(envelope.schemaFindings ?? [], null, 1));
  const outputs = JSON.stringify(tools.map((t) => t.outputSchema ?? null));
  const longestName = tools.map((t) => t.name).sort((a, b) => b.length - a.length)[0] ?? '';
  report[server.name] = {
    tools: tools.length,
    errors,
    warnings,
    classes,
    listBytes: list.length,
    listTokens: `${tokens.exact ? '' : '~'}${tokens.count(list)}`,
    outputTokens: `${tokens.exact ? '' : '~'}${tokens.count(outputs)}`,
    longestName: `${longestName} (${longestName.length})`,
    longestLine: longestLine(dir),
    tscMs,
  };
  if (!argv.includes('--keep')) rmSync(join(dir, 'dist'), { recursive: true, force: true });
}
writeFileSync(join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
