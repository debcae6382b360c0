/**
 * Large results: `POST /exports` starts a job that succeeds on its second poll, whose rows
 * (`GET /exports/{export_id}/result`) are about 3 MB of JSON; `POST /dumps` is a plain call answering the same
 * rows after a hold (real ms, 0 by default), for promotion. The rows carry multi-byte characters, so a page cut
 * by bytes falls inside characters too.
 */
import type { FakeContext } from './context.js';

export interface BigExports {
  /** The rows every export and dump answers with. */
  rows: { rows: Array<{ n: number; label: string }> };
  /** Hold of the next dump answers, in real ms. */
  setDumpHoldMs(ms: number): void;
}

export const BIG_RESULT_BYTES = 3 * 1024 * 1024;

export function bigRows(bytes: number): BigExports['rows'] {
  const rows: Array<{ n: number; label: string }> = [];
  for (let n = 0, size = 0; size < bytes; n++) {
    const label = `row ${n} — größe ✓ 日本語 ${'x'.repeat(n % 40)}`;
    rows.push({ n, label });
    size += Buffer.byteLength(JSON.stringify({ n, label })) + 1;
  }
  return { rows };
}

export function registerBigExports(ctx: FakeContext): BigExports {
  const rows = bigRows(BIG_RESULT_BYTES);
  const polls = new Map<string, number>();
  let next = 1;
  let dumpHoldMs = 0;

  ctx.router.on('POST /exports', (req) => {
    const table = (req.body as { table?: unknown } | undefined)?.table;
    if (typeof table !== 'string') return { status: 422, body: { error: { code: 'validation_failed', message: 'table is required' } } };
    const id = `exp_${next++}`;
    polls.set(id, 0);
    return { status: 201, body: { id, status: 'queued' } };
  });

  ctx.router.on('GET /exports/{export_id}', (_req, p) => {
    const seen = polls.get(p.export_id!);
    if (seen === undefined) return { status: 404, body: { error: { code: 'not_found', message: 'no such export' } } };
    polls.set(p.export_id!, seen + 1);
    return { status: 200, body: { id: p.export_id, status: seen + 1 >= 2 ? 'succeeded' : 'running' } };
  });

  ctx.router.on('GET /exports/{export_id}/result', (_req, p) => {
    if (!polls.has(p.export_id!)) return { status: 404, body: { error: { code: 'not_found', message: 'no such export' } } };
    return { status: 200, body: rows };
  });

  ctx.router.on('POST /dumps', async () => {
    await new Promise((resolve) => setTimeout(resolve, dumpHoldMs).unref());
    return { status: 200, body: rows };
  });

  return {
    rows,
    setDumpHoldMs(ms) {
      dumpHoldMs = ms;
    },
  };
}
