import type { ApiKey } from '@animal-store/contract';
import { addCounts, NO_USAGE, toBars, totalOf } from './usage-bars';
import { UsageBarsSvg } from './usage-bars-svg';
import { ROW_RANGE } from './usage-ranges';
import { usageSummary } from './usage-words';
import { useKeyUsage } from './use-key-usage';

const NUMBER = new Intl.NumberFormat('en');

/**
 * A key's last 7 days in its row: small stacked bars of six hours each, the total beside them, and for a screen
 * reader the summary sentence instead of both. The store counts no usage of a key of its settings (API_KEYS).
 */
export function UsageSparkline({ apiKey }: { apiKey: ApiKey }) {
  const usage = useKeyUsage(apiKey.id, ROW_RANGE, !apiKey.configured);
  if (apiKey.configured)
    return <span className="muted">Usage not counted for a key of the server's settings</span>;
  if (usage.isError) return <span className="muted">Usage could not be loaded</span>;
  if (!usage.data) return <span className="muted">Loading the usage…</span>;
  const bars = toBars(usage.data.hours, ROW_RANGE.hoursPerBar);
  const totals = bars.reduce(addCounts, NO_USAGE);
  return (
    <span className="usage-spark">
      <UsageBarsSvg bars={bars} width={bars.length * 3} height={24} className="usage-spark-bars" />
      <span className="usage-spark-total" aria-hidden="true">
        {NUMBER.format(totalOf(totals))}
      </span>
      <span className="visually-hidden">{usageSummary(totals, `the last ${ROW_RANGE.label}`)}</span>
    </span>
  );
}
