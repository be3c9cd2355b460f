import { useEffect, useRef } from 'react';

interface ErrorStateProps {
  /** What could not be done, e.g. "The catalogue could not be loaded". */
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A failure that replaces a list also removes what was below it (the catalogue's pager): after a failed Next,
 * clicked at the foot of a long page, the focus falls to the page and the error may sit out of view. Then it is
 * brought into view and given the focus, so that a screen reader reads it where the admin is; an admin busy
 * elsewhere (typing in a form) is left alone, as the alert is announced anyway.
 */
export function ErrorState({ title, message, onRetry, retrying }: ErrorStateProps) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!alert.current || (focused !== null && focused !== document.body)) return;
    alert.current.scrollIntoView({ block: 'nearest' });
    alert.current.focus({ preventScroll: true });
  }, []);
  return (
    <div className="state state-error" role="alert" tabIndex={-1} ref={alert}>
      <p className="state-title">{title}</p>
      <p>{message}</p>
      <button type="button" className="secondary" onClick={onRetry} aria-disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
