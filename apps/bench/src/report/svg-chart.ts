import { SCENARIOS } from '../load/scenarios.js';
import type { Measurement } from '../measurements.js';
import { sortRuns } from './table.js';

const COLOURS: Record<Measurement['contender'], string> = {
  store: '#2563eb',
  'store-metrics': '#0891b2',
  'store-tracing': '#4f46e5',
  'store-2-workers': '#7c3aed',
  'node-http': '#6b7280',
  express: '#059669',
  'express-born': '#0d9488',
  fastify: '#db2777',
  'express-stock': '#65a30d',
  'json-server': '#d97706',
};

const LABEL_WIDTH = 190;
const PANEL_WIDTH = 300;
const VALUE_ROOM = 70;
const BAR_HEIGHT = 13;
const BAR_GAP = 3;
const GROUP_GAP = 26;
const TOP = 80;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const text = (x: number, y: number, content: string, extra = '') =>
  `<text x="${x}" y="${y}"${extra}>${escapeXml(content)}</text>`;

interface Panel {
  metric: 'rps' | 'p99';
  title: string;
  value: (run: Measurement) => number;
  format: (value: number) => string;
}

const PANELS: Panel[] = [
  {
    metric: 'rps',
    title: 'requests/s (longer is better)',
    value: (run) => run.requestsPerSecond,
    format: (value) => String(Math.round(value)),
  },
  {
    metric: 'p99',
    title: 'p99 latency, ms (shorter is better)',
    value: (run) => run.latencyP99Ms,
    format: (value) => `${value} ms`,
  },
];

/**
 * Requests/s and p99 side by side, one group of bars per scenario and one bar per contender and database.
 * Bars are scaled within their scenario (a create and a list differ by orders of magnitude); the numbers are
 * written at the bar ends. Plain SVG text, so the chart renders on GitHub and in any browser without a library.
 */
export function svgChart(runs: readonly Measurement[], connections: number, subtitle: string): string {
  const chosen = sortRuns(runs.filter((run) => run.connections === connections));
  const parts: string[] = [];
  let y = TOP;
  for (const scenario of SCENARIOS) {
    const group = chosen.filter((run) => run.scenario === scenario);
    if (group.length === 0) continue;
    parts.push(text(8, y + 10, `${scenario} · ${connections} connections`, ' font-weight="bold"'));
    y += 18;
    for (const run of group) {
      const label = `${run.contender} · ${run.database}`;
      parts.push(text(LABEL_WIDTH - 8, y + BAR_HEIGHT - 3, label, ' text-anchor="end"'));
      PANELS.forEach((panel, index) => {
        const max = Math.max(...group.map(panel.value), 1e-9);
        const value = panel.value(run);
        const x = LABEL_WIDTH + index * (PANEL_WIDTH + VALUE_ROOM);
        const width = Math.max(1, (value / max) * PANEL_WIDTH);
        parts.push(
          `<rect class="bar" data-metric="${panel.metric}" data-scenario="${run.scenario}" ` +
            `data-contender="${run.contender}" data-database="${run.database}" x="${x}" y="${y}" ` +
            `width="${width.toFixed(1)}" height="${BAR_HEIGHT}" fill="${COLOURS[run.contender]}"/>`,
        );
        parts.push(text(x + width + 4, y + BAR_HEIGHT - 3, panel.format(value)));
      });
      y += BAR_HEIGHT + BAR_GAP;
    }
    y += GROUP_GAP - BAR_GAP;
  }
  const width = LABEL_WIDTH + 2 * (PANEL_WIDTH + VALUE_ROOM);
  const headings = PANELS.map((panel, index) =>
    text(LABEL_WIDTH + index * (PANEL_WIDTH + VALUE_ROOM), TOP - 12, panel.title, ' font-weight="bold"'),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}" ` +
      `font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${y}" fill="#ffffff"/>`,
    text(8, 20, 'Animal Store bench', ' font-size="15" font-weight="bold"'),
    text(8, 36, subtitle, ' fill="#374151"'),
    text(8, 52, 'Bars are scaled within each scenario; the figures are at their ends.', ' fill="#374151"'),
    ...headings,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
