interface PagerProps {
  pageNumber: number;
  /** Shown as "animals 3–4"; absent while nothing is listed. */
  rows?: { first: number; last: number };
  onBack: (() => void) | undefined;
  onForward: (() => void) | undefined;
}

/** Previous/next through the catalogue; a missing handler means there is no page that way (yet). */
export function Pager({ pageNumber, rows, onBack, onForward }: PagerProps) {
  return (
    <nav className="pager" aria-label="Catalogue pages">
      <button type="button" className="secondary" onClick={onBack} disabled={!onBack}>
        ← Previous
      </button>
      <p className="pager-position" aria-live="polite">
        Page {pageNumber}
        {rows && (
          <>
            {' '}
            · animals {rows.first}–{rows.last}
          </>
        )}
      </p>
      <button type="button" className="secondary" onClick={onForward} disabled={!onForward}>
        Next →
      </button>
    </nav>
  );
}
