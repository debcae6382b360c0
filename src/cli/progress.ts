/**
 * A one-line stage indicator on stderr for big specs (GitHub's takes seconds). Shown only on a terminal, never
 * in CI or with --quiet, so logs and piped output stay clean. The stages run synchronously, so rather than a
 * spinner that could not animate, the line is rewritten at each stage change with the elapsed time.
 */
import type { PipelineStage } from '../index.js';
import { type CliIO, isCI } from './io.js';

/** What the user sees while a library stage runs. */
export const STAGE_LABELS: Record<PipelineStage, string> = {
  load: 'reading the spec',
  build: 'building the model',
  detect: 'detecting job families',
  emit: 'generating code',
};

export interface Progress {
  stage(name: string): void;
  done(): void;
}

const silent: Progress = { stage: () => undefined, done: () => undefined };

export function createProgress(io: CliIO, quiet: boolean): Progress {
  if (!io.stderrIsTTY || quiet || isCI(io.env)) return silent;
  const started = Date.now();
  let shown = false;
  return {
    stage(name) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      io.stderr(`\r\x1b[Kmcp-jobgen: ${name}… (${seconds}s)`);
      shown = true;
    },
    done() {
      if (shown) io.stderr('\r\x1b[K');
      shown = false;
    },
  };
}
