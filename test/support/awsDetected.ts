/**
 * A server generated with no config from an AWS spec in fixtures/e2e, connected over stdio to a fresh fake AWS
 * upstream (test/support/fakeAws.ts) with the fake credentials, for the describe block it is called in; and a start
 * tool called with a body. Shared by test/e2e/awsDetected.test.ts and awsListPolls.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { FAKE_AWS_KEYS, type FakeAws, startFakeAws } from './fakeAws.js';
import { generateServer } from './generateServer.js';
import { type Connected, callChecked, connectStdio, fitArgs, jobTools, textOf } from './mcpHarness.js';

const [accessKeyId, secretAccessKey] = Object.entries(FAKE_AWS_KEYS)[0]!;

/** `service`: one of fakeAws.ts's, or a function that starts another fake (test/support/fakeAwsQuery.ts). */
export function detected<F extends FakeAws = FakeAws>(
  spec: string,
  name: string,
  service: Parameters<typeof startFakeAws>[0] | (() => Promise<F>),
) {
  const ctx = {} as { fake: F; conn: Connected; tools: ReturnType<typeof jobTools> };
  beforeAll(async () => {
    ctx.fake = (typeof service === 'function' ? await service() : await startFakeAws(service)) as F;
    // No `-c`: the fixture folder holds no mcp-jobgen.config.* and the specs carry no x-mcp-jobgen.
    const server = await generateServer(spec, name);
    ctx.conn = await connectStdio(server, {
      API_BASE_URL: ctx.fake.url,
      JOB_STORE_URL: join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-aws-detected-')), 'jobs.sqlite'),
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_REGION: 'eu-west-1',
    });
    ctx.tools = jobTools(ctx.conn.tools);
  });
  afterAll(async () => {
    await ctx.conn?.close();
    await ctx.fake?.close();
  });
  return ctx;
}

export async function startJob(conn: Connected, tool: ReturnType<typeof jobTools>['start'][number], body: Record<string, unknown>) {
  const res = await callChecked(conn, tool.name, fitArgs(tool, { body }));
  if (res.isError) throw new Error(`${tool.name} failed: ${textOf(res)}\n${conn.stderr()}`);
  return res.structuredContent!;
}
