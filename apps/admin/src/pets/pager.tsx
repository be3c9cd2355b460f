interface PagerProps {
  pageNumber: number;
  /** How many animals this page shows; nothing is rendered without any. */
  shown: number;
  onBack: (() => void) | undefined;
  onForward: (() => void) | undefined;
}

/**
 * "Showing 15 animals" and, when there is more than one page, previous/next through them; a missing handler means
 * there is no page that way (yet). The store gives no total, so the count is the page's own.
 */
export function Pager({ pageNumber, shown, onBack, onForward }: PagerProps) {
  if (shown === 0) return null;
  const paged = pageNumber > 1 || onForward !== undefined;
  return (
    <nav className="pager" aria-label="Catalogue pages">
      <p className="pager-position" aria-live="polite">
        Showing {shown} {shown === 1 ? 'animal' : 'animals'}
        {paged && ` · page ${pageNumber}`}
      </p>
      {paged && (
        <div className="pager-buttons">
          <button type="button" className="secondary" onClick={onBack} disabled={!onBack}>
            ← Previous
          </button>
          <button type="button" className="secondary" onClick={onForward} disabled={!onForward}>
            Next →
          </button>
        </div>
      )}
    </nav>
  );
}
