import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../load/scenarios.js';
import type { Measurement } from '../measurements.js';
import { svgChart } from './svg-chart.js';

const contenders = ['store', 'node-http', 'express'] as const;
const runs: Measurement[] = SCENARIOS.flatMap((scenario, s) =>
  contenders.flatMap((contender, c) =>
    [1, 50].map((connections) => ({
      scenario,
      database: 'sqlite' as const,
      contender,
      connections,
      requestsPerSecond: 1000 * (s + 1) + c,
      latencyP50Ms: 2,
      latencyP99Ms: 10 + c,
      requests: 100,
      non2xx: 0,
      errors: 0,
    })),
  ),
);

describe('svgChart', () => {
  const svg = svgChart(runs, 50, 'subtitle <with> & marks');

  it('draws a requests/s bar and a p99 bar for every contender of every scenario at the chosen connections', () => {
    for (const scenario of SCENARIOS) {
      for (const metric of ['rps', 'p99']) {
        const bars = svg.match(new RegExp(`data-metric="${metric}" data-scenario="${scenario}"`, 'g'));
        expect(bars).toHaveLength(contenders.length);
      }
    }
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(SCENARIOS.length * contenders.length * 2);
  });

  it('scales bars within a scenario and writes the figures beside them', () => {
    const widest = /data-metric="rps" data-scenario="getPet" data-contender="express"[^>]* width="([\d.]+)"/;
    expect(svg.match(widest)?.[1]).toBe('300.0');
    expect(svg).toContain('>3002</text>');
    expect(svg).toContain('>12 ms</text>');
  });

  it('is a standalone SVG document with its text escaped', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('subtitle &lt;with&gt; &amp; marks');
  });
});
