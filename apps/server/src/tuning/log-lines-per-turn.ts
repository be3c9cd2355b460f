import { writeSync } from 'node:fs';
import pino, { type Logger } from 'pino';

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

const isBusy = (error: unknown) => ['EAGAIN', 'EBUSY'].includes((error as { code?: string }).code as string);

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
 * tuning. Any other failure goes to the destination's `error` event, as sonic-boom reports it (pino stops writing
 * on EPIPE and throws anything else). The destination's `flushSync`, which pino calls at exit (a crash's included,
 * before Node prints the error), writes everything synchronously, retrying a refusal until it is taken as
 * sonic-boom does; `flush` and `end` write what they can first.
 *
 * Applied once per destination, only to sonic-boom set up as `pino.destination({ sync: false })`; false, and
 * nothing changed, for any other stream.
 */
export function writeLogLinesPerTurn(logger: Logger): boolean {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (tuned.has(stream as object)) return true;
  if (!isPlainSonicBoom(stream)) return false;
  const destination = stream;
  const { flush, flushSync, end } = destination;
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  /** Bytes refused or held back, oldest first, the first possibly written in part. */
  const waiting: Buffer[] = [];
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;
  /** `end` was called while bytes waited: sonic-boom ends once they are written. */
  let endWhenWritten = false;

  const sonicBoomIdle = () =>
    !destination._writing && destination._len === 0 && destination.fd >= 0 && !destination._reopening;

  /**
   * Writes what waits, then the batch, until the file refuses; true when everything went. Behind sonic-boom's own
   * writes unless `atExit`, when no answer of theirs can come any more.
   */
  const writeOut = (atExit = false): boolean => {
    const free = atExit ? destination.fd >= 0 : sonicBoomIdle();
    if (used > 0 && (waiting.length > 0 || !free)) {
      waiting.push(Buffer.from(batch.subarray(0, used)));
      used = 0;
    }
    if (!free) return false;
    try {
      while (waiting.length > 0) {
        const first = waiting[0] as Buffer;
        const written = writeSync(destination.fd, first);
        if (written < first.length) waiting[0] = first.subarray(written);
        else waiting.shift();
      }
      if (used > 0) {
        const written = writeSync(destination.fd, batch, 0, used);
        if (written < used) waiting.push(Buffer.from(batch.subarray(written, used)));
        used = 0;
      }
      return waiting.length === 0;
    } catch (error) {
      if (used > 0) waiting.push(Buffer.from(batch.subarray(0, used)));
      used = 0;
      if (isBusy(error)) return false;
      waiting.length = 0;
      destination.emit('error', error);
      return true;
    }
  };
  const writeOrRetry = () => {
    if (destination.destroyed) {
      used = 0;
      waiting.length = 0;
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
        waiting.push(Buffer.from(line));
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
    flushSync.call(destination);
    while (!destination.destroyed && !writeOut(true)) sleep(RETRY_MS);
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
