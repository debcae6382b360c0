/**
 * Progress notifications while a call waits on work this process cannot measure: a plain call before it is
 * promoted, `call_status` with `wait_ms`. Sent only to a client that asked (a progressToken on the request).
 * Without a true fraction, progress is a count of beats with no total (it must increase with every
 * notification), and the message says what is being waited for and for how long. A call that answers within
 * the first beat sends nothing.
 */
import type { RuntimeContext } from '../core/context.js';
import type { CallExtra } from './status.js';

/** Between two notifications of one waiting call. */
export const PROGRESS_BEAT_MS = 1_000;

export interface ProgressBeat {
  /** Sends one notification now (when the client asked), with the next count. */
  note(message: string): Promise<void>;
  /** Stops the timer, if one runs. */
  stop(): void;
}

/** Notes progress for the request `extra` belongs to; `every` starts an unref'd beat with a message built at each beat. */
export function progressBeat(ctx: RuntimeContext, extra: CallExtra, every?: (elapsedMs: number) => string): ProgressBeat {
  const progressToken = extra._meta?.progressToken;
  const send = extra.sendNotification;
  let count = 0;
  const startedAt = ctx.now();
  const note = async (message: string): Promise<void> => {
    if (progressToken === undefined || !send) return;
    count += 1;
    await send({ method: 'notifications/progress', params: { progressToken, progress: count, message } }).catch(() => undefined);
  };
  if (progressToken === undefined || !send || !every) return { note, stop: () => undefined };
  const timer = setInterval(() => void note(every(ctx.now() - startedAt)), PROGRESS_BEAT_MS);
  // A wait that outlives its caller must never keep the process alive.
  timer.unref();
  return { note, stop: () => clearInterval(timer) };
}

/** `12 s`, `3 min`: how long a wait has lasted, for a progress message. */
export function elapsedText(ms: number): string {
  return ms < 120_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;
}
