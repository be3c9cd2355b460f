import { describe, expect, it } from 'vitest';
import { callgrindInstructions } from './callgrind-totals.js';

const header = '# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npositions: line\nevents: Ir\n';

describe('callgrindInstructions', () => {
  it('reads the totals line, not the summary written before instrumentation was switched on', () => {
    const file = `${header}summary: 0\n\nfl=(1) ???\nfn=(1) main\n0 1117964323\n\ntotals: 1117964323\n`;
    expect(callgrindInstructions(file)).toBe(1_117_964_323);
  });

  it('reads the summary line of a file without totals', () => {
    expect(callgrindInstructions(`${header}summary: 42\n`)).toBe(42);
  });

  it('refuses a file that is not callgrind output', () => {
    expect(() => callgrindInstructions('{"nodes":[]}')).toThrow(/not a callgrind output file/);
  });
});
