import pino, { type Logger } from 'pino';

/**
 * The state of pino's asynchronous destination (sonic-boom 4, text mode) that its `write` reads and changes: the
 * chunks of lines waiting for the file, their bytes in all, and its limits.
 */
interface PendingChunks {
  write(data: string): boolean;
  emit(event: 'drop', data: string): boolean;
  destroyed: boolean;
  _bufs: string[];
  _len: number;
  _hwm: number;
  _writing: boolean;
  _actualWrite(): void;
  minLength: number;
  maxLength: number;
  maxWrite: number;
}

const isNumber = (value: unknown) => typeof value === 'number';

/** sonic-boom in text mode, shaped as above: its own `write` for text is a function named `write`. */
function isTextSonicBoom(stream: unknown): stream is PendingChunks {
  const candidate = stream as Partial<Record<keyof PendingChunks, unknown>> | undefined;
  return (
    candidate?.constructor?.name === 'SonicBoom' &&
    typeof candidate.write === 'function' &&
    candidate.write.name === 'write' &&
    typeof candidate._actualWrite === 'function' &&
    typeof candidate.emit === 'function' &&
    Array.isArray(candidate._bufs) &&
    typeof candidate._writing === 'boolean' &&
    [candidate._len, candidate._hwm, candidate.minLength, candidate.maxLength, candidate.maxWrite].every(
      isNumber,
    )
  );
}

const tuned = new WeakSet<object>();

/**
 * Keeps the byte length of the chunk that pino's destination is filling, instead of letting it measure the chunk
 * again for every line. sonic-boom appends each line to the last pending chunk, a string built by appending, then
 * takes `Buffer.byteLength` of that whole chunk to see whether the line still fits under `maxWrite`: measuring
 * flattens the string, so each line copied every line still waiting for the file (7 KiB a request under load).
 * Everything else is sonic-boom's own `write`, line for line: the same chunks, limits, answers and events, and it
 * still starts the file write. Applied once per destination; false, and nothing changed, for any other stream.
 */
export function keepPendingLogChunkLength(logger: Logger): boolean {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (tuned.has(stream as object)) return true;
  if (!isTextSonicBoom(stream)) return false;
  // The chunk this write last filled, and its bytes; anything else at the end of the chunks is measured once.
  let chunk: string | undefined;
  let chunkBytes = 0;
  stream.write = function write(this: PendingChunks, data: string): boolean {
    if (this.destroyed) throw new Error('SonicBoom destroyed');
    const line = `${data}`;
    const lineBytes = Buffer.byteLength(line);
    const len = this._len + lineBytes;
    if (this.maxLength && len > this.maxLength) {
      this.emit('drop', line);
      return this._len < this._hwm;
    }
    const bufs = this._bufs;
    const last = bufs.length - 1;
    if (last >= 0 && bufs[last] !== chunk) {
      // sonic-boom changed its chunks itself (a flush or a partial write put one back).
      chunk = bufs[last] as string;
      chunkBytes = Buffer.byteLength(chunk);
    }
    if (last < 0 || chunkBytes + lineBytes > this.maxWrite) {
      bufs.push(line);
      chunk = line;
      chunkBytes = lineBytes;
    } else {
      // The same string as `chunk` by now.
      chunk = bufs[last] + line;
      bufs[last] = chunk;
      chunkBytes += lineBytes;
    }
    this._len = len;
    if (!this._writing && this._len >= this.minLength) this._actualWrite();
    return this._len < this._hwm;
  };
  tuned.add(stream);
  return true;
}
