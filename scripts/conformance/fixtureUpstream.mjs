// The upstream API of fixtures/conformance/tasks.yaml, for the MCP conformance suite's Tasks scenarios:
// `greet` answers at once; computations run for `seconds`, can be cancelled while running; failing jobs fail
// after a second; a protocol-error job's start never answers (the server's start times out: outcome unknown).

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

/**
 * @typedef {{ id: string, status: 'running' | 'succeeded' | 'failed' | 'cancelled', doneAt: number, seconds: number,
 *   label: string, fails: boolean }} Job
 * @typedef {{ id: string, status: Job['status'], result?: { label: string, seconds: number }, error?: { message: string } }} JobView
 */

/** @type {Map<string, Job>} */
const jobs = new Map();

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body JSON, or the text itself for another `type`
 */
function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(type === 'application/json' ? JSON.stringify(body) : String(body));
}

/**
 * @param {Job} job
 * @returns {JobView}
 */
function view(job) {
  if (job.status === 'running' && Date.now() >= job.doneAt) job.status = job.fails ? 'failed' : 'succeeded';
  /** @type {JobView} */
  const out = { id: job.id, status: job.status };
  if (job.status === 'succeeded') out.result = { label: job.label, seconds: job.seconds };
  if (job.status === 'failed') out.error = { message: 'The computation failed (fixture).' };
  return out;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} seconds
 * @param {string} label
 * @param {boolean} fails
 */
function start(res, seconds, label, fails) {
  /** @type {Job} */
  const job = { id: randomUUID(), status: 'running', doneAt: Date.now() + seconds * 1000, seconds, label, fails };
  jobs.set(job.id, job);
  send(res, 202, view(job));
}

export function startFixtureUpstream(port = 0) {
  const hanging = new Set();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/greet') return send(res, 200, `Hello, ${url.searchParams.get('name') ?? ''}!`, 'text/plain');
    if (req.method === 'POST' && path === '/computations') {
      return start(res, Number(url.searchParams.get('seconds') ?? 0), url.searchParams.get('label') ?? '', false);
    }
    if (req.method === 'POST' && path === '/failing-jobs') return start(res, 1, 'failing', true);
    if (req.method === 'POST' && path === '/protocol-error-jobs') {
      hanging.add(res);
      return;
    }
    const match = /^\/computations\/([^/]+)(\/cancel)?$/.exec(path);
    const id = match?.[1];
    const job = id === undefined ? undefined : jobs.get(decodeURIComponent(id));
    if (!job) return send(res, 404, { error: { message: 'no such computation' } });
    const cancel = match?.[2];
    if (req.method === 'GET' && !cancel) return send(res, 200, view(job));
    if (req.method === 'POST' && cancel) {
      if (view(job).status === 'running') job.status = 'cancelled';
      return send(res, 200, view(job));
    }
    return send(res, 405, { error: { message: 'method not allowed' } });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close() {
          for (const res of hanging) res.destroy();
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done(undefined)));
        },
      });
    });
  });
}
