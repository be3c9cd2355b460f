/** What `node --trace-gc` printed over a stretch of time: the collections, the main thread's time in them and the
 *  bytes allocated between them. */
export interface GcTrace {
  /** Young-generation collections (Scavenge, or Minor Mark-Sweep where V8 uses it). */
  young: number;
  /** Full collections (Mark-Compact, Mark-Sweep). */
  full: number;
  /** The main thread's time in every collection, summed, in milliseconds: its pauses and, for a full collection,
   *  the incremental marking steps it took between them. */
  pauseMs: number;
  /** Bytes allocated from the end of the first collection to the start of the last: each collection's heap size
   *  before, less the previous one's after. */
  allocatedBytes: number;
  /** Milliseconds from the first collection to the last, the time `allocatedBytes` was allocated in. */
  allocationSpanMs: number;
}

/**
 * A line of `--trace-gc`, e.g.
 * `[5709:0x2f76f000]  17 ms: Scavenge 4.8 (5.4) -> 4.4 (6.1) MB, pooled: 0.0 MB, 0.99 / 0.00 ms (average mu = …`:
 * the time since the process started, the kind, the heap's size before and after (committed sizes in brackets),
 * then the pause and the time spent on external memory, both in milliseconds; an incremental full collection adds
 * `(+ 16.4 ms in 256 steps since start of marking, …)`.
 */
const GC_LINE =
  /(\d+) ms: (?:Incremental )?(Scavenge|Minor Mark-Sweep|Mark-Compact|Mark-Sweep)\b[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms(?: \(\+ ([\d.]+) ms in)?/;

const MB = 1024 * 1024;

/** Reads the collections out of a server's output, where they are mixed with its own lines. */
export function readGcTrace(output: string): GcTrace {
  const trace: GcTrace = { young: 0, full: 0, pauseMs: 0, allocatedBytes: 0, allocationSpanMs: 0 };
  let previous: { atMs: number; afterMb: number } | undefined;
  let firstAtMs: number | undefined;
  for (const line of output.split('\n')) {
    if (!line.includes(' ms: ')) continue;
    const match = GC_LINE.exec(line);
    if (!match) continue;
    const [, atMs, kind, beforeMb, afterMb, pause, steps] = match;
    if (kind === 'Scavenge' || kind === 'Minor Mark-Sweep') trace.young += 1;
    else trace.full += 1;
    trace.pauseMs += Number(pause) + Number(steps ?? 0);
    if (previous) trace.allocatedBytes += Math.max(0, Number(beforeMb) - previous.afterMb) * MB;
    previous = { atMs: Number(atMs), afterMb: Number(afterMb) };
    firstAtMs ??= previous.atMs;
  }
  if (previous && firstAtMs !== undefined) trace.allocationSpanMs = previous.atMs - firstAtMs;
  return trace;
}
