import { writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pino, { type Logger } from 'pino';
import { droppedLogLines } from './dropped-log-lines.js';

/**
 * The state of pino's asynchronous destination (sonic-boom 4, text mode, no minimum or maximum length) that the
 * batch reads and changes: the file, the chunks waiting for it and their bytes in all, and its own methods.
 */
interface Destination {
  fd: number;
  destroyed: boolean;
  _writing: boolean;
  _ending: boolean;
  _reopening: boolean;
  _bufs: (string | Buffer)[];
  _len: number;
  _hwm: number;
  _actualWrite(): void;
  retryEAGAIN(error: Error, writing: number, remaining: number): boolean;
  minLength: number;
  maxLength: number;
  sync: boolean;
  _fsync: boolean;
  write(line: string): boolean;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
  end(): void;
  emit(event: 'error', error: unknown): boolean;
  on(event: 'drain', listener: () => void): unknown;
}

/** sonic-boom in text mode, shaped as above and set up as `pino.destination({ sync: false })` sets it up. */
function isPlainSonicBoom(stream: unknown): stream is Destination {
  const candidate = stream as Partial<Record<keyof Destination, unknown>> | undefined;
  return (
    candidate?.constructor?.name === 'SonicBoom' &&
    (candidate.write as { name?: string } | undefined)?.name === 'write' &&
    typeof candidate.flushSync === 'function' &&
    typeof candidate.flush === 'function' &&
    typeof candidate.end === 'function' &&
    typeof candidate.emit === 'function' &&
    typeof candidate.on === 'function' &&
    typeof candidate._actualWrite === 'function' &&
    Array.isArray(candidate._bufs) &&
    [candidate._len, candidate._hwm, candidate.fd].every((value) => typeof value === 'number') &&
    [candidate._writing, candidate._ending, candidate._reopening].every(
      (value) => typeof value === 'boolean',
    ) &&
    candidate.minLength === 0 &&
    candidate.maxLength === 0 &&
    candidate.sync === false &&
    candidate._fsync === false
  );
}

/** Room for a busy turn's lines (about 400 bytes each); a turn with more writes each full buffer as it fills. */
const BATCH_BYTES = 64 * 1024;

const tuned = new WeakSet<object>();

/** How long a refused write waits before it is tried again, as sonic-boom waits. */
const RETRY_MS = 100;

/**
 * Bytes that may wait for a file that refuses them: a reader minutes behind at thousands of lines a second. Lines
 * beyond it are dropped rather than held without end.
 */
export const MAX_WAITING_BYTES = 16 * 1024 * 1024;

/**
 * How long the exit waits for a file that refuses what waits: within the stop's deadline (a supervisor's, such as
 * systemd's `TimeoutStopSec`) after the store's 1 s drain and 10 s grace.
 */
export const EXIT_WAIT_MS = 2000;

/** At exit nothing else runs: a refused write is tried again soon, so that a reader that reads gets it all. */
const EXIT_RETRY_MS = 5;

const codeOf = (error: unknown) => (error as { code?: string }).code as string;
const isBusy = (error: unknown) => ['EAGAIN', 'EBUSY'].includes(codeOf(error));
/** A file with no room for lines (a full disk, a quota, a size limit) may have room again later. */
const hasNoRoom = (error: unknown) => ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(codeOf(error));

export interface LogLinesPerTurnOptions {
  /** Instead of MAX_WAITING_BYTES. */
  maxWaitingBytes?: number;
  /** Instead of EXIT_WAIT_MS. */
  exitWaitMs?: number;
  /** Hears how many lines were dropped, each time some are (a metric). */
  countDropped?: (lines: number) => void;
}

/** Blocks the thread for `ms`: at exit there is no event loop left to wait in. */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Writes the log's lines once per turn of the event loop: each line is encoded into a buffer the process reuses,
 * and when the turn's callbacks are done the whole buffer goes to the file in one synchronous `write(2)`. pino's
 * destination instead hands each write to libuv's thread pool, turns each batch of lines into bytes twice (for the
 * write, then again when it returns) and wakes on the answer. Every line of the logger goes through the batch, so
 * none overtakes another.
 *
 * Bytes the file does not take (a pipe that answers EAGAIN, a partial write) wait, in order, and are tried again
 * 100 ms later and at the end of each turn; so do lines while sonic-boom still writes what it took before the
 * tuning. Up to MAX_WAITING_BYTES: whole lines beyond it are dropped, so a pipe nobody reads costs bounded memory.
 * A file with no room (ENOSPC) drops what waits, but for the rest of a line it has begun, and takes lines again
 * once it has room. Either way stderr hears once that lines are dropped, then how many, and a metric counts them.
 * Any other failure goes to the destination's `error` event, as sonic-boom reports it (pino stops writing on EPIPE
 * and throws anything else). The destination's `flushSync`, which pino calls at exit (a crash's included, before
 * Node prints the error), writes everything synchronously, retrying a refusal for up to EXIT_WAIT_MS, then drops
 * the rest, so that the process ends whatever its reader does; `flush` and `end` write what they can first.
 *
 * Applied once per destination, only to sonic-boom set up as `pino.destination({ sync: false })`; false, and
 * nothing changed, for any other stream.
 */
export function writeLogLinesPerTurn(logger: Logger, options: LogLinesPerTurnOptions = {}): boolean {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (tuned.has(stream as object)) return true;
  if (!isPlainSonicBoom(stream)) return false;
  const destination = stream;
  const { flush, flushSync, end } = destination;
  const { maxWaitingBytes = MAX_WAITING_BYTES, exitWaitMs = EXIT_WAIT_MS } = options;
  const dropped = droppedLogLines(options.countDropped);
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  /** Bytes refused or held back, oldest first, the first possibly written in part. */
  let waiting: Buffer[] = [];
  let waitingBytes = 0;
  /** The first of `waiting` is the rest of a line the file has begun: dropping it would join two lines. */
  let firstBegun = false;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;
  /** `end` was called while bytes waited: sonic-boom ends once they are written. */
  let endWhenWritten = false;

  const sonicBoomIdle = () =>
    !destination._writing && destination._len === 0 && destination.fd >= 0 && !destination._reopening;

  /** Whole lines wait behind the others, or are dropped when they would take more than the bound. */
  const hold = (chunk: Buffer) => {
    if (waiting.length > 0 && waitingBytes + chunk.length > maxWaitingBytes) {
      dropped.drop(chunk, `more than ${maxWaitingBytes} bytes of them wait for the log's file to take them`);
      return;
    }
    waiting.push(chunk);
    waitingBytes += chunk.length;
  };
  const holdBatch = () => {
    if (used > 0) hold(Buffer.from(batch.subarray(0, used)));
    used = 0;
  };
  const forget = (): Buffer[] => {
    const forgotten = waiting;
    waiting = [];
    waitingBytes = 0;
    firstBegun = false;
    return forgotten;
  };

  /**
   * Writes what waits, then the batch, until the file refuses; true when nothing is left waiting. Behind
   * sonic-boom's own writes unless `atExit`, when no answer of theirs can come any more.
   */
  const writeOut = (atExit = false): boolean => {
    const free = atExit ? destination.fd >= 0 : sonicBoomIdle();
    if (used > 0 && (waiting.length > 0 || !free)) holdBatch();
    if (!free) return false;
    let took = false;
    try {
      while (waiting.length > 0) {
        const first = waiting[0] as Buffer;
        const written = writeSync(destination.fd, first);
        took ||= written > 0;
        waitingBytes -= written;
        if (written < first.length) {
          waiting[0] = first.subarray(written);
          firstBegun ||= written > 0;
        } else {
          waiting.shift();
          firstBegun = false;
        }
      }
      if (used > 0) {
        const written = writeSync(destination.fd, batch, 0, used);
        took ||= written > 0;
        // Nothing waited: the rest of a begun line is never dropped.
        if (written < used) {
          waiting.push(Buffer.from(batch.subarray(written, used)));
          waitingBytes = used - written;
          firstBegun = written > 0;
        }
        used = 0;
      }
      if (took && waiting.length === 0) dropped.caughtUp();
      return waiting.length === 0;
    } catch (error) {
      holdBatch();
      if (isBusy(error)) return false;
      if (hasNoRoom(error)) {
        const begun = firstBegun ? waiting.slice(0, 1) : [];
        for (const chunk of waiting.slice(begun.length))
          dropped.drop(chunk, `the log's file has no room for them (${codeOf(error)})`);
        forget();
        for (const chunk of begun) hold(chunk);
        firstBegun = begun.length > 0;
        return waiting.length === 0;
      }
      forget();
      destination.emit('error', error);
      return true;
    }
  };
  const writeOrRetry = () => {
    if (destination.destroyed) {
      used = 0;
      forget();
    } else if (writeOut()) {
      if (endWhenWritten) {
        endWhenWritten = false;
        end.call(destination);
      }
    } else if (retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        writeOrRetry();
      }, RETRY_MS);
    }
  };
  const endOfTurn = () => {
    scheduled = false;
    writeOrRetry();
  };

  destination.write = function write(line: string): boolean {
    if (destination.destroyed) throw new Error('SonicBoom destroyed');
    // At most three bytes a UTF-16 unit: a line that may not fit sends the batch first; one that never fits waits
    // as bytes of its own.
    if (used + line.length * 3 > BATCH_BYTES) {
      writeOrRetry();
      if (line.length * 3 > BATCH_BYTES) {
        hold(Buffer.from(line));
        writeOrRetry();
        return true;
      }
    }
    used += batch.write(line, used);
    if (!scheduled) {
      scheduled = true;
      setImmediate(endOfTurn);
    }
    return destination._len < destination._hwm;
  };
  destination.flushSync = function flushBatchSync() {
    const deadline = performance.now() + exitWaitMs;
    const { retryEAGAIN } = destination;
    // sonic-boom's own flush retries a refusal for as long as this says, instead of forever.
    destination.retryEAGAIN = () => performance.now() < deadline;
    try {
      flushSync.call(destination);
    } catch (error) {
      if (!isBusy(error) && !hasNoRoom(error)) throw error;
    } finally {
      destination.retryEAGAIN = retryEAGAIN;
    }
    while (!destination.destroyed && !writeOut(true) && performance.now() < deadline) sleep(EXIT_RETRY_MS);
    dropped.exit(forget());
  };
  destination.flush = function flushBatch(cb) {
    writeOrRetry();
    flush.call(destination, cb);
  };
  destination.end = function endAfterBatch() {
    if (writeOut()) end.call(destination);
    else endWhenWritten = true;
    writeOrRetry();
  };
  // sonic-boom has written what it took before the tuning: what waited behind it can go now.
  destination.on('drain', writeOrRetry);
  tuned.add(destination);
  return true;
}
