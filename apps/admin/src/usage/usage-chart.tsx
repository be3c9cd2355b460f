import type { ApiKey } from '@animal-store/contract';
import { useId, useState } from 'react';
import { describeFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';
import { addCounts, NO_USAGE, toBars, totalOf } from './usage-bars';
import { UsageBarsSvg } from './usage-bars-svg';
import { UsageLegend } from './usage-legend';
import { USAGE_RANGES, type UsageRangeId, usageRange } from './usage-ranges';
import { UsageTable } from './usage-table';
import { barPeriod, usageSummary } from './usage-words';
import { useKeyUsage } from './use-key-usage';

const NUMBER = new Intl.NumberFormat('en');

/**
 * A stored key's requests over a range chosen (24 hours to 90 days), as stacked bars of hours or days with the four
 * kinds apart and a legend. The summary sentence says the totals; the table of every bar can be shown.
 */
export function UsageChart({ apiKey }: { apiKey: ApiKey }) {
  const id = useId();
  const [rangeId, setRangeId] = useState<UsageRangeId>('7d');
  const [tableShown, setTableShown] = useState(false);
  const range = usageRange(rangeId);
  const usage = useKeyUsage(apiKey.id, range);
  const bars = usage.data ? toBars(usage.data.hours, range.hoursPerBar) : [];
  const totals = bars.reduce(addCounts, NO_USAGE);
  const tallest = Math.max(0, ...bars.map(totalOf));
  const first = bars[0];
  const last = bars.at(-1);
  return (
    <section className="usage-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Requests</h3>
      <div className="field field-inline">
        <label htmlFor={`${id}-range`}>Over the last</label>
        <select
          id={`${id}-range`}
          value={rangeId}
          onChange={(event) => setRangeId(usageRange(event.target.value).id)}
        >
          {USAGE_RANGES.map((each) => (
            <option key={each.id} value={each.id}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      {usage.isError ? (
        <p className="form-error" role="alert">
          {failureWords(describeFailure(usage.error), 'load the usage of this key')}
        </p>
      ) : !usage.data ? (
        <p role="status">Loading the usage…</p>
      ) : (
        <>
          <p className="usage-summary" aria-live="polite">
            {usageSummary(totals, `the last ${range.label}`)}
          </p>
          <figure className="usage-figure" aria-hidden="true">
            <span className="usage-axis-top">{NUMBER.format(tallest)}</span>
            <UsageBarsSvg
              bars={bars}
              width={bars.length * 10}
              height={120}
              className="usage-chart-bars"
              titleOf={(bar) =>
                `${barPeriod(bar, range.hoursPerBar)}: ${bar.answered} answered, ${bar.refused} refused, ${bar.limited} limited, ${bar.failed} failed`
              }
            />
            {first && last && (
              <figcaption className="usage-axis-bottom">
                <span>{barPeriod(first, range.hoursPerBar)}</span>
                <span>{barPeriod(last, range.hoursPerBar)}</span>
              </figcaption>
            )}
          </figure>
          <UsageLegend />
          <button
            type="button"
            className="link-button"
            aria-expanded={tableShown}
            aria-controls={`${id}-table`}
            onClick={() => setTableShown(!tableShown)}
          >
            {tableShown ? 'Hide the numbers' : 'Show the numbers'}
          </button>
          <div id={`${id}-table`}>
            {tableShown && (
              <UsageTable
                bars={bars}
                hoursPerBar={range.hoursPerBar}
                caption={`Requests of ${apiKey.name} in the last ${range.label}, newest first`}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
