/**
 * An upstream's own ETA (the family's `etaField`) paces a job without a configured expected duration: the
 * start's answer reports it as expected_duration_ms and poll_after_ms is a fifth of it; a later status
 * document's value replaces it; a configured duration still wins. In process, against a local upstream.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const ops = [
  op({ tool: 'create_export', method: 'POST', path: '/exports', role: 'start', input: z.object({}) }),
  op({
    tool: 'get_export',
    method: 'GET',
    path: '/exports/{id}',
    role: 'internal',
    input: z.object({ id: z.string() }),
    params: [{ arg: 'id', name: 'id', in: 'path', required: true }],
  }),
];
const exportFamily = (fields: Partial<JobFamilySpec>): JobFamilySpec =>
  family({
    name: 'export',
    starts: [
      { operation: 'create_export', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
    ],
    poll: { operation: 'get_export', idParam: 'id', carry: [] },
    states: { running: 'running', done: 'succeeded' },
    etaField: 'expected_duration_sec',
    ...fields,
  });

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

async function serve(spec: JobFamilySpec, startEta: number, pollEta: number): Promise<Connected> {
  upstream = await startLocalUpstream();
  const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  upstream.route('POST /exports', json({ id: 'e1', status: 'running', expected_duration_sec: startEta }));
  upstream.route('GET /exports/e1', json({ id: 'e1', status: 'running', expected_duration_sec: pollEta }));
  // random 0.5 is no jitter: poll_after_ms is exactly the pacing rule's interval.
  conn = await connect(definition(ops, [spec]), { env: { API_BASE_URL: upstream.url }, random: () => 0.5 });
  return conn;
}

describe("the upstream's ETA field paces the job", () => {
  it('start and status read it from the latest document', async () => {
    const mcp = await serve(exportFamily({}), 600, 100);
    const started = await mcp.call('create_export', {});
    expect(started.isError).toBeFalsy();
    expect(started.structuredContent).toMatchObject({ state: 'running', expected_duration_ms: 600_000, poll_after_ms: 120_000 });
    const status = await mcp.call('export_status', { job_id: (started.structuredContent as { job_id: string }).job_id });
    expect(status.structuredContent).toMatchObject({ state: 'running', poll_after_ms: 20_000 });
  });

  it('a configured expected duration wins over the upstream', async () => {
    const mcp = await serve(exportFamily({ expectedDurationMs: 50_000 }), 600, 100);
    const started = await mcp.call('create_export', {});
    expect(started.structuredContent).toMatchObject({ expected_duration_ms: 50_000, poll_after_ms: 10_000 });
  });

  it('without an ETA field nothing is invented', async () => {
    const mcp = await serve(exportFamily({ etaField: null }), 600, 100);
    const started = await mcp.call('create_export', {});
    expect(started.structuredContent).not.toHaveProperty('expected_duration_ms');
    expect((started.structuredContent as { poll_after_ms: number }).poll_after_ms).toBe(1_000);
  });
});
