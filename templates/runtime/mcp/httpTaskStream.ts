/**
 * A task-carrying `subscriptions/listen` over Streamable HTTP, answered in front of the SDK (mcp/taskListen.ts
 * says which): the acknowledgement, then `notifications/tasks` from the feed (mcp/taskFeed.ts), on one SSE
 * response held open with keep-alive comments until the client hangs up, every followed task has ended, or the
 * server shuts down (then the graceful-close result ends it). The exchange is not tracked by the shutdown drain:
 * a stream that never ends by itself must not hold SIGTERM.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RuntimeContext } from '../core/context.js';
import type { TaskFeed } from './taskFeed.js';
import type { TaskListen } from './taskListen.js';
import { LIMIT_REACHED, listenError } from './taskListen.js';

/** As the SDK's own listen streams: a comment this often keeps proxies from timing the stream out. */
const KEEP_ALIVE_MS = 15_000;
/** A listen body is a few hundred bytes; MAX_TASK_IDS ids of a few dozen characters fit well within this. */
export const LISTEN_BODY_LIMIT = 64 * 1024;

function answerJson(res: ServerResponse, body: unknown): void {
  // JSON-RPC errors of a listen are answered with 200, as the SDK's listen router does.
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function serveTaskStream(
  feed: TaskFeed,
  ctx: RuntimeContext,
  listen: TaskListen,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (listen.kind === 'invalid') return answerJson(res, listenError(listen.id, listen.code, listen.message));
  const header = req.headers['mcp-protocol-version'];
  if (header !== listen.protocolVersion) {
    return answerJson(res, listenError(listen.id, -32602, 'The MCP-Protocol-Version header must name the envelope protocol version'));
  }
  if (feed.isFull) return answerJson(res, listenError(listen.id, LIMIT_REACHED.code, LIMIT_REACHED.message));
  const honoured = listen.declared ? await feed.honoured(ctx, listen.taskIds) : [];
  if (res.destroyed) return;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  let ended = false;
  const keepAlive = setInterval(() => res.write(': keepalive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  const teardown = feed.open(ctx, listen.id, honoured, {
    write: (message) => {
      if (!ended) res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    },
    end: () => {
      ended = true;
      clearInterval(keepAlive);
      res.end();
    },
  });
  res.once('close', () => {
    ended = true;
    clearInterval(keepAlive);
    teardown();
  });
}
