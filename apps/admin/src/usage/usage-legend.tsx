import { USAGE_KINDS, type UsageKind } from './usage-bars';

/** What each kind counts, in the words of the store's documentation. */
export const KIND_WORDS: Record<UsageKind, string> = {
  answered: 'answered',
  refused: 'refused (wrong input, a missing scope, a network not allowed)',
  limited: 'limited (over its rate limit)',
  failed: 'failed (an error of the store)',
};

/** The colour of each kind in the chart, with its words. */
export function UsageLegend() {
  return (
    <ul className="usage-legend">
      {USAGE_KINDS.map((kind) => (
        <li key={kind}>
          <svg className="usage-swatch" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
            <rect className={`usage-${kind}`} width="10" height="10" />
          </svg>
          {KIND_WORDS[kind]}
        </li>
      ))}
    </ul>
  );
}
