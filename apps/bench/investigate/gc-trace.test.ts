import { describe, expect, it } from 'vitest';
import { readGcTrace } from './gc-trace.js';

/** Lines as Node 26's `--trace-gc` prints them, among a server's own log lines. */
const OUTPUT = [
  '{"level":30,"time":1,"msg":"GET 200","responseTime":1}',
  '[5709:0x2f76f000]       17 ms: Scavenge 4.8 (5.4) -> 4.4 (6.1) MB, pooled: 0.0 MB, 0.99 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure; ',
  '[5709:0x2f76f000]       19 ms: Scavenge 5.2 (6.8) -> 4.9 (7.4) MB, pooled: 0.0 MB, 1.20 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure; ',
  '[5806:0x3b181000]      344 ms: Incremental Mark-Compact 126.9 (179.9) -> 115.0 (154.0) MB, pooled: 0.0 MB, 25.83 / 0.00 ms (+ 16.4 ms in 256 steps since start of marking, biggest step 2.5 ms, walltime since start of marking 108 ms) (average mu = 0.902, current mu = 0.902) finalize incremental marking via stack guard; GC in old space requested',
  '[5806:0x3b181000]      400 ms: Mark-Compact (reduce) 20.0 (30.0) -> 10.0 (20.0) MB, pooled: 0.0 MB, 3.00 / 0.10 ms (average mu = 0.9, current mu = 0.9) memory reducer; GC in old space requested',
  '{"level":30,"time":2,"msg":"GET 200 in 12 ms: Scavenge"}',
].join('\n');

describe('readGcTrace', () => {
  it('counts young and full collections and sums the main thread’s pauses and incremental steps', () => {
    const trace = readGcTrace(OUTPUT);
    expect(trace.young).toBe(2);
    expect(trace.full).toBe(2);
    expect(trace.pauseMs).toBeCloseTo(0.99 + 1.2 + 25.83 + 16.4 + 3.0, 6);
  });

  it('reads what was allocated between the first collection and the last, and over how long', () => {
    const trace = readGcTrace(OUTPUT);
    // Before each collection, less after the one before it; the reducing collection found less than was left.
    const allocatedMb = 5.2 - 4.4 + (126.9 - 4.9);
    expect(trace.allocatedBytes).toBeCloseTo(allocatedMb * 1024 * 1024, 0);
    expect(trace.allocationSpanMs).toBe(400 - 17);
  });

  it('finds nothing in output without collections', () => {
    expect(readGcTrace('{"msg":"listening"}\n')).toStrictEqual({
      young: 0,
      full: 0,
      pauseMs: 0,
      allocatedBytes: 0,
      allocationSpanMs: 0,
    });
  });
});
