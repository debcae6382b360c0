// How scripts/benchHttp.mjs drives a server: C SDK clients over Streamable HTTP, each calling one tool with its own
// arguments as fast as it answers, in bursts. The floor and every store's server take turns in short bursts (paired
// rounds), so a change in what else the shared machine runs falls on all of them alike instead of on whichever ran
// during it. Per server it keeps the calls, their latencies, why any failed, and the server's own CPU per call.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * @typedef {(client: number) => Record<string, unknown>} ArgsFor one client's tool arguments, by its index
 * @typedef {{ name: string, pid: number, tool: string, conns: Client[], argsFor: ArgsFor, latencies: number[],
 *   errors: number, reasons: Map<string, number>, cpuMs: number, wallMs: number }} Target
 * @typedef {{ calls: number, perSecond: number, p50Ms: number, p99Ms: number, errors: number, why: string,
 *   cpuMsPerCall: number }} DriveRun
 */

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ); null where there is no /proc. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return null;
  }
})();

/**
 * CPU time (user + system, every thread) the process `pid` has used so far, in ms; NaN where /proc cannot say.
 * Calls/s swing with whatever else the machine runs; the server's own CPU per call does not, or far less.
 * @param {number} pid
 */
function cpuMs(pid) {
  if (TICKS_PER_SECOND === null) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in its parentheses: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * A failed call's error with its causes (undici's "fetch failed" says why only in `cause`: ECONNRESET, a timeout…).
 * @param {unknown} error
 */
function describeError(error) {
  const parts = [];
  for (let e = error, depth = 0; e && depth < 4; e = /** @type {{ cause?: unknown }} */ (e).cause, depth++) {
    const { message, code } = /** @type {{ message?: string, code?: string }} */ (e);
    parts.push(code ? `${message ?? e} (${code})` : String(message ?? e));
  }
  return parts.join(' <- ');
}

/** @param {number} port */
async function connectClient(port) {
  const client = new Client({ name: 'bench-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  return client;
}

/**
 * Connects `clients` clients to the server on `port` (process `pid`), to be driven by `burst`.
 * @param {{ name: string, pid: number, port: number, tool: string, argsFor: ArgsFor }} server
 * @param {number} clients
 * @returns {Promise<Target>}
 */
export async function openTarget({ name, pid, port, tool, argsFor }, clients) {
  const conns = [];
  for (let i = 0; i < clients; i++) conns.push(await connectClient(port));
  return { name, pid, tool, conns, argsFor, latencies: [], errors: 0, reasons: new Map(), cpuMs: 0, wallMs: 0 };
}

/**
 * Every client of `target` calls in a loop for `ms`; with `measure`, the calls, their latencies and the server's
 * CPU are added to the target's. A burst ends when its last call has answered, and none is in flight when it
 * starts, so the CPU read across it is the CPU of exactly the calls it counts.
 * @param {Target} target
 * @param {number} ms
 * @param {boolean} measure
 */
export async function burst(target, ms, measure) {
  const cpuFrom = cpuMs(target.pid);
  const began = performance.now();
  const endAt = began + ms;
  await Promise.all(
    target.conns.map(async (client, i) => {
      const args = target.argsFor(i);
      while (performance.now() < endAt) {
        const t0 = performance.now();
        const result = await client.callTool({ name: target.tool, arguments: args }).catch((error) => ({ isError: true, error }));
        if (!measure) continue;
        target.latencies.push(performance.now() - t0);
        if (!result.isError) continue;
        target.errors += 1;
        const why = 'error' in result ? describeError(result.error) : `tool error: ${JSON.stringify(result.content).slice(0, 120)}`;
        target.reasons.set(why, (target.reasons.get(why) ?? 0) + 1);
      }
    }),
  );
  if (!measure) return;
  target.wallMs += performance.now() - began;
  target.cpuMs += cpuMs(target.pid) - cpuFrom;
}

/**
 * What was measured on `target`, and closes its clients.
 * @param {Target} target
 * @returns {Promise<DriveRun>}
 */
export async function closeTarget(target) {
  await Promise.all(target.conns.map((c) => c.close().catch(() => undefined)));
  const latencies = [...target.latencies].sort((a, b) => a - b);
  if (latencies.length === 0) throw new Error(`no calls measured on ${target.name}`);
  const at = (/** @type {number} */ q) => round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN);
  return {
    calls: latencies.length,
    perSecond: round((latencies.length * 1000) / target.wallMs),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: target.errors,
    why: [...target.reasons].map(([reason, n]) => `${n}x ${reason}`).join('; '),
    cpuMsPerCall: Math.round((target.cpuMs / latencies.length) * 1000) / 1000,
  };
}

/**
 * C clients calling `tool` until `total` calls were made between them; how many failed.
 * @param {number} port
 * @param {number} clients
 * @param {string} tool
 * @param {ArgsFor} argsFor
 * @param {number} total
 */
export async function driveCalls(port, clients, tool, argsFor, total) {
  const conns = [];
  for (let i = 0; i < clients; i++) conns.push(await connectClient(port));
  let issued = 0;
  let errors = 0;
  await Promise.all(
    conns.map(async (client, i) => {
      const args = argsFor(i);
      while (issued < total) {
        issued += 1;
        const result = await client.callTool({ name: tool, arguments: args }).catch(() => ({ isError: true }));
        if (result.isError) errors += 1;
      }
    }),
  );
  await Promise.all(conns.map((c) => c.close().catch(() => undefined)));
  return errors;
}

export const round = (/** @type {number} */ x) => Math.round(x * 100) / 100;
