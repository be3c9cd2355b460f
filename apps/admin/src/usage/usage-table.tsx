import { USAGE_KINDS, type UsageBar } from './usage-bars';
import { barPeriod } from './usage-words';

const NUMBER = new Intl.NumberFormat('en');

/** The chart's numbers, bar by bar, newest first: what the chart shows, for reading rather than looking. */
export function UsageTable({
  bars,
  hoursPerBar,
  caption,
}: {
  bars: readonly UsageBar[];
  hoursPerBar: number;
  caption: string;
}) {
  return (
    // A region that takes the focus, so that a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keys
    <section className="table-scroll" aria-label={caption} tabIndex={0}>
      <table className="usage-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{hoursPerBar >= 24 ? 'Day' : 'Hours'}</th>
            {USAGE_KINDS.map((kind) => (
              <th scope="col" key={kind}>
                {kind[0]?.toUpperCase()}
                {kind.slice(1)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...bars].reverse().map((bar) => (
            <tr key={bar.start}>
              <th scope="row">{barPeriod(bar, hoursPerBar)}</th>
              {USAGE_KINDS.map((kind) => (
                <td key={kind}>{NUMBER.format(bar[kind])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
