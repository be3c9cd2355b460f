import { totalOf, USAGE_KINDS, type UsageBar } from './usage-bars';

interface UsageBarsSvgProps {
  bars: readonly UsageBar[];
  /** The drawing's own units; it stretches to the width CSS gives it. */
  width: number;
  height: number;
  className: string;
  /** A bar's tooltip (mouse users); the chart's text alternative is given beside it, not here. */
  titleOf?: (bar: UsageBar) => string;
}

/**
 * Stacked bars drawn as inline SVG, one per period, the four kinds apart (answered at the bottom, then refused,
 * limited and failed), scaled to the tallest bar. Hidden from screen readers: whoever shows it says the same in
 * words next to it. Each kind's colour is CSS's (`.usage-answered`…), so that the dark scheme has its own.
 */
export function UsageBarsSvg({ bars, width, height, className, titleOf }: UsageBarsSvgProps) {
  const tallest = Math.max(1, ...bars.map(totalOf));
  const slot = width / Math.max(1, bars.length);
  // A gap between bars when there is room for one; a sparkline's bars touch.
  const barWidth = slot > 4 ? slot * 0.8 : slot;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <line className="usage-baseline" x1={0} x2={width} y1={height} y2={height} />
      {bars.map((bar, index) => {
        let top = height;
        return (
          <g key={bar.start}>
            {titleOf && <title>{titleOf(bar)}</title>}
            {USAGE_KINDS.map((kind) => {
              const tall = (bar[kind] / tallest) * height;
              if (tall === 0) return null;
              top -= tall;
              return (
                <rect
                  key={kind}
                  className={`usage-${kind}`}
                  x={index * slot + (slot - barWidth) / 2}
                  y={top}
                  width={barWidth}
                  height={tall}
                />
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
