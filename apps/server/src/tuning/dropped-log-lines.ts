import { constants, fstatSync, openSync, writeSync } from 'node:fs';

const STDERR = 2;
let stderr: number | undefined;

/**
 * stderr, for a write that never blocks: a pipe is opened again without blocking, as a file description of its own,
 * so that stdout's mode, when it is the same pipe, stays as it is; a file or a terminal takes a write at once.
 */
function stderrWithoutBlocking(): number {
  if (stderr !== undefined) return stderr;
  stderr = STDERR;
  try {
    if (fstatSync(STDERR).isFIFO())
      stderr = openSync(`/proc/self/fd/${STDERR}`, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    // No /proc, or no reader on the pipe: the plain descriptor.
  }
  return stderr;
}

/** One attempt: a message the pipe has no room for is lost, the metric still counts its lines. */
function tellStderr(text: string): void {
  try {
    writeSync(stderrWithoutBlocking(), `animal-store: ${text}\n`);
  } catch {
    // EAGAIN, or no stderr at all.
  }
}

function linesIn(chunk: Buffer): number {
  let lines = 0;
  for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, end + 1)) lines += 1;
  return lines;
}

export interface DroppedLogLines {
  /** Drops whole lines, `why` they could not wait. */
  drop(chunk: Buffer, why: string): void;
  /** The file took every line that waited. */
  caughtUp(): void;
  /** The process exits, leaving `abandoned` untaken. */
  exit(abandoned: Buffer[]): void;
}

/**
 * Counts the log lines dropped and says so on stderr, never blocking: once when dropping begins, and with the count
 * when the file takes every line again or the process exits. `counted` hears every drop (the metric).
 */
export function droppedLogLines(counted: (lines: number) => void = () => {}): DroppedLogLines {
  /** Lines dropped since dropping began; 0 while none is. */
  let dropping = 0;
  const drop = (lines: number) => {
    dropping += lines;
    counted(lines);
  };
  return {
    drop(chunk, why) {
      if (dropping === 0)
        tellStderr(`dropping log lines: ${why}; the count follows once it takes them again, or at exit`);
      drop(linesIn(chunk));
    },
    caughtUp() {
      if (dropping > 0) tellStderr(`the log takes lines again; ${dropping} log lines were dropped`);
      dropping = 0;
    },
    exit(abandoned) {
      const atExit = abandoned.reduce((lines, chunk) => lines + linesIn(chunk), 0);
      if (atExit > 0) drop(atExit);
      if (dropping > 0)
        tellStderr(`${dropping} log lines were dropped, ${atExit} of them at exit: the log took no more`);
      dropping = 0;
    },
  };
}
