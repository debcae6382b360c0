/**
 * Synchronous slow work, the kind most real APIs have instead of 202 jobs: the request is held open while
 * the work runs (default 45 s, real time) and answered with the result. `POST /renders` is not repeatable;
 * `PUT /renders/{render_id}` is (same id, same result). Every render that ran is recorded, also when the
 * caller hung up before the answer (the work happened upstream all the same), so tests can count it.
 * `POST /pictures` is the same slow work behind a contract that says nothing of slowness (its caption is
 * recorded as the prompt), for promotion by default.
 */
import type { FakeContext } from './context.js';

export interface Render {
  id: string;
  method: 'POST' | 'PUT';
  prompt: string;
  /** When the request arrived and when the work finished (`Date.now()`), to line renders up with other events. */
  startedAt: number;
  finishedAt: number;
  /** The request's headers, to tell which caller sent it. */
  headers: Record<string, string | string[] | undefined>;
}

export interface SlowRenders {
  renders: Render[];
  /** Requests that arrived (a render counts when it finishes). */
  requests: () => number;
  /** Hold of the next answers, in real ms. */
  setHoldMs(ms: number): void;
}

export function registerSlowRenders(ctx: FakeContext): SlowRenders {
  const renders: Render[] = [];
  let holdMs = 45_000;
  let requests = 0;
  let next = 1;

  const render = async (method: Render['method'], id: string, prompt: string, headers: Render['headers']) => {
    requests += 1;
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, holdMs).unref());
    // Recorded whether or not the caller is still there to hear the answer: the work happened.
    renders.push({ id, method, prompt, startedAt, finishedAt: Date.now(), headers });
    return { status: 200, body: { id, prompt, url: `${ctx.baseUrl}/files/${id}.png`, took_ms: holdMs } };
  };

  ctx.router.on('POST /renders', (req) => {
    const prompt = String((req.body as { prompt?: unknown } | undefined)?.prompt ?? '');
    if (!prompt) return { status: 422, body: { error: { code: 'validation_failed', message: 'prompt is required' } } };
    return render('POST', `r${next++}`, prompt, req.headers);
  });

  ctx.router.on('POST /pictures', async (req) => {
    const caption = String((req.body as { caption?: unknown } | undefined)?.caption ?? '');
    const done = await render('POST', `p${next++}`, caption, req.headers);
    return { status: 200, body: { id: done.body.id, caption } };
  });

  ctx.router.on('PUT /renders/{render_id}', (req, p) => {
    const prompt = String((req.body as { prompt?: unknown } | undefined)?.prompt ?? '');
    return render('PUT', p.render_id!, prompt, req.headers);
  });

  return {
    renders,
    requests: () => requests,
    setHoldMs(ms) {
      holdMs = ms;
    },
  };
}
