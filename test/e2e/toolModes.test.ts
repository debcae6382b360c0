/**
 * Issue 13, toolsets and dynamic mode, on a generated server (the OpenAI-like batch fixture, tag `Batch`):
 * MCP_TOOLSETS narrows the static list and refuses an unknown name at start-up with the valid ones; dynamic
 * mode lists its handful of tools and drives search → describe → call_operation (a job start) → job_status →
 * job_result → list_jobs over both protocol eras, with every structuredContent checked against its schema.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientKind, TransportKind } from '../support/eraClients.js';
import { connectEra } from '../support/eraClients.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer, run } from '../support/generateServer.js';
import { checkOutput, metaOf, serverEnv, textOf } from '../support/mcpHarness.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const lifecycle = LIFECYCLES.find((c) => c.name === 'openai-batches')!;

let fake: FakeUpstream;
let server: GeneratedServer;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer(lifecycle.fixture, 'tool-modes');
  const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-modes-')), 'jobs.sqlite');
  env = { API_BASE_URL: fake.url, JOB_STORE_URL: store, ...fixtureCredentials(await credentialEnvNames(server)) };
});
afterAll(async () => {
  await fake?.close();
});

describe('static toolsets', () => {
  it.each([
    ['', ['create_batch', 'list_batches', 'retrieve_batch', 'cancel_batch']],
    ['batch', ['create_batch', 'list_batches', 'retrieve_batch', 'cancel_batch']],
    ['Jobs', ['create_batch']],
  ])('MCP_TOOLSETS=%j lists the expected operations plus the job tools', async (toolsets, operations) => {
    const conn = await connectEra('v1', 'stdio', server, { ...env, MCP_TOOLSETS: toolsets });
    try {
      const plain = conn.tools.filter((t) => ['tool', 'start'].includes(String(metaOf(t)['mcp-jobgen/role']))).map((t) => t.name);
      expect(new Set(plain)).toEqual(new Set(operations));
      const roles = conn.tools.map((t) => metaOf(t)['mcp-jobgen/role']);
      expect(roles).toEqual(expect.arrayContaining(['status', 'cancel', 'list']));
    } finally {
      await conn.close();
    }
  });

  it('refuses to start with an unknown toolset, naming the valid ones', async () => {
    const res = await run(process.execPath, [server.entry], { cwd: server.dir, env: serverEnv({ ...env, MCP_TOOLSETS: 'batches' }) });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/could not start: MCP_TOOLSETS names no such toolset: "batches"\. Valid toolsets: all, jobs, batch\./);
  });
});

const CLIENTS: Array<[ClientKind, TransportKind]> = [
  ['v1', 'stdio'],
  ['v2-pinned', 'http'],
];

describe.each(CLIENTS)('dynamic mode, %s client over %s', (kind, transport) => {
  it('lists the meta-tools and runs a job through them', async () => {
    const conn = await connectEra(kind, transport, server, { ...env, MCP_TOOL_MODE: 'dynamic' });
    const tool = (name: string) => conn.tools.find((t) => t.name === name)!;
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await conn.call(name, args);
      checkOutput(tool(name), result);
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      return result;
    };
    try {
      expect(conn.tools.map((t) => t.name)).toEqual([
        'search_operations',
        'describe_operation',
        'call_operation',
        'job_status',
        'job_result',
        'job_cancel',
        'list_jobs',
        // Every plain call may be promoted to a job (issue 27), so dynamic mode offers its status tool too.
        'call_status',
      ]);
      const found = await call('search_operations', { query: 'create a batch' });
      const first = found.structuredContent!.results[0];
      expect(first).toMatchObject({ name: 'create_batch', kind: 'start', method: 'POST', path: '/batches' });
      const described = await call('describe_operation', { name: first.name });
      expect(described.structuredContent!.input_schema.properties).toHaveProperty('idempotency_key');
      const started = await call('call_operation', { name: first.name, arguments: lifecycle.startArgs() });
      const jobId = started.structuredContent!.job_id as string;
      expect(jobId).toMatch(/^job_/);
      let status = started.structuredContent!;
      for (let i = 0; i < 12 && !status.terminal; i++) status = (await call('job_status', { job_id: jobId })).structuredContent!;
      expect(status).toMatchObject({ job_id: jobId, family: 'batch', state: 'succeeded', terminal: true });
      const result = await call('job_result', { job_id: jobId });
      expect(textOf(result)).toContain(lifecycle.resultMarker);
      const listed = await call('list_jobs', {});
      expect(listed.structuredContent!.jobs.map((j: { job_id: string }) => j.job_id)).toContain(jobId);
      const invalid = await conn.call('call_operation', { name: first.name, arguments: { body: { endpoint: 5 } } });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toMatch(/Input validation error: Invalid arguments for tool create_batch/);
    } finally {
      await conn.close();
    }
  });
});
