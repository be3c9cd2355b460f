import { SingleBar } from 'cli-progress';
import { writeErr } from '../output/output.js';

/** What progress and the final summary both count. */
export interface ImportCounts {
  created: number;
  replayed: number;
  failed: number;
}

export interface Progress {
  update(counts: ImportCounts): void;
  /** Why the import is waiting (a rate limit, an outage), shown until the next row is done. */
  waiting(message: string): void;
  stop(): void;
}

/** Plain lines are written at every tenth of the rows: enough to follow a log, few enough to read it. */
const PLAIN_STEPS = 10;

const doneOf = ({ created, replayed, failed }: ImportCounts) => created + replayed + failed;

/**
 * Progress belongs to stderr, where it neither mixes into a piped result nor goes unseen: a redrawn bar when
 * stderr is a terminal, plain lines when it is a log file or CI output, which cannot show a redrawn bar.
 */
export function createProgress(total: number): Progress {
  return process.stderr.isTTY ? barProgress(total) : plainProgress(total);
}

function barProgress(total: number): Progress {
  const bar = new SingleBar({
    format:
      'Importing [{bar}] {value}/{total} rows | {created} created | {replayed} replayed | {failed} failed{waiting}',
    stream: process.stderr,
    hideCursor: true,
  });
  bar.start(total, 0, { created: 0, replayed: 0, failed: 0, waiting: '' });
  return {
    update: (counts) => bar.update(doneOf(counts), { ...counts, waiting: '' }),
    waiting: (message) => bar.update({ waiting: ` | ${message}` }),
    stop: () => bar.stop(),
  };
}

function plainProgress(total: number): Progress {
  const step = Math.max(1, Math.ceil(total / PLAIN_STEPS));
  return {
    update(counts) {
      const done = doneOf(counts);
      if (done % step === 0 || done === total) {
        const { created, replayed, failed } = counts;
        writeErr(
          `import: ${done}/${total} rows, ${created} created, ${replayed} replayed, ${failed} failed\n`,
        );
      }
    },
    waiting: (message) => writeErr(`import: ${message}\n`),
    stop() {},
  };
}
