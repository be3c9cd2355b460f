import { type ApiKeyUsage, type ApiKeyUsageHour, type Column, formatTable } from '@animal-store/contract';
import { dayInWords, instantInWords } from './instant.js';

/** Rows of a usage table: each hour, or each day (UTC) with its hours added up. */
export type UsageRows = 'hour' | 'day';

/** A range up to this many hours is shown by the hour by default; a longer one by the day. */
export const HOURLY_UP_TO_HOURS = 48;

const KINDS = ['answered', 'refused', 'limited', 'failed'] as const;

interface Row extends Omit<ApiKeyUsageHour, 'hour'> {
  label: string;
}

const emptyRow = (label: string): Row => ({ label, answered: 0, refused: 0, limited: 0, failed: 0 });

function addTo(row: Row, hour: Omit<ApiKeyUsageHour, 'hour'>): void {
  for (const kind of KINDS) row[kind] += hour[kind];
}

/** The hours as rows of `by`, oldest first, and their total. */
function rowsOf(usage: ApiKeyUsage, by: UsageRows): { rows: Row[]; total: Row } {
  const rows: Row[] = [];
  const total = emptyRow('TOTAL');
  for (const hour of usage.hours) {
    const label = by === 'day' ? dayInWords(hour.hour) : instantInWords(hour.hour);
    let row = rows.at(-1);
    if (row?.label !== label) {
      row = emptyRow(label);
      rows.push(row);
    }
    addTo(row, hour);
    addTo(total, hour);
  }
  return { rows, total };
}

/**
 * A key's usage for a person at a terminal: a row an hour or a day (UTC), the four kinds of answer as columns, and
 * their totals last. Hours without requests are rows of zeros, as the store answers them.
 */
export function formatUsageTable(usage: ApiKeyUsage, by: UsageRows): string {
  const { rows, total } = rowsOf(usage, by);
  const columns: Column<Row>[] = [
    { title: by === 'day' ? 'DAY (UTC)' : 'HOUR (UTC)', cell: (row) => row.label },
    ...KINDS.map((kind) => ({
      title: kind.toUpperCase(),
      cell: (row: Row) => String(row[kind]),
      alignRight: true,
    })),
  ];
  return formatTable(columns, [...rows, total]);
}

/** Hours for a range of up to two days, days for a longer one. */
export function defaultRows(usage: ApiKeyUsage): UsageRows {
  return usage.hours.length <= HOURLY_UP_TO_HOURS ? 'hour' : 'day';
}
