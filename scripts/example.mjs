#!/usr/bin/env node
// `npm run example`: generate an MCP server from fixtures/example/spec.yaml, run it against a local fake
// upstream, and drive one job from start to completion through the MCP SDK client. Everything stays on this
// machine and the whole run is bounded (it gives up after two minutes).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSupport } from './compileSupport.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const watchdog = setTimeout(() => {
  console.error('example: gave up after 120 s');
  process.exit(1);
}, 120_000);
watchdog.unref();

const step = (/** @type {string} */ text) => console.log(`\n== ${text}`);

async function main() {
  const [{ startFakeUpstream }, gen, harness] = await compileSupport();
  step('Generating an MCP server from fixtures/example/spec.yaml');
  const server = await gen.generateServer('fixtures/example/spec.yaml', 'server', [], join(ROOT, '.tmp', 'example'));
  console.log(`generated and compiled in ${Math.round(server.generate.ms + server.compile.ms)} ms: ${server.dir}`);

  const fake = await startFakeUpstream();
  console.log(`fake upstream (Acme Batch API look-alike) on ${fake.url}`);
  const credentials = Object.fromEntries((await gen.credentialEnvNames(server)).map((/** @type {string} */ n) => [n, 'example-token']));
  const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-example-')), 'jobs.sqlite');
  const conn = await harness.connectStdio(server, { API_BASE_URL: fake.url, JOB_STORE_URL: store, ...credentials });
  try {
    step('tools/list');
    for (const t of conn.tools) {
      const meta = t._meta ?? {};
      const role = meta['mcp-jobgen/job']
        ? `  [job family ${meta['mcp-jobgen/job']}: ${meta['mcp-jobgen/role']}]`
        : meta['mcp-jobgen/role'] === 'list'
          ? '  [lists jobs]'
          : '  [plain tool]';
      console.log(`- ${t.name}${role}`);
    }
    const family = harness.jobTools(conn.tools);
    const startTool = family.start[0];
    const args = harness.fitArgs(startTool, {
      body: { input_file_id: 'file-abc123', endpoint: '/v1/chat/completions', completion_window: '24h' },
    });
    step(`tools/call ${startTool.name} ${JSON.stringify(args)}`);
    const started = await harness.callChecked(conn, startTool.name, args);
    console.log(harness.textOf(started));
    const jobId = started.structuredContent.job_id;

    step(`tools/call ${family.status.name} (no wait: what the job is doing right now)`);
    const now = await harness.callChecked(conn, family.status.name, { job_id: jobId });
    console.log(harness.textOf(now));

    step(`polling ${family.status.name} with wait_ms until the job is terminal`);
    const seen = await harness.pollUntilTerminal(conn, family.status.name, jobId, { waitMs: 2000, maxCalls: 15 });
    for (const s of seen)
      console.log(`state=${s.state} upstream_status=${s.upstream_status} progress=${s.progress ?? 'n/a'} terminal=${s.terminal}`);
    const last = seen.at(-1);
    console.log(`result: ${JSON.stringify(last.result ?? last.result_location ?? null)}`);

    if (family.list) {
      step(`tools/call ${family.list.name}`);
      const listed = await harness.callChecked(conn, family.list.name, {});
      console.log(
        (listed.structuredContent?.jobs ?? [])
          .map((/** @type {{ job_id: string, state: string }} */ j) => `${j.job_id} ${j.state}`)
          .join('\n'),
      );
    }
    step('summary');
    console.log(
      `upstream calls: ${fake.count('POST /batches')} start, ${fake.count('GET /batches/{batch_id}')} polls; final state ${last.state}`,
    );
    if (last.state !== 'succeeded') process.exitCode = 1;
  } finally {
    await conn.close();
    await fake.close();
  }
}

main().catch((err) => {
  console.error(`example failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
});
