import { SingleBar } from 'cli-progress';
import { writeErr } from '../output/output.js';

export interface Progress {
  update(done: number, created: number, failed: number): void;
  stop(): void;
}

/** Plain lines are written at every tenth of the rows: enough to follow a log, few enough to read it. */
const PLAIN_STEPS = 10;

/**
 * Progress belongs to stderr, where it neither mixes into a piped result nor goes unseen: a redrawn bar when
 * stderr is a terminal, plain lines when it is a log file or CI output, which cannot show a redrawn bar.
 */
export function createProgress(total: number): Progress {
  return process.stderr.isTTY ? barProgress(total) : plainProgress(total);
}

function barProgress(total: number): Progress {
  const bar = new SingleBar({
    format: 'Importing [{bar}] {value}/{total} rows | {created} created | {failed} failed',
    stream: process.stderr,
    hideCursor: true,
  });
  bar.start(total, 0, { created: 0, failed: 0 });
  return {
    update: (done, created, failed) => bar.update(done, { created, failed }),
    stop: () => bar.stop(),
  };
}

function plainProgress(total: number): Progress {
  const step = Math.max(1, Math.ceil(total / PLAIN_STEPS));
  return {
    update(done, created, failed) {
      if (done % step === 0 || done === total) {
        writeErr(`import: ${done}/${total} rows, ${created} created, ${failed} failed\n`);
      }
    },
    stop() {},
  };
}
